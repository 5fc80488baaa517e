/**
 * What the feed store holds per line type (Line, Live): the menu, the selection, the match list, the
 * open match and the feed errors standing for the alert; and its blank value (a fresh start, or a
 * profile change).
 */
import type { ChampionshipDto, EventResultDto, MatchDto, SportNode, TournamentEventsDto } from '../../src-shared/contract.js'
import type { FeedErrorView } from './feed-errors.js'
import type { PeriodKey } from './calendar.js'

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
  /** While `events` holds only the first part of a big list: how many matches the whole holds. */
  eventsWhole: number | null
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

export function blankLine(): LineState {
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
    eventsWhole: null,
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
