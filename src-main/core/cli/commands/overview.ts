/**
 * `desk overview [--json]`: every profile's row read once, concurrently, each within its own timeout
 * (the same rows the console's Overview shows). Exit 0 when every profile was read, 1 when at least one
 * could not be (its row says why); the rows are printed either way.
 */
import type { Command } from 'commander'
import type { OverviewRowDto } from '../../../../src-shared/vocabulary/overview.js'
import { createDemoSimulators } from '../../desk/demo-sim.js'
import { createOverview, OVERVIEW_TIMEOUT_MS } from '../../desk/overview/index.js'
import { systemClock } from '../../shared/clock.js'
import { InvalidArgumentError } from 'commander'
import { act, parseNonNegativeInteger, type CommandDeps } from '../action.js'
import { addGlobalOptions } from '../context.js'
import { EXIT } from '../exit-codes.js'
import { formatTime, printJson, table } from '../output.js'

function parseTimeout(value: string): number {
  const n = parseNonNegativeInteger(value)
  if (n < 100) throw new InvalidArgumentError('must be at least 100 (ms)')
  return n
}

const money = (n: number | null) => (n === null ? '' : n.toFixed(2))

function settlementText(row: OverviewRowDto): string {
  const s = row.lastSettlement
  if (!s) return ''
  return `${s.result} ${money(s.amount)} ${formatTime(s.at, 'utc')}`.trim()
}

export function overviewTable(rows: OverviewRowDto[]): string {
  const body = rows.map((r) => [
    `${r.active ? '* ' : ''}${r.profileName}`,
    r.environment,
    money(r.balance),
    money(r.openStake),
    money(r.potentialPayout),
    r.activeCoupons,
    settlementText(r),
    r.listener,
    r.feedKeyDaysLeft,
    r.session,
    r.doctor ? `${r.doctor.verdict} ${formatTime(r.doctor.at, 'utc')}` : 'never run',
    r.error ? `${r.error.code}: ${r.error.message}` : 'ok',
  ])
  return table(['profile', 'env', 'balance', 'open stake', 'potential payout', 'active', 'last settlement', 'listener', 'key days', 'session', 'doctor', 'read'], body)
}

export function registerOverviewCommand(program: Command, deps: CommandDeps): void {
  addGlobalOptions(
    program
      .command('overview')
      .description("every profile on one screen: balance, open stake, potential payout, active coupons, last settlement, listener, feed key, session, the doctor's last verdict")
      .option('--timeout-ms <ms>', 'give up on one profile after this long', parseTimeout, OVERVIEW_TIMEOUT_MS),
  ).action(
    act(deps, async (ctx, _args, o) => {
      const sims = createDemoSimulators()
      const overview = createOverview({
        dataDir: ctx.dataDir,
        profiles: ctx.store().profiles,
        clock: systemClock,
        sims,
        timeoutMs: Number(o.timeoutMs),
        logger: ctx.log,
      })
      try {
        const rows = await overview.readOnce(null)
        if (ctx.json) printJson(ctx.io, rows)
        else ctx.io.stdout(`${overviewTable(rows)}\n`)
        return rows.some((r) => r.error) ? EXIT.business : EXIT.ok
      } finally {
        overview.dispose()
        await sims.dispose()
      }
    }),
  )
}
