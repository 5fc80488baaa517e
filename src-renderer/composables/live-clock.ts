/**
 * Live timers between refreshes: a match's `timer` ticks on locally from the moment it arrived, but
 * only while the feed shows it running. A refresh that brings the same timer again or an earlier one (a break,
 * half-time after added time, a paused game) stops the local tick at the feed's value; a timer of 0 (set
 * sports, esports, not started) never ticks.
 */
import type { MatchDto } from '../../src-shared/contract.js'

interface Clock {
  /** When this match's data arrived (ms, the renderer's clock). */
  at: number
  running: boolean
}

const clocks = new WeakMap<MatchDto, Clock>()
/** How far a timer runs on without a refresh saying it still runs: beyond it the list is stale anyway. */
export const MAX_EXTRAPOLATION_MS = 120_000

/**
 * Notes a refresh: `kept` are matches whose data did not change (their timer stood still since the
 * last refresh), `fresh` are new data with the timer they had before, if any.
 */
export function noteRefresh(kept: Iterable<MatchDto>, fresh: Iterable<{ match: MatchDto; previousTimer: number | null }>, now: number): void {
  for (const m of kept) {
    const c = clocks.get(m)
    if (c) c.running = false
  }
  // A timer that went back stands: a break holds the clock at the period's end, behind the added time played before it.
  for (const { match, previousTimer } of fresh) {
    // No clock and a stopped one show the same: a timer of 0 (Prematch, most of a line) needs none.
    if (match.timerSec > 0) clocks.set(match, { at: now, running: previousTimer === null || previousTimer < match.timerSec })
  }
}

/** The timer to show now, in seconds. */
export function shownTimer(m: MatchDto, now: number): number {
  const c = clocks.get(m)
  if (!c || !c.running) return m.timerSec
  const elapsed = Math.min(Math.max(0, now - c.at), MAX_EXTRAPOLATION_MS)
  return m.timerSec + Math.floor(elapsed / 1000)
}
