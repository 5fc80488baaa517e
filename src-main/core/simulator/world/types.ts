import type { SimClock } from '../clock.js'

/**
 * The seam between the simulated feed (world + feed routes) and the simulated coupon service.
 * The world owns sports, tournaments, matches, markets and odds, and moves them on the SimClock.
 * The coupon service only reads outcomes through this interface and listens for match results.
 */
export type LineType = 'line' | 'live'
export type Lang = string
/** Localised text: at least `en`; `ru` for the full key. */
export type I18nText = Record<Lang, string>

export type MatchState = 'prematch' | 'live' | 'finished'
/** How an outcome ended. Half results and returns settle with a multiplier (see spec-decisions). */
export type OutcomeVerdict = 'win' | 'lose' | 'return' | 'half_win' | 'half_lose'

export interface SimOutcome {
  groupId: number
  typeId: number
  /** The pointer's parameter as production prints it (`0`, `1.5`, `-1.25`, `2.001`, `1.0E-4`); kept verbatim. */
  param: string
  name: I18nText
  /** The name in Prematch `events` lists where production spells it differently (`1 (-1.5)` vs `1 -1.5`). */
  listName?: I18nText
  rate: number
  blocked: boolean
  /** Off the offer for now (a line that is certain or impossible): not printed, not bettable. */
  withdrawn?: boolean
  /** Outcomes of one line of a two-way market share it (for the main-line choice and withdrawal). */
  lineKey?: string
  /** Player id for player markets (`op_id`), null otherwise. */
  playerId: number | null
  /** Column index inside the market for the `group` format. */
  column: number
  /** Odds set by the seed control: pricing and drift leave them as set. */
  pinned?: boolean
}

export interface SimMarket {
  groupId: number
  name: I18nText
  /** Name in Prematch `events` lists where it differs (`1x2`). */
  listName?: I18nText
  /** Declared display columns; need not equal the arrays filled (outcome `column`s). */
  columns: number
  outcomes: SimOutcome[]
}

export interface SimMatch {
  /** Current id under the current line type. A match that goes live gets a NEW id. */
  gameId: number
  lineType: LineType
  state: MatchState
  /** Main match id for sub-games, null for main matches (the feed prints `game_mid` = `game_id` then). */
  mainGameId: number | null
  subGameIds: number[]
  sportId: number
  countryId: number
  tournamentId: number
  cybersport: boolean
  /** Unix ms. The feed prints seconds. */
  startMs: number
  opp1: I18nText
  opp2: I18nText
  opp1Id: number
  opp2Id: number
  opp1Icon: string
  opp2Icon: string
  /** Popularity weight used by Top-50 / topmatches ordering. */
  weight: number
  score1: number
  score2: number
  timerSec: number
  /** Score per period so far, oldest first. */
  scorePeriods: Array<[number, number]>
  period: I18nText
  /** Sub-game name (`Corners,1st half`); empty for a main match. */
  dopName: I18nText
  markets: SimMarket[]
}

export interface OutcomeLookup {
  match: SimMatch
  market: SimMarket
  outcome: SimOutcome
}

export interface MatchFinishedEvent {
  match: SimMatch
  /** Every id the match was ever served under (prematch id, then live id), for settling bets. */
  allGameIds: number[]
  /** The match was cancelled: every bet on it is returned. */
  cancelled: boolean
  /** Final score per period (`2:0;1:0`), null when the match was not played live. */
  scorePeriods: string | null
  /** Verdict for one outcome of this match (by group, type, parameter text, player). */
  verdict(groupId: number, typeId: number, param: string, playerId: number | null): OutcomeVerdict
}

export interface SimWorld {
  readonly clock: SimClock
  /** Currently served match by id and line type; undefined if gone, finished or never existed. */
  getMatch(gameId: number, lineType?: LineType): SimMatch | undefined
  /** Any match ever created, by any of its ids (also finished/moved). */
  findMatchByAnyId(gameId: number): SimMatch | undefined
  /** Outcome lookup for pointer validation; undefined = absent from the current feed (502). */
  findOutcome(lineType: LineType, gameId: number, groupId: number, typeId: number, param: string, playerId?: number | null): OutcomeLookup | undefined
  /** Root of a match tree (main match id, resolving sub-games), used for the 506 rule. */
  matchTreeRoot(gameId: number): number
  /** Subscribe to match results; returns unsubscribe. */
  onMatchFinished(listener: (event: MatchFinishedEvent) => void | Promise<void>): () => void
  /** Demo/test controls. */
  setRate(gameId: number, groupId: number, typeId: number, param: string, rate: number): boolean
  setBlocked(gameId: number, groupId: number, typeId: number, param: string, blocked: boolean): boolean
  /** Move a prematch match to live; returns the new live game id. */
  startMatch(gameId: number): number | undefined
  /** Finish a match now (optional final score); emits onMatchFinished. */
  finishMatch(gameId: number, score?: [number, number]): Promise<boolean>
  /** Cancel a match now (Prematch or Live): it leaves the feed and its bets are returned. */
  cancelMatch(gameId: number): Promise<boolean>
  /** All currently served matches of a line type (for feed routes). */
  matches(lineType: LineType): SimMatch[]
  stop(): void
}
