/** Injected time source: every module that reads time takes a Clock so tests can simulate hours. */
export interface Clock {
  now(): number
}

export const systemClock: Clock = { now: () => Date.now() }

/** A clock tests move by hand. */
export interface ManualClock extends Clock {
  set(ms: number): void
  advance(ms: number): void
}

export function createManualClock(startMs = Date.UTC(2026, 10, 21, 12, 0, 0)): ManualClock {
  let current = startMs
  return {
    now: () => current,
    set: (ms) => {
      current = ms
    },
    advance: (ms) => {
      current += ms
    },
  }
}
