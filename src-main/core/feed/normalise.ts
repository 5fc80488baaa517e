import { DeskError } from '../shared/errors.js'
import {
  ChampionshipSchema,
  CountrySchema,
  EventsTournamentSchema,
  GoneBodySchema,
  SportSchema,
  TournamentSchema,
  knownKeys,
} from './schemas.js'
import { normaliseMatch, normaliseSummary } from './normalise-match.js'
import { normaliseMatchFast, normaliseMatchesFast } from './normalise-fast.js'
import { extraOf, parseItem, requireArray } from './parse.js'
import type { Championship, Country, EventResult, EventsTournament, Normalised, FeedWarning, GoneReason, LineType, Match, MatchSummary, Sport, Tournament } from './types.js'

/**
 * Body → domain. A malformed item is skipped and reported in `warnings`; only a body that is not
 * even the right container (array for lists, object for `event`) fails the whole response.
 */

const TOURNAMENT_KEYS = knownKeys(TournamentSchema)
const COUNTRY_KEYS = knownKeys(CountrySchema)
const SPORT_KEYS = knownKeys(SportSchema)
const CHAMPIONSHIP_KEYS = knownKeys(ChampionshipSchema)

function tournamentOf(raw: unknown, path: string, warnings: FeedWarning[]): Tournament | null {
  const t = parseItem(TournamentSchema, raw, path, warnings)
  if (!t) return null
  return {
    id: t.id,
    name: t.name ?? '',
    counter: t.counter ?? 0,
    sportId: t.sport_id ?? null,
    countryId: t.countryId ?? t.country_id ?? null,
    extra: extraOf(raw, TOURNAMENT_KEYS),
  }
}

function listOf<T>(items: unknown[] | null | undefined, path: string, warnings: FeedWarning[], one: (raw: unknown, path: string, w: FeedWarning[]) => T | null): T[] | null {
  if (items === null || items === undefined) return null
  const out: T[] = []
  items.forEach((raw, i) => {
    const item = one(raw, `${path}[${i}]`, warnings)
    if (item !== null) out.push(item)
  })
  return out
}

function countryOf(raw: unknown, path: string, warnings: FeedWarning[]): Country | null {
  const c = parseItem(CountrySchema, raw, path, warnings)
  if (!c) return null
  return {
    id: c.id,
    name: c.name ?? '',
    counter: c.counter ?? 0,
    sportId: c.sport_id ?? null,
    tournaments: listOf(c.sub, `${path}.sub`, warnings, tournamentOf),
    extra: extraOf(raw, COUNTRY_KEYS),
  }
}

function sportOf(raw: unknown, path: string, warnings: FeedWarning[]): Sport | null {
  const s = parseItem(SportSchema, raw, path, warnings)
  if (!s) return null
  return {
    id: s.id,
    name: s.name ?? '',
    counter: s.counter ?? 0,
    countries: listOf(s.sub, `${path}.sub`, warnings, countryOf),
    extra: extraOf(raw, SPORT_KEYS),
  }
}

function list<T>(body: unknown, what: string, one: (raw: unknown, path: string, w: FeedWarning[]) => T | null): Normalised<T> {
  const warnings: FeedWarning[] = []
  const items = listOf(requireArray(body, what), 'body', warnings, one) ?? []
  return { items, warnings }
}

export const normaliseSports = (body: unknown, what = 'sports'): Normalised<Sport> => list(body, what, sportOf)
export const normaliseCountries = (body: unknown): Normalised<Country> => list(body, 'countries', countryOf)
export const normaliseTournaments = (body: unknown): Normalised<Tournament> => list(body, 'tournaments', tournamentOf)

export function normaliseSummaries(body: unknown, lineType: LineType, what: string): Normalised<MatchSummary> {
  return list(body, what, (raw, path, w) => normaliseSummary(raw, lineType, path, w))
}

export function normaliseChampionships(body: unknown): Normalised<Championship> {
  return list(body, 'topchampionships', (raw, path, warnings) => {
    const c = parseItem(ChampionshipSchema, raw, path, warnings)
    if (!c) return null
    return {
      position: c.position ?? 0,
      tournamentId: c.tournament_id,
      tournamentName: c.tournament_name ?? '',
      sportId: c.sport_id ?? null,
      sportName: c.sport_name ?? '',
      countryId: c.country_id ?? null,
      countryName: c.country_name ?? '',
      counter: c.counter ?? 0,
      extra: extraOf(raw, CHAMPIONSHIP_KEYS),
    }
  })
}

/** `events` (and the calendar). `reference` reads every match through the schema path the one-pass
 *  reader (normalise-fast.ts) must agree with; tests compare the two. */
export function normaliseEvents(body: unknown, lineType: LineType, reference = false): Normalised<EventsTournament> {
  return list(body, 'events', (raw, path, warnings) => {
    const t = parseItem(EventsTournamentSchema, raw, path, warnings)
    if (!t) return null
    const at = `${path}.events_list`
    const matches: Match[] = !t.events_list
      ? []
      : reference
        ? (listOf(t.events_list, at, warnings, (m, p, w) => normaliseMatch(m, lineType, p, w)) ?? [])
        : normaliseMatchesFast(t.events_list, lineType, at, warnings)
    if (!t.events_list) warnings.push({ path: at, message: 'missing events_list; tournament kept with no matches' })
    return { tournamentId: t.tournament_id, tournamentName: t.tournament_name ?? '', matches }
  })
}

/** The two texts production sends (`Game not found`, `Game id finished`); any other stays 'unavailable'. */
export function goneReasonOf(message: string): GoneReason {
  const text = message.trim().toLowerCase()
  if (text === 'game not found') return 'not_found'
  if (text === 'game id finished') return 'finished'
  return 'unavailable'
}

/** `event` body: one match, or (spec rule 9) an object with only a `message` for an id that is gone. */
export function normaliseEvent(body: unknown, lineType: LineType, gameId: number, reference = false): EventResult {
  if (!body || typeof body !== 'object' || Array.isArray(body)) {
    throw new DeskError('feed_shape', `event: expected an object body, got ${Array.isArray(body) ? 'array' : body === null ? 'null' : typeof body}`)
  }
  const raw = body as Record<string, unknown>
  if (raw.game_id === undefined || raw.game_id === null) {
    const gone = GoneBodySchema.safeParse(body)
    if (gone.success) return { kind: 'gone', gameId, lineType, reason: goneReasonOf(gone.data.message), message: gone.data.message }
    throw new DeskError('feed_shape', 'event: body has neither game_id nor message')
  }
  const warnings: FeedWarning[] = []
  const match = (reference ? normaliseMatch : normaliseMatchFast)(body, lineType, 'body', warnings)
  if (!match) throw new DeskError('feed_shape', `event: ${warnings[0]?.message ?? 'malformed match'}`, { data: { warnings } })
  return { kind: 'match', match, warnings }
}
