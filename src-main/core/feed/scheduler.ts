import { DeskError, toDeskError } from '../shared/errors.js'
import { nullLogger, type Logger } from '../shared/log.js'
import { timersOf, type Clock, type TimerPort } from '../shared/clock.js'
import { isFeedErrorAnswer } from './errors.js'
import { feedKey, lineTypeOf, type FeedMethod, type FeedRequestSpec } from './requests.js'

/**
 * Polls feed requests on behalf of many watchers. Per key (method + params): one request in flight
 * at most, shared by every watcher and every `refreshNow`; two request starts are never closer
 * than the key's minimum interval; a failed request is retried no sooner than the documented
 * backoff (5, 10, 20, 40, 40 ... s after the failure); polling stops when the last watcher leaves,
 * the result says the match is gone, or the feed answered a key/permission/usage error. All
 * waiting goes through the injected timer port.
 */

export { systemTimers, type TimerPort } from '../shared/clock.js'

export type FeedIntervals = Record<FeedMethod, { live: number; line: number }>

const S = 1000
/** The vendor's documented minimum intervals (update guidelines); `search` is never polled and its
 *  value only spaces out repeated manual refreshes; `toplist` and `calendar` are Prematch only. */
export const SPEC_MIN_INTERVALS: FeedIntervals = {
  menu: { live: 20 * S, line: 60 * S },
  sports: { live: 60 * S, line: 120 * S },
  countries: { live: 60 * S, line: 120 * S },
  tournaments: { live: 60 * S, line: 120 * S },
  topmatches: { live: 30 * S, line: 120 * S },
  toplist: { live: 120 * S, line: 120 * S },
  topchampionships: { live: 60 * S, line: 300 * S },
  search: { live: 2 * S, line: 2 * S },
  events: { live: 7 * S, line: 30 * S },
  event: { live: 5 * S, line: 30 * S },
  calendar: { live: 60 * S, line: 60 * S },
}

const NEVER_POLLED: ReadonlySet<FeedMethod> = new Set(['search'])
/** Documented backoff after consecutive failures (then the last step again). */
export const FAILURE_BACKOFF_MS = [5 * S, 10 * S, 20 * S, 40 * S] as const

export type FeedUpdate<R = unknown> =
  | { key: string; spec: FeedRequestSpec; ok: true; value: R; atMs: number }
  | { key: string; spec: FeedRequestSpec; ok: false; error: DeskError; atMs: number }

export type FeedListener<R = unknown> = (update: FeedUpdate<R>) => void

export interface FeedSchedulerOptions<R> {
  clock: Clock
  run: (spec: FeedRequestSpec) => Promise<R>
  timers?: TimerPort
  /** Longer intervals per method/line type; values below the spec minimum are raised to it. */
  intervals?: Partial<Record<FeedMethod, Partial<{ live: number; line: number }>>>
  /** Stops polling a key after a result like this (default: `{ kind: 'gone' }` from `event`). */
  isGone?: (value: R) => boolean
  /** Where failures go instead of being swallowed: failed requests (warn), a listener that threw or
   *  a request that failed with something other than a DeskError (error: a bug, not the feed). */
  logger?: Logger
  /** Called for those internal failures too, so the owner can show them to the operator. */
  onInternalError?: (what: 'listener' | 'request', key: string, error: unknown) => void
}

export interface FeedScheduler<R = unknown> {
  watch(spec: FeedRequestSpec, listener: FeedListener<R>): () => void
  /** With an explicit key (normally `feedKey(spec)`); the same key must be passed to `refreshNow`. */
  watch(key: string, spec: FeedRequestSpec, listener: FeedListener<R>): () => void
  /** User-triggered refresh: shares the in-flight request, or answers the cached value when the
   *  key was requested less than its interval ago. */
  refreshNow(spec: FeedRequestSpec, key?: string): Promise<R>
  last(key: string): FeedUpdate<R> | undefined
  intervalOf(spec: FeedRequestSpec): number
  /** Keys with at least one watcher. */
  activeKeys(): string[]
  stop(): void
}

interface Entry<R> {
  key: string
  spec: FeedRequestSpec
  listeners: Set<FeedListener<R>>
  last?: FeedUpdate<R>
  lastStartMs: number | null
  inFlight: Promise<FeedUpdate<R>> | null
  timer: unknown
  gone: boolean
  /** The feed answered a key/permission/usage error: no more polling until a user refresh succeeds. */
  halted: boolean
  failures: number
  lastFailureMs: number | null
}

const defaultIsGone = (value: unknown) => !!value && typeof value === 'object' && (value as { kind?: unknown }).kind === 'gone'

export function createFeedScheduler<R = unknown>(options: FeedSchedulerOptions<R>): FeedScheduler<R> {
  const { clock, run } = options
  const timers = options.timers ?? timersOf(options.clock)
  const isGone = options.isGone ?? defaultIsGone
  const logger = options.logger ?? nullLogger

  /** An internal failure: logged and handed to the owner; the owner's own failure is logged too. */
  function internal(what: 'listener' | 'request', key: string, error: unknown): void {
    logger.error(what === 'listener' ? 'feed listener failed' : 'feed request failed unexpectedly', { key, error })
    try {
      options.onInternalError?.(what, key, error)
    } catch (hookError) {
      logger.error('feed onInternalError hook failed', { key, error: hookError })
    }
  }

  function deliver(listener: FeedListener<R>, update: FeedUpdate<R>): void {
    try {
      listener(update)
    } catch (error) {
      // A failing listener must not stop polling or the other listeners, but it is never silent.
      internal('listener', update.key, error)
    }
  }
  const entries = new Map<string, Entry<R>>()
  let stopped = false

  const intervals = {} as FeedIntervals
  for (const method of Object.keys(SPEC_MIN_INTERVALS) as FeedMethod[]) {
    const min = SPEC_MIN_INTERVALS[method]
    const want = options.intervals?.[method] ?? {}
    intervals[method] = { live: Math.max(min.live, want.live ?? 0), line: Math.max(min.line, want.line ?? 0) }
  }
  const intervalOf = (spec: FeedRequestSpec) => intervals[spec.method][lineTypeOf(spec)]

  function clearTimer(entry: Entry<R>): void {
    if (entry.timer !== null && entry.timer !== undefined) timers.clear(entry.timer)
    entry.timer = null
  }

  function entryFor(key: string, spec: FeedRequestSpec): Entry<R> {
    let entry = entries.get(key)
    if (!entry) {
      entry = { key, spec, listeners: new Set(), lastStartMs: null, inFlight: null, timer: null, gone: false, halted: false, failures: 0, lastFailureMs: null }
      entries.set(key, entry)
    }
    return entry
  }

  function notify(entry: Entry<R>, update: FeedUpdate<R>): void {
    for (const listener of [...entry.listeners]) deliver(listener, update)
  }

  function fetchNow(entry: Entry<R>): Promise<FeedUpdate<R>> {
    if (entry.inFlight) return entry.inFlight
    clearTimer(entry)
    entry.lastStartMs = clock.now()
    const { key, spec } = entry
    entry.inFlight = (async (): Promise<FeedUpdate<R>> => {
      let update: FeedUpdate<R>
      try {
        const value = await run(spec)
        entry.failures = 0
        entry.halted = false
        if (isGone(value)) entry.gone = true
        update = { key, spec, ok: true, value, atMs: clock.now() }
      } catch (error) {
        if (!(error instanceof DeskError)) internal('request', key, error)
        const e = toDeskError(error, 'feed_error')
        logger.warn('feed request failed', { key, code: e.code, message: e.message, failures: entry.failures + 1 })
        entry.failures += 1
        entry.lastFailureMs = clock.now()
        // Asking again with the same key, language or parameters cannot succeed.
        if (isFeedErrorAnswer(e)) entry.halted = true
        update = { key, spec, ok: false, error: e, atMs: clock.now() }
      }
      entry.last = update
      entry.inFlight = null
      if (!stopped) {
        notify(entry, update)
        scheduleNext(entry)
      }
      return update
    })()
    return entry.inFlight
  }

  /** Next start: lastStart + interval, and after failures no sooner than the backoff step after the
   *  failure. Used for the next poll (watched keys) or, for unwatched keys, for dropping the cache
   *  once it can no longer hold back a request. */
  function dueOf(entry: Entry<R>): number {
    const byInterval = (entry.lastStartMs ?? clock.now()) + intervalOf(entry.spec)
    if (entry.failures === 0 || entry.lastFailureMs === null) return byInterval
    const step = FAILURE_BACKOFF_MS[Math.min(entry.failures, FAILURE_BACKOFF_MS.length) - 1]
    return Math.max(byInterval, entry.lastFailureMs + step)
  }

  function scheduleNext(entry: Entry<R>): void {
    clearTimer(entry)
    if (stopped || entry.inFlight) return
    const delay = Math.max(0, dueOf(entry) - clock.now())
    const polls = entry.listeners.size > 0 && !entry.gone && !entry.halted && !NEVER_POLLED.has(entry.spec.method)
    if (polls) {
      entry.timer = timers.set(() => {
        entry.timer = null
        void fetchNow(entry)
      }, delay)
    } else if (entry.listeners.size === 0) {
      entry.timer = timers.set(() => {
        entry.timer = null
        if (entry.listeners.size === 0 && !entry.inFlight && entries.get(entry.key) === entry) entries.delete(entry.key)
      }, delay)
    }
  }

  function watch(a: string | FeedRequestSpec, b: FeedRequestSpec | FeedListener<R>, c?: FeedListener<R>): () => void {
    const spec = (typeof a === 'string' ? b : a) as FeedRequestSpec
    const listener = (typeof a === 'string' ? c : b) as FeedListener<R>
    const key = typeof a === 'string' ? a : feedKey(spec)
    if (stopped) return () => {}
    const entry = entryFor(key, spec)
    entry.listeners.add(listener)
    const last = entry.last
    if (last) {
      queueMicrotask(() => {
        if (entry.listeners.has(listener)) deliver(listener, last)
      })
    }
    if (!entry.inFlight) {
      const neverFetched = entry.lastStartMs === null
      const due = neverFetched || clock.now() >= dueOf(entry)
      // Search: the watch itself is the user action, so it fetches once; it is never polled.
      if (NEVER_POLLED.has(spec.method) || entry.gone || entry.halted) {
        if (neverFetched) void fetchNow(entry)
        else scheduleNext(entry)
      } else if (due) void fetchNow(entry)
      else scheduleNext(entry)
    }
    let active = true
    return () => {
      if (!active) return
      active = false
      entry.listeners.delete(listener)
      if (entry.listeners.size === 0) scheduleNext(entry)
    }
  }

  async function refreshNow(spec: FeedRequestSpec, key = feedKey(spec)): Promise<R> {
    if (stopped) throw toDeskError(new Error('feed scheduler stopped'), 'feed_stopped')
    const entry = entryFor(key, spec)
    let update: FeedUpdate<R> | undefined
    if (entry.inFlight) update = await entry.inFlight
    else if (entry.last && (entry.gone || (entry.lastStartMs !== null && clock.now() < dueOf(entry)))) update = entry.last
    else update = await fetchNow(entry)
    if (update.ok) return update.value
    throw update.error
  }

  return {
    watch: watch as FeedScheduler<R>['watch'],
    refreshNow,
    last: (key) => entries.get(key)?.last,
    intervalOf,
    activeKeys: () => [...entries.values()].filter((e) => e.listeners.size > 0).map((e) => e.key),
    stop() {
      stopped = true
      for (const entry of entries.values()) clearTimer(entry)
      entries.clear()
    },
  }
}
