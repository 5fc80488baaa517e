import { describe, expect, it } from 'vitest'
import { createManualClock, createSkippableClock } from '../../../src-main/core/shared/clock.js'
import { createFeedScheduler, feedKey, SPEC_MIN_INTERVALS, type FeedRequestSpec } from '../../../src-main/core/feed/index.js'

// The clock a test console paces the feed on: it runs with its base and a skip moves it forward at
// once. What paces itself on it keeps its intervals on it; they only pass sooner.
describe('skippable clock', () => {
  it('runs with its base, and a skip moves it and its pending timers forward, firing what fell due in due order', () => {
    const base = createManualClock(1_000_000)
    const clock = createSkippableClock(base)
    const fired: string[] = []
    clock.timers.set(() => fired.push('30s'), 30_000)
    clock.timers.set(() => fired.push('10s'), 10_000)
    clock.timers.set(() => fired.push('60s'), 60_000)
    const cleared = clock.timers.set(() => fired.push('cleared'), 5_000)
    clock.timers.clear(cleared)

    base.advance(1_000)
    expect(clock.now()).toBe(1_001_000)
    clock.skip(29_000)
    expect(clock.now()).toBe(1_030_000)
    expect(clock.skippedMs()).toBe(29_000)
    expect(fired).toEqual([]) // a skip re-arms; they fire when the base's timers run
    base.advance(0)
    expect(fired).toEqual(['10s', '30s'])
    base.advance(29_999)
    expect(fired).toEqual(['10s', '30s'])
    base.advance(1)
    expect(fired).toEqual(['10s', '30s', '60s'])
    expect(base.pending()).toBe(0)
  })

  it('skips forward only', () => {
    const clock = createSkippableClock(createManualClock())
    expect(() => clock.skip(-1)).toThrow(RangeError)
    expect(() => clock.skip(Number.NaN)).toThrow(RangeError)
    expect(clock.skippedMs()).toBe(0)
  })

  it('the feed scheduler on it: a skip short of the Prematch interval starts no read; the rest of it, waited, does', async () => {
    const base = createManualClock(1_000_000)
    const clock = createSkippableClock(base)
    const starts: number[] = []
    const spec: FeedRequestSpec = { method: 'event', gameId: 7, type: 'line', lang: 'en' }
    const scheduler = createFeedScheduler({ clock, run: async () => (starts.push(clock.now()), { kind: 'match' }) })
    const flush = async () => {
      for (let i = 0; i < 5; i++) await Promise.resolve()
    }
    scheduler.watch(spec, () => {})
    await flush()
    expect(starts).toEqual([1_000_000])

    const interval = SPEC_MIN_INTERVALS.event.line
    clock.skip(interval - 1)
    base.advance(0)
    await flush()
    expect(starts).toHaveLength(1)
    // A user refresh inside the interval answers the cached read.
    await scheduler.refreshNow(spec, feedKey(spec))
    expect(starts).toHaveLength(1)

    base.advance(1)
    await flush()
    expect(starts).toEqual([1_000_000, 1_000_000 + interval])
    clock.skip(interval)
    base.advance(0)
    await flush()
    expect(starts).toEqual([1_000_000, 1_000_000 + interval, 1_000_000 + 2 * interval])
    scheduler.stop()
  })
})
