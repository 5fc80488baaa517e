import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { DeskHandlers } from '../../../src-shared/contract.js'
import { createHarness, type Harness } from './helpers.js'

/**
 * Demo, through the desk core: coupons on matches of two sports settled won, lost and returned. The
 * settled P&L per day and sport and the balance history (reads, running client account, markers) carry
 * the figures the simulator moved the account by.
 */
let h: Harness
let api: DeskHandlers

beforeAll(async () => {
  h = await createHarness({ balancePollMs: 600_000, activeCouponsPollMs: 600_000, reconcileMs: 250 })
  api = h.core.handlers
  await api.session.login(undefined)
})
afterAll(async () => {
  await h?.close()
})

/** An open prematch outcome of the n-th sport of the menu (one per sport), its odds set to `rate`. */
async function outcomeOfSport(n: number, rate: number): Promise<{ pointer: string; sportId: number }> {
  const sports = await api.feed.menu({ lineType: 'line' })
  let seen = 0
  for (const sport of sports) {
    const events = await api.feed.events({ lineType: 'line', sportId: sport.id, tournamentId: 0 })
    const outcome = events.flatMap((e) => e.matches).flatMap((m) => (m.markets ?? []).flatMap((k) => k.columns.flat()))
      .find((o) => !o.blocked && o.pointer !== '' && o.playerId === null)
    if (!outcome || seen++ < n) continue
    await api.demo.moveOdds({ pointer: outcome.pointer, rate })
    return { pointer: outcome.pointer, sportId: sport.id }
  }
  throw new Error('no bettable outcome')
}

async function place(pointer: string, amount: number): Promise<string> {
  const placed = await api.coupons.place({ pointers: [pointer], amount, multi: false, mode: 'accept', confirmed: false })
  if (placed.outcome !== 'placed') throw new Error(`placement ${placed.outcome}`)
  return placed.coupons[0].couponCode
}
const settledTo = (code: string, status: number) => h.waitFor('coupon.settled', (e) => e.coupon.couponCode === code && e.coupon.status === status, 5000)
const cents = (n: number) => Math.round(n * 100)

describe('settled P&L and balance history (Demo, desk core)', () => {
  it('per day and per sport: stakes, payouts, P&L and counts; the chart’s running balance ends at the balance read', async () => {
    await api.listener.start(undefined)
    const before = (await api.balance.get(undefined)).balance
    const a = await outcomeOfSport(0, 2)
    const b = await outcomeOfSport(1, 1.5)
    expect(a.sportId).not.toBe(b.sportId)
    const won = await place(a.pointer, 100)
    const lost = await place(b.pointer, 50)
    const returned = await place(a.pointer, 20.35)
    const open = await place(b.pointer, 10)

    await api.demo.settle({ code: won, result: 'win' })
    await api.demo.settle({ code: lost, result: 'lose' })
    await api.demo.settle({ code: returned, result: 'return' })
    const settled = [await settledTo(won, 2), await settledTo(lost, 4), await settledTo(returned, 8)]
    const after = (await api.balance.get(undefined)).balance
    // The account moved by the four stakes out and the two payouts in (200 won, 20.35 returned).
    expect(cents(after - before)).toBe(cents(-100 - 50 - 20.35 - 10 + 200 + 20.35))

    const pnl = await api.timeline.pnl({ timeZone: 'UTC' })
    expect(pnl.total).toMatchObject({ coupons: 3, won: 1, lost: 1, returned: 1, incomplete: 0 })
    expect(cents(pnl.total.stakes)).toBe(cents(170.35))
    expect(cents(pnl.total.payouts)).toBe(cents(220.35))
    expect(cents(pnl.total.pnl)).toBe(cents(50))
    const sportA = pnl.sports.find((g) => g.key === String(a.sportId))!
    const sportB = pnl.sports.find((g) => g.key === String(b.sportId))!
    expect(sportA).toMatchObject({ coupons: 2, won: 1, returned: 1 })
    expect(cents(sportA.pnl)).toBe(cents(100))
    expect(sportA.label).toBeTruthy()
    expect(sportB).toMatchObject({ coupons: 1, lost: 1 })
    expect(cents(sportB.pnl)).toBe(cents(-50))
    // Each settled coupon counts on the UTC day of its calculate_date; the days add up to the total.
    const days = new Set(settled.map((e) => new Date(e.coupon.calculateDate!).toISOString().slice(0, 10)))
    expect(pnl.days.map((d) => d.key).sort()).toEqual([...days].sort())
    expect(pnl.days.reduce((s, d) => s + cents(d.pnl), 0)).toBe(cents(50))
    // A range after the settlements holds none of them; the open coupon is never counted.
    const later = await api.timeline.pnl({ timeZone: 'UTC', from: Math.max(...settled.map((e) => e.coupon.calculateDate!)) + 1 })
    expect(later.total.coupons).toBe(0)
    await expect(api.timeline.pnl({ timeZone: 'Mars/Olympus' } as never)).rejects.toBeTruthy()

    const history = await api.timeline.balanceHistory({})
    expect(history.anchored).toBe(true)
    expect(history.samples.map((s) => s.balance)).toEqual(expect.arrayContaining([before, after]))
    const byKind = (kind: string) => history.markers.filter((m) => m.kind === kind)
    expect(byKind('placement').map((m) => [m.couponCode, m.delta])).toEqual([[won, -100], [lost, -50], [returned, -20.35], [open, -10]])
    expect(byKind('settlement').map((m) => [m.couponCode, m.delta]).sort()).toEqual([[lost, 0], [returned, 20.35], [won, 200]].sort())
    // Anchored at the latest read: the running client account starts at the balance before and ends at the balance after.
    expect(cents(history.markers[0].balance)).toBe(cents(before - 100))
    expect(cents(history.markers.at(-1)!.balance)).toBe(cents(after))
  })
})
