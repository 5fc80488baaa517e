/**
 * Domain types of the Sport Line Feed as the app sees them: normalised, with one default per
 * "no value" variant (0 / "" / [] / null of Prematch matches), ids typed, seconds turned into ms.
 * Unknown fields the feed sends are kept in `extra` so nothing is silently lost.
 */
export type LineType = 'line' | 'live'

/** Fields the feed sent that this client does not model (kept raw). */
export type Extra = Record<string, unknown>

/** A malformed item that was skipped or a field that had to be defaulted. */
export interface FeedWarning {
  /** Where in the body: `body[3].sub[0]`, `body[0].events_list[2].game_oc_list[1]`, ... */
  path: string
  message: string
}

/** What the normalisers produce: the items plus what had to be skipped or repaired. */
export interface Normalised<T> {
  items: T[]
  warnings: FeedWarning[]
}

/** What the client adds to every successful answer. */
export interface FeedStamp {
  /** Clock time the answer was received (injected clock). */
  fetchedAtMs: number
  /** The key's expiry from the `X-Key-Expires` header; null when absent or unparsable. */
  keyExpiresAtMs: number | null
}

/** Every list method of the client answers with a stamped `Normalised` list. */
export interface FeedList<T> extends Normalised<T>, FeedStamp {}

export interface Tournament {
  id: number
  /** May be empty: the feed does not always name a tournament and we never invent one. */
  name: string
  counter: number
  sportId: number | null
  /** From `countryId` (spec spelling) or `country_id`; null when neither was sent. */
  countryId: number | null
  extra: Extra
}

export interface Country {
  id: number
  name: string
  counter: number
  sportId: number | null
  /** Only in `menu`; `countries` answers without it (null = not sent, distinct from []). */
  tournaments: Tournament[] | null
  extra: Extra
}

export interface Sport {
  id: number
  name: string
  counter: number
  /** Only in `menu` (null = not sent). */
  countries: Country[] | null
  extra: Extra
}

/** `oc_pointer` (`game|group|type|param`) read into its parts: three integer ids and the parameter
 *  as TEXT, kept verbatim (`0`, `1.5`, `-1.25`, `3.001`, `1.0E-4`); it goes unchanged into the
 *  coupon pointer. Read when an outcome is bet (parseOcPointer), not kept on every outcome. */
export interface OutcomePointer {
  raw: string
  gameId: number
  groupId: number
  typeId: number
  param: string
}

/**
 * An outcome of `game_oc_list`, checked, under the feed's own field names: the usual outcome (the
 * seven modelled fields, each of the type the captures send, usable odds, a well-formed pointer) IS
 * the parsed object, not a copy (a big match's `event` holds over 10,000 of them, and a line's
 * refresh some 75,000). Any other is rebuilt in this shape, its values normalised (bad odds 0 and
 * blocked, a missing or malformed pointer null) and its unknown fields kept in `extra`.
 */
export interface Outcome {
  /** The market's name as the outcome repeats it. */
  readonly oc_group_name: string
  readonly oc_name: string
  /** Usable odds (above 0, at most MAX_RATE), or 0 when the feed sent unusable ones. */
  readonly oc_rate: number
  /** `oc_size` as sent (string or number); its display text is made where it is shown. */
  readonly oc_size: string | number | null
  /** `oc_pointer` as the feed sent it, checked well-formed (`game|group|type|param`); null when it
   *  was missing or malformed (such an outcome cannot be bet). Its parts are read where they are
   *  needed (outcomeTypeId, parseOcPointer). */
  readonly oc_pointer: string | null
  readonly oc_block: boolean
  readonly op_id: number | null
  /** Fields the schema does not model; absent when there are none. */
  readonly extra?: Extra
}

export interface Market {
  /** Index in the match's `game_oc_list`: `group_id` can repeat inside one match. */
  position: number
  /** `${position}:${groupId}`, unique within one answer for one match. */
  key: string
  groupId: number
  name: string
  /** The feed's recommended display column count (need not equal `columns.length`). */
  columnsHint: number
  /** The real column arrays of `event`, in feed order; a flat `oc_list` (events, top lists) becomes
   *  one column ordered by outcome type id then parameter (the feed sends it sorted by price). */
  columns: Outcome[][]
  /** All outcomes flat, column by column. */
  outcomes: Outcome[]
  extra: Extra
}

export interface Participant {
  name: string
  /** Icon file name as sent (with its original extension), '' when none. */
  icon: string
  id: number | null
  /** Several players or teams on one side (`opp_N_ids`), [] when none. */
  ids: number[]
}

export interface StatItem {
  id: number | null
  name: string
  opp1: string
  opp2: string
}

/** Short match card (topmatches, toplist, search) and the common part of every match. */
export interface MatchSummary {
  /** `${lineType}:${gameId}`: Prematch and Live ids are never linked. */
  key: string
  lineType: LineType
  gameId: number
  /** The main match of a sub-match; null for a main match (`game_mid` absent, null or = `game_id`). */
  mainGameId: number | null
  isSubMatch: boolean
  /** `game_start` × 1000; null when absent or 0. */
  startMs: number | null
  sportId: number | null
  sportName: string
  countryId: number | null
  countryName: string
  tournamentId: number | null
  tournamentName: string
  opp1: Participant
  opp2: Participant
  /** Live values; Prematch defaults (0, '', [], null) all become null. */
  score: string | null
  periodName: string | null
  timerSec: number | null
  videoAvailable: boolean
  videoId: string | null
  trackerId: number | null
  /** null = odds not requested / not sent (`odds=false`, short cards); [] = sent but empty. */
  markets: Market[] | null
  /** `game_oc_counter` as sent; may differ from the real outcome count (see `outcomeCount`). */
  oddsCounter: number | null
  /** Real number of outcomes in `markets` (0 when markets is null). */
  outcomeCount: number
  extra: Extra
}

export interface SubGame {
  gameId: number | null
  gameNum: number | null
  name: string | null
}

export interface EventPlanItem {
  opp1Name: string
  opp2Name: string
  opp1Id: number | null
  opp2Id: number | null
  opp1CountryId: number | null
  opp2CountryId: number | null
  opp1Icon: string
  opp2Icon: string
  opp1DateMs: number | null
  opp2DateMs: number | null
  startMs: number | null
}

/** A full match (`events` rows and the `event` body). */
export interface Match extends MatchSummary {
  gameNum: number | null
  /** Sub-match type name (`game_dop_name`), '' for main matches. */
  subName: string
  /** Segment type (`game_desk`), ''. */
  segment: string
  scorePeriod: string | null
  scoreExtra: string | null
  extraTime: string | null
  /** true = ended; null = not sent / unknown. */
  finished: boolean | null
  pitch: string | null
  stats: StatItem[]
  subGames: SubGame[]
  eventPlan: EventPlanItem[]
}

export interface EventsTournament {
  tournamentId: number
  tournamentName: string
  matches: Match[]
}

export interface Championship {
  position: number
  tournamentId: number
  tournamentName: string
  sportId: number | null
  sportName: string
  countryId: number | null
  countryName: string
  counter: number
  extra: Extra
}

/** Why `event` answered a message instead of a match: `Game not found` (no such id, or asked under the
 *  other line type), `Game id finished` (gone under this id: went live with a new id, cancelled or
 *  ended), anything else. */
export type GoneReason = 'not_found' | 'finished' | 'unavailable'

export type EventResult =
  | { kind: 'match'; match: Match; warnings: FeedWarning[] }
  | { kind: 'gone'; gameId: number; lineType: LineType; reason: GoneReason; message: string }

export function matchKey(lineType: LineType, gameId: number): string {
  return `${lineType}:${gameId}`
}
