/**
 * Injected time: every module that reads time or waits takes a Clock, so tests can simulate hours.
 * `timers` is the clock's own timer port; modules wait with `timersOf(clock)`, never `setTimeout`.
 */
export interface TimerPort {
  set(fn: () => void, ms: number): unknown
  clear(handle: unknown): void
}

export interface Clock {
  now(): number
  /** Absent = the system's timers. A simulated clock fires its timers when it is advanced. */
  timers?: TimerPort
}

export const systemTimers: TimerPort = {
  set: (fn, ms) => {
    const handle = setTimeout(fn, ms)
    handle.unref?.()
    return handle
  },
  clear: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
}

export const systemClock: Clock = { now: () => Date.now(), timers: systemTimers }

export function timersOf(clock: Clock | undefined): TimerPort {
  return clock?.timers ?? systemTimers
}

/** Waits `ms` on the clock's timers. */
export function sleepOn(clock: Clock | undefined, ms: number): Promise<void> {
  return new Promise<void>((resolve) => timersOf(clock).set(resolve, ms))
}

/** Repeats `fn` every `ms` on the clock's timers until the returned stop is called. */
export function everyOn(clock: Clock | undefined, ms: number, fn: () => void): () => void {
  const timers = timersOf(clock)
  let handle: unknown = null
  let stopped = false
  const arm = () => {
    handle = timers.set(() => {
      if (stopped) return
      arm()
      fn()
    }, ms)
  }
  arm()
  return () => {
    stopped = true
    timers.clear(handle)
  }
}

/** A clock tests move by hand; its timers fire on `advance` (synchronously, in time order). */
export interface ManualClock extends Clock {
  timers: TimerPort
  set(ms: number): void
  advance(ms: number): void
  pending(): number
}

/** A clock whose `advance` lets promise continuations run between timers: an hour of polling in ms. */
export interface SimulatedClock extends Clock {
  timers: TimerPort
  advance(ms: number): Promise<void>
  sleep(ms: number): Promise<void>
  pending(): number
  /** How far ahead each pending timer is due, soonest first (tells a retry wait from a request's timeout). */
  pendingDelays(): number[]
}

interface Due {
  at: number
  id: number
  fn: () => void
}

function timerQueue(now: () => number) {
  let seq = 0
  const queue = new Map<number, Due>()
  const port: TimerPort = {
    set(fn, ms) {
      const id = ++seq
      queue.set(id, { at: now() + Math.max(0, ms), id, fn })
      return id
    },
    clear(handle) {
      queue.delete(handle as number)
    },
  }
  const nextDue = (until: number): Due | undefined => {
    let next: Due | undefined
    for (const t of queue.values()) if (t.at <= until && (!next || t.at < next.at || (t.at === next.at && t.id < next.id))) next = t
    if (next) queue.delete(next.id)
    return next
  }
  const delays = () => [...queue.values()].map((t) => t.at - now()).sort((a, b) => a - b)
  return { port, nextDue, size: () => queue.size, delays }
}

export function createManualClock(startMs = Date.UTC(2026, 10, 21, 12, 0, 0)): ManualClock {
  let current = startMs
  const q = timerQueue(() => current)
  return {
    now: () => current,
    timers: q.port,
    set: (ms) => {
      current = ms
    },
    advance: (ms) => {
      const target = current + ms
      for (let due = q.nextDue(target); due; due = q.nextDue(target)) {
        current = due.at
        due.fn()
      }
      current = target
    },
    pending: q.size,
  }
}

export function createSimulatedClock(startMs = 1_000_000): SimulatedClock {
  let current = startMs
  const q = timerQueue(() => current)
  const drain = () => new Promise<void>((resolve) => setImmediate(resolve))
  return {
    now: () => current,
    timers: q.port,
    async advance(ms) {
      const target = current + ms
      for (;;) {
        await drain()
        const due = q.nextDue(target)
        if (!due) break
        current = due.at
        due.fn()
      }
      current = target
      await drain()
    },
    sleep: (ms) => new Promise<void>((resolve) => q.port.set(resolve, ms)),
    pending: q.size,
    pendingDelays: q.delays,
  }
}

/** A clock that runs with `base` and can be moved forward at once: its pending timers fall due as far sooner. */
export interface SkippableClock extends Clock {
  timers: TimerPort
  /** Moves this clock `ms` ahead of its base; every timer now due fires, in due order. */
  skip(ms: number): void
  /** How far ahead of the base this clock runs. */
  skippedMs(): number
}

/**
 * For a test console that drives a wait instead of sitting it out (a Prematch match's 30 s between
 * reads): whatever paces itself on this clock keeps its intervals on it, they just pass sooner.
 */
export function createSkippableClock(base: Clock = systemClock): SkippableClock {
  const baseTimers = timersOf(base)
  let skipped = 0
  let seq = 0
  const now = () => base.now() + skipped
  const pending = new Map<number, { at: number; fn: () => void; handle: unknown }>()
  const arm = (id: number, at: number, fn: () => void) => {
    const handle = baseTimers.set(() => {
      pending.delete(id)
      fn()
    }, Math.max(0, at - now()))
    pending.set(id, { at, fn, handle })
  }
  return {
    now,
    timers: {
      set(fn, ms) {
        const id = ++seq
        arm(id, now() + Math.max(0, ms), fn)
        return id
      },
      clear(handle) {
        const timer = pending.get(handle as number)
        if (timer) baseTimers.clear(timer.handle)
        pending.delete(handle as number)
      },
    },
    skip(ms) {
      if (!(Number.isFinite(ms) && ms >= 0)) throw new RangeError(`a clock only skips forward, by a finite number of ms (got ${ms})`)
      skipped += ms
      // Re-armed soonest first: timers the skip made due fire in due order.
      const all = [...pending.entries()].sort(([a, x], [b, y]) => x.at - y.at || a - b)
      for (const [id, timer] of all) {
        baseTimers.clear(timer.handle)
        arm(id, timer.at, timer.fn)
      }
    },
    skippedMs: () => skipped,
  }
}
