import type { I18nText, LineType, SimMatch, SimWorld } from './types.js'
import type { SportDef, TournamentDef } from './catalog.js'

/** How a Prematch match prints its "default live values"; varied per match on purpose. */
export type LiveDefaultsVariant = 0 | 1 | 2 | 3

export interface StatItem {
  id: number
  name: I18nText
  opp1: number
  opp2: number
}

export interface PlanPair {
  opp1: I18nText
  opp2: I18nText
  opp1Id: number | null
  opp2Id: number | null
  opp1CountryId: number | null
  opp2CountryId: number | null
  opp1Icon: string
  opp2Icon: string
  startSec: number | null
}

/** The world's own match record: the SimMatch seam plus what only the feed prints. */
export interface WorldMatch extends SimMatch {
  /** Every id this match was served under, oldest first. */
  ids: number[]
  sport: SportDef
  tournament: TournamentDef
  gameNum: number
  /** Sub-game type name and segment (`game_dop_name`, `game_desk`); empty for main matches. */
  dopName: I18nText
  desk: I18nText
  liveStartMs: number | null
  /** Planned live duration in ms (sport-plausible, varied). */
  durationMs: number
  /** Relative strength of side 1 (0..1, 0.5 = even); odds and scoring follow it. */
  strength: number
  stats: StatItem[]
  scorePeriods: Array<[number, number]>
  /** Tennis-like in-set score (`score_extra`). */
  extra: string
  pitch: number | null
  defaultsVariant: LiveDefaultsVariant
  /** Non-zero: `game_oc_counter` deliberately differs from the real outcome count. */
  counterSkew: number
  /** Unknown extra fields printed on some matches (clients must ignore them). */
  extraFields: Record<string, unknown> | null
  plan: PlanPair[]
  va: number | null
  vi: string | null
  zp: number | null
  /** Players who scored (player markets), filled at finish. */
  scorers: Set<number>
}

export interface SportCount {
  sportId: number
  countries: Map<number, Map<number, number>>
  total: number
}

/** The world as the feed routes see it: the SimWorld seam plus indexes. */
export interface FeedWorld extends SimWorld {
  /** Main matches (no sub-games) of a line type for one sport, unordered. */
  mainMatchesOfSport(lineType: LineType, sportId: number): WorldMatch[]
  /** Main matches of one tournament. */
  mainMatchesOfTournament(lineType: LineType, tournamentId: number): WorldMatch[]
  /** Counters: sport → country → tournament → number of main matches. */
  counters(lineType: LineType): Map<number, SportCount>
  getWorldMatch(gameId: number, lineType?: LineType): WorldMatch | undefined
  allMainMatches(lineType: LineType): WorldMatch[]
  /** All served matches of a line type, sub-games included. */
  matches(lineType: LineType): WorldMatch[]
}
