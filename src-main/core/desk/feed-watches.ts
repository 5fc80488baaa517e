import type { TournamentEventsDto, WatchSnapshot, WatchSourceState, WatchTopic } from '../../../src-shared/contract.js'
import {
  couponPointerOf,
  countryIconUrl,
  createFeedScheduler,
  feedKey,
  runFeedRequest,
  sportIconUrl,
  teamIconUrl,
  tournamentIconUrl,
  type CalendarPeriod,
  type EventResult,
  type EventsTournament,
  type FeedClient,
  type FeedList,
  type FeedRequestSpec,
  type FeedScheduler,
  type FeedUpdate,
  type MatchSummary,
  type Sport,
  type SuccessorSource,
  type TimerPort,
} from '../feed/index.js'
import type { Clock } from '../shared/clock.js'
import { DeskError, toDeskError } from '../shared/errors.js'
import { nullLogger, type Logger } from '../shared/log.js'
import { LIVE, type WatchSource, type WatchSourceHooks } from '../shared/watch.js'
import type { ConnectionMonitor } from './connection.js'
import { diffEvent, diffList } from './feed-delta.js'
import { listHead, type ListPreview } from './list-head.js'
import { createMatchClocks } from './match-clocks.js'
import { eventResultToDto, eventsToDto, sportsToNodes, type FeedDtoTools } from './map-feed.js'

/**
 * The feed.* watch topics, each a listener of the feed scheduler (spec minimum intervals, backoff,
 * one request per key shared by every subscriber and every direct read). A list or match pushes its
 * snapshot once, then each refresh as a delta against the one before (the menu: a snapshot per
 * refresh); a failure turns the topic stale (`live: false` with the error). `dispose` ends every
 * source and the scheduler's timers.
 */
export type FeedTopic = Extract<WatchTopic, { name: `feed.${string}` }>

export interface FeedWatches {
  readonly tools: FeedDtoTools
  /** A source for one feed topic (the watch registry opens one per topic key). */
  open(topic: FeedTopic, hooks: WatchSourceHooks): WatchSource
  /** Open sources. */
  count(): number
  /** Fetch through the scheduler (shares in-flight requests, honours the minimum interval). */
  run(spec: FeedRequestSpec): Promise<unknown>
  /** A Prematch match seen in a recent answer (list or event), for finding it again once it left. */
  recentLineMatch(gameId: number): SuccessorSource | undefined
  dispose(): void
}

export interface FeedWatchesOptions {
  feed: FeedClient
  lang: string
  cdn: string
  clock: Clock
  /** The clock the scheduler paces the feed's reads on (default `clock`); see DeskCoreOptions.feedClock. */
  pacingClock?: Clock
  connection: ConnectionMonitor
  timers?: TimerPort
  /** Failures of polling and of building updates are logged here and shown on the feed indicator. */
  logger?: Logger
  /** Seconds a live timer may stray from the window's own count before a refresh pushes it (match-clocks.ts). */
  clockToleranceSec?: number
  /** When a match list is pushed in two parts (list-head.ts); default LIST_PREVIEW. */
  listPreview?: ListPreview
}

export function feedTools(cdn: string): FeedDtoTools {
  return {
    sportIcon: (id) => sportIconUrl(cdn, id) ?? '',
    countryIcon: (id) => countryIconUrl(cdn, id) ?? '',
    tournamentIcon: (id) => tournamentIconUrl(cdn, id) ?? '',
    teamIcon: (icon) => teamIconUrl(cdn, icon),
    pointer: (parts, outcome, lineType) => {
      try {
        return couponPointerOf(parts, lineType, outcome.oc_rate, outcome.op_id)
      } catch {
        // bad server data on one outcome (odds 0, out of range): that outcome cannot be bet, the list stands
        return null
      }
    },
  }
}

export function specOf(topic: FeedTopic, lang: string): FeedRequestSpec {
  switch (topic.name) {
    case 'feed.menu':
      return { method: 'menu', type: topic.lineType, lang, cybersport: topic.cybersport }
    case 'feed.events':
      return {
        method: 'events',
        sportId: topic.sportId,
        tournamentId: topic.tournamentId,
        type: topic.lineType,
        lang,
        cybersport: topic.cybersport,
        // The service honours `match=all` only for Prematch with tournament 0 (spec): not asked otherwise.
        match: topic.all && topic.lineType === 'line' && topic.tournamentId === 0 ? 'all' : undefined,
      }
    case 'feed.event':
      return { method: 'event', gameId: topic.gameId, type: topic.lineType, lang }
    case 'feed.calendar':
      return { method: 'calendar', sportId: topic.sportId, tournamentId: topic.tournamentId, period: topic.period as CalendarPeriod, lang, odds: true }
  }
}

/** Prematch matches seen lately, by game id: what a `Game id finished` answer no longer tells. */
const RECENT_LIMIT = 5000

function rememberer(recent: Map<number, SuccessorSource>) {
  const keep = (m: MatchSummary) => {
    if (m.lineType !== 'line') return
    recent.delete(m.gameId)
    recent.set(m.gameId, { lineType: m.lineType, sportId: m.sportId, tournamentId: m.tournamentId, opp1: m.opp1, opp2: m.opp2, startMs: m.startMs })
    if (recent.size > RECENT_LIMIT) recent.delete(recent.keys().next().value as number)
  }
  return (value: unknown) => {
    const v = value as { items?: unknown[]; kind?: string; match?: MatchSummary }
    if (v?.kind === 'match' && v.match) keep(v.match)
    for (const item of v?.items ?? []) {
      const t = item as { matches?: MatchSummary[]; gameId?: number; lineType?: string }
      if (Array.isArray(t.matches)) t.matches.forEach(keep)
      else if (typeof t.gameId === 'number' && t.lineType) keep(item as MatchSummary)
    }
  }
}

export function createFeedWatches(options: FeedWatchesOptions): FeedWatches {
  const tools = feedTools(options.cdn)
  const logger = (options.logger ?? nullLogger).child({ module: 'feed' })
  /** A fault of ours (not the feed's): logged, and the operator sees the feed indicator degraded. */
  const surface = (what: string, key: string, error: unknown) => {
    const text = error instanceof Error ? error.message : String(error)
    options.connection.report('feed', 'degraded', { code: 'feed_update_failed', detail: `${what} ${key}: ${text.slice(0, 200)}` })
  }
  const scheduler: FeedScheduler = createFeedScheduler({
    clock: options.pacingClock ?? options.clock,
    timers: options.timers,
    logger,
    onInternalError: (what, key, error) => surface(what, key, error),
    run: (spec) => options.connection.track('feed', () => runFeedRequest(options.feed, spec)),
  })
  const active = new Set<() => void>()
  const recent = new Map<number, SuccessorSource>()
  const remember = rememberer(recent)
  let disposed = false

  const toData = (topic: FeedTopic, value: unknown): WatchSnapshot<FeedTopic['name']> => {
    if (topic.name === 'feed.menu') return sportsToNodes((value as FeedList<Sport>).items, tools)
    if (topic.name === 'feed.events' || topic.name === 'feed.calendar') return eventsToDto((value as FeedList<EventsTournament>).items, tools, 'main')
    return eventResultToDto(value as EventResult, tools)
  }

  return {
    tools,
    open(topic, hooks) {
      if (disposed) throw new DeskError('disposed', 'This profile is no longer active')
      const spec = specOf(topic, options.lang)
      const key = feedKey(spec)
      /**
       * The last answer taken, as the scheduler holds it (the same object while it is the latest):
       * the line is held once. Its contract form is rebuilt from it when asked (a new subscriber, the
       * base of the next delta) and kept only weakly in between, so a collection can take it.
       */
      let answer: unknown = null
      let built: WeakRef<WatchSnapshot<FeedTopic['name']>> | null = null
      // Live timers: the window counts them; a refresh carries one only when it jumps.
      const clocks = topic.name === 'feed.menu' ? null : createMatchClocks({ toleranceSec: options.clockToleranceSec })
      const dataOf = (value: unknown): WatchSnapshot<FeedTopic['name']> => {
        const cachedData = value === answer ? built?.deref() : undefined
        if (cachedData) return cachedData
        const data = toData(topic, value)
        if (clocks) clocks.stamp(data as WatchSnapshot<'feed.events' | 'feed.event'>)
        if (value === answer) built = new WeakRef(data)
        return data
      }
      let state: WatchSourceState = LIVE
      let open = true
      /** Takes a refresh; returns what to push for it (its delta against the answer before, else the snapshot), null when it failed. */
      const take = (update: FeedUpdate): (() => void) | null => {
        let push: () => void
        if (!update.ok) {
          state = { live: false, error: { code: update.error.code, message: update.error.message } }
          hooks.state(state)
          return null
        }
        remember(update.value)
        try {
          const before = answer === null || topic.name === 'feed.menu' ? null : dataOf(answer)
          const next = toData(topic, update.value)
          if (clocks) clocks.advance(next as WatchSnapshot<'feed.events' | 'feed.event'>, options.clock.now())
          push = () => hooks.snapshot(next)
          if (before !== null) {
            const delta =
              topic.name === 'feed.event'
                ? diffEvent(before as WatchSnapshot<'feed.event'>, next as WatchSnapshot<'feed.event'>)
                : diffList(before as WatchSnapshot<'feed.events'>, next as WatchSnapshot<'feed.events'>)
            if (delta !== null) push = () => hooks.delta(delta)
          }
          answer = update.value
          built = new WeakRef(next)
        } catch (error) {
          const e = toDeskError(error)
          logger.error('feed update could not be built', { key: update.key, error })
          surface('update', update.key, error)
          state = { live: false, error: { code: e.code, message: e.message } }
          hooks.state(state)
          return null
        }
        state = LIVE
        hooks.state(state)
        return push
      }
      let cached = scheduler.last(key)
      if (cached) take(cached)
      const unwatch = scheduler.watch(spec, (update) => {
        // The scheduler hands a new watcher the cached answer: it is the snapshot already taken
        // (then let go of, or this closure would keep that answer after the next refresh).
        const already = update === cached
        cached = undefined
        if (!open || already) return
        take(update)?.()
      })
      const stop = () => {
        open = false
        unwatch()
        active.delete(stop)
      }
      active.add(stop)
      const preview = topic.name === 'feed.events' || topic.name === 'feed.calendar' ? (list: WatchSnapshot<FeedTopic['name']>) => listHead(list as TournamentEventsDto[], options.listPreview) : undefined
      return { snapshot: () => (answer === null ? null : dataOf(answer)), state: () => state, close: stop, ...(preview ? { preview } : {}) }
    },
    count: () => active.size,
    async run(spec) {
      const value = await scheduler.refreshNow(spec)
      remember(value)
      return value
    },
    recentLineMatch: (gameId) => recent.get(gameId),
    dispose() {
      disposed = true
      for (const stop of [...active]) stop()
      scheduler.stop()
    },
  }
}
