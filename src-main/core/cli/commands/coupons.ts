/** `desk coupons get <code> | active | calculated [--minutes N] | results --ids a,b | --from ms --to ms`. */
import type { Command } from 'commander'
import { couponToDto } from '../../desk/map-coupons.js'
import type { Coupon } from '../../coupons/index.js'
import { DeskError } from '../../shared/errors.js'
import { act, parseInteger, type CommandDeps } from '../action.js'
import { addGlobalOptions, type CliContext } from '../context.js'
import { couponDetail, couponsTable, printJson } from '../output.js'
import { labelCoupons } from '../status-names.js'
import { MAX_COUPON_CODE_LENGTH, MAX_RESULTS_BY_IDS } from '../../../../src-shared/vocabulary/limits.js'

const CODE = new RegExp(`^[A-Za-z0-9_-]{1,${MAX_COUPON_CODE_LENGTH}}$`)

function printList(ctx: CliContext, coupons: Coupon[]): void {
  const dto = coupons.map(couponToDto)
  if (ctx.json) printJson(ctx.io, labelCoupons(dto))
  else ctx.io.stdout(`${couponsTable(dto, ctx.profile().timeZone)}\n`)
}

export function registerCouponCommands(program: Command, deps: CommandDeps): void {
  const coupons = addGlobalOptions(program.command('coupons').description('read coupons'))

  addGlobalOptions(coupons.command('get').argument('<code>', 'coupon code').description('one coupon with its bets')).action(
    act(deps, async (ctx, [code]) => {
      if (!CODE.test(code ?? '')) throw new DeskError('usage', `coupon code must be 1 to ${MAX_COUPON_CODE_LENGTH} letters or digits`)
      const coupon = couponToDto(await (await ctx.coupons()).get(code!))
      if (ctx.json) printJson(ctx.io, labelCoupons(coupon))
      else ctx.io.stdout(`${couponDetail(coupon, ctx.profile().timeZone)}\n`)
    }),
  )

  addGlobalOptions(coupons.command('active').description('all active coupons')).action(
    act(deps, async (ctx) => {
      printList(ctx, await (await ctx.coupons()).active())
    }),
  )

  addGlobalOptions(coupons.command('calculated').description('coupons settled in the last N minutes (default 5, at most 120)'))
    .option('--minutes <n>', 'window in minutes', parseInteger)
    .action(
      act(deps, async (ctx, _args, o) => {
        printList(ctx, await (await ctx.coupons()).calculated(o.minutes as number | undefined))
      }),
    )

  addGlobalOptions(coupons.command('results').description('coupons by codes (--ids) or by creation period (--from/--to, Unix ms)'))
    .option('--ids <codes>', 'comma-separated coupon codes')
    .option('--from <ms>', 'period start, Unix ms', parseInteger)
    .option('--to <ms>', 'period end, Unix ms', parseInteger)
    .action(
      act(deps, async (ctx, _args, o) => {
        const byIds = typeof o.ids === 'string'
        const byPeriod = o.from !== undefined || o.to !== undefined
        if (byIds === byPeriod) throw new DeskError('usage', 'give either --ids or --from and --to')
        const client = await ctx.coupons()
        if (byIds) {
          const codes = String(o.ids)
            .split(',')
            .map((c) => c.trim())
            .filter(Boolean)
          if (codes.length === 0 || codes.length > MAX_RESULTS_BY_IDS || !codes.every((c) => CODE.test(c))) throw new DeskError('usage', `--ids takes 1 to ${MAX_RESULTS_BY_IDS} comma-separated coupon codes`)
          printList(ctx, await client.resultsByIds(codes))
          return
        }
        const from = o.from as number | undefined
        const to = o.to as number | undefined
        if (from === undefined || to === undefined) throw new DeskError('usage', '--from and --to go together')
        if (to <= from) throw new DeskError('usage', '--to must be after --from')
        printList(ctx, await client.resultsByPeriod(from, to))
      }),
    )
}
