import { calendarPeriodText, type CalendarPeriod } from './calendar.js'
import type { FeedClient } from './client.js'
import type { Championship, Country, EventResult, EventsTournament, FeedList, FeedStamp, LineType, MatchSummary, Sport, Tournament } from './types.js'

/** One feed request as data: what the scheduler polls and coalesces. */
export type FeedRequestSpec =
  | { method: 'menu'; type: LineType; lang: string; cybersport?: boolean }
  | { method: 'sports'; type: LineType; lang: string; cybersport?: boolean }
  | { method: 'countries'; sportId: number; type: LineType; lang: string }
  | { method: 'tournaments'; sportId: number; countryId: number; type: LineType; lang: string; cybersport?: boolean }
  | { method: 'topmatches'; type: LineType; lang: string; full?: boolean; odds?: boolean }
  | { method: 'toplist'; sportId: number; lang: string; full?: boolean; odds?: boolean }
  | { method: 'topchampionships'; type: LineType; lang: string }
  | { method: 'search'; type: LineType; lang: string; text: string }
  | { method: 'events'; sportId: number; tournamentId: number; type: LineType; lang: string; cybersport?: boolean; match?: 'all'; odds?: boolean }
  | { method: 'event'; gameId: number; type: LineType; lang: string; odds?: boolean }
  | { method: 'calendar'; sportId: number; tournamentId: number; period: CalendarPeriod; lang: string; odds?: boolean }

export type FeedMethod = FeedRequestSpec['method']

/** What `runFeedRequest` resolves to, per method (for typing scheduler listeners). */
export interface FeedResultMap {
  menu: FeedList<Sport>
  sports: FeedList<Sport>
  countries: FeedList<Country>
  tournaments: FeedList<Tournament>
  topmatches: FeedList<MatchSummary>
  toplist: FeedList<MatchSummary>
  topchampionships: FeedList<Championship>
  search: FeedList<MatchSummary>
  events: FeedList<EventsTournament>
  event: EventResult & FeedStamp
  calendar: FeedList<EventsTournament>
}
export type FeedResultOf<S extends FeedRequestSpec> = FeedResultMap[S['method']]

/** `toplist` and `calendar` have no type segment and are Prematch only. */
export function lineTypeOf(spec: FeedRequestSpec): LineType {
  return spec.method === 'toplist' || spec.method === 'calendar' ? 'line' : spec.type
}

const b = (v: boolean | undefined) => (v === undefined ? '' : v ? '1' : '0')

/**
 * Stable key = method + params. Events keys put `${lineType}:${gameId}` first after the method so
 * a Prematch id and a Live id never share a key.
 */
export function feedKey(spec: FeedRequestSpec): string {
  switch (spec.method) {
    case 'menu':
    case 'sports':
      return `${spec.method}|${spec.type}|${spec.lang}|cs=${b(spec.cybersport)}`
    case 'countries':
      return `countries|${spec.type}|${spec.lang}|${spec.sportId}`
    case 'tournaments':
      return `tournaments|${spec.type}|${spec.lang}|${spec.sportId}|${spec.countryId}|cs=${b(spec.cybersport)}`
    case 'topmatches':
      return `topmatches|${spec.type}|${spec.lang}|full=${b(spec.full)}|odds=${b(spec.odds)}`
    case 'toplist':
      return `toplist|line|${spec.lang}|${spec.sportId}|full=${b(spec.full)}|odds=${b(spec.odds)}`
    case 'topchampionships':
      return `topchampionships|${spec.type}|${spec.lang}`
    case 'search':
      return `search|${spec.type}|${spec.lang}|${spec.text.trim()}`
    case 'events':
      return `events|${spec.type}|${spec.lang}|${spec.sportId}|${spec.tournamentId}|cs=${b(spec.cybersport)}|match=${spec.match ?? ''}|odds=${b(spec.odds)}`
    case 'event':
      return `event|${spec.type}:${spec.gameId}|${spec.lang}|odds=${b(spec.odds)}`
    case 'calendar':
      return `calendar|line|${spec.lang}|${spec.sportId}|${spec.tournamentId}|${calendarPeriodText(spec.period)}|odds=${b(spec.odds)}`
  }
}

/** Runs a spec against the client (the scheduler's usual `run`). */
export function runFeedRequest<S extends FeedRequestSpec>(client: FeedClient, spec: S): Promise<FeedResultOf<S>>
export function runFeedRequest(client: FeedClient, spec: FeedRequestSpec): Promise<unknown> {
  switch (spec.method) {
    case 'menu':
      return client.menu(spec.type, spec.lang, { cybersport: spec.cybersport })
    case 'sports':
      return client.sports(spec.type, spec.lang, { cybersport: spec.cybersport })
    case 'countries':
      return client.countries(spec.sportId, spec.type, spec.lang)
    case 'tournaments':
      return client.tournaments(spec.sportId, spec.countryId, spec.type, spec.lang, { cybersport: spec.cybersport })
    case 'topmatches':
      return client.topMatches(spec.type, spec.lang, { full: spec.full, odds: spec.odds })
    case 'toplist':
      return client.topList(spec.sportId, spec.lang, { full: spec.full, odds: spec.odds })
    case 'topchampionships':
      return client.topChampionships(spec.type, spec.lang)
    case 'search':
      return client.search(spec.type, spec.lang, spec.text)
    case 'events':
      return client.events(spec.sportId, spec.tournamentId, spec.type, spec.lang, { cybersport: spec.cybersport, match: spec.match, odds: spec.odds })
    case 'event':
      return client.event(spec.gameId, spec.type, spec.lang, { odds: spec.odds })
    case 'calendar':
      return client.calendar(spec.sportId, spec.tournamentId, spec.period, spec.lang, { odds: spec.odds })
  }
}
