/**
 * The bench's own simulated clock (the Clock shape the core takes): timers fire in time order when
 * the clock is advanced, with the promise jobs they start settled in between.
 */
export interface BenchClock {
  now(): number
  timers: { set(fn: () => void, ms: number): unknown; clear(handle: unknown): void }
  advance(ms: number): Promise<void>
}

export function benchClock(startMs: number): BenchClock {
  let current = startMs
  let seq = 0
  const due = new Map<number, { at: number; order: number; fn: () => void }>()
  const settle = () => new Promise<void>((resolve) => setImmediate(resolve))
  return {
    now: () => current,
    timers: {
      set(fn, ms) {
        const id = ++seq
        due.set(id, { at: current + Math.max(0, ms), order: id, fn })
        return id
      },
      clear(handle) {
        due.delete(handle as number)
      },
    },
    async advance(ms) {
      const target = current + ms
      for (;;) {
        await settle()
        let next: [number, { at: number; order: number; fn: () => void }] | null = null
        for (const entry of due) if (entry[1].at <= target && (!next || entry[1].at < next[1].at || (entry[1].at === next[1].at && entry[1].order < next[1].order))) next = entry
        if (!next) break
        due.delete(next[0])
        current = next[1].at
        next[1].fn()
      }
      current = target
      await settle()
    },
  }
}
