import { timersOf, type Clock } from './clock.js'

/**
 * The timer of a polled watch source (active coupons, balance): reads every `intervalMs` on the
 * injected clock while active (subscribed and signed in), never two reads at once, and never
 * sooner than the interval after the previous read started unless asked (`readSoon`).
 */
export interface Poller {
  /** Subscribed and signed in: poll (reading at once when the last read is older than the interval). */
  setActive(active: boolean): void
  active(): boolean
  /** One read `delayMs` from now (a placement or settlement changed the value), if active. */
  readSoon(delayMs: number): void
  /** What was read is dropped: the next activation reads at once. */
  forget(): void
  stop(): void
}

export interface PollerOptions {
  clock: Clock
  intervalMs: number
  read: () => Promise<void>
}

export function createPoller(options: PollerOptions): Poller {
  const timers = timersOf(options.clock)
  let active = false
  let stopped = false
  let busy: Promise<void> | null = null
  let lastStart: number | null = null
  let timer: unknown = null
  let soon: unknown = null

  const clear = () => {
    if (timer !== null) timers.clear(timer)
    timer = null
  }
  const schedule = () => {
    clear()
    if (!active || stopped) return
    const due = lastStart === null ? 0 : Math.max(0, lastStart + options.intervalMs - options.clock.now())
    timer = timers.set(() => {
      timer = null
      void run()
    }, due)
  }
  const run = async (): Promise<void> => {
    if (!active || stopped) return
    if (busy) return busy
    lastStart = options.clock.now()
    clear()
    busy = options.read().finally(() => {
      busy = null
      schedule()
    })
    return busy
  }

  return {
    setActive(next) {
      if (stopped || next === active) return
      active = next
      if (!active) {
        clear()
        if (soon !== null) timers.clear(soon)
        soon = null
        return
      }
      schedule()
    },
    active: () => active,
    readSoon(delayMs) {
      if (!active || stopped || soon !== null) return
      soon = timers.set(() => {
        soon = null
        void run()
      }, delayMs)
    },
    forget() {
      lastStart = null
    },
    stop() {
      stopped = true
      active = false
      clear()
      if (soon !== null) timers.clear(soon)
      soon = null
    },
  }
}
