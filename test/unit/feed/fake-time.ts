import type { Clock } from '../../../src-main/core/shared/clock.js'
import type { TimerPort } from '../../../src-main/core/feed/index.js'

/** A simulated clock plus timer port: `advance` fires due timers in time order and lets promise
 *  continuations run between them, so an hour of polling takes milliseconds. */
export interface FakeTime {
  clock: Clock
  timers: TimerPort
  advance(ms: number): Promise<void>
  /** Resolves after `ms` of simulated time. */
  sleep(ms: number): Promise<void>
  pending(): number
}

export function createFakeTime(startMs = 1_000_000): FakeTime {
  let now = startMs
  let seq = 0
  const queue = new Map<number, { at: number; id: number; fn: () => void }>()
  const drain = () => new Promise<void>((resolve) => setImmediate(resolve))
  const timers: TimerPort = {
    set(fn, ms) {
      const id = ++seq
      queue.set(id, { at: now + Math.max(0, ms), id, fn })
      return id
    },
    clear(handle) {
      queue.delete(handle as number)
    },
  }
  async function advance(ms: number): Promise<void> {
    const target = now + ms
    for (;;) {
      await drain()
      let next: { at: number; id: number; fn: () => void } | undefined
      for (const t of queue.values()) if (t.at <= target && (!next || t.at < next.at || (t.at === next.at && t.id < next.id))) next = t
      if (!next) break
      queue.delete(next.id)
      now = next.at
      next.fn()
    }
    now = target
    await drain()
  }
  return {
    clock: { now: () => now },
    timers,
    advance,
    sleep: (ms) => new Promise<void>((resolve) => timers.set(resolve, ms)),
    pending: () => queue.size,
  }
}
