/**
 * The one contract between the renderer and the main process (or the loopback web bridge).
 *
 * - Every method is `desk:<domain>:<method>`, takes one JSON input validated with the zod schema
 *   below, and answers `Result<T>`: `{ ok: true, value }` or `{ ok: false, code, message }`.
 * - Pushed events are the `DeskEvent` union.
 * - Nothing here ever carries a password, token, API key or signing secret back to the renderer:
 *   secrets go in (`profiles.setSecret`) and only "set / not set" comes out.
 */
import { z } from 'zod'
import type { MethodNames } from './methods.js'
import type { TimelineKind } from './vocabulary/timeline.js'
import type { BetSubject, CouponFigures } from './vocabulary/coupon-fields.js'
import type { ErrorCode, StateReason } from './vocabulary/errors.js'
import { AUDIT_ACTIONS, AUDIT_PAGE_MAX, RENDERER_AUDIT_ACTIONS, type AuditAction } from './vocabulary/audit.js'
import type { AmbiguityReason, PlacementCause, VendorApi } from './vocabulary/placement.js'
import type { BalanceHistoryDto, PnlDto } from './vocabulary/pnl.js'
import type { DoctorReportDto } from './vocabulary/doctor.js'
import type { OverviewRowDto } from './vocabulary/overview.js'
import type { MatchClockDto, PriceChangeDto, StatChangeDto } from './vocabulary/feed-delta.js'
import { isTimeZone } from './vocabulary/pnl.js'
import type { DeliveryDetailDto, DeliveryRowExtras, KeptStatsDto, ReverifyResultDto } from './vocabulary/deliveries.js'
import {
  MAX_CHOSEN_CANDIDATES,
  MAX_COUPON_CODE_LENGTH,
  MAX_PLACEMENT_POINTERS,
  MAX_POINTER_LENGTH,
  MAX_RESULTS_BY_IDS,
  TIMELINE_PAGE_MAX,
  MAX_TIMELINE_FILTER_CODES,
  MAX_QUICK_STAKES,
} from './vocabulary/limits.js'
export { methods, methodTable, channelOf, EVENT_CHANNEL } from './methods.js'

export type LineType = 'line' | 'live'
/**
 * The profile epoch: a number main issues each time the active profile changes (select, remove, or
 * an edit of the active one). Every result and every event carries the epoch it belongs to; a store
 * drops anything older than the newest epoch it has seen (`app.info` returns the current one).
 */
export type Epoch = number
/** `code` is one of the shared ErrorCodes; a renderer older than main may meet one it does not know and shows it raw. */
export type Result<T> = { ok: true; value: T; epoch: Epoch } | { ok: false; code: ErrorCode; message: string; epoch: Epoch }
export type { ErrorCode }

/* ------------------------------------------------------------------ DTOs returned to the UI */

export interface AppInfo {
  version: string
  /** The current profile epoch (see `Epoch`). */
  epoch: Epoch
  bridge: 'electron' | 'web'
  profileId: string
  profileName: string
  environment: 'demo' | 'custom'
  /** Base URLs shown in the header tooltip; never contain credentials. */
  endpoints: { coupons: string; feed: string; cdn: string }
  /** Current state of each service, so a window that opens late starts right (events carry changes). */
  connections: Record<'coupons' | 'feed' | 'listener', ConnectionStatus>
}

export type AccountState = 'active' | 'disabled' | 'expired' | 'no-balance' | 'bad-credentials' | 'unknown'
export interface SessionStatus {
  state: 'signed-out' | 'signing-in' | 'signed-in' | 'failed'
  username: string | null
  accountState: AccountState
  /** Last 4 characters of the JWT at most, for support conversations. */
  tokenTail: string | null
  expiresAt: number | null
  /** Why the phase is `failed`; null otherwise. */
  reason: StateReason | null
}

/** Market types (`group_id`) a profile pins to the top of a match's markets, in the order they were starred. */
export interface MarketFavouritesDto { profileId: string; groupIds: number[] }

export type SecretKind = 'password' | 'feedApiKey' | 'callbackSecret'
export interface ProfileDto {
  id: string
  name: string
  environment: 'demo' | 'custom'
  couponBaseUrl: string
  feedApiUrl: string
  cdnUrl: string
  username: string
  language: string
  legacyMode: boolean
  timeZone: 'utc' | 'local'
  /** The slip's quick-stake buttons; absent = the defaults (`DEFAULT_QUICK_STAKES`). */
  quickStakes?: number[]
  /** Decimals of the account's money (its minor unit); absent = 2. */
  stakeDecimals?: number
  /** Smallest stake of one coupon; absent = one minor unit. */
  minStake?: number
  /** The stake a fresh slip starts with; absent = none (the operator types one). */
  defaultStake?: number
  /** Demo only: the embedded simulator's answer variations (`none`, `all` or a comma list); absent = its default. */
  simVariations?: string
  listener: { enabled: boolean; host: string; port: number; path: string; maxBodyBytes?: number }
  /** Which secrets are stored; never their values. */
  secrets: Record<SecretKind, boolean>
}

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

/** One bet of a coupon, with the names of what was bet as the coupon service sends them (null when not sent). */
export interface BetDto extends BetSubject {
  id: string
  gameId: number
  /** The main match of a sub-match; null for a main match. */
  mainGameId: number | null
  /** The vendor's bet status code (src-shared/vocabulary/statuses.ts); the renderer names it, an unknown one is shown raw. */
  status: number
  coef: number
  /** Settlement multiplier (`calc_coef`): 0 lost, 1 returned, 0.5 half lost, the odds for a win. */
  settlementCoef: number | null
  pointer: string
  lineType: string
  marketName: string | null
  outcomeName: string | null
  /** The outcome's parameter as text (handicap, total), never reformatted. */
  param: string | null
  /** Extra name the service adds to the outcome (`dop_name`, e.g. a player). */
  extraName: string | null
  /** Score when the bet was accepted / settled, and per period. */
  placementScore: string | null
  placementScorePeriods: string | null
  calculationScore: string | null
  calculationScorePeriods: string | null
  eventDate: number | null
  calculateDate: number | null
  settlementReasonCode: string | number | null
  settlementReason: string | null
  /** The rest of the real model (absent where an older reader built the DTO; null when not sent). */
  originalCoef?: number | null
  isLive?: boolean | null
  isSubGame?: boolean | null
  parentGameId?: number | null
  subGameKey?: string | null
  /** `bet_group_id` / `bet_id`: market and outcome ids. */
  marketId?: number | null
  outcomeId?: number | null
  team1Id?: number | string | null
  team2Id?: number | string | null
  timer?: number | string | null
  /** `bet_score`: despite its name a pointer, not a score. */
  betScore?: string | null
}
export interface CouponDto extends CouponFigures {
  couponCode: string
  amount: number | null
  bets: BetDto[]
  /** The rest of the real model (absent where an older reader built the DTO; null when not sent). */
  /** `win` as sent: the new model's potential payout, the legacy model's only payout figure. */
  win?: number | null
  eventsCount?: number | null
  hasReturn?: boolean | null
  asian?: boolean | null
  settlementReasonCode?: string | number | null
  settlementReason?: string | null
  /** Which model the service answered: the legacy routes carry fewer fields. */
  model?: 'new' | 'legacy'
}
export type PlacementDto =
  | { outcome: 'placed'; coupons: CouponDto[] }
  /** `errorCode`: the vendor's number (worded by the renderer per `vendorApi`); `vendorText`: the vendor's own text, when it sent one. */
  | { outcome: 'rejected'; code: ErrorCode; errorCode: number | null; vendorApi: VendorApi; vendorText: string | null; changes: ChangeRecordDto[] }
  | { outcome: 'unknown'; attemptId: string; cause: PlacementCause }
export interface ChangeRecordDto {
  gameId: number
  betCoefficient: number
  actualCoefficient: number | null
  changeType: number | null
  status: string
}
/** A placement whose outcome is still unknown (kept across restarts until resolved). */
export interface PendingPlacementDto {
  attemptId: string
  at: number
  pointers: string[]
  amount: number
  multi: boolean
  cause: PlacementCause
}
export type ResolutionDto =
  | { outcome: 'placed'; coupons: CouponDto[] }
  | { outcome: 'not_placed' }
  /** The lookup itself failed: `cause` says how. */
  | { outcome: 'unknown'; cause: PlacementCause }
  /** Matching coupons exist that another placement may explain: the operator chooses (`resolvePlacement` with `choose`). */
  | { outcome: 'ambiguous'; reasons: AmbiguityReason[]; candidates: CouponDto[] }
/** `clock`: the service's clock as measured with this read, so every view shows times on one clock. */
export interface BalanceDto { balance: number; at: number; clock?: ClockDto | null }

/** A pinned match of the watch list, as it was shown when pinned (the panel shows these until the feed answers). */
export interface PinDto {
  lineType: LineType
  gameId: number
  sportId: number
  tournamentId: number
  opp1: string
  opp2: string
  startMs: number
  pinnedAt: number
}
/** The active profile's pins, oldest first; `max` is how many it may hold. */
export interface WatchlistDto { pins: PinDto[]; max: number }
/** A client account of the Demo simulator: the Demo profile's username picks one (password is the simulator's). */
export interface DemoAccountDto { username: string; balance: number; state: 'active' | 'disabled' | 'expired' }
/** A coupon the simulator settled (or returned for recalculation): as its control answer carries it, null when that is unreadable. */
export interface DemoSettledDto { ok: true; code: string; coupon: CouponDto | null; recalculateAt?: number }

/** Timeline entry kinds: owned by the timeline store, shown as they are. */
export type { TimelineKind }
/**
 * What a timeline entry says, as figures (the renderer words them; nothing here is a sentence).
 * A field is null when the entry does not carry it.
 */
export interface TimelineDetailDto {
  /** The stake of a placement (`coupon_placed`). */
  amount: number | null
  /** Bets of the coupon, and how many of them are settled. */
  bets: number | null
  settledBets: number | null
  /** The payout the entry reports (callback `realWin`, API `real_win`). */
  realWin: number | null
}
export interface TimelineEntryDto {
  id: number
  at: number
  kind: TimelineKind | string
  couponCode: string | null
  /** Coupon status code carried by the entry (raw; unknown values kept). */
  status: number | null
  source: string
  detail: TimelineDetailDto
  /** The partner ledger's effect (spec rule), as `balances.partnerDelta`; kept for older readers. */
  amountDelta: number | null
  balances: TimelineBalancesDto
  /** The callback batch behind the entry (source `callback`): how a coupon names the deliveries that touched it. */
  batchId?: string | null
  /** false for a coupon of the client account that this desk did not place (another desk, the partner's site); absent = true. */
  placedHere?: boolean
}
/**
 * The two balances an entry moves (they part on a return for recalculation): the client account at the
 * service (what `balance`, the header, shows) and the partner ledger by the spec's rule. Deltas are null
 * when the entry moves nothing or its figure is not known yet; totals run over the whole history through
 * this entry (filters hide rows, not movements), null when not computed.
 */
export interface TimelineBalancesDto {
  serviceDelta: number | null
  partnerDelta: number | null
  serviceTotal: number | null
  partnerTotal: number | null
  /** false when a figure up to this entry is not known yet (the totals count it as 0). */
  complete: boolean
}
/** A stored row that failed its check when read back: left out of the page, named here (no text, only where it is). */
export interface SkippedRowDto { table: string; id: number }
export interface TimelinePageDto {
  items: TimelineEntryDto[]
  nextCursor: string | null
  /** Present when damaged rows of this page were left out (code `timeline_row_corrupt`). */
  skipped?: SkippedRowDto[]
  /** With a coupon-code filter: the codes asked for that have no entry at all in the history. */
  missingCodes?: string[]
}
export interface DeliveryDto extends DeliveryRowExtras { id: number; batchId: string | null; receivedAt: number; verdict: string; size: number; answer: number }
export type { DeliveryDetailDto, KeptStatsDto, ReverifyResultDto }
/** The service's clock against this machine's (server − local, from the coupon API's `date`, half the round trip either way). */
export interface ClockDto { offsetMs: number; uncertaintyMs: number; measuredAt: number }
/** Why the running balance and the service's read differ: a code, the coupon, and the figure it accounts for (null: not known). */
export interface LedgerReasonDto { kind: string; group: 'in_flight' | 'missed'; couponCode: string | null; amount: number | null }
/**
 * The client account's running balance in the history against the service's balance read. Times are
 * server times. `anchor`: the last read that agreed with nothing in flight (the session's first read at
 * start); `expected` = anchor + the movements since; `difference` = read − expected.
 */
export interface LedgerCheckDto {
  anchor: { balance: number; at: number } | null
  read: { balance: number; at: number } | null
  expected: number | null
  difference: number | null
  /** Movements of the history between the anchor and the read. */
  counted: number
  reasons: LedgerReasonDto[]
  explained: number
  unexplained: number
  agrees: boolean
  /** When the service's coupon lists were last read to explain a difference (server time). */
  serviceReadAt: number | null
  clock: ClockDto | null
}
export interface ListenerStatusDto {
  running: boolean
  url: string | null
  reason: StateReason | null
  /** Open coupons placed here with a callback URL that is not where the listener is now (so their callbacks cannot arrive): their count. */
  stranded?: number
}
/** One operator action of the active profile's audit log. `data` holds short figures and names only, never a secret. */
export interface AuditEntryDto {
  id: number
  at: number
  /** `operator` (the console) or `cli` (the command line). */
  actor: string
  action: AuditAction | string
  /** The profile's name when the action was recorded (the log is the profile's own). */
  profile: string | null
  /** `ok`, `failed` (with `data.code`), or null when the action has no outcome. */
  outcome: 'ok' | 'failed' | null
  data: Record<string, string | number | boolean | null>
}
export interface AuditPageDto { items: AuditEntryDto[]; nextCursor: string | null }
export type { AuditAction }
export type ConnectionState = 'online' | 'offline' | 'degraded' | 'unknown'
export type { StateReason }
export type { BalanceHistoryDto, BalanceMarkerDto, PnlDto, PnlFiguresDto, PnlGroupDto } from './vocabulary/pnl.js'
export type { DoctorCheckDto, DoctorCheckId, DoctorFigureDto, DoctorReportDto, DoctorVerdict } from './vocabulary/doctor.js'
export type { OverviewRowDto } from './vocabulary/overview.js'
export type { MatchClockDto, PriceChangeDto, StatChangeDto } from './vocabulary/feed-delta.js'
/** A service's state and why (a code and raw detail, worded by the renderer). */
export interface ConnectionStatus { state: ConnectionState; reason: StateReason | null }

/* ------------------------------------------------------------------ input schemas */

const lineType = z.enum(['line', 'live'])
const none = z.object({}).strict().optional()
const couponCode = z.string().min(1).max(MAX_COUPON_CODE_LENGTH)
const demoGameId = z.number().int().positive().max(999_999_999_999)
const demoPointer = z.string().min(1).max(MAX_POINTER_LENGTH)
const goals = z.number().int().min(0).max(999)
const calendarPeriod = z.union([
  z.object({ hours: z.union([z.literal(2), z.literal(4), z.literal(6), z.literal(12)]) }).strict(),
  z.object({ day: z.number().int().min(0).max(5) }).strict(),
])

/** A time range (Unix ms, both ends included); open ends take the whole history. */
const historyRange = z.object({ from: z.number().int().optional(), to: z.number().int().optional() }).strict()
/** `timeZone`: the zone whose calendar days group the settlements (the profile's: `UTC` or the machine's zone). */
const pnlQuery = historyRange.extend({ timeZone: z.string().min(1).max(64).refine(isTimeZone, 'unknown time zone') }).strict()

/** What a window can subscribe to. Main polls each topic's source once, however many windows watch it. */
export const watchTopic = z.discriminatedUnion('name', [
  z.object({ name: z.literal('feed.menu'), lineType, cybersport: z.boolean().optional() }).strict(),
  /** `all`: the full line (`match=all`, Prematch with tournament 0 only); `cybersport`: the esports side of the feed. */
  z.object({ name: z.literal('feed.events'), lineType, sportId: z.number().int(), tournamentId: z.number().int(), all: z.boolean().optional(), cybersport: z.boolean().optional() }).strict(),
  z.object({ name: z.literal('feed.event'), lineType, gameId: z.number().int() }).strict(),
  z.object({ name: z.literal('feed.calendar'), lineType: z.literal('line'), sportId: z.number().int().positive(), tournamentId: z.number().int().nonnegative(), period: calendarPeriod }).strict(),
  z.object({ name: z.literal('coupons.active') }).strict(),
  z.object({ name: z.literal('balance') }).strict(),
  z.object({ name: z.literal('timeline'), limit: z.number().int().min(1).max(TIMELINE_PAGE_MAX).optional() }).strict(),
  z.object({ name: z.literal('listener') }).strict(),
  z.object({ name: z.literal('ledger') }).strict(),
  /** Every profile's row, read gently while subscribed (no feed polling). */
  z.object({ name: z.literal('overview') }).strict(),
])
/** A match to pin, and which pinned match that is. */
export const pinRef = z.object({ lineType, gameId: z.number().int().positive() }).strict()
export const pinMatch = pinRef
  .extend({ sportId: z.number().int(), tournamentId: z.number().int(), opp1: z.string().max(200), opp2: z.string().max(200), startMs: z.number().int().nonnegative() })
  .strict()

/** Chosen by the window, so it can listen before it asks (nothing pushed in between is lost). */
const subscriptionId = z.string().regex(/^[A-Za-z0-9_-]{8,64}$/)

export const inputs = {
  app: {
    info: none,
  },
  session: {
    status: none,
    login: none,
    logout: none,
    /**
     * Sign in as `username` on the active profile: a new username is saved to the profile, a password
     * goes to the vault (as `profiles.setSecret`), then it signs in. Without a password the stored one
     * is used (Demo: the simulator's). Moves the profile epoch when anything was stored.
     */
    signIn: z.object({ username: z.string().trim().min(1).max(200), password: z.string().min(1).max(4096).optional() }).strict(),
  },
  profiles: {
    list: none,
    select: z.object({ id: z.string().min(1) }).strict(),
    save: z
      .object({
        id: z.string().min(1).optional(),
        name: z.string().min(1).max(80),
        environment: z.enum(['demo', 'custom']),
        couponBaseUrl: z.string().max(500),
        feedApiUrl: z.string().max(500),
        cdnUrl: z.string().max(500),
        username: z.string().max(200),
        language: z.string().min(2).max(8),
        legacyMode: z.boolean(),
        simVariations: z.string().max(300).optional(),
        timeZone: z.enum(['utc', 'local']),
        quickStakes: z.array(z.number().positive().max(1e9)).max(MAX_QUICK_STAKES).optional(),
        stakeDecimals: z.number().int().min(0).max(4).optional(),
        minStake: z.number().positive().max(1e9).optional(),
        defaultStake: z.number().positive().max(1e9).optional(),
        listener: z.object({ enabled: z.boolean(), host: z.string().max(200), port: z.number().int().min(0).max(65535), path: z.string().max(200), maxBodyBytes: z.number().int().min(65536).max(268435456).optional() }).strict(),
      })
      .strict(),
    remove: z.object({ id: z.string().min(1) }).strict(),
    setSecret: z.object({ id: z.string().min(1), kind: z.enum(['password', 'feedApiKey', 'callbackSecret']), value: z.string().min(1).max(4096) }).strict(),
    clearSecret: z.object({ id: z.string().min(1), kind: z.enum(['password', 'feedApiKey', 'callbackSecret']) }).strict(),
    /** A profile's favourite market types (`group_id`s pinned to the top of every match's markets). */
    marketFavourites: z.object({ id: z.string().min(1) }).strict(),
    setMarketFavourite: z.object({ id: z.string().min(1), groupId: z.number().int().nonnegative(), favourite: z.boolean() }).strict(),
  },
  feed: {
    menu: z.object({ lineType, cybersport: z.boolean().optional() }).strict(),
    events: z.object({ lineType, sportId: z.number().int(), tournamentId: z.number().int(), all: z.boolean().optional(), odds: z.boolean().optional() }).strict(),
    event: z.object({ lineType, gameId: z.number().int() }).strict(),
    topMatches: z.object({ lineType }).strict(),
    /** The service's main championships (up to 12; esports excluded); a click loads one with `events`. */
    topChampionships: z.object({ lineType }).strict(),
    /** The service's top 10 Prematch matches of one sport. */
    toplist: z.object({ sportId: z.number().int().positive() }).strict(),
    search: z.object({ lineType, text: z.string().max(100) }).strict(),
    calendar: z.object({ sportId: z.number().int().positive(), tournamentId: z.number().int().nonnegative(), period: calendarPeriod }).strict(),
    /** For a Prematch match that answered `Game id finished`: the live match with the same participants, if any. */
    liveSuccessor: z.object({ gameId: z.number().int().positive() }).strict(),
    account: none,
    keyStatus: none,
  },
  coupons: {
    place: z
      .object({
        pointers: z.array(z.string().min(1).max(MAX_POINTER_LENGTH)).min(1).max(MAX_PLACEMENT_POINTERS),
        amount: z.number().positive().finite(),
        multi: z.boolean(),
        mode: z.enum(['accept', 'reject']),
        currency: z.string().max(16).optional(),
        /** The operator ticked "I confirm this real placement" (required outside Demo). */
        confirmed: z.boolean(),
        /** Caller's id of this request: the attempt id if the outcome is unknown, and asked again after a lost connection. */
        requestId: z.string().regex(/^[A-Za-z0-9-]{8,64}$/).optional(),
      })
      .strict(),
    /** `choose`: the operator's decision on an ambiguous outcome: its coupon codes among the candidates ([] = none, not placed). */
    resolvePlacement: z.object({ attemptId: z.string().min(1), choose: z.array(couponCode).max(MAX_CHOSEN_CANDIDATES).optional() }).strict(),
    pendingPlacements: none,
    get: z.object({ code: couponCode }).strict(),
    active: none,
    calculated: z.object({ minutes: z.number().int().optional() }).strict(),
    resultsByIds: z.object({ codes: z.array(couponCode).min(1).max(MAX_RESULTS_BY_IDS) }).strict(),
    resultsByPeriod: z.object({ from: z.number().int(), to: z.number().int() }).strict(),
  },
  balance: {
    get: none,
  },
  timeline: {
    query: z
      .object({
        from: z.number().int().optional(),
        to: z.number().int().optional(),
        couponCode: couponCode.optional(),
        /** Entries of any of these coupons (the union with `couponCode`). */
        couponCodes: z.array(couponCode).min(1).max(MAX_TIMELINE_FILTER_CODES).optional(),
        status: z.number().int().optional(),
        source: z.string().max(32).optional(),
        kind: z.string().max(40).optional(),
        placement: z.enum(['here', 'elsewhere']).optional(),
        limit: z.number().int().min(1).max(TIMELINE_PAGE_MAX).optional(),
        cursor: z.string().max(100).optional(),
      })
      .strict(),
    couponHistory: z.object({ code: couponCode }).strict(),
    /** Brings the history up to date with the service (one reconciler pass, a balance read) and checks the balance. */
    checkBalance: none,
    deliveries: z.object({ limit: z.number().int().min(1).max(TIMELINE_PAGE_MAX).optional(), cursor: z.string().max(100).optional() }).strict(),
    /** Settled coupons' P&L per day (in `timeZone`) and per sport, over the settlement time range. */
    pnl: pnlQuery,
    /** Balance reads and the client account's running balance from the history, with placements and settlements. */
    balanceHistory: historyRange,
    /** One delivery by its id, or the one that applied a batch (`batchId`, as a coupon's history names it). */
    delivery: z.union([z.object({ id: z.number().int().min(1).max(Number.MAX_SAFE_INTEGER) }).strict(), z.object({ batchId: z.string().min(1).max(200) }).strict()]),
  },
  listener: {
    status: none,
    start: none,
    stop: none,
    reverify: none,
  },
  watch: {
    /** Answers the topic's current snapshot (or null until the first read), then pushes `watch.*` events. */
    subscribe: z.object({ subscriptionId, topic: watchTopic }).strict(),
    unsubscribe: z.object({ subscriptionId }).strict(),
  },
  /** The active profile's watch list (pins persist per profile; the list holds at most MAX_PINS). */
  watchlist: {
    list: none,
    /** `replaces`: the pin this one takes the place of (a Line match followed to its live id). */
    pin: pinMatch.extend({ replaces: pinRef.optional() }).strict(),
    unpin: pinRef,
  },
  /** The active profile's audit log; `record` takes only what a window does alone (an export). */
  audit: {
    query: z
      .object({
        actions: z.array(z.enum(AUDIT_ACTIONS)).min(1).max(AUDIT_ACTIONS.length).optional(),
        from: z.number().int().optional(),
        to: z.number().int().optional(),
        text: z.string().max(200).optional(),
        limit: z.number().int().min(1).max(AUDIT_PAGE_MAX).optional(),
        cursor: z.string().max(100).optional(),
      })
      .strict(),
    record: z
      .object({
        action: z.enum(RENDERER_AUDIT_ACTIONS),
        /** Which list was exported (a view's short name). */
        what: z.string().regex(/^[a-z][a-z0-9-]{0,39}$/),
        rows: z.number().int().min(0).max(10_000_000),
        format: z.enum(['csv']),
      })
      .strict(),
  },
  /** The environment doctor, for the active profile. */
  doctor: {
    run: none,
    last: none,
  },
  demo: {
    settle: z.object({ code: couponCode, result: z.enum(['win', 'lose', 'return']) }).strict(),
    recalculate: z.object({ code: couponCode, result: z.enum(['win', 'lose', 'return']) }).strict(),
    advanceClock: z.object({ ms: z.number().int().positive().max(7 * 24 * 3600 * 1000) }).strict(),
    /** The simulator's client accounts (the Demo profile's username picks one). */
    accounts: none,
    startMatch: z.object({ gameId: demoGameId }).strict(),
    finishMatch: z.object({ gameId: demoGameId, score: z.tuple([goals, goals]) }).strict(),
    cancelMatch: z.object({ gameId: demoGameId }).strict(),
    /** The outcome is named by a coupon pointer the console shows (slip selection, open match). */
    moveOdds: z.object({ pointer: demoPointer, rate: z.number().min(1.01).max(1000) }).strict(),
    blockOutcome: z.object({ pointer: demoPointer, blocked: z.boolean() }).strict(),
    failCallbacks: z.object({ count: z.number().int().min(1).max(100) }).strict(),
    suppressCallback: z.object({ code: couponCode }).strict(),
    dropNextPlacement: none,
    /** The signed-in Demo account's balance unless `username` names another simulator account. */
    setBalance: z.object({ balance: z.number().finite().min(0).max(1e9), username: z.string().min(1).max(200).optional() }).strict(),
    revokeTokens: none,
  },
} as const

/** Compile-time proof that the schemas above and the preload's method list name the same methods. */
type SchemaNames = { [D in keyof typeof inputs]: keyof (typeof inputs)[D] }
type ListedNames = { [D in keyof MethodNames]: MethodNames[D][number] }
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false
const contractMatchesMethodList: Same<SchemaNames, ListedNames> = true
void contractMatchesMethodList

/* ------------------------------------------------------------------ outputs */

export interface Outputs {
  app: { info: AppInfo }
  session: { status: SessionStatus; login: SessionStatus; logout: SessionStatus; signIn: SessionStatus }
  profiles: {
    list: { activeId: string; profiles: ProfileDto[] }
    select: ProfileDto
    save: ProfileDto
    remove: { activeId: string }
    setSecret: ProfileDto
    clearSecret: ProfileDto
    marketFavourites: MarketFavouritesDto
    setMarketFavourite: MarketFavouritesDto
  }
  feed: {
    menu: SportNode[]
    events: TournamentEventsDto[]
    event: EventResultDto
    topMatches: MatchDto[]
    topChampionships: ChampionshipDto[]
    toplist: MatchDto[]
    search: MatchDto[]
    calendar: TournamentEventsDto[]
    liveSuccessor: { gameId: number | null }
    account: FeedAccountDto
    keyStatus: FeedKeyDto
  }
  coupons: {
    place: PlacementDto
    resolvePlacement: ResolutionDto
    pendingPlacements: PendingPlacementDto[]
    get: CouponDto
    active: CouponDto[]
    calculated: CouponDto[]
    resultsByIds: CouponDto[]
    resultsByPeriod: CouponDto[]
  }
  balance: { get: BalanceDto }
  timeline: {
    query: TimelinePageDto
    couponHistory: TimelineEntryDto[]
    checkBalance: LedgerCheckDto
    deliveries: { items: DeliveryDto[]; nextCursor: string | null; kept?: KeptStatsDto }
    delivery: DeliveryDetailDto
    pnl: PnlDto
    balanceHistory: BalanceHistoryDto
  }
  listener: { status: ListenerStatusDto; start: ListenerStatusDto; stop: ListenerStatusDto; reverify: ReverifyResultDto }
  watch: { subscribe: WatchSubscribed; unsubscribe: { removed: boolean } }
  watchlist: { list: WatchlistDto; pin: WatchlistDto; unpin: WatchlistDto }
  audit: { query: AuditPageDto; record: AuditEntryDto }
  /** `run`: every check for the active profile (stored as its last report); `last`: that report, or null. */
  doctor: { run: DoctorReportDto; last: DoctorReportDto | null }
  demo: {
    settle: DemoSettledDto
    recalculate: DemoSettledDto
    advanceClock: { now: number }
    accounts: DemoAccountDto[]
    startMatch: { gameId: number; liveGameId: number }
    finishMatch: { gameId: number; score: [number, number] }
    cancelMatch: { gameId: number }
    moveOdds: { gameId: number; from: number | null; to: number }
    blockOutcome: { gameId: number; blocked: boolean }
    failCallbacks: { count: number }
    suppressCallback: { code: string }
    dropNextPlacement: { armed: true }
    setBalance: { username: string; balance: number }
    revokeTokens: { ok: true }
  }
}

export type Inputs = typeof inputs
export type Domain = keyof Inputs
export type MethodOf<D extends Domain> = keyof Inputs[D] & string
export type InputOf<D extends Domain, M extends MethodOf<D>> = z.input<Inputs[D][M] extends z.ZodType ? Inputs[D][M] : never>
export type OutputOf<D extends Domain, M extends MethodOf<D>> = M extends keyof Outputs[D] ? Outputs[D][M] : never

/** What the main process implements: plain async functions; throwing DeskError becomes `{ok:false}`. */
export type DeskHandlers = {
  [D in Domain]: { [M in MethodOf<D>]: (input: z.output<Inputs[D][M] extends z.ZodType ? Inputs[D][M] : never>) => Promise<OutputOf<D, M>> }
}

/* ------------------------------------------------------------------ pushed events */

/* ------------------------------------------------------------------ subscriptions (snapshot, then deltas) */

export type WatchTopic = z.infer<typeof watchTopic>
export type WatchTopicName = WatchTopic['name']
export interface ListenerStateDto {
  status: ListenerStatusDto
  connection: ConnectionStatus
}
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
/**
 * Per topic: the full snapshot, and the delta that follows it. Feed lists and matches push their
 * snapshot once, then one delta per refresh (empty when nothing changed); the menu a snapshot per refresh.
 * A list topic's matches carry only their main (first) market, what a row shows; `oddsCounter` still
 * counts them all, and `feed.event` carries every market.
 */
export interface WatchShapes {
  'feed.menu': { snapshot: SportNode[]; delta: never }
  'feed.events': { snapshot: TournamentEventsDto[]; delta: FeedListDeltaDto }
  'feed.event': { snapshot: EventResultDto; delta: FeedEventDeltaDto }
  'feed.calendar': { snapshot: TournamentEventsDto[]; delta: FeedListDeltaDto }
  /** Delta: coupons added or changed (by code), and codes that left the active list. */
  'coupons.active': { snapshot: CouponDto[]; delta: { upsert: CouponDto[]; remove: string[] } }
  'balance': { snapshot: BalanceDto | null; delta: BalanceDto }
  /** Snapshot: the newest entries, newest first; delta: entries written since, oldest first. */
  'timeline': { snapshot: TimelineEntryDto[]; delta: { entries: TimelineEntryDto[] } }
  'listener': { snapshot: ListenerStateDto; delta: ListenerStateDto }
  /** The running balance against the service's read, whole each time it changes. */
  'ledger': { snapshot: LedgerCheckDto; delta: LedgerCheckDto }
  /** Delta: the rows that changed, whole (by profileId), and profiles that are gone. */
  'overview': { snapshot: OverviewRowDto[]; delta: { upsert: OverviewRowDto[]; remove: string[] } }
}
export type WatchSnapshot<N extends WatchTopicName> = WatchShapes[N]['snapshot']
export type WatchDelta<N extends WatchTopicName> = WatchShapes[N]['delta']
/** `live` false = the source is not being refreshed (failed, signed out): show what is held as stale. */
export interface WatchSourceState {
  live: boolean
  error: { code: ErrorCode; message: string } | null
}
export interface WatchSubscribed extends WatchSourceState {
  subscriptionId: string
  epoch: Epoch
  /** Sequence number of the snapshot; pushed updates with `seq` at or below it are older. */
  seq: number
  topic: WatchTopicName
  snapshot: WatchSnapshot<WatchTopicName> | null
}

type WatchEvents = {
  [N in WatchTopicName]:
    | { type: 'watch.snapshot'; subscriptionId: string; seq: number; topic: N; snapshot: WatchSnapshot<N> }
    /** `prev`: the seq of the data (snapshot or delta) this delta applies to; a window holding older data missed one and asks again. */
    | { type: 'watch.delta'; subscriptionId: string; seq: number; prev?: number; topic: N; delta: WatchDelta<N> }
}[WatchTopicName]

/* ------------------------------------------------------------------ pushed events */

/** What core emits; the desk's event bus stamps each with the epoch it belongs to. */
export type DeskEventBody =
  | WatchEvents
  | ({ type: 'watch.state'; subscriptionId: string; seq: number } & WatchSourceState)
  | { type: 'feed.key'; key: FeedKeyDto }
  | { type: 'coupon.settled'; coupon: CouponDto }
  | { type: 'connection.changed'; service: 'coupons' | 'feed' | 'listener'; state: ConnectionState; reason: StateReason | null }
  | { type: 'session.changed'; status: SessionStatus }
  | { type: 'profile.changed'; profileId: string }
export type DeskEvent = DeskEventBody & { epoch: Epoch }
export type DeskEventType = DeskEvent['type']
export type DeskEventOf<T extends DeskEventType> = Extract<DeskEvent, { type: T }>

/* ------------------------------------------------------------------ the renderer-facing API */

/** A method whose schema accepts no input may be called without one; every other input is required. */
export type ArgsOf<D extends Domain, M extends MethodOf<D>> = undefined extends InputOf<D, M> ? [input?: InputOf<D, M>] : [input: InputOf<D, M>]

export type DeskApi = {
  [D in Domain]: { [M in MethodOf<D>]: (...args: ArgsOf<D, M>) => Promise<Result<OutputOf<D, M>>> }
} & {
  on<T extends DeskEventType>(type: T, listener: (event: DeskEventOf<T>) => void): () => void
}
