import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { join } from 'node:path'
import { openTimelineSource } from '../../../src-main/core/desk/watch-sources.js'
import { entryToDto, pageContext } from '../../../src-main/core/desk/map-timeline.js'
import { openTimelineStore, type TimelineStore } from '../../../src-main/core/timeline/store.js'
import { batch, bet, coupon, tempDir, wireStore } from '../../integration/callbacks/helpers.js'

/**
 * The `timeline` topic's snapshot: each entry's figures as a page of its own would give them, read
 * with one pass over the page (one running-totals read, each coupon once), not one per entry:
 * per entry, 200 entries cost 40,000 statement runs whose native buffers the process kept.
 */
describe('timeline topic snapshot', () => {
  let tmp: ReturnType<typeof tempDir>
  let store: TimelineStore

  beforeEach(() => {
    tmp = tempDir('desk-tl-source-')
    store = openTimelineStore(join(tmp.dir, 'timeline.sqlite'))
    const wire = wireStore(store)
    const codes = Array.from({ length: 30 }, (_, i) => String(300_000_000_000 + i))
    wire.recordPlacement(codes.map((code, i) => ({ ...coupon(code, 0, [bet(String(i), 0)]), amount: 5 + i })))
    // Every other coupon settles (won or lost), the first few twice: entries with and without running effects.
    wire.applyBatch(batch('b-1', codes.filter((_, i) => i % 2 === 0).map((code, i) => coupon(code, i % 3 === 0 ? 3 : 2, [bet(String(i), i % 3 === 0 ? 2 : 1, 1)], { real_win: i % 3 === 0 ? 0 : 40 }))), { rawSize: 0 })
    wire.applyBatch(batch('b-2', codes.slice(0, 4).map((code, i) => coupon(code, 2, [bet(String(i), 1, 1)], { real_win: 12 }))), { rawSize: 0 })
    // A coupon met only in a callback (never placed here).
    wire.applyBatch(batch('b-3', [coupon('399999999999', 2, [bet('x', 1, 1)], { real_win: 7 })]), { rawSize: 0 })
  })
  afterEach(() => {
    store.close()
    tmp.cleanup()
  })

  /** The store with its reads counted. */
  function counted(inner: TimelineStore) {
    const calls = { runningTotals: 0, coupon: 0 }
    const proxy = new Proxy(inner, {
      get(target, key, receiver) {
        const value = Reflect.get(target, key, receiver) as unknown
        if ((key === 'runningTotals' || key === 'coupon') && typeof value === 'function') {
          return (...args: unknown[]) => {
            calls[key] += 1
            return (value as (...a: unknown[]) => unknown).apply(target, args)
          }
        }
        return value
      },
    })
    return { store: proxy, calls }
  }

  it('gives each entry the figures a page of its own gives it', () => {
    const source = openTimelineSource(store, 20, { delta: () => undefined } as never)
    const snapshot = source.snapshot() ?? []
    source.close()
    const items = store.query({ limit: 20, order: 'desc', cursor: null }).items
    expect(snapshot).toHaveLength(20)
    expect(snapshot).toEqual(items.map((e) => entryToDto(e, pageContext(store, [e]))))
    // Figures that are there to compare: running totals and a coupon met elsewhere.
    expect(snapshot.some((e) => e.balances.partnerTotal !== null && e.balances.partnerTotal !== 0)).toBe(true)
    expect(snapshot.some((e) => e.placedHere === false)).toBe(true)
  })

  it('reads the running totals once per snapshot and each coupon once', () => {
    const { store: watched, calls } = counted(store)
    const source = openTimelineSource(watched, 20, { delta: () => undefined } as never)
    const snapshot = source.snapshot() ?? []
    source.close()
    expect(calls.runningTotals).toBe(1)
    expect(calls.coupon).toBeLessThanOrEqual(new Set(snapshot.map((e) => e.couponCode)).size)
  })
})
