import { randomUUID } from 'node:crypto'
import type { DeskHandlers, InputOf, PendingPlacementDto, PlacementDto, ResolutionDto } from '../../../src-shared/contract.js'

type PlaceInput = InputOf<'coupons', 'place'>
import type { Coupon, PlacementAttempt, PlacementRequest, ResolveOptions, ResolvedPlacement } from '../coupons/index.js'
import { couponSnapshot } from '../coupons/index.js'
import type { StoredAttempt } from '../timeline/index.js'
import { DeskError, errorCodeOr, toDeskError } from '../shared/errors.js'
import { isOutage } from './connection.js'
import type { CoreContext, PendingAttempt } from './context.js'
import type { Environment } from './environment.js'
import { couponToDto, placedToDto, rejectionToDto } from './map-coupons.js'

/** Pending unknown placements kept in memory; the oldest are dropped past this count. */
const MAX_ATTEMPTS = 200

/** Keeps a bounded map: the oldest entries go first. */
function bounded<K, V>(map: Map<K, V>, key: K, value: V): void {
  map.set(key, value)
  while (map.size > MAX_ATTEMPTS) map.delete(map.keys().next().value as K)
}

/** Not found (new 471, legacy 561) becomes a plain `coupon_not_found`. */
function notFound(error: unknown): never {
  const desk = toDeskError(error)
  const errorCode = (desk.data as { errorCode?: unknown } | undefined)?.errorCode
  if (errorCode === 471 || errorCode === 561) throw new DeskError('coupon_not_found', 'Coupon not found', { status: desk.status })
  throw desk
}

export function couponHandlers(ctx: CoreContext): Pick<DeskHandlers, 'coupons'> {
  /** Placements sent with a caller's `requestId`: in flight, then their outcome (a caller that lost its connection asks again). */
  const inFlight = new Map<string, Promise<PlacementDto>>()
  const finished = new Map<string, ResolutionDto>()
  /** The last ambiguous candidates of an attempt: the operator chooses among them. */
  const candidatesOf = new Map<string, Coupon[]>()

  /** Codes the profile's history database holds as placed by this desk: never taken for another attempt (persisted, so also after a restart). */
  const known = (env: Environment): ResolveOptions => ({
    isKnown: (code) => {
      try {
        return env.store().coupon(code)?.placedByDesk === true
      } catch (error) {
        ctx.options.logger?.error('could not read the history to resolve a placement', { code: toDeskError(error).code })
        return false
      }
    },
  })

  const read = async <T>(env: Environment, call: () => Promise<T>): Promise<T> =>
    env.session.authed(() => ctx.connection.track('coupons', call)).catch(notFound)

  /** Placed coupons go into the profile's timeline (`coupon_placed`); a store failure never hides a placement. */
  const record = (env: Environment, coupons: Coupon[], callbackUrl: string | undefined, currency: string | undefined) => {
    try {
      env.store().recordPlacement(coupons.map(couponSnapshot), { callbackUrl, currency })
    } catch (error) {
      ctx.options.logger?.error('could not record a placement in the timeline', { code: toDeskError(error).code, coupons: coupons.map((c) => c.code) })
    }
    env.placed(coupons.map(couponToDto))
  }

  /** Unknown outcomes: in memory for this run, and durably in the profile's store for after a restart. */
  const remember = (env: Environment, attempt: PlacementAttempt, resolve: () => Promise<ResolvedPlacement>, callbackUrl?: string, currency?: string, id?: string): string => {
    const attemptId = id ?? randomUUID()
    ctx.attempts.set(attemptId, { profileId: env.profile.id, resolve, callbackUrl, currency })
    while (ctx.attempts.size > MAX_ATTEMPTS) ctx.attempts.delete(ctx.attempts.keys().next().value as string)
    try {
      env.store().attempts.save({
        id: attemptId,
        request: { ...attempt.request },
        startedAt: attempt.startedAt,
        endedAt: attempt.endedAt,
        errorCode: attempt.error.code,
        errorMessage: attempt.error.message,
        callbackUrl: callbackUrl ?? null,
        currency: currency ?? null,
      })
    } catch (error) {
      ctx.options.logger?.error('could not keep an unknown placement durably', { code: toDeskError(error).code, attemptId })
    }
    return attemptId
  }

  /** An attempt of an earlier run, rebuilt from the store so the client can look for its coupon. */
  const revive = (env: Environment, stored: StoredAttempt) => {
    const attempt: PlacementAttempt = {
      request: stored.request as unknown as PlacementRequest,
      startedAt: stored.startedAt,
      endedAt: stored.endedAt,
      error: new DeskError(errorCodeOr(stored.errorCode, 'placement_unknown'), stored.errorMessage),
    }
    const pending = { profileId: env.profile.id, resolve: () => env.coupons.resolvePlacement(attempt, known(env)), callbackUrl: stored.callbackUrl ?? undefined, currency: stored.currency ?? undefined }
    ctx.attempts.set(stored.id, pending)
    return pending
  }

  const settle = (env: Environment, attemptId: string, outcome: 'placed' | 'not_placed') => {
    ctx.attempts.delete(attemptId)
    candidatesOf.delete(attemptId)
    try {
      env.store().attempts.settle(attemptId, outcome)
    } catch (error) {
      ctx.options.logger?.error('could not mark an unknown placement resolved', { code: toDeskError(error).code, attemptId })
    }
  }

  /** The operator's choice among the ambiguous candidates: those codes are this attempt's (none: it was not placed). */
  const decide = (env: Environment, attemptId: string, attempt: PendingAttempt, choose: string[]): ResolutionDto => {
    const candidates = candidatesOf.get(attemptId) ?? []
    const chosen = candidates.filter((c) => choose.includes(c.code))
    if (chosen.length !== new Set(choose).size) throw new DeskError('validation', 'Choose only among the candidates of this placement')
    if (chosen.length === 0) {
      settle(env, attemptId, 'not_placed')
      return { outcome: 'not_placed' }
    }
    env.coupons.claim(chosen.map((c) => c.code))
    settle(env, attemptId, 'placed')
    record(env, chosen, attempt.callbackUrl, attempt.currency)
    return placedToDto(chosen)
  }

  async function placeOnce(input: PlaceInput, requestId: string | undefined): Promise<PlacementDto> {
    const env = await ctx.env()
    if (env.kind !== 'demo' && !input.confirmed) {
      throw new DeskError('not_confirmed', 'This is a real environment: confirm the placement before it is sent')
    }
    const callbackUrl = env.listener.callbackUrl()
    const request: PlacementRequest = {
      bets: input.pointers,
      amount: input.amount,
      multi: input.multi,
      mode: input.mode,
      currency: input.currency,
      lang: env.lang,
      callbackUrl,
    }
    const result = await env.session.authed(() => env.coupons.place(request))
    if (result.outcome === 'placed') {
      ctx.connection.report('coupons', 'online')
      record(env, result.coupons, callbackUrl, input.currency)
      return placedToDto(result.coupons)
    }
    if (result.outcome === 'rejected') {
      // A sign-in or account refusal was already taken in by the client's session (it saw the answer).
      return rejectionToDto(result.error, env.coupons.mode)
    }
    if (isOutage(result.error)) ctx.connection.report('coupons', 'offline', { code: result.error.code, detail: result.error.message })
    const attemptId = remember(env, result.attempt, () => result.resolve(known(env)), callbackUrl, input.currency, requestId)
    return { outcome: 'unknown', attemptId, cause: { code: result.error.code, detail: result.error.message } }
  }

  return {
    coupons: {
      place(input): Promise<PlacementDto> {
        const requestId = input.requestId
        if (requestId && (inFlight.has(requestId) || finished.has(requestId) || ctx.attempts.has(requestId))) {
          return Promise.reject(new DeskError('duplicate_request', 'This placement request was received already; resolve it instead of sending it again'))
        }
        // Registered before any await, so a caller that lost its connection can ask for this outcome.
        const run = placeOnce(input, requestId)
        if (!requestId) return run
        inFlight.set(requestId, run)
        run.then(
          (dto) => {
            if (dto.outcome !== 'unknown') bounded(finished, requestId, dto.outcome === 'placed' ? dto : { outcome: 'not_placed' })
          },
          () => bounded(finished, requestId, { outcome: 'not_placed' }),
        ).finally(() => inFlight.delete(requestId))
        return run
      },
      async resolvePlacement({ attemptId, choose }): Promise<ResolutionDto> {
        const running = inFlight.get(attemptId)
        if (running) {
          const dto = await running.catch(() => null)
          if (!dto || dto.outcome === 'rejected') return { outcome: 'not_placed' }
          if (dto.outcome === 'placed') return dto
          // unknown: kept under the same id, resolved below.
        }
        const done = finished.get(attemptId)
        if (done) return done
        const env = await ctx.env()
        let attempt = ctx.attempts.get(attemptId)
        if (!attempt) {
          const stored = env.store().attempts.get(attemptId)
          if (!stored) throw new DeskError('unknown_attempt', 'No unresolved placement with this id under this profile (it was resolved already)')
          attempt = revive(env, stored)
        }
        if (env.profile.id !== attempt.profileId) throw new DeskError('profile_changed', 'This placement was made under another profile; switch back to resolve it')
        if (choose !== undefined && candidatesOf.has(attemptId)) return decide(env, attemptId, attempt, choose)
        const resolved = await attempt.resolve()
        if (resolved.outcome === 'placed') {
          settle(env, attemptId, 'placed')
          record(env, resolved.coupons, attempt.callbackUrl, attempt.currency)
          return placedToDto(resolved.coupons)
        }
        if (resolved.outcome === 'not_placed') {
          settle(env, attemptId, 'not_placed')
          return { outcome: 'not_placed' }
        }
        attempt.resolve = () => resolved.resolve(known(env))
        if (resolved.outcome === 'ambiguous') {
          bounded(candidatesOf, attemptId, resolved.candidates)
          if (choose !== undefined) return decide(env, attemptId, attempt, choose)
          return { outcome: 'ambiguous', reasons: resolved.reasons, candidates: resolved.candidates.map(couponToDto) }
        }
        return { outcome: 'unknown', cause: resolved.cause }
      },
      async pendingPlacements(): Promise<PendingPlacementDto[]> {
        const env = await ctx.env()
        return env
          .store()
          .attempts.pending()
          .map((a) => ({
            attemptId: a.id,
            at: a.startedAt,
            pointers: Array.isArray(a.request.bets) ? a.request.bets.map(String) : [],
            amount: Number(a.request.amount),
            multi: a.request.multi === true,
            cause: { code: errorCodeOr(a.errorCode, 'placement_unknown'), detail: a.errorMessage || null },
          }))
      },
      async get({ code }) {
        const env = await ctx.env()
        return couponToDto(await read(env, () => env.coupons.get(code)))
      },
      async active() {
        const env = await ctx.env()
        return (await read(env, () => env.coupons.active())).map(couponToDto)
      },
      async calculated({ minutes }) {
        const env = await ctx.env()
        return (await read(env, () => env.coupons.calculated(minutes))).map(couponToDto)
      },
      async resultsByIds({ codes }) {
        const env = await ctx.env()
        return (await read(env, () => env.coupons.resultsByIds(codes))).map(couponToDto)
      },
      async resultsByPeriod({ from, to }) {
        const env = await ctx.env()
        if (!(to > from)) throw new DeskError('validation', 'The period must end after it starts')
        return (await read(env, () => env.coupons.resultsByPeriod(from, to))).map(couponToDto)
      },
    },
  }
}
