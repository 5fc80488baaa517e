import type { DeskEvent, InputOf } from '../../../src-shared/contract.js'
import type { FeedClient } from '../feed/client.js'
import { buildCouponPointer } from '../feed/pointer.js'
import { countryIconUrl, sportIconUrl, teamIconUrl, tournamentIconUrl } from '../feed/icons.js'
import { runFeedRequest, type FeedRequestSpec } from '../feed/requests.js'
import { createFeedScheduler, type FeedScheduler, type TimerPort } from '../feed/scheduler.js'
import type { CalendarPeriod } from '../feed/calendar.js'
import type { SuccessorSource } from '../feed/successor.js'
import type { EventResult, EventsTournament, FeedList, MatchSummary, Sport } from '../feed/types.js'
import type { Clock } from '../shared/clock.js'
import { nullLogger, type Logger } from '../shared/log.js'
import type { ConnectionMonitor } from './connection.js'
import { eventResultToDto, eventsToDto, sportsToNodes, type FeedDtoTools } from './map-feed.js'

/**
 * `feed.watch` targets registered with the feed scheduler (spec minimum intervals, one request per
 * key shared by every watcher). Each refresh pushes `feed.updated` (or `feed.error`) with the
 * watch id. `dispose` ends every watch and the scheduler's timers.
 */
export type WatchInput = InputOf<'feed', 'watch'>

export interface FeedWatches {
  readonly tools: FeedDtoTools
  watch(input: WatchInput): { watchId: string }
  unwatch(watchId: string): boolean
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
  emit: (event: DeskEvent) => void
  connection: ConnectionMonitor
  nextWatchId: () => string
  timers?: TimerPort
  /** Failures of polling and of building updates are logged here and shown on the feed indicator. */
  logger?: Logger
}

export function feedTools(cdn: string): FeedDtoTools {
  return {
    sportIcon: (id) => sportIconUrl(cdn, id) ?? '',
    countryIcon: (id) => countryIconUrl(cdn, id) ?? '',
    tournamentIcon: (id) => tournamentIconUrl(cdn, id) ?? '',
    teamIcon: (icon) => teamIconUrl(cdn, icon),
    pointer: (outcome, lineType) => {
      if (!outcome.pointer) return null
      try {
        return buildCouponPointer(outcome, lineType)
      } catch {
        // bad server data on one outcome (odds 0, out of range): that outcome cannot be bet, the list stands
        return null
      }
    },
  }
}

export function specOf(input: WatchInput, lang: string): FeedRequestSpec {
  switch (input.target) {
    case 'menu':
      return { method: 'menu', type: input.lineType, lang }
    case 'events':
      return { method: 'events', sportId: input.sportId, tournamentId: input.tournamentId, type: input.lineType, lang }
    case 'event':
      return { method: 'event', gameId: input.gameId, type: input.lineType, lang }
    case 'calendar':
      return { method: 'calendar', sportId: input.sportId, tournamentId: input.tournamentId, period: input.period as CalendarPeriod, lang, odds: true }
  }
}

/** Prematch matches seen lately, by game id: what a `Game id finished` answer no longer tells. */
const RECENT_LIMIT = 5000

function rememberer(recent: Map<number, SuccessorSource>) {
  const keep = (m: MatchSummary) => {
    if (m.lineType !== 'line') return
    recent.delete(m.gameId)
    recent.set(m.gameId, { lineType: m.lineType, sportId: m.sportId, tournamentId: m.tournamentId, opp1: m.opp1, opp2: m.opp2 })
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
    options.connection.report('feed', 'degraded', `${what} failed for ${key}: ${text.slice(0, 200)}`)
  }
  const scheduler: FeedScheduler = createFeedScheduler({
    clock: options.clock,
    timers: options.timers,
    logger,
    onInternalError: (what, key, error) => surface(`feed ${what}`, key, error),
    run: (spec) => options.connection.track('feed', () => runFeedRequest(options.feed, spec)),
  })
  const active = new Map<string, () => void>()
  const recent = new Map<number, SuccessorSource>()
  const remember = rememberer(recent)
  let disposed = false

  const toData = (input: WatchInput, value: unknown) => {
    if (input.target === 'menu') return sportsToNodes((value as FeedList<Sport>).items, tools)
    if (input.target === 'events' || input.target === 'calendar') return eventsToDto((value as FeedList<EventsTournament>).items, tools)
    return eventResultToDto(value as EventResult, tools)
  }

  return {
    tools,
    watch(input) {
      const watchId = options.nextWatchId()
      if (disposed) return { watchId }
      const stop = scheduler.watch(specOf(input, options.lang), (update) => {
        if (!active.has(watchId)) return
        if (update.ok) {
          remember(update.value)
          try {
            options.emit({ type: 'feed.updated', watchId, data: toData(input, update.value) })
          } catch (error) {
            const e = error as { code?: string; message?: string }
            logger.error('feed update could not be built', { watchId, key: update.key, error })
            surface('feed update', update.key, error)
            options.emit({ type: 'feed.error', watchId, code: e.code ?? 'feed_error', message: e.message ?? 'feed update failed' })
          }
        } else {
          options.emit({ type: 'feed.error', watchId, code: update.error.code, message: update.error.message })
        }
      })
      active.set(watchId, stop)
      return { watchId }
    },
    unwatch(watchId) {
      const stop = active.get(watchId)
      if (!stop) return false
      active.delete(watchId)
      stop()
      return true
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
      for (const stop of active.values()) stop()
      active.clear()
      scheduler.stop()
    },
  }
}
