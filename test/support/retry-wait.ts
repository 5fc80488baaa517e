import { expect, vi } from 'vitest'
import type { SimulatedClock } from '../../src-main/core/shared/clock.js'

/**
 * A retry waits `waitMs` on the simulated `clock`, not on wall-clock time: one timer pending,
 * `requests()` stays at `sent` until the wait is over on the clock; then the clock reaches it.
 */
export async function expectRetryWaitOnClock(clock: SimulatedClock, waitMs: number, requests: () => number, sent: number): Promise<void> {
  await vi.waitFor(() => expect(clock.pending()).toBe(1), { timeout: 2_000, interval: 5 })
  expect(requests()).toBe(sent)
  await clock.advance(waitMs - 1)
  await new Promise((resolve) => setTimeout(resolve, 50))
  expect(requests()).toBe(sent)
  await clock.advance(1)
}
