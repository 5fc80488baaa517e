import { describe, expect, it, vi } from 'vitest'
import { computed, effectScope } from 'vue'
import { useMatchClock } from '@renderer/composables/match-clock.js'
import { MATCH_CLOCK_MAX_COUNT_MS } from '../../src-shared/vocabulary/feed-delta.js'
import type { MatchDto } from '../../src-shared/contract.js'
import { match } from './feed-fixtures.js'

/** The window's side of live clocks (main's side: test/unit/desk/match-clocks.test.ts). */
describe('live clocks counted in the window', () => {
  const live = (gameId: number, timerSec: number, clock?: MatchDto['clock']) => match(gameId, null, { key: `live:${gameId}`, lineType: 'live', timerSec, ...(clock ? { clock } : {}) })
  it('count a running clock from the instant main read it, on one shared tick; a stopped clock, a timer of 0 and no clock stand', () => {
    vi.useFakeTimers({ toFake: ['Date', 'setTimeout', 'clearTimeout'] })
    try {
      const t0 = Date.UTC(2026, 10, 27, 0, 0, 0)
      vi.setSystemTime(t0)
      const scope = effectScope()
      const clock = scope.run(() => useMatchClock())!
      const running = live(1, 600, { at: t0 - 2_000, running: true })
      const stopped = live(2, 2700, { at: t0 - 60_000, running: false })
      const zero = live(3, 0, { at: t0, running: true })
      const bare = live(4, 900)
      const shown = computed(() => [running, stopped, zero, bare].map((x) => clock.seconds(x)))
      expect(shown.value).toEqual([602, 2700, 0, 900])
      // The tick turns just after each whole second (main reads clocks at whole seconds).
      vi.advanceTimersByTime(3_000)
      expect(shown.value).toEqual([604, 2700, 0, 900])
      vi.advanceTimersByTime(100)
      expect(shown.value).toEqual([605, 2700, 0, 900])
      // Without a refresh that re-reads it, a clock stops counting at the cap (main re-reads running clocks well before).
      vi.advanceTimersByTime(10 * MATCH_CLOCK_MAX_COUNT_MS)
      expect(shown.value[0]).toBe(600 + MATCH_CLOCK_MAX_COUNT_MS / 1000)
      expect([running, stopped, zero, bare].map(clock.counting)).toEqual([true, false, false, false])
      scope.stop()
    } finally {
      vi.useRealTimers()
    }
  })
})
