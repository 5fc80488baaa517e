import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { DeskHandlers, TimelineEntryDto } from '../../../src-shared/contract.js'
import { createHarness, type Harness } from './helpers.js'

/**
 * Demo: a coupon of 100 at 1.40 settled won (+140), then "Return & recalculate: Lose". The client
 * account at the service takes the payout back (−140); the partner ledger deducts the stake again (−100,
 * the spec's rule): the timeline shows both, with their running totals, and says why they part by 40.
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

/** An open prematch outcome, its odds set to 1.40 by the Demo scenario. */
async function outcomeAt140(skip: number): Promise<string> {
  let seen = 0
  for (const sport of await api.feed.menu({ lineType: 'line' })) {
    const events = await api.feed.events({ lineType: 'line', sportId: sport.id, tournamentId: 0 })
    for (const match of events.flatMap((e) => e.matches)) {
      const outcome = (match.markets ?? []).flatMap((m) => m.columns.flat()).find((o) => !o.blocked && o.pointer !== '' && o.playerId === null)
      if (!outcome || seen++ < skip) continue
      await api.demo.moveOdds({ pointer: outcome.pointer, rate: 1.4 })
      return outcome.pointer
    }
  }
  throw new Error('no bettable outcome')
}

async function placeHundred(skip: number): Promise<string> {
  const placed = await api.coupons.place({ pointers: [await outcomeAt140(skip)], amount: 100, multi: false, mode: 'accept', confirmed: false })
  if (placed.outcome !== 'placed') throw new Error(`placement ${placed.outcome}`)
  expect(placed.coupons[0]).toMatchObject({ amount: 100, coef: 1.4 })
  return placed.coupons[0].couponCode
}

const entriesOf = async (code: string): Promise<TimelineEntryDto[]> => (await api.timeline.query({ couponCode: code })).items.reverse()
const balances = (items: TimelineEntryDto[]) => items.filter((e) => e.balances.serviceDelta !== null || e.balances.partnerDelta !== null)
  .map((e) => [e.kind, e.balances.serviceDelta, e.balances.partnerDelta])
const settledTo = (code: string, status: number) => h.waitFor('coupon.settled', (e) => e.coupon.couponCode === code && e.coupon.status === status, 5000)

describe('a recalculation the ledger can explain (Demo)', () => {
  it('both balances, their running totals and the 40.00 between them; the service total is the header balance change', async () => {
    await api.listener.start(undefined)
    const live = await h.subscribe({ name: 'timeline' })
    const before = (await api.balance.get(undefined)).balance
    const code = await placeHundred(0)
    await api.demo.settle({ code, result: 'win' })
    await settledTo(code, 2)
    await api.demo.recalculate({ code, result: 'lose' })
    // The coupon views learn of the return at once (pushed with its new status), not at the new result.
    await settledTo(code, 15)
    await api.demo.advanceClock({ ms: 60_000 })
    await settledTo(code, 4)
    await expect.poll(async () => (await entriesOf(code)).some((e) => e.kind === 'resettled'), { timeout: 5000 }).toBe(true)

    const items = await entriesOf(code)
    expect(balances(items)).toEqual([
      ['coupon_placed', -100, -100],
      [expect.stringMatching(/^(settled|discovered_by_polling)$/), 140, 140],
      ['returned_for_recalculation', -140, -100],
      ['resettled', 0, 0],
    ])
    const returned = items.find((e) => e.kind === 'returned_for_recalculation')!
    // The partner rule deducts the stake 100; the service took back the payout 140: they part by 40 here.
    expect(returned.balances.partnerDelta! - returned.balances.serviceDelta!).toBeCloseTo(40, 6)
    const last = items.at(-1)!
    expect(last.balances.partnerTotal! - last.balances.serviceTotal!).toBeCloseTo(40, 6)
    // Running totals over the whole history: this coupon is the only one moved in this profile's history so far.
    expect(last.balances).toMatchObject({ serviceTotal: -100, partnerTotal: -60, complete: true })
    const after = (await api.balance.get(undefined)).balance
    expect(after - before).toBeCloseTo(last.balances.serviceTotal!, 6)
    // The live feed carries the same figures, its totals carried on from entry to entry.
    const pushed = h.events.flatMap((e) => (e.type === 'watch.delta' && e.subscriptionId === live.subscriptionId && e.topic === 'timeline' ? e.delta.entries : []))
    expect(pushed.filter((e) => e.couponCode === code).map((e) => e.balances)).toEqual(items.map((e) => e.balances))
    await api.watch.unsubscribe({ subscriptionId: live.subscriptionId })
    // amountDelta stays the partner ledger's figure for older readers.
    expect(returned.amountDelta).toBe(-100)
    await api.listener.stop(undefined)
  })

  it('without a callback the return for recalculation still reaches the coupon views at once', async () => {
    await api.listener.stop(undefined)
    const code = await placeHundred(1)
    await api.demo.settle({ code, result: 'win' })
    // No callback: the result is found by the reconciler's by-code read of the open coupons the desk placed.
    await settledTo(code, 2)
    const watch = await h.subscribe({ name: 'coupons.active' })
    await api.demo.recalculate({ code, result: 'lose' })
    const pushed = await h.waitFor('coupon.settled', (e) => e.coupon.couponCode === code && e.coupon.status === 15, 2000)
    expect(pushed.coupon.realWin).toBeNull()
    const kinds = (await entriesOf(code)).map((e) => e.kind)
    expect(kinds).toContain('returned_for_recalculation')
    await api.watch.unsubscribe({ subscriptionId: watch.subscriptionId })
  })

  it('filters the timeline by several codes and names those without entries', async () => {
    const known = (await api.timeline.query({ kind: 'coupon_placed' })).items.map((e) => e.couponCode!)
    expect(known.length).toBeGreaterThanOrEqual(2)
    const both = await api.timeline.query({ couponCodes: [known[0], known[1], '999999999999'] })
    expect(new Set(both.items.map((e) => e.couponCode))).toEqual(new Set([known[0], known[1]]))
    expect(both.missingCodes).toEqual(['999999999999'])
    const none = await api.timeline.query({ couponCodes: ['999999999998', '999999999999'] })
    expect(none.items).toEqual([])
    expect(none.missingCodes).toEqual(['999999999998', '999999999999'])
    expect((await api.timeline.query({ couponCodes: [known[0]] })).missingCodes).toBeUndefined()
  })
})
