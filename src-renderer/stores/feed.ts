/**
 * Line feed state per line type: menu tree, selected sport/tournament with its match list, and the
 * selected match with all markets. Freshness comes from `feed.watch` + `feed.updated` events.
 */
import { defineStore } from 'pinia'
import { reactive } from 'vue'
import type { EventResultDto, InputOf, LineType, MatchDto, SportNode, TournamentEventsDto } from '../../src-preload/contract.js'
import { call, DeskCallError, onEvent } from '../api/desk.js'
import { attempt, reportError } from '../composables/errors.js'

export type WatchTarget = InputOf<'feed', 'watch'>

export interface LineState {
  menu: SportNode[]
  menuLoaded: boolean
  menuLoading: boolean
  sportId: number | null
  tournamentId: number | null
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
}

function blank(): LineState {
  return {
    menu: [],
    menuLoaded: false,
    menuLoading: false,
    sportId: null,
    tournamentId: null,
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
  }
}

export const useFeedStore = defineStore('feed', () => {
  const lines = reactive<Record<LineType, LineState>>({ line: blank(), live: blank() })
  const watches = new Map<string, WatchTarget>()
  const erroredWatches = new Set<string>()

  async function loadMenu(lt: LineType): Promise<void> {
    const s = lines[lt]
    s.menuLoading = true
    try {
      const v = await attempt(() => call('feed', 'menu', { lineType: lt }), 'feed.menu')
      if (v) {
        s.menu = v
        s.menuLoaded = true
      }
    } finally {
      s.menuLoading = false
    }
  }

  async function selectTournament(lt: LineType, sportId: number, tournamentId: number): Promise<void> {
    const s = lines[lt]
    s.search = null
    s.searchText = ''
    s.top = null
    s.sportId = sportId
    s.tournamentId = tournamentId
    s.eventsLoading = true
    try {
      const v = await attempt(() => call('feed', 'events', { lineType: lt, sportId, tournamentId, odds: true }), 'feed.events')
      if (v && s.sportId === sportId && s.tournamentId === tournamentId) s.events = v
    } finally {
      s.eventsLoading = false
    }
  }

  async function selectMatch(lt: LineType, gameId: number): Promise<void> {
    const s = lines[lt]
    s.gameId = gameId
    s.event = null
    s.eventLoading = true
    try {
      const v = await attempt(() => call('feed', 'event', { lineType: lt, gameId }), 'feed.event')
      if (v && s.gameId === gameId) s.event = v
    } finally {
      s.eventLoading = false
    }
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
      const v = await attempt(() => call('feed', 'search', { lineType: lt, text: q.slice(0, 100) }), 'feed.search')
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
      const v = await attempt(() => call('feed', 'topMatches', { lineType: lt }), 'feed.topMatches')
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
  }

  /** Apply a pushed update to whatever the watch target feeds, if it is still the current selection. */
  function apply(target: WatchTarget, data: unknown): void {
    const s = lines[target.lineType]
    if (target.target === 'menu') {
      if (Array.isArray(data)) s.menu = data as SportNode[]
    } else if (target.target === 'events') {
      if (Array.isArray(data) && s.sportId === target.sportId && s.tournamentId === target.tournamentId) s.events = data as TournamentEventsDto[]
    } else if (data && typeof data === 'object' && !Array.isArray(data) && s.gameId === target.gameId) {
      s.event = data as EventResultDto
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
    apply(target, e.data)
  })
  onEvent('feed.error', (e) => {
    if (!watches.has(e.watchId) || erroredWatches.has(e.watchId)) return
    erroredWatches.add(e.watchId) // one notification per failing watch until it recovers
    reportError(new DeskCallError(e.code, e.message), 'feed.updated')
  })

  return { lines, loadMenu, selectTournament, selectMatch, search, clearSearch, showTop, clearTop, clearMatch, watch, unwatch, apply, activeWatchCount: () => watches.size }
})
