import type { DemoAccountDto, DemoSettledDto, DeskHandlers } from '../../../src-shared/contract.js'
import { parsePointer, toCoupon } from '../coupons/index.js'
import type { RunningSimulator } from '../simulator/server.js'
import { DeskError } from '../shared/errors.js'
import type { CoreContext } from './context.js'
import { simControl } from './demo-sim.js'
import type { Environment } from './environment.js'
import { couponToDto } from './map-coupons.js'
import { DEMO_CREDENTIALS } from './types.js'

/**
 * demo.*: every control of the embedded simulator the Scenarios card offers, sent over HTTP to its
 * `/__sim` API like an outside operator would. Each answer carries the figures of what happened, so
 * the console can say it (the odds before and after, the live id of a started match, the balance set).
 */
export function demoHandlers(ctx: CoreContext): Pick<DeskHandlers, 'demo'> {
  const demoEnv = async (): Promise<Environment & { sim: RunningSimulator }> => {
    const env = await ctx.env()
    if (env.kind !== 'demo' || !env.sim) throw new DeskError('not_demo', 'Only available in the Demo environment')
    return env as Environment & { sim: RunningSimulator }
  }
  const control = async (path: string, body: unknown = {}, method: 'GET' | 'POST' = 'POST') => {
    const env = await demoEnv()
    return { env, answer: ((await simControl(env.sim, path, body, { method })) ?? {}) as Record<string, unknown> }
  }
  const outcomeOf = (pointer: string) => {
    const parsed = parsePointer(pointer)
    if (!parsed) throw new DeskError('validation', 'Not a bet pointer: pick an outcome the console shows')
    return parsed
  }
  const match = (gameId: number, action: string) => `/matches/${gameId}/${action}`
  const coupon = (code: string, action: string) => `/coupons/${encodeURIComponent(code)}/${action}`
  /** The coupon as the simulator's control answer carries it (no extra read of the coupon service); null if unreadable. */
  const couponIn = (answer: Record<string, unknown>) => {
    try {
      return couponToDto(toCoupon(answer.coupon, 'new'))
    } catch {
      return null
    }
  }
  /** The account scenarios act on: the Demo profile's username, as it signs in. */
  const accountOf = (env: Environment) => env.profile.username || DEMO_CREDENTIALS.username

  return {
    demo: {
      async settle({ code, result }): Promise<DemoSettledDto> {
        const { answer } = await control(coupon(code, 'settle'), { result })
        return { ok: true, code, coupon: couponIn(answer) }
      },
      async recalculate({ code, result }): Promise<DemoSettledDto> {
        const { env, answer } = await control(coupon(code, 'recalculate'), { result })
        // Status 15 reaches the history (and the coupon views) now, also when no callback brings it.
        env.readBack([code])
        const at = typeof answer.recalculateAt === 'number' ? answer.recalculateAt : undefined
        return { ok: true, code, coupon: couponIn(answer), ...(at === undefined ? {} : { recalculateAt: at }) }
      },
      async advanceClock({ ms }) {
        const { env, answer } = await control('/clock/advance', { ms })
        return { now: typeof answer.now === 'number' ? answer.now : env.sim.clock.now() }
      },
      async accounts() {
        const { answer } = await control('/accounts', undefined, 'GET')
        const list = Array.isArray(answer.accounts) ? (answer.accounts as Array<Record<string, unknown>>) : []
        return list.flatMap((a): DemoAccountDto[] =>
          typeof a.username === 'string' && typeof a.balance === 'number' && (a.state === 'active' || a.state === 'disabled' || a.state === 'expired')
            ? [{ username: a.username, balance: a.balance, state: a.state }]
            : [],
        )
      },
      async startMatch({ gameId }) {
        const { answer } = await control(match(gameId, 'start'))
        if (typeof answer.gameId !== 'number') throw new DeskError('demo_failed', 'The simulator did not name the live match')
        return { gameId, liveGameId: answer.gameId }
      },
      async finishMatch({ gameId, score }) {
        await control(match(gameId, 'finish'), { score })
        return { gameId, score }
      },
      async cancelMatch({ gameId }) {
        await control(match(gameId, 'cancel'))
        return { gameId }
      },
      async moveOdds({ pointer, rate }) {
        const o = outcomeOf(pointer)
        const { answer } = await control(match(o.gameId, 'odds'), { groupId: o.groupId, typeId: o.typeId, param: o.param, rate })
        return { gameId: o.gameId, from: typeof answer.previousRate === 'number' ? answer.previousRate : null, to: rate }
      },
      async blockOutcome({ pointer, blocked }) {
        const o = outcomeOf(pointer)
        await control(match(o.gameId, 'block'), { groupId: o.groupId, typeId: o.typeId, param: o.param, blocked })
        return { gameId: o.gameId, blocked }
      },
      async failCallbacks({ count }) {
        await control('/callbacks/fail', { count })
        return { count }
      },
      async suppressCallback({ code }) {
        await control('/callbacks/suppress', { couponCode: code })
        return { code }
      },
      async dropNextPlacement() {
        await control('/faults', { placement: 'drop-after-commit' })
        return { armed: true }
      },
      async setBalance({ balance, username }) {
        const env = await demoEnv()
        const who = username ?? accountOf(env)
        const answer = ((await simControl(env.sim, `/accounts/${encodeURIComponent(who)}/balance`, { balance })) ?? {}) as Record<string, unknown>
        if (who === accountOf(env)) env.balance.refreshSoon()
        return { username: who, balance: typeof answer.balance === 'number' ? answer.balance : balance }
      },
      async revokeTokens() {
        await control('/tokens/revoke')
        return { ok: true }
      },
    },
  }
}
