/**
 * Line feed state per line type: menu tree, selected sport/tournament with its match list (the
 * default list or, in Line, a calendar period), and the selected match with all markets. All three
 * come from main's `feed.*` subscriptions (held by the browser while it is shown; main polls each
 * at the spec's interval however many windows watch). Typed feed errors (key, plan, request) are
 * kept per source while the feed answers with them (`watch.state`), for the browser's alert.
 */
import { defineStore } from 'pinia'
import { markRaw, reactive, watch } from 'vue'
import type { ChampionshipDto, EventResultDto, LineType, MatchDto, SportNode, TournamentEventsDto, WatchDelta, WatchSnapshot, WatchTopicName } from '../../src-shared/contract.js'
import { call, DeskCallError, isStaleEpoch, onEpochChange, toDeskError } from '../api/desk.js'
import { topicWatch, type TopicWatch } from '../api/shared-watch.js'
import type { TopicOf, WatchStatus } from '../api/watch.js'
import { attempt, reportError } from '../composables/errors.js'
import { readFeedError, type FeedErrorView } from '../composables/feed-errors.js'
import { periodOf, type PeriodKey } from '../composables/calendar.js'
import { patchEvents } from '../composables/patch-events.js'
import { LIST_APPLIED, mark } from '../composables/perf-marks.js'
import { matchListModel, type MatchListModel } from '../composables/match-list-model.js'

export type ListTopic = TopicOf<'feed.events'> | TopicOf<'feed.calendar'>
type Gone = Extract<EventResultDto, { kind: 'gone' }>

/** A Line match that answered `Game id finished`: its live successor, once looked up. */
export interface SuccessorState {
  gameId: number
  loading: boolean
  /** null = none found (or not yet known while loading). */
  liveGameId: number | null
}

export interface LineState {
  menu: SportNode[]
  menuLoaded: boolean
  menuLoading: boolean
  sportId: number | null
  tournamentId: number | null
  /** Line only: 'top' = the service's default list; otherwise a calendar period. */
  period: PeriodKey
  /** Line, whole sport: the service's Top 50 or the full line (`match=all`). */
  scope: 'top' | 'all'
  /** The esports side of the feed (its own menu; its lists are always full). */
  esports: boolean
  /** The service's top championships (on the operator's click); null = not loaded. */
  championships: ChampionshipDto[] | null
  championshipsLoading: boolean
  events: TournamentEventsDto[]
  eventsLoading: boolean
  gameId: number | null
  event: EventResultDto | null
  eventLoading: boolean
  updatedAt: number | null
  /** Participant search results (on user action only); null = not searching. */
  search: MatchDto[] | null
  searchText: string
  searching: boolean
  /** The service's top selection (`topmatches` over all sports, or `toplist` of one sport; up to 10); null = not shown. */
  top: MatchDto[] | null
  topKind: 'matches' | 'toplist'
  topLoading: boolean
  successor: SuccessorState | null
  /** Typed feed errors by source (`watch:<topic>` or `call:<method>`), while the feed keeps answering them. */
  problems: Record<string, FeedErrorView & { at: number }>
}

function blank(): LineState {
  return {
    menu: [],
    menuLoaded: false,
    menuLoading: false,
    sportId: null,
    tournamentId: null,
    period: 'top',
    scope: 'top',
    esports: false,
    championships: null,
    championshipsLoading: false,
    events: [],
    eventsLoading: false,
    gameId: null,
    event: null,
    eventLoading: false,
    updatedAt: null,
    search: null,
    searchText: '',
    searching: false,
    top: null,
    topKind: 'matches',
    topLoading: false,
    successor: null,
    problems: {},
  }
}

/** The live match a Line match became (it answered `Game id finished`): its id, null for none, undefined when the lookup failed (reported). */
export async function lookupLiveSuccessor(gameId: number): Promise<number | null | undefined> {
  const v = await attempt(() => call('feed', 'liveSuccessor', { gameId }), 'feed.liveSuccessor')
  return v === undefined ? undefined : v.gameId
}

export const useFeedStore = defineStore('feed', () => {
  const lines = reactive<Record<LineType, LineState>>({ line: blank(), live: blank() })
  /** Matches opened from Line whose Live list should follow their sport once they arrive. */
  const followSport = new Set<number>()
  /**
   * What the match list reads of `events` (its shape, each match, the odds header): it follows every
   * write of `events`, told what a delta changed, so a refresh wakes only what it moved.
   */
  const lists = { line: markRaw(matchListModel()), live: markRaw(matchListModel()) }
  const listDeltas: Record<LineType, WatchDelta<'feed.events'> | undefined> = { line: undefined, live: undefined }
  for (const lt of ['line', 'live'] as const)
    watch(
      () => lines[lt].events,
      (v) => {
        const delta = listDeltas[lt]
        listDeltas[lt] = undefined
        lists[lt].set(v, delta)
      },
      { flush: 'sync' },
    )
  const listOf = (lt: LineType): MatchListModel => lists[lt]

  function noteProblem(lt: LineType, source: string, err: unknown): void {
    const e = toDeskError(err)
    const view = readFeedError(e.code, e.message)
    if (view) lines[lt].problems[source] = { ...view, at: Date.now() }
  }
  function clearProblem(lt: LineType, source: string): void {
    delete lines[lt].problems[source]
  }
  /** The newest typed feed error still standing for a line type, if any. */
  function alertOf(lt: LineType): FeedErrorView | null {
    const all = Object.values(lines[lt].problems)
    return all.length === 0 ? null : all.reduce((a, b) => (b.at >= a.at ? b : a))
  }

  /** A feed call: reported on failure, and remembered for the alert when it is a typed feed error. */
  async function feedCall<T>(lt: LineType, method: string, action: () => Promise<T>): Promise<T | undefined> {
    try {
      const v = await action()
      clearProblem(lt, `call:${method}`)
      return v
    } catch (err) {
      if (isStaleEpoch(err)) return undefined
      reportError(err, `feed.${method}`)
      noteProblem(lt, `call:${method}`, err)
      return undefined
    }
  }

  /** What the match list shows and watches: the default `events` list or a calendar period (Line only). */
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

  /** Source state: a typed feed error stands in the alert while the source is not live; one report per failure. */
  function onState(lt: LineType, source: string, status: WatchStatus): void {
    const had = source in lines[lt].problems
    if (status.live || !status.error) {
      clearProblem(lt, source)
      // A source that answers again means the feed does: failed one-off calls are stale too.
      if (status.live) for (const key of Object.keys(lines[lt].problems)) if (key.startsWith('call:')) delete lines[lt].problems[key]
      return
    }
    const err = new DeskCallError(status.error.code, status.error.message)
    noteProblem(lt, source, err)
    if (!had) reportError(err, source.replace(/^watch:/, ''))
  }
  function fresh(lt: LineType): void {
    lines[lt].updatedAt = Date.now()
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
      show: (v: WatchSnapshot<N>, whole: boolean, delta?: WatchDelta<N>) => WatchSnapshot<N> | void,
      accept: (v: WatchSnapshot<N>) => boolean = () => true,
    ) => {
      const take = (v: WatchSnapshot<N>, whole: boolean, delta?: WatchDelta<N>): WatchSnapshot<N> | void => {
        if (!accept(v)) return
        s[loading] = false
        const held = show(v, whole, delta)
        fresh(lt)
        return held
      }
      return topicWatch(topic, {
        snapshot: (v) => take(v, true),
        delta: (d, v) => void take(v, false, d),
        state: (st) => {
          if (st.error) s[loading] = false
          onState(lt, source, st)
        },
      })
    }
    const menu = feedWatch(() => (s.esports ? { name: 'feed.menu', lineType: lt, cybersport: true } : { name: 'feed.menu', lineType: lt }), 'menuLoading', 'watch:feed.menu', (v) => {
      s.menu = v
      s.menuLoaded = true
    })
    // Unchanged matches keep their objects: a refresh re-renders only the rows whose data moved. A
    // delta keeps them by itself; a snapshot (the first, or after a gap) is matched against what is shown.
    const list = feedWatch(() => listTopic(lt), 'eventsLoading', 'watch:feed.list', (v, whole, delta) => {
      if (!whole) listDeltas[lt] = delta
      s.events = markRaw(whole ? patchEvents(s.events, v) : v)
      listDeltas[lt] = undefined
      mark(LIST_APPLIED, { rows: lists[lt].shape().count })
      return s.events
    })
    const event = feedWatch(
      () => eventTopic(lt),
      'eventLoading',
      'watch:feed.event',
      (v) => setEvent(lt, v),
      (v) => (v.kind === 'match' ? v.match.gameId : v.gameId) === s.gameId,
    )
    return { menu, list, event }
  }
  const topicWatches = { line: watchesOf('line'), live: watchesOf('live') }

  /** Hold the line type's subscriptions (menu, list, open match) while a browser shows it. */
  function hold(lt: LineType): () => void {
    const w = topicWatches[lt]
    if (!lines[lt].menuLoaded) lines[lt].menuLoading = true
    const releases = [w.menu.acquire(), w.list.acquire(), w.event.acquire()]
    return () => releases.forEach((r) => r())
  }
  /** Not live: what the list / open match shows may be out of date. */
  const listWatch = (lt: LineType) => topicWatches[lt].list
  const eventWatch = (lt: LineType) => topicWatches[lt].event

  async function selectTournament(lt: LineType, sportId: number, tournamentId: number): Promise<void> {
    const s = lines[lt]
    s.search = null
    s.searchText = ''
    s.top = null
    if (s.sportId === sportId && s.tournamentId === tournamentId) return
    s.sportId = sportId
    s.tournamentId = tournamentId
    s.events = []
    s.eventsLoading = true
  }

  /** Line: show the default list or a calendar period for the selected sport / tournament. */
  async function setPeriod(lt: LineType, period: PeriodKey): Promise<void> {
    const s = lines[lt]
    if (s.period === period && !s.search && !s.top) return
    s.period = period
    s.search = null
    s.searchText = ''
    s.top = null
    s.events = []
    s.eventsLoading = lines[lt].sportId !== null
  }

  /** Line, whole sport: the service's Top 50 or the full line. */
  function setScope(lt: LineType, scope: 'top' | 'all'): void {
    const s = lines[lt]
    if (s.scope === scope) return
    s.scope = scope
    if (s.tournamentId === 0) {
      s.events = []
      s.eventsLoading = true
    }
  }

  /** The esports side: its own menu and lists; what was selected belongs to the other side. */
  function setEsports(lt: LineType, on: boolean): void {
    const s = lines[lt]
    if (s.esports === on) return
    Object.assign(s, { esports: on, sportId: null, tournamentId: null, events: [], menu: [], menuLoaded: false, menuLoading: true, search: null, searchText: '', top: null })
  }

  /** The top championships, asked again on each opening (the service's own interval caps how often). */
  async function loadChampionships(lt: LineType): Promise<void> {
    const s = lines[lt]
    s.championshipsLoading = true
    try {
      const v = await feedCall(lt, 'topChampionships', () => call('feed', 'topChampionships', { lineType: lt }))
      if (v) s.championships = v
    } finally {
      s.championshipsLoading = false
    }
  }
  /** One click: the championship's matches (`events` of its sport and tournament), on the regular side. */
  async function openChampionship(lt: LineType, c: ChampionshipDto): Promise<void> {
    if (lines[lt].esports) setEsports(lt, false)
    if (lt === 'line') lines[lt].period = 'top'
    await selectTournament(lt, c.sportId, c.tournamentId)
  }

  /** The open match comes from its `feed.event` subscription (while a browser holds it). */
  async function selectMatch(lt: LineType, gameId: number): Promise<void> {
    const s = lines[lt]
    if (s.gameId === gameId && s.event?.kind !== 'gone') return
    s.gameId = gameId
    s.event = null
    s.successor = null
    s.eventLoading = true
  }

  function setEvent(lt: LineType, result: EventResultDto): void {
    const s = lines[lt]
    const wasGone = s.event?.kind === 'gone'
    s.event = result
    if (result.kind === 'gone' && !wasGone) void matchGone(lt, result)
    if (lt === 'live' && result.kind === 'match' && followSport.delete(result.match.gameId) && s.sportId === null) void selectTournament('live', result.match.sportId, 0)
  }

  /** The open match left its list (the list's own subscription follows); a Line match that finished may be in Live. */
  async function matchGone(lt: LineType, gone: Gone): Promise<void> {
    if (gone.lineType === 'line' && gone.reason === 'finished') await findSuccessor(lt, gone.gameId)
  }

  async function findSuccessor(lt: LineType, gameId: number): Promise<void> {
    const s = lines[lt]
    s.successor = { gameId, loading: true, liveGameId: null }
    const liveGameId = await lookupLiveSuccessor(gameId)
    if (s.successor?.gameId !== gameId) return
    s.successor = { gameId, loading: false, liveGameId: liveGameId ?? null }
  }

  /** Select a match in Live (for "Open in Live"); the Live list follows its sport when none is open there. */
  async function openInLive(gameId: number): Promise<void> {
    followSport.add(gameId)
    await selectMatch('live', gameId)
  }

  async function search(lt: LineType, text: string): Promise<void> {
    const s = lines[lt]
    const q = text.trim()
    s.searchText = q
    if (!q) {
      s.search = null
      return
    }
    s.searching = true
    try {
      const v = await feedCall(lt, 'search', () => call('feed', 'search', { lineType: lt, text: q.slice(0, 100) }))
      if (v && s.searchText === q) s.search = v
    } finally {
      s.searching = false
    }
  }
  /** Top matches on the operator's click (refreshed on each click; the service decides the content). */
  async function showTop(lt: LineType): Promise<void> {
    const s = lines[lt]
    s.search = null
    s.searchText = ''
    s.topLoading = true
    try {
      const v = await feedCall(lt, 'topMatches', () => call('feed', 'topMatches', { lineType: lt }))
      if (v) {
        s.top = v
        s.topKind = 'matches'
      }
    } finally {
      s.topLoading = false
    }
  }
  /** The service's top 10 Prematch matches of the selected sport. */
  async function showToplist(sportId: number): Promise<void> {
    const s = lines.line
    s.search = null
    s.searchText = ''
    s.topLoading = true
    try {
      const v = await feedCall('line', 'toplist', () => call('feed', 'toplist', { sportId }))
      if (v) {
        s.top = v
        s.topKind = 'toplist'
      }
    } finally {
      s.topLoading = false
    }
  }
  function clearTop(lt: LineType): void {
    lines[lt].top = null
  }

  function clearSearch(lt: LineType): void {
    lines[lt].search = null
    lines[lt].searchText = ''
  }

  function clearMatch(lt: LineType): void {
    lines[lt].gameId = null
    lines[lt].event = null
    lines[lt].successor = null
  }

  // Another profile means another feed: what was shown and selected goes (the menu subscription stays).
  onEpochChange(() => {
    for (const lt of ['line', 'live'] as const) {
      const menuLoading = lines[lt].menuLoading
      Object.assign(lines[lt], blank(), { menuLoading })
    }
  })

  return {
    lines,
    listOf,
    hold,
    listTopic,
    listWatch,
    eventWatch,
    selectTournament,
    setPeriod,
    selectMatch,
    findSuccessor,
    openInLive,
    search,
    clearSearch,
    showTop,
    showToplist,
    clearTop,
    setScope,
    setEsports,
    loadChampionships,
    openChampionship,
    clearMatch,
    alertOf,
  }
})
