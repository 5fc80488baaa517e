import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { DeskHandlers, LedgerCheckDto } from '../../../src-shared/contract.js'
import { createHarness, type Harness } from './helpers.js'

/**
 * The ledger covers the client account, not only this desk: a coupon placed by "another desk" (straight
 * through the service's coupon API, same account) joins the timeline marked not placed here once a read
 * shows it, and the running balance agrees with the service's read; a settlement the history has not
 * taken in is a named difference until it is.
 */
let h: Harness
let api: DeskHandlers
let couponUrl: string

beforeAll(async () => {
  // No background pass: each step brings the history up to date on purpose (timeline.checkBalance).
  h = await createHarness({ balancePollMs: 600_000, activeCouponsPollMs: 600_000, reconcileMs: 3_600_000 })
  api = h.core.handlers
  await api.session.login(undefined)
  couponUrl = (await api.app.info(undefined)).endpoints.coupons
})
afterAll(async () => {
  await h?.close()
})

async function openPointer(skip: number): Promise<string> {
  let seen = 0
  for (const sport of await api.feed.menu({ lineType: 'line' })) {
    const events = await api.feed.events({ lineType: 'line', sportId: sport.id, tournamentId: 0 })
    for (const match of events.flatMap((e) => e.matches)) {
      const outcome = (match.markets ?? []).flatMap((m) => m.columns.flat()).find((o) => !o.blocked && o.pointer !== '' && o.playerId === null)
      if (outcome && seen++ >= skip) return outcome.pointer
    }
  }
  throw new Error('no bettable outcome')
}

/** Another desk on the same client account: its own sign-in and placement, nothing through this desk. */
async function placeElsewhere(pointer: string, amount: number): Promise<string> {
  const post = async (path: string, body: unknown, token?: string) => {
    const res = await fetch(`${couponUrl}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) }, body: JSON.stringify(body) })
    return (await res.json()) as { code: number; body: Record<string, unknown> }
  }
  const login = await post('/api/partner/login', { username: 'demo', password: 'demo' })
  const placed = await post('/api/partner/coupons/place', { list_bets: [pointer], amount, lang: 'en', mode: 'accept', multi: false }, String(login.body.token))
  expect(placed.code).toBe(1)
  return String((placed.body.coupons as Array<{ coupon_code: string }>)[0].coupon_code)
}

const check = () => api.timeline.checkBalance(undefined)
const explain = (c: LedgerCheckDto) => JSON.stringify({ difference: c.difference, reasons: c.reasons, unexplained: c.unexplained })

describe('a ledger of the client account (Demo)', () => {
  it('a coupon placed elsewhere joins the timeline as not placed here, and the running balance agrees with the read', async () => {
    await api.listener.start(undefined)
    await h.subscribe({ name: 'ledger' })
    const first = await check()
    expect(first.read).not.toBeNull()
    expect(first.clock).not.toBeNull()

    const code = await placeElsewhere(await openPointer(0), 25)
    const afterPlacing = await check()
    const seen = (await api.timeline.query({ couponCode: code })).items
    expect(seen.map((e) => [e.kind, e.placedHere, e.balances.serviceDelta])).toEqual([['coupon_seen', false, -25]])
    expect(afterPlacing.agrees, explain(afterPlacing)).toBe(true)

    await api.demo.settle({ code, result: 'win' })
    const afterSettling = await check()
    const entries = (await api.timeline.query({ couponCode: code })).items.reverse()
    expect(entries.map((e) => e.kind)).toEqual(['coupon_seen', 'discovered_by_polling'])
    expect(entries.every((e) => e.placedHere === false)).toBe(true)
    expect(afterSettling.agrees, explain(afterSettling)).toBe(true)
    // The service's balance moved by exactly what the history says the coupon did.
    const payout = entries[1].balances.serviceDelta ?? 0
    expect(payout).toBeGreaterThan(0)
    expect(afterSettling.read!.balance - first.read!.balance).toBeCloseTo(payout - 25, 2)

    const elsewhere = (await api.timeline.query({ placement: 'elsewhere' })).items
    expect(elsewhere.map((e) => e.couponCode)).toContain(code)
    expect((await api.timeline.query({ placement: 'here' })).items.map((e) => e.couponCode)).not.toContain(code)
  })

  it('a settlement whose callback never came is a named difference until the history takes it in', async () => {
    const placed = await api.coupons.place({ pointers: [await openPointer(3)], amount: 40, multi: false, mode: 'accept', confirmed: false })
    if (placed.outcome !== 'placed') throw new Error(`placement ${placed.outcome}`)
    const code = placed.coupons[0].couponCode
    expect((await check()).agrees).toBe(true)

    await api.demo.suppressCallback({ code })
    await api.demo.settle({ code, result: 'win' })
    // The header's read moves; the history has not heard of the result: the check names the coupon.
    await api.balance.get(undefined)
    const named = await h.core.handlers.watch.subscribe({ subscriptionId: 'ledger-named-1', topic: { name: 'ledger' } })
    let current = named.snapshot as LedgerCheckDto
    const deadline = Date.now() + 8000
    while (!current.reasons.some((r) => r.couponCode === code) && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 50))
      current = (await h.core.handlers.watch.subscribe({ subscriptionId: 'ledger-named-2', topic: { name: 'ledger' } })).snapshot as LedgerCheckDto
      await h.core.handlers.watch.unsubscribe({ subscriptionId: 'ledger-named-2' })
    }
    const payout = (await api.coupons.get({ code })).realWin ?? 0
    expect(payout).toBeGreaterThan(0)
    expect(current.agrees).toBe(false)
    expect(current.difference).toBeCloseTo(payout, 2)
    expect(current.reasons).toContainEqual({ kind: 'settlement_not_seen', group: 'in_flight', couponCode: code, amount: payout })
    expect(current.unexplained, explain(current)).toBe(0)

    // The next pass reads it by code: the history agrees again.
    const after = await check()
    expect(after.agrees, explain(after)).toBe(true)
  })

  it('a coupon placed elsewhere found by the operator\'s lookup by period joins the timeline too', async () => {
    const code = await placeElsewhere(await openPointer(7), 12)
    expect((await api.timeline.query({ couponCode: code })).items).toEqual([])
    const createdAt = (await api.coupons.get({ code })).createdAt ?? Date.now()
    const found = await api.coupons.resultsByPeriod({ from: createdAt - 60_000, to: createdAt + 60_000 })
    expect(found.map((c) => c.couponCode)).toContain(code)
    const entries = (await api.timeline.query({ couponCode: code })).items
    expect(entries.map((e) => [e.kind, e.placedHere, e.balances.serviceDelta])).toEqual([['coupon_seen', false, -12]])
    expect((await check()).agrees).toBe(true)
  })
})
