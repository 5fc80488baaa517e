import type { Clock } from '../shared/clock.js'

/**
 * The simulated clock. Simulated time = start + (real elapsed × timeScale) + manual advances.
 * Timers are scheduled in simulated time and fire either when real time catches up (a
 * coarse real interval checks) or at once when `advance` jumps past them, in due-time order.
 */
export interface SimClock extends Clock {
  readonly timeScale: number
  /** Jump simulated time forward by `ms`, firing every timer that falls due, in order. */
  advance(ms: number): Promise<void>
  /** Run `fn` once simulated time reaches `atMs`. Returns a cancel function. */
  at(atMs: number, fn: () => void | Promise<void>): () => void
  /** Run `fn` after `ms` simulated milliseconds. */
  after(ms: number, fn: () => void | Promise<void>): () => void
  /** Run `fn` every `ms` simulated milliseconds until cancelled. */
  every(ms: number, fn: () => void | Promise<void>): () => void
  /** Fire due timers now (called by the real-time ticker and by advance). */
  tick(): Promise<void>
  stop(): void
}

interface Timer {
  id: number
  at: number
  fn: () => void | Promise<void>
}

export interface SimClockOptions {
  timeScale?: number
  startMs?: number
  /** Real-time tick period in ms; 0 disables the real-time ticker (tests drive time by advance). */
  tickMs?: number
  realNow?: () => number
}

export function createSimClock(options: SimClockOptions = {}): SimClock {
  const timeScale = options.timeScale ?? 1
  const realNow = options.realNow ?? (() => Date.now())
  const realStart = realNow()
  const simStart = options.startMs ?? realStart
  let manualOffset = 0
  let nextId = 1
  let timers: Timer[] = []
  let firing = false

  const now = () => Math.floor(simStart + (realNow() - realStart) * timeScale + manualOffset)

  async function tick(): Promise<void> {
    if (firing) return
    firing = true
    try {
      for (;;) {
        const t = now()
        timers.sort((a, b) => a.at - b.at || a.id - b.id)
        const due = timers[0]
        if (!due || due.at > t) break
        timers.shift()
        try {
          await due.fn()
        } catch (error) {
          // A failing timer must not stop the world; the owner records its own failures.
          console.error('[sim-clock] timer failed:', error instanceof Error ? error.message : error)
        }
      }
    } finally {
      firing = false
    }
  }

  const tickMs = options.tickMs ?? 250
  const ticker = tickMs > 0 ? setInterval(() => void tick(), tickMs) : undefined
  ticker?.unref?.()

  function at(atMs: number, fn: () => void | Promise<void>): () => void {
    const timer = { id: nextId++, at: atMs, fn }
    timers.push(timer)
    return () => {
      timers = timers.filter((t) => t !== timer)
    }
  }

  return {
    timeScale,
    now,
    async advance(ms: number) {
      // Step through due timers one by one so each fires at (about) its own simulated time.
      const target = now() + ms
      for (;;) {
        timers.sort((a, b) => a.at - b.at || a.id - b.id)
        const next = timers[0]
        if (!next || next.at > target) break
        if (next.at > now()) manualOffset += next.at - now()
        await tick()
      }
      if (target > now()) manualOffset += target - now()
      await tick()
    },
    at,
    after: (ms, fn) => at(now() + ms, fn),
    every(ms, fn) {
      let cancel = () => {}
      const schedule = (from: number) => {
        cancel = at(from + ms, async () => {
          schedule(from + ms)
          await fn()
        })
      }
      schedule(now())
      return () => cancel()
    },
    tick,
    stop() {
      if (ticker) clearInterval(ticker)
      timers = []
    },
  }
}
