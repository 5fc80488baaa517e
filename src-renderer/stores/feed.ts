/**
 * Line feed state per line type: menu tree, selected sport/tournament with its match list (the
 * default list or, in Line, a calendar period), and the selected match with all markets. Freshness
 * comes from `feed.watch` + `feed.updated` events. Typed feed errors (key, plan, request) are kept
 * per source while the feed answers with them, for the browser's persistent alert.
 */
import { defineStore } from 'pinia'
import { reactive } from 'vue'
import type { EventResultDto, InputOf, LineType, MatchDto, SportNode, TournamentEventsDto } from '../../src-shared/contract.js'
import { call, DeskCallError, onEvent, toDeskError } from '../api/desk.js'
import { attempt, reportError } from '../composables/errors.js'
import { readFeedError, type FeedErrorView } from '../composables/feed-errors.js'
import { periodOf, type PeriodKey } from '../composables/calendar.js'

export type WatchTarget = InputOf<'feed', 'watch'>
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
  /** The service's top selection (`topmatches`, up to 10 over all sports); null = not shown. */
  top: MatchDto[] | null
  topLoading: boolean
  successor: SuccessorState | null
  /** Typed feed errors by source (`watch:<id>` or `call:<method>`), while the feed keeps answering them. */
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
    topLoading: false,
    successor: null,
    problems: {},
  }
}

export const useFeedStore = defineStore('feed', () => {
  const lines = reactive<Record<LineType, LineState>>({ line: blank(), live: blank() })
  const watches = new Map<string, WatchTarget>()
  const erroredWatches = new Set<string>()

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
      reportError(err, `feed.${method}`)
      noteProblem(lt, `call:${method}`, err)
      return undefined
    }
  }

  async function loadMenu(lt: LineType): Promise<void> {
    const s = lines[lt]
    s.menuLoading = true
    try {
      const v = await feedCall(lt, 'menu', () => call('feed', 'menu', { lineType: lt }))
      if (v) {
        s.menu = v
        s.menuLoaded = true
      }
    } finally {
      s.menuLoading = false
    }
  }

  /** What the match list shows and watches: the default `events` list or a calendar period (Line only). */
  function listTarget(lt: LineType): WatchTarget | null {
    const s = lines[lt]
    if (s.sportId === null || s.tournamentId === null) return null
    const period = lt === 'line' && s.sportId > 0 ? periodOf(s.period) : null
    if (period) return { target: 'calendar', lineType: 'line', sportId: s.sportId, tournamentId: s.tournamentId, period }
    return { target: 'events', lineType: lt, sportId: s.sportId, tournamentId: s.tournamentId }
  }
  const sameList = (a: WatchTarget | null, b: WatchTarget | null) => JSON.stringify(a) === JSON.stringify(b)

  /** (Re)load the current list. */
  async function loadList(lt: LineType): Promise<void> {
    const s = lines[lt]
    const target = listTarget(lt)
    if (!target || target.target === 'menu' || target.target === 'event') return
    s.eventsLoading = true
    try {
      const v =
        target.target === 'calendar'
          ? await feedCall(lt, 'calendar', () => call('feed', 'calendar', { sportId: target.sportId, tournamentId: target.tournamentId, period: target.period }))
          : await feedCall(lt, 'events', () => call('feed', 'events', { lineType: lt, sportId: target.sportId, tournamentId: target.tournamentId, odds: true }))
      if (v && sameList(listTarget(lt), target)) s.events = v
    } finally {
      s.eventsLoading = false
    }
  }

  async function selectTournament(lt: LineType, sportId: number, tournamentId: number): Promise<void> {
    const s = lines[lt]
    s.search = null
    s.searchText = ''
    s.top = null
    s.sportId = sportId
    s.tournamentId = tournamentId
    await loadList(lt)
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
    await loadList(lt)
  }

  async function selectMatch(lt: LineType, gameId: number): Promise<void> {
    const s = lines[lt]
    s.gameId = gameId
    s.event = null
    s.successor = null
    s.eventLoading = true
    try {
      const v = await feedCall(lt, 'event', () => call('feed', 'event', { lineType: lt, gameId }))
      if (v && s.gameId === gameId) setEvent(lt, v)
    } finally {
      s.eventLoading = false
    }
  }

  function setEvent(lt: LineType, result: EventResultDto): void {
    const s = lines[lt]
    const wasGone = s.event?.kind === 'gone'
    s.event = result
    if (result.kind === 'gone' && !wasGone) void matchGone(lt, result)
  }

  /** The open match left its list: refresh the list, and for a Line match that finished, look for it in Live. */
  async function matchGone(lt: LineType, gone: Gone): Promise<void> {
    void loadList(lt)
    if (gone.lineType === 'line' && gone.reason === 'finished') await findSuccessor(lt, gone.gameId)
  }

  async function findSuccessor(lt: LineType, gameId: number): Promise<void> {
    const s = lines[lt]
    s.successor = { gameId, loading: true, liveGameId: null }
    const v = await attempt(() => call('feed', 'liveSuccessor', { gameId }), 'feed.liveSuccessor')
    if (s.successor?.gameId !== gameId) return
    s.successor = { gameId, loading: false, liveGameId: v?.gameId ?? null }
  }

  /** Select a match in Live (for "Open in Live"); the Live list follows its sport when none is open there. */
  async function openInLive(gameId: number): Promise<void> {
    await selectMatch('live', gameId)
    const r = lines.live.event
    if (r?.kind === 'match' && lines.live.sportId === null) void selectTournament('live', r.match.sportId, 0)
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
      if (v) s.top = v
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

  /** Apply a pushed update to whatever the watch target feeds, if it is still the current selection. */
  function apply(target: WatchTarget, data: unknown): void {
    const lt = target.lineType
    const s = lines[lt]
    if (target.target === 'menu') {
      if (Array.isArray(data)) s.menu = data as SportNode[]
    } else if (target.target === 'events' || target.target === 'calendar') {
      if (Array.isArray(data) && sameList(listTarget(lt), target)) s.events = data as TournamentEventsDto[]
    } else if (data && typeof data === 'object' && !Array.isArray(data) && s.gameId === target.gameId) {
      setEvent(lt, data as EventResultDto)
    }
    s.updatedAt = Date.now()
  }

  async function watch(target: WatchTarget): Promise<string | null> {
    const v = await attempt(() => call('feed', 'watch', target), 'feed.watch')
    if (!v) return null
    watches.set(v.watchId, target)
    return v.watchId
  }

  async function unwatch(watchId: string): Promise<void> {
    const target = watches.get(watchId)
    if (target) clearProblem(target.lineType, `watch:${watchId}`)
    watches.delete(watchId)
    erroredWatches.delete(watchId)
    await attempt(() => call('feed', 'unwatch', { watchId }), 'feed.unwatch')
  }

  // Another profile means another feed: drop what was shown and reload the menus that were open.
  onEvent('profile.changed', () => {
    for (const lt of ['line', 'live'] as const) {
      const had = lines[lt].menuLoaded
      Object.assign(lines[lt], blank())
      if (had) void loadMenu(lt)
    }
  })

  onEvent('feed.updated', (e) => {
    const target = watches.get(e.watchId)
    if (!target) return
    erroredWatches.delete(e.watchId)
    // A watch that answers again means the feed does: failed one-off calls are stale too.
    const problems = lines[target.lineType].problems
    for (const source of Object.keys(problems)) if (source === `watch:${e.watchId}` || source.startsWith('call:')) delete problems[source]
    apply(target, e.data)
  })
  onEvent('feed.error', (e) => {
    const target = watches.get(e.watchId)
    if (!target) return
    noteProblem(target.lineType, `watch:${e.watchId}`, new DeskCallError(e.code, e.message))
    if (erroredWatches.has(e.watchId)) return
    erroredWatches.add(e.watchId) // one notification per failing watch until it recovers
    reportError(new DeskCallError(e.code, e.message), 'feed.updated')
  })

  return {
    lines,
    loadMenu,
    listTarget,
    loadList,
    selectTournament,
    setPeriod,
    selectMatch,
    findSuccessor,
    openInLive,
    search,
    clearSearch,
    showTop,
    clearTop,
    clearMatch,
    watch,
    unwatch,
    apply,
    alertOf,
    activeWatchCount: () => watches.size,
  }
})
