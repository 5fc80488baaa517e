import type { I18nText, LineType, SimMatch, SimWorld } from './types.js'
import type { SportDef, TournamentDef } from './catalog.js'
import type { OfferKind } from './offer.js'
import type { ScoreModel } from './pricing.js'
import type { Schedule } from './schedule.js'

export interface StatItem {
  id: number
  name: I18nText
  opp1: number
  opp2: number
  /** `xg`: printed with two decimals; `percent`: a share that stays put. */
  format?: 'xg' | 'percent'
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
  /** Every id this match was served under, oldest first, with the line type it was served under. */
  ids: number[]
  idLineTypes: Map<number, LineType>
  /** Cancelled (finished without a result: every bet returned). */
  cancelled: boolean
  /** Score distribution behind the odds, and which markets are offered. */
  model: ScoreModel
  offerKind: OfferKind
  /** Side that scored last (Last Goal market), null before the first goal. */
  lastScorer: 1 | 2 | null
  /** Reserved ids as production prints them: 24-hex strings or "0". */
  sgameId: string
  statId: string
  /** A "special bets" pseudo-match named `Home` / `Away` (line lists only). */
  pseudo: boolean
  /** Live: prints the literal `period` as period_name (as production often does). */
  periodLiteral: boolean
  /** Live: lists (`events`, tops) show it without odds while `game_oc_counter` stays positive. */
  listSuspended: boolean
  /** Live: what the current prices were computed for (see live.ts `freshen`). */
  priceKey: string
  sport: SportDef
  tournament: TournamentDef
  gameNum: number
  /** Sub-game segment word (`game_desk`); empty for main matches and counted sub-games. */
  desk: I18nText
  liveStartMs: number | null
  /** Planned live duration in ms (sport-plausible, varied). */
  durationMs: number
  /** Relative strength of side 1 (0..1, 0.5 = even); odds and scoring follow it. */
  strength: number
  stats: StatItem[]
  /** Tennis-like in-set score (`score_extra`). */
  extra: string
  /** Timed sports: periods and breaks of the live clock (a main match and its sub-matches share one); null for set sports. */
  schedule: Schedule | null
  /** Set sports: points of the current tennis game. */
  points: [number, number]
  pitch: number | null
  /** Added to `game_oc_counter` (production's counter exceeds what it sends). */
  counterSkew: number
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

/** An outcome a seeded match must offer (world/seed.ts). */
export interface SeedOutcome {
  groupId: number
  typeId: number
  /** The pointer's parameter text, verbatim. */
  param: string
  rate: number
  playerId: number | null
}

export interface SeedMatchOptions {
  gameId: number
  lineType: LineType
  /** Default 1 (football). */
  sportId?: number
  outcomes: SeedOutcome[]
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
  /** Whether this id was ever served under this line type (then `event` answers "Game id finished" once it is gone). */
  wasServed(gameId: number, lineType: LineType): boolean
  allMainMatches(lineType: LineType): WorldMatch[]
  /** All served matches of a line type, sub-games included. */
  matches(lineType: LineType): WorldMatch[]
  /** A football match (or of `sportId`) served under the given id, with the given outcomes open at their odds; undefined when the id was ever used. */
  seedMatch(options: SeedMatchOptions): WorldMatch | undefined
}
