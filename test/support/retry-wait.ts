import { expect, vi } from 'vitest'
import type { SimulatedClock } from '../../src-main/core/shared/clock.js'

/**
 * Resolves once the only timer pending on `clock` is a wait of `waitMs`: the answered attempt's
 * timeout (also on the clock) is gone and the retry wait is armed.
 */
export async function waitForRetryWait(clock: SimulatedClock, waitMs: number): Promise<void> {
  await vi.waitFor(() => expect(clock.pendingDelays()).toEqual([waitMs]), { timeout: 2_000, interval: 5 })
}

/**
 * A retry waits `waitMs` on the simulated `clock`, not on wall-clock time: one timer pending,
 * `requests()` stays at `sent` until the wait is over on the clock; then the clock reaches it.
 */
export async function expectRetryWaitOnClock(clock: SimulatedClock, waitMs: number, requests: () => number, sent: number): Promise<void> {
  await waitForRetryWait(clock, waitMs)
  expect(requests()).toBe(sent)
  await clock.advance(waitMs - 1)
  await new Promise((resolve) => setTimeout(resolve, 50))
  expect(requests()).toBe(sent)
  await clock.advance(1)
}
