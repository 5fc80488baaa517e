import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { join } from 'node:path'
import { createManualClock, createSimulatedClock, type ManualClock } from '../../../src-main/core/shared/clock.js'
import { createReconciler, type CouponReader } from '../../../src-main/core/timeline/reconcile.js'
import { openTimelineStore } from '../../../src-main/core/timeline/store.js'
import { batch, bet, coupon, snap, tempDir, wireStore, type WireStore } from '../../integration/callbacks/helpers.js'

/** Reader stand-in: the real coupon client against the simulator is covered in test/integration/timeline. */
function fakeReader(state: { settled: Record<string, unknown>[]; byId: Record<string, unknown> }) {
  const calls: Array<[string, unknown]> = []
  let gate: Promise<void> | null = null
  const reader: CouponReader & { calls: typeof calls; hold(): () => void } = {
    calls,
    hold() {
      let release!: () => void
      gate = new Promise((r) => (release = r))
      return () => {
        gate = null
        release()
      }
    },
    async calculated(minutes) {
      calls.push(['calculated', minutes])
      if (gate) await gate
      return state.settled.map(snap)
    },
    async resultsByIds(codes) {
      calls.push(['results', codes])
      return codes.map((c) => state.byId[c]).filter(Boolean).map(snap)
    },
  }
  return reader
}

describe('reconciler', () => {
  let tmp: ReturnType<typeof tempDir>
  let clock: ManualClock
  let store: WireStore
  beforeEach(() => {
    tmp = tempDir('desk-rec-')
    clock = createManualClock()
    store = wireStore(openTimelineStore(join(tmp.dir, 't.sqlite'), { clock }))
  })
  afterEach(() => {
    store.close()
    tmp.cleanup()
  })

  it('discovers by polling, marks a missed callback after the grace period, then a late callback', async () => {
    const code = '000000000301'
    store.recordPlacement([{ ...coupon(code, 0, [bet('1', 0)]), amount: 10 }], { callbackUrl: 'http://127.0.0.1/cb' })
    const settled = { ...coupon(code, 2, [bet('1', 1)]), amount: 10, real_win: 19 }
    const reader = fakeReader({ settled: [], byId: { [code]: settled } })
    const rec = createReconciler({ store: store.typed, reader, clock, graceMs: 120_000 })
    const first = await rec.runOnce()
    expect(first.entries.map((e) => e.kind)).toEqual(['discovered_by_polling'])
    expect(reader.calls).toEqual([['calculated', 120], ['results', [code]]])
    clock.advance(60_000)
    expect((await rec.runOnce()).entries).toEqual([])
    clock.advance(60_000)
    expect((await rec.runOnce()).entries.map((e) => e.kind)).toEqual(['missed_callback'])
    const late = store.applyBatch(batch('late', [coupon(code, 2, [bet('1', 1)], { real_win: 19 })]), { rawSize: 1 })
    expect(late.entries.map((e) => e.kind)).toEqual(['late_callback'])
  })

  it('narrows the calculated window to the time since the last good pass and widens it after errors', async () => {
    const reader = fakeReader({ settled: [], byId: {} })
    const rec = createReconciler({ store: store.typed, reader, clock, intervalMs: 60_000 })
    await rec.runOnce()
    clock.advance(60_000)
    await rec.runOnce()
    expect(reader.calls.map((c) => c[1])).toEqual([120, 2])
    const failing: CouponReader = { calculated: async () => Promise.reject(new Error('HTTP 503')), resultsByIds: async () => [] }
    const rec2 = createReconciler({ store: store.typed, reader: failing, clock })
    const report = await rec2.runOnce()
    expect(report.errors[0]).toMatch(/calculated: HTTP 503/)
  })

  it('never runs two passes at once', async () => {
    const reader = fakeReader({ settled: [], byId: {} })
    const release = reader.hold()
    const rec = createReconciler({ store: store.typed, reader, clock })
    const a = rec.runOnce()
    const b = await rec.runOnce()
    expect(b.skipped).toBe(true)
    expect(rec.running).toBe(true)
    release()
    expect((await a).skipped).toBe(false)
    expect(reader.calls.filter((c) => c[0] === 'calculated')).toHaveLength(1)
  })

  it('stores settled coupons from the calculated window and emits entries to subscribers', async () => {
    const seen: string[] = []
    store.onEntry((e) => seen.push(`${e.kind}:${e.couponCode}`))
    const reader = fakeReader({ settled: [{ ...coupon('000000000302', 4, [bet('1', 2)]), amount: 3, real_win: 0 }], byId: {} })
    await createReconciler({ store: store.typed, reader, clock }).runOnce()
    expect(seen).toEqual(['discovered_by_polling:000000000302'])
  })

  it('stop then start while a pass awaits a read leaves one loop, and stop ends it (no orphan timer)', async () => {
    const sim = createSimulatedClock()
    const reader = fakeReader({ settled: [], byId: {} })
    const release = reader.hold()
    const rec = createReconciler({ store: store.typed, reader, clock: sim, intervalMs: 150 })
    rec.start()
    await sim.advance(150)
    expect(reader.calls).toHaveLength(1)
    rec.stop()
    rec.start()
    release()
    await sim.advance(0)
    rec.stop()
    await sim.advance(10_000)
    expect(reader.calls).toHaveLength(1)
    expect(sim.pending()).toBe(0)
  })

  it('runs on the injected clock: six simulated hours of passes in milliseconds, no real waiting', async () => {
    const sim = createSimulatedClock()
    store.close()
    store = wireStore(openTimelineStore(join(tmp.dir, 'sim.sqlite'), { clock: sim }))
    const code = '000000000304'
    store.recordPlacement([{ ...coupon(code, 0, [bet('1', 0)]), amount: 10 }], { callbackUrl: 'http://127.0.0.1/cb' })
    const byId: Record<string, unknown> = {}
    const reader = fakeReader({ settled: [], byId })
    const rec = createReconciler({ store: store.typed, reader, clock: sim, intervalMs: 60_000, graceMs: 120_000 })
    const started = Date.now()
    rec.start()
    await sim.advance(3 * 3_600_000)
    // Settled on the server after three hours; its callback never comes.
    byId[code] = { ...coupon(code, 2, [bet('1', 1)]), amount: 10, real_win: 19 }
    await sim.advance(3 * 3_600_000)
    rec.stop()
    const passes = reader.calls.filter((c) => c[0] === 'calculated')
    expect(passes).toHaveLength(360)
    // After the first pass the window is the time since the last good pass plus a minute.
    expect(passes.slice(1).every((c) => c[1] === 2)).toBe(true)
    const kinds = store.couponHistory(code).entries.map((e) => e.kind)
    expect(kinds).toEqual(['coupon_placed', 'discovered_by_polling', 'missed_callback'])
    const [found, missed] = store.couponHistory(code).entries.slice(1)
    // Found by the first pass after the 3 h mark; missed two grace minutes later, both on the simulated clock.
    expect(found.at - 1_000_000).toBe(3 * 3_600_000 + 60_000)
    expect(missed.at - found.at).toBe(120_000)
    expect(Date.now() - started).toBeLessThan(5_000)
    expect(sim.pending()).toBe(0)
  })

  it('a confirming read overtaken by a newer callback is not applied; the next read places the coupon', async () => {
    const code = '000000000303'
    store.recordPlacement([{ ...coupon(code, 0, [bet('1', 0)]), amount: 10 }], { callbackUrl: 'http://127.0.0.1/cb' })
    const lost = coupon(code, 4, [bet('1', 2)], { real_win: 0, calculate_date: 1_000 })
    const recalc = coupon(code, 15, [bet('1', 4)], { real_win: null, calculate_date: null })
    const won = coupon(code, 2, [bet('1', 1)], { real_win: 25, calculate_date: 2_000 })
    store.applyBatch(batch('x-1', [lost]), { rawSize: 1 })
    store.applyBatch(batch('x-2', [recalc]), { rawSize: 1 })
    expect(store.pendingConfirmations()).toEqual([code])
    let serverNow: unknown = { ...recalc, amount: 10 }
    const reader: CouponReader = {
      calculated: async () => [],
      async resultsByIds() {
        const answer = [snap(serverNow)]
        // While this read is under way the coupon is re-settled and its callback arrives first.
        serverNow = { ...won, amount: 10 }
        store.applyBatch(batch('x-3', [won]), { rawSize: 1 })
        return answer
      },
    }
    const rec = createReconciler({ store: store.typed, reader, clock, confirmGapMs: 0 })
    await rec.confirm()
    expect(store.coupon(code)?.status).toBe(2)
    expect(store.pendingConfirmations()).toEqual([code])
    reader.resultsByIds = async () => [snap(serverNow)]
    await rec.confirm()
    expect(store.pendingConfirmations()).toEqual([])
    expect(store.coupon(code)?.status).toBe(2)
    expect(store.ledger(code).rows.map((r) => [r.kind, r.amount])).toEqual([['stake', -10], ['credit', 0], ['re_deduct', -10], ['credit', 25]])
  })
})
