import { parseJsonBody, type SimReply, type SimRequest } from '../http.js'
import { checkLogin } from './auth.js'
import { calculatedOf, createdBetween, ownCoupon, type ServiceContext } from './context.js'
import { legacyFail, legacyOk } from './envelope.js'
import { legacyCoupon } from './model.js'
import { placeCoupons } from './placement.js'
import { calculatedMinutes, legacyWindow, parsePlacement } from './requests.js'
import { BET_WON, COUPON_OPEN, round2, type Account, type CouponRecord } from './types.js'

/** Legacy routes: five-field envelope, their own codes, legacy model; a bad JWT is HTTP 200 + 1003. */
type Route = { method: 'GET' | 'POST'; read: boolean; auth: boolean; run(req: SimRequest, account: Account): Promise<SimReply> | SimReply }

const CODE_12 = /^\d{12}$/
const CASHOUT_MARGIN = 0.95

export function createLegacyRoutes(ctx: ServiceContext) {
  const { clock } = ctx
  const list: Route = {
    method: 'GET', read: true, auth: true,
    run(req, account) {
      const window = legacyWindow(clock.now(), req.query.get('start_date'), req.query.get('end_date'))
      if (!window) return legacyFail(clock, 1002, 'the period must be positive and at most 24 hours')
      return legacyOk(clock, createdBetween(ctx, account.username, window.start, window.end).map(legacyCoupon))
    },
  }

  function cashoutEstimate(coupon: CouponRecord): number | null {
    if (coupon.status !== COUPON_OPEN) return null
    let value = coupon.amount
    for (const bet of coupon.bets) {
      if (bet.status === BET_WON || bet.calculateCoef !== null) {
        value *= bet.calculateCoef ?? 1
        continue
      }
      const now = ctx.world.findOutcome(bet.lineType, bet.gameId, bet.groupId, bet.typeId, bet.param, bet.playerId)
      const current = now ?? findMovedOutcome(bet.gameId, bet)
      if (!current || current.outcome.blocked) return null
      value *= bet.coef / current.outcome.rate
    }
    return round2(value * CASHOUT_MARGIN)
  }

  function findMovedOutcome(gameId: number, bet: CouponRecord['bets'][number]) {
    const match = ctx.world.findMatchByAnyId(gameId)
    if (!match || match.state === 'finished') return undefined
    return ctx.world.findOutcome(match.lineType, match.gameId, bet.groupId, bet.typeId, bet.param, bet.playerId)
  }

  const routes: Record<string, Route> = {
    '/api/v2/login': {
      method: 'POST', read: false, auth: false,
      async run(req) {
        const json = parseJsonBody(req)
        const body = json.ok && typeof json.value === 'object' && json.value !== null ? (json.value as Record<string, unknown>) : {}
        const result = checkLogin(ctx.store, body.login ?? body.username, body.password)
        if (!result.ok) return legacyFail(clock, 99, result.errorCode === 1003 ? 'wrong login or password' : 'login rejected')
        return legacyOk(clock, { token: await ctx.auth.issue(result.account.username) })
      },
    },
    '/bet/place': {
      method: 'POST', read: false, auth: true,
      async run(req, account) {
        const json = parseJsonBody(req)
        if (!json.ok) return legacyFail(clock, 505, 'invalid or incomplete data')
        const parsed = parsePlacement(json.value, true)
        if (!parsed.ok) return legacyFail(clock, 505, parsed.message)
        await ctx.placementWork()
        await ctx.placementWork()
      const outcome = placeCoupons(ctx.placement, account, parsed.input)
        if (!outcome.ok) {
          const f = outcome.failure
          if (f.kind === 'feed') return legacyFail(clock, 501, f.message, f.changes)
          if (f.kind === 'same_tree') return legacyFail(clock, 506, f.message)
          if (f.kind === 'balance') return legacyFail(clock, 507, f.message)
          return legacyFail(clock, 505, f.message)
        }
        const reply = legacyOk(clock, outcome.coupons.map(legacyCoupon))
        return ctx.faults.afterCommit(reply, () => legacyFail(clock, 10000, 'internal error', null, 500))
      },
    },
    '/coupons/get': {
      method: 'GET', read: true, auth: true,
      run(req, account) {
        const code = req.query.get('coupon_code') ?? ''
        if (!CODE_12.test(code)) return legacyFail(clock, 560, 'coupon code missing or malformed')
        const coupon = ownCoupon(ctx, account.username, code)
        return coupon ? legacyOk(clock, legacyCoupon(coupon)) : legacyFail(clock, 561, 'coupon not found')
      },
    },
    '/coupons/calculated': {
      method: 'GET', read: true, auth: true,
      run(req, account) {
        const minutes = calculatedMinutes(req.query.get('time')) ?? 5
        return legacyOk(clock, calculatedOf(ctx, account.username, minutes).map(legacyCoupon))
      },
    },
    '/coupons/list': list,
    '/api/v3/partner/bet/list': list,
    '/coupons/cashout': {
      method: 'GET', read: true, auth: true,
      run(req, account) {
        const code = req.query.get('coupon_code') ?? ''
        if (!CODE_12.test(code)) return legacyFail(clock, 560, 'coupon code missing or malformed')
        const coupon = ownCoupon(ctx, account.username, code)
        if (!coupon) return legacyFail(clock, 561, 'coupon not found')
        const estimate = cashoutEstimate(coupon)
        if (estimate === null) return legacyFail(clock, 565, 'cashout unavailable')
        return legacyOk(clock, { coupon_code: coupon.code, amount: coupon.amount, coef: coupon.coef, cashout_amount: estimate, estimate_only: true, date: clock.now() })
      },
    },
  }

  return async function handle(req: SimRequest, path: string): Promise<SimReply | undefined> {
    const route = routes[path]
    if (!route) return undefined
    if (req.method !== route.method) return { ...legacyFail(clock, 10000, 'method not allowed', null, 405), headers: { allow: route.method } }
    if (route.read && ctx.faults.takeRead()) return legacyFail(clock, 10000, 'service temporarily unavailable', null, 503)
    if (!route.auth) return route.run(req, undefined as unknown as Account)
    const auth = await ctx.auth.check(req)
    if (!auth.ok) return legacyFail(clock, 1003, 'invalid JWT', false)
    return route.run(req, auth.account)
  }
}
