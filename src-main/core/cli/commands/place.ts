/**
 * `desk place --pointer P [--pointer P …] --amount N [--multi] [--mode accept|reject] --yes`.
 * Without `--yes` it prints what it would place and exits 2 without sending. A placement is sent
 * once; an unknown outcome is resolved by looking the coupon up, never by sending it again.
 */
import { randomUUID } from 'node:crypto'
import { InvalidArgumentError, Option, type Command } from 'commander'
import type { PlacementDto, ResolutionDto } from '../../../../src-shared/contract.js'
import { stakeRuleOf } from '../../../../src-shared/vocabulary/stake.js'
import { couponSnapshot, validatePlacement, type PlacementRequest } from '../../coupons/index.js'
import { couponToDto, placedToDto, rejectionToDto } from '../../desk/map-coupons.js'
import { ensurePrivateDatabase } from '../../profiles/index.js'
import { DeskError, toDeskError } from '../../shared/errors.js'
import { openTimelineStore, type TimelineStore } from '../../timeline/index.js'
import { act, collect, parseAmount, type CommandDeps } from '../action.js'
import { addGlobalOptions, type CliContext } from '../context.js'
import { EXIT, exitCodeOf } from '../exit-codes.js'
import { couponsTable, printError, printJson, table } from '../output.js'
import { labelCoupons } from '../status-names.js'
import { ambiguityText, causeText } from '../placement-words.js'

/** A callback address: http(s), no credentials (the service would send them on every delivery). */
function parseCallbackUrl(value: string): string {
  let url: URL
  try {
    url = new URL(value.trim())
  } catch {
    throw new InvalidArgumentError('not a valid URL')
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new InvalidArgumentError('only http and https URLs are allowed')
  if (url.username || url.password) throw new InvalidArgumentError('the URL must not contain credentials')
  return url.toString()
}

function describeTarget(ctx: CliContext): string {
  const p = ctx.profile()
  const override = ctx.flags.couponUrl ?? ctx.io.env.DESK_COUPON_URL
  return override || p.couponBaseUrl || '(embedded demo simulator)'
}

function printPlaced(ctx: CliContext, dto: { outcome: 'placed'; coupons: ReturnType<typeof couponToDto>[] }): void {
  if (ctx.json) printJson(ctx.io, labelCoupons(dto))
  else ctx.io.stdout(`placed ${dto.coupons.length} coupon(s)\n${couponsTable(dto.coupons, ctx.profile().timeZone)}\n`)
}

export function registerPlaceCommand(program: Command, deps: CommandDeps): void {
  addGlobalOptions(program.command('place').description('place coupon(s) from bet pointers (needs --yes to send)'))
    .requiredOption('--pointer <pointer>', 'bet pointer from the feed (repeat for several)', collect)
    .requiredOption('--amount <n>', 'amount of one coupon (in the account\'s minor unit; a decimal comma is fine)', parseAmount)
    .option('--multi', 'one single coupon per pointer (amount charged per coupon)')
    .addOption(new Option('--mode <mode>', 'on odds changes').choices(['accept', 'reject']).default('reject'))
    .option('--currency <label>', 'currency label stored by the partner')
    .option('--callback-url <url>', 'where the service sends the settlement callbacks of these coupons (e.g. the url `desk listen` printed)', parseCallbackUrl)
    .option('--yes', 'really send the placement')
    .action(
      act(deps, async (ctx, _args, o) => {
        const request: PlacementRequest = {
          bets: o.pointer as string[],
          amount: o.amount as number,
          multi: o.multi === true,
          mode: o.mode as 'accept' | 'reject',
          lang: ctx.language(),
          ...(typeof o.currency === 'string' ? { currency: o.currency } : {}),
          ...(typeof o.callbackUrl === 'string' ? { callbackUrl: o.callbackUrl } : {}),
        }
        const check = validatePlacement(request, { stakeRule: stakeRuleOf(ctx.profile()) })
        if (!check.ok) throw check.error
        const coupons = request.multi ? request.bets.length : 1
        if (o.yes !== true) {
          const plan = {
            dryRun: true,
            profile: ctx.profile().name,
            // Where the placement would be recorded (same rule as `desk listen` and `desk timeline`).
            profileId: ctx.profile().id,
            history: ctx.client().historyFile,
            couponService: describeTarget(ctx),
            pointers: request.bets,
            amount: request.amount,
            multi: request.multi,
            mode: request.mode,
            currency: request.currency ?? null,
            callbackUrl: request.callbackUrl ?? null,
            coupons,
            total: coupons * request.amount,
          }
          if (ctx.json) printJson(ctx.io, plan)
          else
            ctx.io.stdout(
              `${table(['profile', 'service', 'coupons', 'amount each', 'total', 'mode'], [[plan.profile, plan.couponService, coupons, plan.amount, plan.total, plan.mode]])}\n${request.bets.map((b) => `  ${b}`).join('\n')}\n`,
            )
          printError(ctx.io, 'not_confirmed', 'nothing was sent; add --yes to place for real')
          return EXIT.usage
        }

        const client = await ctx.coupons()
        // The profile's history database, shared with the console: placements are recorded there, an
        // unknown outcome is kept there (pending in the console too), and its codes are never taken
        // for an unknown attempt.
        let history: TimelineStore | null = null
        try {
          history = openTimelineStore(ensurePrivateDatabase(ctx.history().file, ctx.dataDir))
        } catch (error) {
          ctx.log.warn('profile history unavailable', { code: toDeskError(error).code })
        }
        try {
          return await placeWith(ctx, client, request, history)
        } finally {
          history?.close()
        }
      }),
    )
}

async function placeWith(ctx: CliContext, client: Awaited<ReturnType<CliContext['coupons']>>, request: PlacementRequest, history: TimelineStore | null): Promise<number> {
  let announced = false
  const keep = (what: string, fn: (h: TimelineStore) => void) => {
    try {
      if (!history) return
      fn(history)
      // Said once, when something is written: which profile's history now holds it.
      if (!announced) ctx.announceHistory()
      announced = true
    } catch (error) {
      ctx.log.warn(`could not ${what} in the profile history`, { code: toDeskError(error).code })
    }
  }
  const isKnown = (code: string) => {
    try {
      return history?.coupon(code)?.placedByDesk === true
    } catch {
      return false
    }
  }
  const result = await client.place(request)
  ctx.log.info('placement', { outcome: result.outcome, pointers: request.bets.length, amount: request.amount, multi: request.multi })
  if (result.outcome === 'placed') {
    keep('record the placement', (h) => h.recordPlacement(result.coupons.map(couponSnapshot), { currency: request.currency, callbackUrl: request.callbackUrl }))
    printPlaced(ctx, placedToDto(result.coupons))
    return EXIT.ok
  }
  if (result.outcome === 'rejected') {
    const code = exitCodeOf(result.error)
    // A local or transport refusal is an error of its own kind, not a placement document.
    if (code === EXIT.usage || code === EXIT.auth || code === EXIT.transport) throw result.error
    const dto: PlacementDto = rejectionToDto(result.error, client.mode)
    if (ctx.json) printJson(ctx.io, dto)
    else if (dto.outcome === 'rejected' && dto.changes.length > 0)
      ctx.io.stdout(`${table(['game', 'your coef', 'actual coef', 'change', 'status'], dto.changes.map((c) => [c.gameId, c.betCoefficient, c.actualCoefficient, c.changeType, c.status]))}\n`)
    printError(ctx.io, result.error.code, `placement rejected: ${result.error.message}`)
    return EXIT.business
  }
  // Unknown: the service may or may not have created the coupon. Look it up once; never resend.
  const attemptId = randomUUID()
  const a = result.attempt
  keep('keep the unknown outcome', (h) =>
    h.attempts.save({
      id: attemptId, request: { ...a.request }, startedAt: a.startedAt, endedAt: a.endedAt, errorCode: a.error.code, errorMessage: a.error.message, callbackUrl: request.callbackUrl ?? null,
      currency: request.currency ?? null,
    }),
  )
  ctx.io.stderr(`placement outcome unknown (${result.error.code}: ${result.error.message}); looking for the coupon…\n`)
  const resolved = await result.resolve({ isKnown })
  const resolution: ResolutionDto =
    resolved.outcome === 'placed'
      ? placedToDto(resolved.coupons)
      : resolved.outcome === 'not_placed'
        ? { outcome: 'not_placed' }
        : resolved.outcome === 'ambiguous'
          ? { outcome: 'ambiguous', reasons: resolved.reasons, candidates: resolved.candidates.map(couponToDto) }
          : { outcome: 'unknown', cause: resolved.cause }
  if (resolved.outcome === 'placed') {
    keep('record the placement', (h) => {
      h.recordPlacement(resolved.coupons.map(couponSnapshot), { currency: request.currency, callbackUrl: request.callbackUrl })
      h.attempts.settle(attemptId, 'placed')
    })
  } else if (resolved.outcome === 'not_placed') keep('settle the attempt', (h) => h.attempts.settle(attemptId, 'not_placed'))
  const out = { outcome: 'unknown' as const, attemptId, cause: { code: result.error.code, detail: result.error.message }, resolution }
  if (ctx.json) printJson(ctx.io, labelCoupons(out))
  if (resolution.outcome === 'placed') {
    if (!ctx.json) printPlaced(ctx, resolution)
    return EXIT.ok
  }
  if (resolution.outcome === 'ambiguous' && !ctx.json) ctx.io.stdout(`${couponsTable(resolution.candidates, ctx.profile().timeZone)}\n`)
  const text =
    resolution.outcome === 'not_placed'
      ? 'the coupon was not created (checked active coupons and the creation period); it is safe to place again'
      : resolution.outcome === 'ambiguous'
        ? `ambiguous: ${resolution.candidates.length} matching coupon(s) that another placement may explain (${ambiguityText(resolution.reasons)}); decide which (if any) is this placement's before placing again; pending as ${attemptId} in the console`
        : `still unknown: ${causeText(resolution.cause)}; check \`desk coupons active\` before placing again`
  if (!ctx.json) ctx.io.stdout(`${text}\n`)
  throw new DeskError('placement_unknown', text)
}
