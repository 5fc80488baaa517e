/**
 * Live clocks counted in the window: a match carries the timer main last read and its clock (when it
 * was read, whether it runs); main pushes that again only when the feed's timer jumps. The seconds
 * shown are the reading plus the time since, from one shared 1 s tick for every row and header (not
 * a timer each). Only what reads a running clock depends on the tick, so a stopped clock, a timer of
 * 0 and Prematch rows never re-render for it.
 */
import { getCurrentScope, onScopeDispose, shallowRef } from 'vue'
import type { MatchDto } from '../../src-shared/contract.js'
import { clockSeconds } from '../../src-shared/vocabulary/feed-delta.js'

/**
 * The tick fires just after each whole second of the clock: main reads clocks at whole seconds, so a
 * late timer (a busy frame) still shows the right second instead of skipping one or showing one twice.
 */
const TICK_AFTER_MS = 100
const tick = shallowRef(Date.now())
let users = 0
let handle: ReturnType<typeof setTimeout> | null = null

function schedule(): void {
  handle = setTimeout(() => {
    tick.value = Date.now()
    schedule()
  }, 1000 - (Date.now() % 1000) + TICK_AFTER_MS)
}

function acquire(): () => void {
  if (users++ === 0) {
    tick.value = Date.now()
    schedule()
  }
  let released = false
  return () => {
    if (released) return
    released = true
    if (--users === 0 && handle !== null) {
      clearTimeout(handle)
      handle = null
    }
  }
}

/** Whether the window counts this match's timer on (a running clock over a timer above 0). */
export const isCounting = (m: Pick<MatchDto, 'timerSec' | 'clock'>): boolean => m.timerSec > 0 && m.clock?.running === true

/** Seconds to show now; reads the shared tick only for a counting clock. */
export function matchSeconds(m: Pick<MatchDto, 'timerSec' | 'clock'>): number {
  return isCounting(m) ? clockSeconds(m.timerSec, m.clock, tick.value) : m.timerSec
}

/**
 * The shared tick while the calling component (or scope) lives: `seconds(match)` in a template or a
 * computed re-evaluates each second for running clocks only.
 */
export function useMatchClock(): { seconds: (m: Pick<MatchDto, 'timerSec' | 'clock'>) => number; counting: typeof isCounting } {
  const release = acquire()
  if (getCurrentScope()) onScopeDispose(release)
  return { seconds: matchSeconds, counting: isCounting }
}
