import { describe, expect, it } from 'vitest'
import { openTimelineStore } from '../../../src-main/core/timeline/store.js'
import { MAX_CHART_POINTS } from '../../../src-main/core/timeline/figures.js'
import { snap } from '../../integration/callbacks/helpers.js'

/** The chart's reads stay drawable however long the history: reads thinned evenly, the newest movements kept. */
describe('balance history limits', () => {
  it('thins balance reads evenly, keeping the first and the last; keeps the newest movements and says so', () => {
    let now = 1_800_000_000_000
    const store = openTimelineStore(':memory:', { clock: { now: () => (now += 1000) } as never })
    try {
      for (let i = 0; i < 5 * MAX_CHART_POINTS + 3; i++) store.recordBalance(10_000 + i)
      const n = MAX_CHART_POINTS + 50
      for (let i = 0; i < n; i++) {
        store.recordPlacement([snap({ coupon_code: String(200000000000 + i), amount: 1, status: 0, real_win: null, events_data: [{ uuid: String(i), status: 0 }] })], { callbackUrl: null })
      }
      const h = store.balanceHistory()
      expect(h.samples.length).toBeLessThanOrEqual(MAX_CHART_POINTS + 1)
      expect(h.samples[0]!.balance).toBe(10_000)
      expect(h.samples.at(-1)!.balance).toBe(10_000 + 5 * MAX_CHART_POINTS + 2)
      const steps = new Set(h.samples.slice(1, -1).map((s, i) => s.balance - h.samples[i]!.balance))
      expect(steps.size).toBe(1)
      expect(h.truncated).toBe(true)
      expect(h.markers).toHaveLength(MAX_CHART_POINTS)
      expect(h.markers.at(-1)!.couponCode).toBe(String(200000000000 + n - 1))
      // Anchored at the latest read (taken before every placement): each stake of 1 moves the line down by 1 from there.
      expect(h.anchored).toBe(true)
      expect(h.markers.at(-1)!.balance).toBe(10_000 + 5 * MAX_CHART_POINTS + 2 - n)
      // A range holds only what falls in it.
      const recent = store.balanceHistory({ from: h.markers.at(-10)!.at })
      expect(recent.samples).toHaveLength(0)
      expect(recent.markers).toHaveLength(10)
      expect(recent.truncated).toBe(false)
    } finally {
      store.close()
    }
  })
})
