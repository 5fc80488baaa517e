import { systemClock, timersOf, type Clock } from '../shared/clock.js'
import { toDeskError } from '../shared/errors.js'

export interface SettledReaderOptions<T> {
  /** `coupons/results` by ids (the coupon client chunks by 100); the desk composes it. */
  read(codes: string[]): Promise<T[]>
  onCoupon(coupon: T): void
  onError?(error: Error): void
  /** At most this many ids per request (spec: 100). */
  chunkSize?: number
  /** Requests are merged for this long and spaced at least this much (ms). Default 1000. */
  gapMs?: number
  clock?: Clock
}

export interface SettledReader {
  /** Reads the coupon soon, in one batch with every other code asked for meanwhile. */
  request(code: string): void
  /** Codes waiting for the next batch. */
  readonly pending: number
  close(): void
}

/** Batched, rate-limited reads of settled coupons: one `results` request per 100 codes and per gap. */
export function createSettledReader<T>(options: SettledReaderOptions<T>): SettledReader {
  const chunkSize = Math.min(options.chunkSize ?? 100, 100)
  const gapMs = options.gapMs ?? 1000
  const clock = options.clock ?? systemClock
  const timers = timersOf(clock)
  const now = () => clock.now()
  const queue = new Set<string>()
  let timer: unknown = null
  let lastAt = Number.NEGATIVE_INFINITY
  let busy = false
  let closed = false

  const arm = () => {
    if (timer !== null || busy || closed || queue.size === 0) return
    timer = timers.set(() => void flush(), Math.max(0, lastAt + gapMs - now()))
  }

  async function flush(): Promise<void> {
    timer = null
    if (closed) return
    const codes = [...queue].slice(0, chunkSize)
    for (const c of codes) queue.delete(c)
    busy = true
    lastAt = now()
    try {
      for (const coupon of await options.read(codes)) if (!closed) options.onCoupon(coupon)
    } catch (error) {
      options.onError?.(toDeskError(error))
    } finally {
      busy = false
      arm()
    }
  }

  return {
    request(code) {
      if (closed) return
      queue.add(code)
      // The first request of a quiet period waits one gap too, so a batch's settlements share a read.
      if (lastAt < now() - gapMs) lastAt = now()
      arm()
    },
    get pending() {
      return queue.size
    },
    close() {
      closed = true
      queue.clear()
      if (timer !== null) timers.clear(timer)
      timer = null
    },
  }
}
