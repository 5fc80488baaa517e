import { json, parseJsonBody, type SimReply, type SimRequest } from '../http.js'
import type { ServiceContext } from './context.js'
import type { PlacementFault } from './faults.js'
import { newCoupon } from './model.js'
import { BET_RESULTS, COUPON_RECALC, REASON_RECALCULATED, remoteReason, type AccountState, type BetResult } from './types.js'

/** Control API under `/__sim` (paths arrive relative to it). Plain JSON, no envelope. */
export const DEFAULT_RECALC_DELAY_MS = 60_000

function body(req: SimRequest): Record<string, unknown> | null {
  const parsed = parseJsonBody(req)
  if (!parsed.ok) return null
  const v = parsed.value ?? {}
  return typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>) : null
}

const isResult = (v: unknown): v is BetResult => typeof v === 'string' && (BET_RESULTS as readonly string[]).includes(v)
const bad = (error: string) => json(400, { error })

export function createControlHandler(ctx: ServiceContext) {
  /** A client account of one's own (e.g. the credentials of a vendor example); an existing one gets the new password or balance. */
  function upsertAccount(username: string, b: Record<string, unknown> | null): SimReply {
    const password = typeof b?.password === 'string' && b.password !== '' ? b.password : undefined
    const balance = typeof b?.balance === 'number' && Number.isFinite(b.balance) ? b.balance : undefined
    let account = ctx.store.account(username)
    if (!account) {
      if (!password) return bad('password required for a new account')
      const clientId = Math.max(0, ...[...ctx.store.accounts.values()].map((a) => a.clientId)) + 1
      account = { username, password, balance: balance ?? 10_000, state: 'active', clientId }
      ctx.store.accounts.set(username, account)
    } else {
      if (password) account.password = password
      if (balance !== undefined) account.balance = balance
    }
    return json(200, { username: account.username, balance: account.balance, state: account.state, clientId: account.clientId })
  }

  return async function control(req: SimRequest): Promise<SimReply | undefined> {
    const path = req.path.length > 1 ? req.path.replace(/\/$/, '') : req.path
    const m = req.method
    let match: RegExpMatchArray | null

    if ((match = path.match(/^\/coupons\/([^/]+)\/(settle|recalculate)$/)) && m === 'POST') {
      const coupon = ctx.store.byCode.get(match[1])
      if (!coupon) return json(404, { error: 'coupon not found' })
      const b = body(req)
      if (!b || !isResult(b.result)) return bad(`result must be one of ${BET_RESULTS.join(', ')}`)
      const result = b.result
      if (match[2] === 'settle') {
        const reason = coupon.status === COUPON_RECALC ? REASON_RECALCULATED : remoteReason(result)
        if (!ctx.settlement.settleAll(coupon, result, reason)) return json(409, { error: 'coupon has no unsettled bet' })
        ctx.dispatch([coupon])
        return json(200, { ok: true, coupon: newCoupon(coupon) })
      }
      const delayMs = typeof b.delayMs === 'number' && b.delayMs >= 0 ? b.delayMs : DEFAULT_RECALC_DELAY_MS
      if (!ctx.settlement.beginRecalculation(coupon)) return json(409, { error: 'coupon is not finally settled' })
      ctx.dispatch([coupon])
      const finish = () => {
        if (coupon.status !== COUPON_RECALC) return
        ctx.settlement.settleAll(coupon, result, REASON_RECALCULATED)
        ctx.dispatch([coupon])
      }
      if (delayMs === 0) finish()
      else ctx.clock.after(delayMs, finish)
      return json(200, { ok: true, recalculateAt: delayMs === 0 ? ctx.clock.now() : ctx.clock.now() + delayMs, coupon: newCoupon(coupon) })
    }
    if ((match = path.match(/^\/coupons\/([^/]+)$/)) && m === 'GET') {
      const coupon = ctx.store.byCode.get(match[1])
      return coupon ? json(200, { owner: coupon.owner, callbackUrl: coupon.callbackUrl, coupon: newCoupon(coupon) }) : json(404, { error: 'coupon not found' })
    }
    if (path === '/coupons' && m === 'GET') {
      const owner = req.query.get('username')
      const list = owner ? ctx.store.ofOwner(owner) : ctx.store.all()
      return json(200, { coupons: list.map((c) => ({ owner: c.owner, ...newCoupon(c) })) })
    }
    if (path === '/callbacks/deliveries' && m === 'GET') return json(200, { deliveries: ctx.sender.deliveries() })
    if (path === '/callbacks/fail' && m === 'POST') {
      const b = body(req)
      if (!b) return bad('JSON object expected')
      const count = typeof b.count === 'number' ? b.count : undefined
      const untilMs = typeof b.untilMs === 'number' ? b.untilMs : undefined
      if (count === undefined && untilMs === undefined) return bad('count or untilMs required')
      const as = b.as === '503' || b.as === 503 ? '503' : 'transport'
      ctx.sender.fail({ count, untilMs, as })
      return json(200, { ok: true })
    }
    if (path === '/callbacks/suppress' && m === 'POST') {
      const b = body(req)
      const coupon = b && typeof b.couponCode === 'string' ? ctx.store.byCode.get(b.couponCode) : undefined
      if (!coupon) return json(404, { error: 'coupon not found' })
      coupon.suppressCallbacks = b?.suppress !== false
      return json(200, { ok: true, couponCode: coupon.code, suppressed: coupon.suppressCallbacks })
    }
    if (path === '/faults' && m === 'POST') {
      const b = body(req)
      if (!b) return bad('JSON object expected')
      if (b.clear === true) {
        ctx.faults.clear()
        return json(200, { ok: true, faults: ctx.faults.state() })
      }
      if ('placement' in b) {
        const p = b.placement
        let fault: PlacementFault | null
        if (p === null) fault = null
        else if (p === 'drop-after-commit' || p === 'error-500-after-commit') fault = { kind: p }
        else if (p === 'timeout-after-commit') fault = { kind: p, ms: typeof b.ms === 'number' && b.ms >= 0 ? b.ms : 15_000 }
        else return bad('unknown placement fault')
        ctx.faults.setPlacement(fault)
      }
      if ('reads' in b) {
        if (b.reads !== 'error-503' && b.reads !== null) return bad('unknown read fault')
        ctx.faults.setReadErrors(b.reads === null ? 0 : typeof b.count === 'number' ? b.count : 1)
      }
      return json(200, { ok: true, faults: ctx.faults.state() })
    }
    if (path === '/faults' && m === 'GET') return json(200, ctx.faults.state())
    if (path === '/tokens/revoke' && m === 'POST') {
      ctx.auth.revokeAll()
      return json(200, { ok: true })
    }
    if (path === '/tokens/admin' && m === 'POST') return json(200, { token: await ctx.auth.issue('admin', 'admin') })
    if (path === '/accounts' && m === 'GET')
      return json(200, { accounts: [...ctx.store.accounts.values()].map((a) => ({ username: a.username, balance: a.balance, state: a.state })) })
    if ((match = path.match(/^\/accounts\/([^/]+)$/)) && m === 'POST') return upsertAccount(decodeURIComponent(match[1]), body(req))
    if ((match = path.match(/^\/accounts\/([^/]+)(?:\/(balance|state))?$/))) {
      const account = ctx.store.account(decodeURIComponent(match[1]))
      if (!account) return json(404, { error: 'account not found' })
      const view = () => ({ username: account.username, balance: account.balance, state: account.state, coupons: ctx.store.ofOwner(account.username).length })
      if (!match[2] && m === 'GET') return json(200, view())
      if (match[2] === 'balance' && m === 'POST') {
        const b = body(req)
        if (!b || typeof b.balance !== 'number' || !Number.isFinite(b.balance)) return bad('balance must be a number')
        account.balance = b.balance
        return json(200, view())
      }
      if (match[2] === 'state' && m === 'POST') {
        const b = body(req)
        const states: AccountState[] = ['active', 'disabled', 'expired']
        if (!b || !states.includes(b.state as AccountState)) return bad('state must be active, disabled or expired')
        account.state = b.state as AccountState
        return json(200, view())
      }
    }
    return undefined
  }
}
