import type { DeskEvent, InputOf } from '../../../src-preload/contract.js'
import type { FeedClient } from '../feed/client.js'
import { buildCouponPointer } from '../feed/pointer.js'
import { countryIconUrl, sportIconUrl, teamIconUrl, tournamentIconUrl } from '../feed/icons.js'
import { runFeedRequest, type FeedRequestSpec } from '../feed/requests.js'
import { createFeedScheduler, type FeedScheduler, type TimerPort } from '../feed/scheduler.js'
import type { EventResult, EventsTournament, FeedList, Sport } from '../feed/types.js'
import type { Clock } from '../shared/clock.js'
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
}

export function feedTools(cdn: string): FeedDtoTools {
  return {
    sportIcon: (id) => sportIconUrl(cdn, id) ?? '',
    countryIcon: (id) => countryIconUrl(cdn, id) ?? '',
    tournamentIcon: (id) => tournamentIconUrl(cdn, id) ?? '',
    teamIcon: (icon) => teamIconUrl(cdn, icon),
    pointer: (outcome, lineType) => (outcome.pointer ? buildCouponPointer(outcome, lineType) : null),
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
  }
}

export function createFeedWatches(options: FeedWatchesOptions): FeedWatches {
  const tools = feedTools(options.cdn)
  const scheduler: FeedScheduler = createFeedScheduler({
    clock: options.clock,
    timers: options.timers,
    run: (spec) => options.connection.track('feed', () => runFeedRequest(options.feed, spec)),
  })
  const active = new Map<string, () => void>()
  let disposed = false

  const toData = (input: WatchInput, value: unknown) => {
    if (input.target === 'menu') return sportsToNodes((value as FeedList<Sport>).items, tools)
    if (input.target === 'events') return eventsToDto((value as FeedList<EventsTournament>).items, tools)
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
          try {
            options.emit({ type: 'feed.updated', watchId, data: toData(input, update.value) })
          } catch (error) {
            const e = error as { code?: string; message?: string }
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
    run: (spec) => scheduler.refreshNow(spec),
    dispose() {
      disposed = true
      for (const stop of active.values()) stop()
      active.clear()
      scheduler.stop()
    },
  }
}
