/**
 * The feed store's subscriptions per line type: the topics its menu, match list and open match
 * watch, how their snapshots and deltas land in the line's state, and the match-list model that
 * follows every write of `events`. Held by a browser while it shows the line type (`hold`).
 */
import { markRaw, watch } from 'vue'
import type { EventResultDto, LineType, WatchDelta, WatchSnapshot, WatchTopicName } from '../../src-shared/contract.js'
import { topicWatch, type TopicWatch } from '../api/shared-watch.js'
import type { TopicOf, WatchStatus } from '../api/watch.js'
import { periodOf } from './calendar.js'
import type { LineState } from './feed-line-state.js'
import { patchEvents } from './patch-events.js'
import { LIST_APPLIED, mark } from './perf-marks.js'
import { matchListModel, type MatchListModel } from './match-list-model.js'

export type ListTopic = TopicOf<'feed.events'> | TopicOf<'feed.calendar'>

/** What the store does with what the watches learn. */
export interface FeedWatchHooks {
  /** A source's state (`watch:<topic>`): live again, or failing with a typed feed error for the alert. */
  onState(lt: LineType, source: string, status: WatchStatus): void
  /** The open match's answer, once it is known to be the match selected. */
  setEvent(lt: LineType, result: EventResultDto): void
}

export interface FeedWatches {
  /** What the match list reads of `events` (its shape, each match, the odds header). */
  listOf(lt: LineType): MatchListModel
  /** What the match list shows and watches: the default `events` list or a calendar period (Line only). */
  listTopic(lt: LineType): ListTopic | null
  /** Hold the line type's subscriptions (menu, list, open match) while a browser shows it. */
  hold(lt: LineType): () => void
  /** Not live: what the list / open match shows may be out of date. */
  listWatch(lt: LineType): TopicWatch
  eventWatch(lt: LineType): TopicWatch
}

export function feedWatches(lines: Record<LineType, LineState>, hooks: FeedWatchHooks): FeedWatches {
  /**
   * The list model follows every write of `events`, told what a delta changed, so a refresh wakes
   * only what it moved.
   */
  const lists = { line: markRaw(matchListModel()), live: markRaw(matchListModel()) }
  const listDeltas: Record<LineType, WatchDelta<'feed.events'> | undefined> = { line: undefined, live: undefined }
  /** With the first part of a big list: how many matches the whole holds (any other write of the list clears it). */
  const listWholes: Record<LineType, number | null> = { line: null, live: null }
  for (const lt of ['line', 'live'] as const)
    watch(
      () => lines[lt].events,
      (v) => {
        const delta = listDeltas[lt]
        listDeltas[lt] = undefined
        lines[lt].eventsWhole = listWholes[lt]
        listWholes[lt] = null
        lists[lt].set(v, delta)
      },
      { flush: 'sync' },
    )

  function listTopic(lt: LineType): ListTopic | null {
    const s = lines[lt]
    if (s.sportId === null || s.tournamentId === null) return null
    const period = lt === 'line' && s.sportId > 0 && !s.esports ? periodOf(s.period) : null
    if (period) return { name: 'feed.calendar', lineType: 'line', sportId: s.sportId, tournamentId: s.tournamentId, period }
    const topic: TopicOf<'feed.events'> = { name: 'feed.events', lineType: lt, sportId: s.sportId, tournamentId: s.tournamentId }
    if (s.esports) topic.cybersport = true
    else if (lt === 'line' && s.tournamentId === 0 && s.scope === 'all') topic.all = true
    return topic
  }
  /** The open match, watched until the feed reports it gone. */
  function eventTopic(lt: LineType): TopicOf<'feed.event'> | null {
    const s = lines[lt]
    return s.gameId !== null && s.event?.kind !== 'gone' ? { name: 'feed.event', lineType: lt, gameId: s.gameId } : null
  }

  function watchesOf(lt: LineType): { menu: TopicWatch; list: TopicWatch; event: TopicWatch } {
    const s = lines[lt]
    /**
     * A feed topic of this line type: an accepted snapshot or an error ends `loading`, `show` takes the
     * data (a snapshot, or what a delta made of the data held; it may return what to hold instead);
     * its state feeds the alert as `source`.
     */
    const feedWatch = <N extends WatchTopicName>(
      topic: () => TopicOf<N> | null,
      loading: 'menuLoading' | 'eventsLoading' | 'eventLoading',
      source: string,
      show: (v: WatchSnapshot<N>, whole: boolean, delta?: WatchDelta<N>, partial?: { count?: number }) => WatchSnapshot<N> | void,
      accept: (v: WatchSnapshot<N>) => boolean = () => true,
    ) => {
      const take = (v: WatchSnapshot<N>, whole: boolean, delta?: WatchDelta<N>, partial?: { count?: number }): WatchSnapshot<N> | void => {
        if (!accept(v)) return
        s[loading] = false
        const held = show(v, whole, delta, partial)
        s.updatedAt = Date.now()
        return held
      }
      return topicWatch(topic, {
        snapshot: (v, partial, count) => take(v, true, undefined, partial ? { count } : undefined),
        delta: (d, v) => void take(v, false, d),
        state: (st) => {
          if (st.error) s[loading] = false
          hooks.onState(lt, source, st)
        },
      })
    }
    const menu = feedWatch(() => (s.esports ? { name: 'feed.menu', lineType: lt, cybersport: true } : { name: 'feed.menu', lineType: lt }), 'menuLoading', 'watch:feed.menu', (v) => {
      s.menu = v
      s.menuLoaded = true
    })
    // Unchanged matches keep their objects: a refresh re-renders only the rows whose data moved. A
    // delta keeps them by itself; a snapshot (the first, or after a gap) is matched against what is shown.
    const list = feedWatch(() => listTopic(lt), 'eventsLoading', 'watch:feed.list', (v, whole, delta, partial) => {
      if (!whole) listDeltas[lt] = delta
      listWholes[lt] = partial?.count ?? null
      s.events = markRaw(whole ? patchEvents(s.events, v) : v)
      listDeltas[lt] = undefined
      mark(LIST_APPLIED, partial ? { rows: lists[lt].shape().count, partial: 1, ...(partial.count === undefined ? {} : { whole: partial.count }) } : { rows: lists[lt].shape().count })
      return s.events
    })
    const event = feedWatch(
      () => eventTopic(lt),
      'eventLoading',
      'watch:feed.event',
      (v) => hooks.setEvent(lt, v),
      (v) => (v.kind === 'match' ? v.match.gameId : v.gameId) === s.gameId,
    )
    return { menu, list, event }
  }
  const topicWatches = { line: watchesOf('line'), live: watchesOf('live') }

  function hold(lt: LineType): () => void {
    const w = topicWatches[lt]
    if (!lines[lt].menuLoaded) lines[lt].menuLoading = true
    const releases = [w.menu.acquire(), w.list.acquire(), w.event.acquire()]
    return () => releases.forEach((r) => r())
  }

  return {
    listOf: (lt) => lists[lt],
    listTopic,
    hold,
    listWatch: (lt) => topicWatches[lt].list,
    eventWatch: (lt) => topicWatches[lt].event,
  }
}
