import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { join } from 'node:path'
import { createCallbackListener, type CallbackListener } from '../../../src-main/core/callbacks/listener.js'
import { startSimulator, type RunningSimulator } from '../../../src-main/core/simulator/server.js'
import { couponSnapshot, snapshotReader } from '../../../src-main/core/coupons/snapshot.js'
import { createReconciler } from '../../../src-main/core/timeline/reconcile.js'
import { openTimelineStore, type TimelineStore } from '../../../src-main/core/timeline/store.js'
import type { TimelineEntry } from '../../../src-main/core/timeline/types.js'
import { makeClient, outcomes } from '../coupons/helpers.js'
import { tempDir } from '../callbacks/helpers.js'

const SECRET = 'e2e-callback-secret'

/**
 * Simulator → signed callback → listener → timeline, over real HTTP on 127.0.0.1:
 * placement with callback_url, settlement and recalculation through the control API,
 * an accumulator's progressive callbacks, and a suppressed callback found by reconciliation.
 */
describe('settlement timeline end to end with the simulator', () => {
  const tmp = tempDir('desk-e2e-')
  let sim: RunningSimulator
  let store: TimelineStore
  let listener: CallbackListener
  let callbackUrl: string
  let client: ReturnType<typeof makeClient>
  let skip = 0

  beforeAll(async () => {
    sim = await startSimulator({ port: 0, clockTickMs: 0, seed: 1, callbackSecret: SECRET })
    store = openTimelineStore(join(tmp.dir, 'timeline.sqlite'), { clock: sim.clock })
    listener = createCallbackListener({ port: 0, secret: SECRET, store, clock: sim.clock })
    ;({ url: callbackUrl } = await listener.start())
    client = makeClient(sim)
  })
  afterAll(async () => {
    await listener?.stop()
    await sim?.close()
    store?.close()
    tmp.cleanup()
  })

  async function control(path: string, body: unknown = {}): Promise<Record<string, unknown>> {
    const res = await fetch(`${sim.couponBaseUrl}/__sim${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    })
    expect(res.status, `${path}: ${await res.clone().text()}`).toBe(200)
    return (await res.json()) as Record<string, unknown>
  }

  async function deliveries(): Promise<Array<{ batchId: string; status: number | null; outcome: string; couponCodes: string[] }>> {
    const res = await fetch(`${sim.couponBaseUrl}/__sim/callbacks/deliveries`)
    return ((await res.json()) as { deliveries: never[] }).deliveries
  }

  /** Waits until the simulator's delivery log shows `count` attempts for the coupon. */
  async function waitDeliveries(code: string, count: number) {
    const deadline = Date.now() + 5000
    for (;;) {
      const mine = (await deliveries()).filter((d) => d.couponCodes.includes(code))
      if (mine.length >= count) return mine
      if (Date.now() > deadline) throw new Error(`only ${mine.length} deliveries for ${code}`)
      await new Promise((r) => setTimeout(r, 20))
    }
  }

  async function place(legs: number, amount: number, withCallback = true) {
    const picked = outcomes(sim, legs, skip)
    skip += legs
    const result = await client.place({ bets: picked.map((p) => p.pointer), amount, multi: false, lang: 'en', callbackUrl: withCallback ? callbackUrl : '' })
    if (result.outcome !== 'placed') throw new Error(`placement ${result.outcome}`)
    store.recordPlacement(result.coupons.map(couponSnapshot), { callbackUrl: withCallback ? callbackUrl : null })
    return { coupon: result.coupons[0], picked }
  }

  const kindsOf = (code: string) => store.couponHistory(code).entries.map((e) => e.kind)

  it('a single: placed, settled by callback, returned for recalculation (15/4), settled again', async () => {
    const { coupon } = await place(1, 10)
    await control(`/coupons/${coupon.code}/settle`, { result: 'win' })
    const [first] = await waitDeliveries(coupon.code, 1)
    expect(first).toMatchObject({ status: 200, outcome: 'delivered' })
    expect(kindsOf(coupon.code)).toEqual(['coupon_placed', 'settled'])
    const won = store.coupon(coupon.code)!
    expect(won.realWin).toBeGreaterThan(10)

    await control(`/coupons/${coupon.code}/recalculate`, { result: 'lose' })
    await waitDeliveries(coupon.code, 2)
    // A 15 after a result carries no date: a confirming read of the coupon places it (delivery order).
    expect(kindsOf(coupon.code)).toEqual(['coupon_placed', 'settled', 'recalculation_unconfirmed'])
    expect((await createReconciler({ store, reader: snapshotReader(client), clock: sim.clock }).confirm()).errors).toEqual([])
    expect(kindsOf(coupon.code)).toEqual(['coupon_placed', 'settled', 'recalculation_unconfirmed', 'returned_for_recalculation'])
    const recalc = store.couponHistory(coupon.code)
    expect(recalc.coupon?.status).toBe(15)
    const raw = recalc.versions.filter((v) => v.source === 'callback').at(-1)!.raw as { events_data: Array<{ status: number; uuid: string }> }
    expect(raw.events_data.map((b) => b.status)).toEqual([4])
    expect(typeof raw.events_data[0].uuid).toBe('string')

    await control('/clock/advance', { ms: 60_000 })
    const all = await waitDeliveries(coupon.code, 3)
    expect(all.every((d) => d.outcome === 'delivered')).toBe(true)
    expect(kindsOf(coupon.code)).toEqual(['coupon_placed', 'settled', 'recalculation_unconfirmed', 'returned_for_recalculation', 'resettled'])
    const ledger = store.ledger(coupon.code)
    expect(ledger.rows.map((r) => [r.kind, r.amount])).toEqual([
      ['stake', -10],
      ['credit', won.realWin],
      ['re_deduct', -10],
      ['credit', 0],
    ])
    expect(ledger.complete).toBe(true)
    // every delivery was acknowledged once and stored
    const rows = store.deliveries().items.filter((d) => all.some((a) => a.batchId === d.batchId))
    expect(rows).toHaveLength(3)
    expect(rows.every((r) => r.verdict === 'valid' && r.answerStatus === 200 && !r.duplicate)).toBe(true)
  })

  it("an accumulator's progressive callbacks are grouped under the coupon, then its final snapshot", async () => {
    const { coupon, picked } = await place(3, 5)
    const seen: TimelineEntry[] = []
    const off = store.onEntry((e) => e.couponCode === coupon.code && seen.push(e))
    for (const [i, p] of picked.entries()) {
      await control(`/matches/${p.match.gameId}/finish`, { score: [i % 3, 1] })
      await waitDeliveries(coupon.code, i + 1)
    }
    off()
    const history = store.couponHistory(coupon.code)
    const callbackKinds = history.entries.filter((e) => e.source === 'callback').map((e) => e.kind)
    expect(callbackKinds).toHaveLength(3)
    expect(callbackKinds.at(-1)).toBe('settled')
    for (const k of callbackKinds.slice(0, 2)) expect(['progressive_update', 'first_lost_bet']).toContain(k)
    expect(history.progressive).toHaveLength(2)
    expect(history.entries.every((e) => e.group === coupon.code)).toBe(true)
    expect(seen.map((e) => e.kind)).toEqual(callbackKinds)
    const final = history.versions.at(-1)!.raw as { status: number; events_data: Array<{ status: number }> }
    expect(final.events_data.every((b) => b.status !== 0)).toBe(true)
    // the first lost bet notice appears exactly when a bet was lost before the last one settled
    const lostEarly = history.versions
      .filter((v) => v.source === 'callback')
      .slice(0, 2)
      .some((v) => (v.raw as { status: number }).status === 4)
    expect(callbackKinds.includes('first_lost_bet')).toBe(lostEarly)
  })

  it('a suppressed callback is found by polling and marked missed after the grace period', async () => {
    const { coupon } = await place(1, 7)
    await control('/callbacks/suppress', { couponCode: coupon.code })
    await control(`/coupons/${coupon.code}/settle`, { result: 'lose' })
    await sim.coupons.whenCallbacksIdle()
    expect((await deliveries()).filter((d) => d.couponCodes.includes(coupon.code))).toEqual([])
    expect(kindsOf(coupon.code)).toEqual(['coupon_placed'])

    const reconciler = createReconciler({ store, reader: snapshotReader(client), clock: sim.clock, graceMs: 120_000 })
    const first = await reconciler.runOnce()
    expect(first.errors).toEqual([])
    expect(first.entries.filter((e) => e.couponCode === coupon.code).map((e) => e.kind)).toEqual(['discovered_by_polling'])
    await control('/clock/advance', { ms: 60_000 })
    expect((await reconciler.runOnce()).entries.filter((e) => e.couponCode === coupon.code)).toEqual([])
    await control('/clock/advance', { ms: 61_000 })
    const third = await reconciler.runOnce()
    expect(third.entries.filter((e) => e.couponCode === coupon.code).map((e) => e.kind)).toEqual(['missed_callback'])
    expect(kindsOf(coupon.code)).toEqual(['coupon_placed', 'discovered_by_polling', 'missed_callback'])
    expect(store.openPlacedCodes()).not.toContain(coupon.code)
    // coupons with a delivered callback are never reported missed
    expect(store.query({ kind: 'missed_callback' }).items.map((e) => e.couponCode)).toEqual([coupon.code])
  })

  it('a callback retried after a 503 arrives after polling found the result: late, credited once', async () => {
    const { coupon } = await place(1, 4)
    await control('/callbacks/fail', { count: 1, as: '503' })
    await control(`/coupons/${coupon.code}/settle`, { result: 'win' })
    const [failed] = await waitDeliveries(coupon.code, 1)
    expect(failed).toMatchObject({ status: 503, outcome: 'retry-scheduled' })
    const reconciler = createReconciler({ store, reader: snapshotReader(client), clock: sim.clock, graceMs: 120_000 })
    await reconciler.runOnce()
    expect(kindsOf(coupon.code)).toEqual(['coupon_placed', 'discovered_by_polling'])
    await control('/clock/advance', { ms: 60_000 })
    const [, retried] = await waitDeliveries(coupon.code, 2)
    expect(retried).toMatchObject({ status: 200, outcome: 'delivered', batchId: failed.batchId })
    expect(kindsOf(coupon.code)).toEqual(['coupon_placed', 'discovered_by_polling', 'late_callback'])
    expect(store.couponHistory(coupon.code).entries[2].data).toMatchObject({ afterMissed: false })
    await control('/clock/advance', { ms: 300_000 })
    expect((await reconciler.runOnce()).entries.filter((e) => e.couponCode === coupon.code)).toEqual([])
    expect(store.ledger(coupon.code).rows.map((r) => r.kind)).toEqual(['stake', 'credit'])
  })

  it('issue 8: the re-settled snapshot arrives before the retried 15: the coupon ends re-settled, credited once per cycle', async () => {
    const { coupon } = await place(1, 10)
    await control(`/coupons/${coupon.code}/settle`, { result: 'lose' })
    await waitDeliveries(coupon.code, 1)
    await control('/clock/advance', { ms: 1000 })
    await control('/callbacks/fail', { count: 1 })
    await control(`/coupons/${coupon.code}/recalculate`, { result: 'win', delayMs: 0 })
    const [, failed, resettled] = await waitDeliveries(coupon.code, 3)
    expect(failed).toMatchObject({ outcome: 'retry-scheduled' })
    expect(resettled).toMatchObject({ status: 200, outcome: 'delivered' })
    await control('/clock/advance', { ms: 60_000 })
    const all = await waitDeliveries(coupon.code, 4)
    expect(all[3]).toMatchObject({ status: 200, outcome: 'delivered', batchId: failed.batchId })
    await createReconciler({ store, reader: snapshotReader(client), clock: sim.clock }).confirm()
    expect(store.pendingConfirmations()).not.toContain(coupon.code)
    const stored = store.coupon(coupon.code)!
    expect(stored.status).toBe(2)
    expect(stored.realWin).toBeGreaterThan(10)
    expect(store.ledger(coupon.code).rows.map((r) => [r.kind, r.amount])).toEqual([
      ['stake', -10],
      ['credit', 0],
      ['re_deduct', -10],
      ['credit', stored.realWin],
    ])
  })
})
