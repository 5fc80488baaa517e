import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { effectScope, nextTick, ref } from 'vue'
import { useLiveTimer } from '@renderer/composables/live-timer.js'

/** The live clock on a fake clock: ticks from the feed's timer and the answer's arrival, stands in breaks. */
describe('useLiveTimer', () => {
  beforeEach(() => {
    vi.useFakeTimers()
    vi.setSystemTime(Date.UTC(2026, 10, 25, 12, 0, 0))
  })
  afterEach(() => vi.useRealTimers())

  const start = (timer: number | null, options: Parameters<typeof useLiveTimer>[2] = {}) => {
    const timerSec = ref<number | null>(timer)
    const receivedAt = ref<number | null>(Date.now())
    const scope = effectScope()
    const clock = scope.run(() => useLiveTimer(timerSec, receivedAt, options))!
    /** A feed answer arriving now. */
    const answer = async (t: number | null) => {
      timerSec.value = t
      receivedAt.value = Date.now()
      await nextTick()
    }
    return { clock, answer, scope, timerSec, receivedAt }
  }

  it('counts each second from the timer and the time it arrived, and resyncs on the next answer', async () => {
    const { clock, answer, scope } = start(3376)
    expect(clock.seconds.value).toBe(3376)
    vi.advanceTimersByTime(999)
    expect(clock.seconds.value).toBe(3376)
    vi.advanceTimersByTime(1)
    expect(clock.seconds.value).toBe(3377)
    vi.advanceTimersByTime(4000)
    expect(clock.seconds.value).toBe(3381)
    // The feed says 3380 (it was a little behind): its reading wins.
    await answer(3380)
    expect(clock.seconds.value).toBe(3380)
    vi.advanceTimersByTime(2000)
    expect(clock.seconds.value).toBe(3382)
    scope.stop()
  })

  it('stands at once when the timer goes back (half-time after added time) and runs again when the second half starts', async () => {
    const { clock, answer, scope } = start(2830) // 47:10, first-half added time
    vi.advanceTimersByTime(5000)
    await answer(2700) // half-time: the clock holds 45:00
    expect(clock.paused.value).toBe(true)
    vi.advanceTimersByTime(7000)
    expect(clock.seconds.value).toBe(2700)
    await answer(2700)
    vi.advanceTimersByTime(7000)
    expect(clock.seconds.value).toBe(2700)
    await answer(2705) // second half under way
    expect(clock.paused.value).toBe(false)
    vi.advanceTimersByTime(2000)
    expect(clock.seconds.value).toBe(2707)
    scope.stop()
  })

  it('stands while answers repeat the same reading (a break) and runs again when the timer moves', async () => {
    const { clock, answer, scope } = start(2700)
    vi.advanceTimersByTime(5000)
    expect(clock.seconds.value).toBe(2705)
    await answer(2700) // 5 s later, same reading: half-time
    expect(clock.paused.value).toBe(true)
    expect(clock.ticking.value).toBe(false)
    vi.advanceTimersByTime(10_000)
    expect(clock.seconds.value).toBe(2700)
    await answer(2700)
    vi.advanceTimersByTime(5000)
    expect(clock.seconds.value).toBe(2700)
    await answer(2703) // second half under way
    expect(clock.paused.value).toBe(false)
    vi.advanceTimersByTime(3000)
    expect(clock.seconds.value).toBe(2706)
    scope.stop()
  })

  it('never ticks on timer 0 or none, nor when not running; stops at the cap when answers stop', async () => {
    const zero = start(0)
    vi.advanceTimersByTime(5000)
    expect(zero.clock.seconds.value).toBe(0)
    expect(zero.clock.ticking.value).toBe(false)
    await zero.answer(null)
    expect(zero.clock.seconds.value).toBeNull()
    zero.scope.stop()

    const running = ref(false)
    const ended = start(5400, { running })
    vi.advanceTimersByTime(3000)
    expect(ended.clock.seconds.value).toBe(5400)
    running.value = true
    await nextTick()
    vi.advanceTimersByTime(1000)
    expect(ended.clock.seconds.value).toBe(5404)
    ended.scope.stop()

    const capped = start(100, { maxAheadSec: 10 })
    vi.advanceTimersByTime(60_000)
    expect(capped.clock.seconds.value).toBe(110)
    capped.scope.stop()
  })

  it('clears its interval when its scope ends', () => {
    const { scope } = start(10)
    expect(vi.getTimerCount()).toBe(1)
    scope.stop()
    expect(vi.getTimerCount()).toBe(0)
  })
})
