import { TZDate } from '@date-fns/tz'
import { addDays, startOfDay } from 'date-fns'
import type { LineType } from '../world/types.js'
import { TOURNAMENT_BY_ID } from '../world/catalog.js'
import type { FeedWorld, WorldMatch } from '../world/model.js'

/** Selection and ordering rules of the feed (Top-50, match=all, tops, search). */

const DAY_MS = 24 * 60 * 60 * 1000
export const TOP50 = 50
export const TOP_MATCHES = 10
export const TOP_CHAMPIONSHIPS = 12
export const SEARCH_LIMIT = 50

const byWeightThenStart = (a: WorldMatch, b: WorldMatch) => b.weight - a.weight || a.startMs - b.startMs || a.gameId - b.gameId
const byStart = (a: WorldMatch, b: WorldMatch) => a.startMs - b.startMs || a.gameId - b.gameId

/** Popularity order: the next 24 hours first (weight, then start), later matches after by the same rule. */
export function popularityOrder(matches: WorldMatch[], now: number): WorldMatch[] {
  const soon: WorldMatch[] = []
  const later: WorldMatch[] = []
  for (const m of matches) (m.startMs <= now + DAY_MS ? soon : later).push(m)
  return [...soon.sort(byWeightThenStart), ...later.sort(byWeightThenStart)]
}

export interface TournamentGroup {
  tournamentId: number
  matches: WorldMatch[]
}

/** Groups in order of first appearance, keeping the match order. */
export function groupInOrder(matches: WorldMatch[]): TournamentGroup[] {
  const groups = new Map<number, WorldMatch[]>()
  for (const m of matches) {
    const list = groups.get(m.tournamentId)
    if (list) list.push(m)
    else groups.set(m.tournamentId, [m])
  }
  return [...groups].map(([tournamentId, list]) => ({ tournamentId, matches: list }))
}

/** Full list: tournaments by their highest match weight, matches within by start time. */
export function fullOrder(matches: WorldMatch[]): TournamentGroup[] {
  const groups = groupInOrder(matches)
  const top = new Map(groups.map((g) => [g.tournamentId, Math.max(...g.matches.map((m) => m.weight))]))
  groups.sort((a, b) => top.get(b.tournamentId)! - top.get(a.tournamentId)! || a.tournamentId - b.tournamentId)
  for (const g of groups) g.matches.sort(byStart)
  return groups
}

export interface EventsQuery {
  lineType: LineType
  sportId: number
  tournamentId: number
  cybersport: boolean
  matchAll: boolean
  now: number
}

export function selectEvents(world: FeedWorld, q: EventsQuery): TournamentGroup[] {
  if (q.tournamentId !== 0) {
    const tour = TOURNAMENT_BY_ID.get(q.tournamentId)
    if (!tour || tour.sportId !== q.sportId) return []
    return [{ tournamentId: q.tournamentId, matches: world.mainMatchesOfTournament(q.lineType, q.tournamentId).sort(byStart) }].filter((g) => g.matches.length > 0)
  }
  const all = world.mainMatchesOfSport(q.lineType, q.sportId)
  if (q.lineType === 'live' || q.cybersport || q.matchAll) return fullOrder(all)
  // Tournaments in the order of their most popular match; within one, matches by start time (as production's lists come).
  const groups = groupInOrder(popularityOrder(all, q.now).slice(0, TOP50))
  for (const g of groups) g.matches.sort(byStart)
  return groups
}

export function selectTopMatches(world: FeedWorld, lineType: LineType, sports: ReadonlySet<number>, now: number): WorldMatch[] {
  const candidates = world.allMainMatches(lineType).filter((m) => !m.cybersport && !m.pseudo && sports.has(m.sportId))
  if (lineType === 'live') return candidates.sort(byWeightThenStart).slice(0, TOP_MATCHES)
  return popularityOrder(candidates, now).slice(0, TOP_MATCHES)
}

export function selectTopList(world: FeedWorld, sportId: number, now: number): WorldMatch[] {
  return popularityOrder(world.mainMatchesOfSport('line', sportId).filter((m) => !m.pseudo), now).slice(0, TOP_MATCHES)
}

export interface Championship {
  tournamentId: number
  counter: number
}

export function selectChampionships(world: FeedWorld, lineType: LineType, sports: ReadonlySet<number>): Championship[] {
  const list: Array<Championship & { popularity: number }> = []
  for (const [sportId, sport] of world.counters(lineType)) {
    if (!sports.has(sportId)) continue
    for (const tournaments of sport.countries.values()) {
      for (const [tournamentId, counter] of tournaments) {
        const tour = TOURNAMENT_BY_ID.get(tournamentId)
        if (!tour || tour.sportId !== sportId) continue
        if (world.mainMatchesOfTournament(lineType, tournamentId)[0]?.cybersport) continue
        list.push({ tournamentId, counter, popularity: tour.popularity })
      }
    }
  }
  list.sort((a, b) => b.popularity - a.popularity || (lineType === 'live' ? b.counter - a.counter : 0) || a.tournamentId - b.tournamentId)
  return list.slice(0, TOP_CHAMPIONSHIPS).map(({ tournamentId, counter }) => ({ tournamentId, counter }))
}

export function searchMatches(world: FeedWorld, lineType: LineType, sports: ReadonlySet<number>, lang: string, text: string): WorldMatch[] {
  const needle = text.trim().toLocaleLowerCase()
  if (!needle) return []
  const hits = world.allMainMatches(lineType).filter((m) => {
    if (!sports.has(m.sportId)) return false
    const a = (m.opp1[lang] ?? m.opp1.en).toLocaleLowerCase()
    const b = (m.opp2[lang] ?? m.opp2.en).toLocaleLowerCase()
    return a.includes(needle) || b.includes(needle)
  })
  return hits.sort(byWeightThenStart).slice(0, SEARCH_LIMIT)
}

export const CALENDAR_HOURS: ReadonlySet<number> = new Set([0, 2, 4, 6, 12])
const KYIV = 'Europe/Kyiv'

/** The window of the calendar route: `hours` 2/4/6/12 from now; `hours` 0 = a Kyiv day (`days` 0 = rest of today, 1..5 = that day). */
export function calendarWindow(hours: number, days: number, now: number): { from: number; to: number } | null {
  if (hours > 0) return { from: now, to: now + hours * 3600_000 }
  if (days > 5) return null
  const today = startOfDay(new TZDate(now, KYIV))
  const from = days === 0 ? now : addDays(today, days).getTime()
  return { from, to: addDays(today, days + 1).getTime() }
}

/** Calendar: Prematch matches that have not started, in the window, by start time; no Top filter, no esports. */
export function selectCalendar(world: FeedWorld, q: { sportId: number; tournamentId: number; hours: number; days: number; now: number }): TournamentGroup[] {
  const window = calendarWindow(q.hours, q.days, q.now)
  if (!window) return []
  const pool = q.tournamentId === 0 ? world.mainMatchesOfSport('line', q.sportId) : world.mainMatchesOfTournament('line', q.tournamentId)
  const matches = pool.filter((m) => !m.cybersport && m.sportId === q.sportId && m.state === 'prematch' && m.startMs > q.now && m.startMs >= window.from && m.startMs < window.to)
  return groupInOrder(matches.sort(byStart))
}
