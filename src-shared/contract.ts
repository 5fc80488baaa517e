/**
 * The one contract between the renderer and the main process (or the loopback web bridge).
 *
 * - Every method is `desk:<domain>:<method>`, takes one JSON input validated with its zod schema
 *   (`inputs`, contract-inputs.ts), and answers `Result<T>`: `{ ok: true, value }` or `{ ok: false, code, message }`.
 * - Pushed events are the `DeskEvent` union.
 * - Nothing here ever carries a password, token, API key or signing secret back to the renderer:
 *   secrets go in (`profiles.setSecret`) and only "set / not set" comes out.
 *
 * This file is the one entry: it re-exports its parts, contract-feed.ts (feed answers and deltas),
 * contract-coupons.ts (coupons, placements, balance), contract-timeline.ts (history, deliveries,
 * ledger) and contract-inputs.ts (the zod inputs and watch topics), so importers name only it.
 */
import type { z } from 'zod'
import type { ErrorCode, StateReason } from './vocabulary/errors.js'
import type { AuditAction } from './vocabulary/audit.js'
import type { BalanceHistoryDto, PnlDto } from './vocabulary/pnl.js'
import type { DoctorReportDto } from './vocabulary/doctor.js'
import type { OverviewRowDto } from './vocabulary/overview.js'
import type {
  ChampionshipDto,
  EventResultDto,
  FeedAccountDto,
  FeedEventDeltaDto,
  FeedKeyDto,
  FeedListDeltaDto,
  LineType,
  MatchDto,
  SportNode,
  TournamentEventsDto,
} from './contract-feed.js'
import type { BalanceDto, CouponDto, PendingPlacementDto, PlacementDto, ResolutionDto } from './contract-coupons.js'
import type { DeliveryDetailDto, DeliveryDto, KeptStatsDto, LedgerCheckDto, ReverifyResultDto, TimelineEntryDto, TimelinePageDto } from './contract-timeline.js'
import type { inputs, watchTopic } from './contract-inputs.js'
export { inputs, watchTopic, pinRef, pinMatch } from './contract-inputs.js'
export type * from './contract-feed.js'
export type * from './contract-coupons.js'
export type * from './contract-timeline.js'
export { methods, methodTable, channelOf, EVENT_CHANNEL } from './methods.js'

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
  /** The snapshot is the first part of a big list, to show at once: the whole list follows as a
   *  `watch.snapshot` of the same `seq`, and deltas wait for it. */
  partial?: true
  /** With `partial`: how many items (a list's matches) the whole holds, for the count shown meanwhile. */
  whole?: number
}

type WatchEvents = {
  [N in WatchTopicName]:
    /** `partial`: the first part of a big list; the whole list follows (a later seq, or the same seq after an answer). */
    | { type: 'watch.snapshot'; subscriptionId: string; seq: number; topic: N; snapshot: WatchSnapshot<N>; partial?: true; whole?: number }
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
