import { createSimulatedClock, type Clock, type TimerPort } from '../../../src-main/core/shared/clock.js'

/** A simulated clock plus its timer port (kept for the feed tests' older spelling). */
export interface FakeTime {
  clock: Clock
  timers: TimerPort
  advance(ms: number): Promise<void>
  /** Resolves after `ms` of simulated time. */
  sleep(ms: number): Promise<void>
  pending(): number
}

export function createFakeTime(startMs = 1_000_000): FakeTime {
  const clock = createSimulatedClock(startMs)
  return { clock, timers: clock.timers, advance: clock.advance, sleep: clock.sleep, pending: clock.pending }
}
