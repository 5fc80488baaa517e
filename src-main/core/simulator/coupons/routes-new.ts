import { parseJsonBody, type SimReply, type SimRequest } from '../http.js'
import { checkLogin } from './auth.js'
import { calculatedOf, createdBetween, ownCoupon, type ServiceContext } from './context.js'
import { newFail, newOk, NO_BODY, type EnvelopeContext } from './envelope.js'
import { newCoupon } from './model.js'
import { placeCoupons } from './placement.js'
import { calculatedMinutes, DAY_MS, parsePlacement } from './requests.js'
import { COUPON_OPEN, COUPON_RECALC, type Account } from './types.js'

/** New routes (`/api/partner/**`) and the v3 aliases in the new format. */
type Route = { method: 'GET' | 'POST'; read: boolean; auth: boolean; run(req: SimRequest, env: EnvelopeContext, account: Account): Promise<SimReply> | SimReply }

const PAYLOAD_CODES = { type: null, missing: 10, format: 11, amount: 12, value: 1002 } as const
const MAX_RESULT_IDS = 100

export function createNewRoutes(ctx: ServiceContext) {
  const place: Route = {
    method: 'POST', read: false, auth: true,
    async run(req, env, account) {
      const json = parseJsonBody(req)
      if (!json.ok) return newFail(env, null, 'malformed JSON', null, 400)
      const parsed = parsePlacement(json.value, false)
      if (!parsed.ok) {
        const code = PAYLOAD_CODES[parsed.kind]
        return code === null ? newFail(env, null, parsed.message, null, 400) : newFail(env, code, parsed.message)
      }
      await ctx.placementWork()
      const outcome = placeCoupons(ctx.placement, account, parsed.input)
      if (!outcome.ok) {
        const f = outcome.failure
        if (f.kind === 'feed') return newFail(env, f.errorCode, f.message, { changes: f.changes })
        if (f.kind === 'same_tree') return newFail(env, 506, f.message)
        // Production's 507 has no `body` key at all.
        if (f.kind === 'balance') return newFail(env, 507, f.message, NO_BODY)
        return newFail(env, 1002, f.message)
      }
      const reply = newOk(env, { coupons: outcome.coupons.map(newCoupon) })
      return ctx.faults.afterCommit(reply, () => newFail(env, 10000, 'internal error', null, 500))
    },
  }
  const get: Route = {
    method: 'GET', read: true, auth: true,
    run(req, env, account) {
      const code = ['coupon_code', 'code', 'coupon_id', 'bet_code'].map((k) => req.query.get(k)?.trim()).find((v) => v)
      if (!code) return newFail(env, 10, 'coupon code missing')
      const coupon = ownCoupon(ctx, account.username, code)
      return coupon ? newOk(env, newCoupon(coupon)) : newFail(env, 471, 'Coupon not found')
    },
  }
  const active: Route = {
    method: 'GET', read: true, auth: true,
    run(_req, env, account) {
      const list = ctx.store.ofOwner(account.username).filter((c) => c.status === COUPON_OPEN || c.status === COUPON_RECALC)
      return newOk(env, list.map(newCoupon))
    },
  }

  const routes: Record<string, Route> = {
    '/api/partner/health': { method: 'GET', read: false, auth: false, run: (_r, env) => newOk(env, 'ok') },
    '/api/partner/login': {
      method: 'POST', read: false, auth: false,
      async run(req, env) {
        const json = parseJsonBody(req)
        if (!json.ok) return newFail(env, null, 'malformed JSON', null, 400)
        const body = json.value ?? {}
        if (typeof body !== 'object' || body === null || Array.isArray(body)) return newFail(env, null, 'request body must be a JSON object', null, 400)
        const { username, login, password } = body as Record<string, unknown>
        for (const v of [username, login, password])
          if (v !== undefined && v !== null && typeof v !== 'string') return newFail(env, null, 'username, login and password must be strings', null, 400)
        const name = username ?? login
        const result = checkLogin(ctx.store, name, password)
        if (!result.ok) return newFail(env, result.errorCode, result.message)
        return newOk(env, { token: await ctx.auth.issue(result.account.username), username: result.account.username })
      },
    },
    '/api/partner/coupons/place': place,
    '/api/v3/partner/bet/place': place,
    '/api/partner/coupons/get': get,
    '/api/v3/partner/bet/get': get,
    '/api/partner/coupons/active': active,
    '/api/v3/partner/bet/active': active,
    '/api/partner/coupons/results': {
      method: 'POST', read: true, auth: true,
      run(req, env, account) {
        const json = parseJsonBody(req)
        if (!json.ok) return newFail(env, null, 'malformed JSON', null, 400)
        const body = json.value ?? {}
        if (typeof body !== 'object' || body === null || Array.isArray(body)) return newFail(env, null, 'request body must be a JSON object', null, 400)
        const { coupon_ids: ids, start_date: start, end_date: end } = body as Record<string, unknown>
        const has = (v: unknown) => v !== undefined && v !== null
        if (has(ids) && (!Array.isArray(ids) || ids.some((x) => typeof x !== 'string'))) return newFail(env, null, 'coupon_ids must be an array of strings', null, 400)
        for (const d of [start, end]) if (has(d) && (typeof d !== 'number' || !Number.isInteger(d))) return newFail(env, null, 'start_date and end_date must be integers (Unix ms)', null, 400)
        if (has(ids) && (has(start) || has(end))) return newFail(env, 1002, 'coupon_ids and a period cannot be combined')
        if (has(ids)) {
          const codes = ids as string[]
          if (codes.length > MAX_RESULT_IDS) return newFail(env, 1002, `at most ${MAX_RESULT_IDS} codes per request`)
          const found = [...new Set(codes)].map((c) => ownCoupon(ctx, account.username, c)).filter((c) => c !== undefined)
          return newOk(env, { query_type: 'ids', coupons: found.map(newCoupon) })
        }
        if (!has(start) || !has(end)) return newFail(env, 1002, 'both start_date and end_date are required')
        const s = start as number
        const e = end as number
        if (e <= s || e - s > DAY_MS) return newFail(env, 1002, 'the period must be positive and at most 24 hours')
        return newOk(env, { query_type: 'time', coupons: createdBetween(ctx, account.username, s, e).map(newCoupon) })
      },
    },
    '/api/partner/coupons/calculated': {
      method: 'GET', read: true, auth: true,
      run(req, env, account) {
        const minutes = calculatedMinutes(req.query.get('time'))
        if (minutes === null) return newFail(env, null, 'time must be an integer number of minutes', null, 400)
        return newOk(env, calculatedOf(ctx, account.username, minutes).map(newCoupon))
      },
    },
    '/api/partner/balance': {
      method: 'GET', read: true, auth: true,
      run: (_req, env, account) => newOk(env, { balance: account.balance }),
    },
  }

  return async function handle(req: SimRequest, path: string): Promise<SimReply | undefined> {
    const route = routes[path]
    if (!route) return undefined
    const env: EnvelopeContext = { clock: ctx.clock, startedAt: performance.now(), path }
    if (req.method !== route.method) return { ...newFail(env, null, 'method not allowed', null, 405), headers: { allow: route.method } }
    if (route.read && ctx.faults.takeRead()) return newFail(env, 10000, 'service temporarily unavailable', null, 503)
    if (!route.auth) return route.run(req, env, undefined as unknown as Account)
    const auth = await ctx.auth.check(req)
    if (!auth.ok) return newFail(env, null, auth.status === 401 ? 'unauthorized' : 'forbidden', null, auth.status)
    return route.run(req, env, auth.account)
  }
}
