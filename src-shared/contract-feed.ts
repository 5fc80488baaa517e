/**
 * The feed's part of the contract: what `feed.*` methods answer and the `feed.*` watch topics push
 * (snapshots, and the deltas that patch them). Re-exported by contract.ts, the one entry the rest
 * imports; types only.
 */
import type { MatchClockDto, PriceChangeDto, StatChangeDto } from './vocabulary/feed-delta.js'

export type LineType = 'line' | 'live'

export interface SportNode { id: number; name: string; counter: number; iconUrl: string; countries: CountryNode[] }
export interface CountryNode { id: number; name: string; counter: number; iconUrl: string; tournaments: TournamentNode[] }
export interface TournamentNode { id: number; name: string; counter: number; iconUrl: string }

export interface OutcomeDto {
  name: string
  rate: number
  size: string | null
  blocked: boolean
  playerId: number | null
  /** Ready-made coupon pointer (`line_type#game_id#group_id#type_id#param#coef[#player_id]`). */
  pointer: string
  /** Outcome type (third `oc_pointer` field): what an outcome is, whatever its position; null without a pointer. */
  typeId: number | null
}
/** `key` is the market's identity: its position plus `group_id` (a `group_id` can repeat within one match). */
export interface MarketDto { key: string; groupId: number; name: string; columns: OutcomeDto[][] }
export interface MatchDto {
  key: string
  lineType: LineType
  gameId: number
  mainGameId: number | null
  sportId: number
  sportName: string
  countryName: string
  tournamentId: number
  tournamentName: string
  startMs: number
  /** True only when `game_mid` is set and differs from `game_id`. */
  isSubMatch: boolean
  opp1: string
  opp2: string
  opp1IconUrl: string | null
  opp2IconUrl: string | null
  score: string
  period: string
  /** Seconds played as the feed read them; with `clock`, at `clock.at` (the window counts on while it runs). */
  timerSec: number
  /** A live watch topic's running or stopped clock (src-shared/vocabulary/feed-delta.ts); absent = `timerSec` as it stands. */
  clock?: MatchClockDto
  oddsCounter: number
  /** null = odds not requested; [] = no markets. */
  markets: MarketDto[] | null
  subGames: Array<{ gameId: number | null; name: string | null }>
  /**
   * What only a full match carries (`events` rows and `event`); absent on short cards (top lists,
   * search). Texts are as sent; '' / null / [] = not sent or a Prematch default.
   */
  detail?: MatchDetailDto
}
/** One `stat_list` row: values are text as sent (`"1.45"`, `"65"`). */
export interface MatchStatDto { id: number | null; name: string; opp1: string; opp2: string }
/** One `event_plan` pair (group matches): names and icon URLs as sent, times in ms or null. */
export interface EventPlanItemDto { opp1: string; opp2: string; opp1IconUrl: string | null; opp2IconUrl: string | null; startMs: number | null }
export interface MatchDetailDto {
  /** Sub-match type name (`game_dop_name`) and segment (`game_desk`), language dependent. */
  subName: string
  segment: string
  /** `score_period`: the periods' scores as sent, split on `;` (`2:0;1:0` → ['2:0', '1:0']). */
  periodScores: string[]
  /** `score_extra` (tennis game score), `extra_time` (added minutes): text as sent, '' when none. */
  scoreExtra: string
  extraTime: string
  /** `finale`: true = ended, false = not ended, null = not sent. */
  finished: boolean | null
  stats: MatchStatDto[]
  eventPlan: EventPlanItemDto[]
}
/** A top championship: enough to load its matches (`events` of the sport and tournament) and to name it. */
export interface ChampionshipDto { sportId: number; sportName: string; tournamentId: number; tournamentName: string; countryName: string; counter: number; iconUrl: string }
export interface TournamentEventsDto { tournamentId: number; tournamentName: string; matches: MatchDto[] }
/** `not_found`: no such id under this line type; `finished`: gone under this id (went live with a new id, cancelled or ended). */
export type GoneReason = 'not_found' | 'finished' | 'unavailable'
/** `vendorText`: the feed's own words for a gone match, verbatim (the renderer words the reason). */
export type EventResultDto = { kind: 'match'; match: MatchDto } | { kind: 'gone'; gameId: number; lineType: LineType; reason: GoneReason; vendorText: string }

/** The feed key's expiry as the service reports it (`X-Key-Expires`), per profile. */
export interface FeedKeyDto {
  profileId: string
  expiresAt: number | null
  state: 'ok' | 'soon' | 'expired' | 'unknown'
  /** Whole days left (rounded down), null when unknown. */
  daysLeft: number | null
  /** "soon" starts this many days before expiry. */
  warnDays: number
}
export interface FeedAccountKeyDto {
  /** As the service shows it: the last 4 characters only (e.g. `…c55f`). */
  key: string
  current: boolean
  type: string
  status: string
  label: string
  startsAt: number | null
  expiresAt: number | null
  daysLeft: number | null
  active: boolean
  sports: 'all' | number[] | null
  languages: string[]
  lastUsedAt: number | null
  accessMode: string | null
  allowedIps: string[]
  allowedDomains: string[]
  usage7d: Array<{ date: string; requests: number }>
}
export interface FeedAccountDto {
  clientId: string | null
  clientName: string | null
  yourIp: string | null
  keys: FeedAccountKeyDto[]
}
/** Match calendar: the next N hours, or a whole Kyiv day (0 = rest of today, 1..5 = today + N). */
export type CalendarPeriodDto = { hours: 2 | 4 | 6 | 12 } | { day: number }

/* ------------------------------------------------------------------ feed watch deltas */

/**
 * A refresh of one match held before: its fields whose value changed (whole; `markets` only when it
 * turned null or back), fields it no longer has, and its markets patched by key.
 */
export interface MatchPatchDto {
  key: string
  set?: Partial<Omit<MatchDto, 'key'>>
  unset?: Array<keyof MatchDto>
  markets?: MarketsPatchDto
  /** `detail` changed in place (held and new both have one): its changed fields, statistics by position. */
  detail?: MatchDetailPatchDto
}
export interface MatchDetailPatchDto {
  set?: Partial<MatchDetailDto>
  /** Statistics whose values moved, the list's ids and names unchanged (else `set.stats` whole). */
  stats?: StatChangeDto[]
}
/** One outcome's changed fields, by market key and position (column, row). */
export interface OutcomePatchDto { market: string; col: number; row: number; set: Partial<OutcomeDto> }
export interface MarketsPatchDto {
  /** Market keys in the new order; absent when order and membership are unchanged. */
  order?: string[]
  /** Markets new to the match, or whose name, group or layout changed: whole. */
  put?: MarketDto[]
  /** Outcomes that changed (blocked, size... beyond a price) in markets of the same layout. */
  outcomes?: OutcomePatchDto[]
  /** Outcomes whose price alone moved (their pointer with it), as tuples: most of a busy refresh. */
  prices?: PriceChangeDto[]
}
/** A list refresh against the list held: applied in order (removed, added, changed, layout) it gives the new list exactly. */
export interface FeedListDeltaDto {
  /** Tournament ids in the new order; absent when the order and membership are unchanged. */
  order?: number[]
  /** Tournaments that are new or whose name or matches (membership, order) changed: name and match keys in order. */
  tournaments?: Array<{ tournamentId: number; tournamentName: string; keys: string[] }>
  /** Matches not held before (by key), whole. */
  added?: MatchDto[]
  changed?: MatchPatchDto[]
  /** Keys of the matches no longer listed. */
  removed?: string[]
}
/** A refresh of the open match: absent `match` = nothing changed. A match gone (or back) comes as a snapshot. */
export interface FeedEventDeltaDto { match?: MatchPatchDto }
