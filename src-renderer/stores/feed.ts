/**
 * Line feed state per line type: menu tree, selected sport/tournament with its match list (the
 * default list or, in Line, a calendar period), and the selected match with all markets. All three
 * come from main's `feed.*` subscriptions (held by the browser while it is shown; main polls each
 * at the spec's interval however many windows watch). Typed feed errors (key, plan, request) are
 * kept per source while the feed answers with them (`watch.state`), for the browser's alert.
 */
import { defineStore } from 'pinia'
import { reactive } from 'vue'
import type { ChampionshipDto, EventResultDto, LineType } from '../../src-shared/contract.js'
import { call, DeskCallError, isStaleEpoch, onEpochChange, toDeskError } from '../api/desk.js'
import type { WatchStatus } from '../api/watch.js'
import { attempt, reportError } from '../composables/errors.js'
import { readFeedError, type FeedErrorView } from '../composables/feed-errors.js'
import type { PeriodKey } from '../composables/calendar.js'
import { blankLine, type LineState } from '../composables/feed-line-state.js'
import { feedWatches } from '../composables/feed-watches.js'

export type { LineState, SuccessorState } from '../composables/feed-line-state.js'
export type { ListTopic } from '../composables/feed-watches.js'
type Gone = Extract<EventResultDto, { kind: 'gone' }>

/** The live match a Line match became (it answered `Game id finished`): its id, null for none, undefined when the lookup failed (reported). */
export async function lookupLiveSuccessor(gameId: number): Promise<number | null | undefined> {
  const v = await attempt(() => call('feed', 'liveSuccessor', { gameId }), 'feed.liveSuccessor')
  return v === undefined ? undefined : v.gameId
}

export const useFeedStore = defineStore('feed', () => {
  const lines = reactive<Record<LineType, LineState>>({ line: blankLine(), live: blankLine() })
  /** Matches opened from Line whose Live list should follow their sport once they arrive. */
  const followSport = new Set<number>()
  /** The menu, list and open-match subscriptions: their answers land in `lines`, their state in the alert. */
  const { listOf, listTopic, hold, listWatch, eventWatch } = feedWatches(lines, { onState, setEvent })

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
      Object.assign(lines[lt], blankLine(), { menuLoading })
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
