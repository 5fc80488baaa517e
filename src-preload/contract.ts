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
import type { TimelineKind } from '../src-main/core/timeline/types.js'
export { methods, methodTable, channelOf, EVENT_CHANNEL } from './methods.js'

export type LineType = 'line' | 'live'
export type Result<T> = { ok: true; value: T } | { ok: false; code: string; message: string }

/* ------------------------------------------------------------------ DTOs returned to the UI */

export interface AppInfo {
  version: string
  bridge: 'electron' | 'web'
  profileId: string
  profileName: string
  environment: 'demo' | 'custom'
  /** Base URLs shown in the header tooltip; never contain credentials. */
  endpoints: { coupons: string; feed: string; cdn: string }
  /** Current state of each service, so a window that opens late starts right (events carry changes). */
  connections: Record<'coupons' | 'feed' | 'listener', { state: ConnectionState; message: string | null }>
}

export type AccountState = 'active' | 'disabled' | 'expired' | 'no-balance' | 'bad-credentials' | 'unknown'
export interface SessionStatus {
  state: 'signed-out' | 'signing-in' | 'signed-in' | 'failed'
  username: string | null
  accountState: AccountState
  /** Last 4 characters of the JWT at most, for support conversations. */
  tokenTail: string | null
  expiresAt: number | null
  message: string | null
}

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
  listener: { enabled: boolean; host: string; port: number; path: string }
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
}
export interface MarketDto { groupId: number; name: string; columns: OutcomeDto[][] }
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
  opp1: string
  opp2: string
  opp1IconUrl: string | null
  opp2IconUrl: string | null
  score: string
  period: string
  timerSec: number
  oddsCounter: number
  /** null = odds not requested; [] = no markets. */
  markets: MarketDto[] | null
  subGames: Array<{ gameId: number | null; name: string | null }>
}
export interface TournamentEventsDto { tournamentId: number; tournamentName: string; matches: MatchDto[] }
export type EventResultDto = { kind: 'match'; match: MatchDto } | { kind: 'gone'; gameId: number; message: string }

export interface BetDto {
  id: string
  gameId: number
  status: number
  coef: number
  pointer: string
  lineType: string
  eventDate: number | null
  calculateDate: number | null
  settlementReasonCode: string | number | null
  settlementReason: string | null
}
export interface CouponDto {
  couponCode: string
  amount: number | null
  coef: number
  potentialWin: number | null
  realWin: number | null
  status: number
  /** Human label for known statuses; unknown ones are shown raw. */
  statusLabel: string
  createdAt: number | null
  calculateDate: number | null
  couponType: number | null
  bets: BetDto[]
}
export type PlacementDto =
  | { outcome: 'placed'; coupons: CouponDto[] }
  | { outcome: 'rejected'; code: string; errorCode: number | null; message: string; changes: ChangeRecordDto[] }
  | { outcome: 'unknown'; attemptId: string; message: string }
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
  message: string
}
export type ResolutionDto = { outcome: 'placed'; coupons: CouponDto[] } | { outcome: 'not_placed' } | { outcome: 'unknown'; message: string }
export interface BalanceDto { balance: number; at: number }

/** Timeline entry kinds: owned by the timeline store, shown as they are. */
export type { TimelineKind }
export interface TimelineEntryDto {
  id: number
  at: number
  kind: TimelineKind | string
  couponCode: string | null
  status: number | null
  source: string
  summary: string
  amountDelta: number | null
}
export interface TimelinePageDto { items: TimelineEntryDto[]; nextCursor: string | null }
export interface DeliveryDto { id: number; batchId: string | null; receivedAt: number; verdict: string; size: number; answer: number }
export interface ListenerStatusDto { running: boolean; url: string | null; message: string | null }
export type ConnectionState = 'online' | 'offline' | 'degraded' | 'unknown'

/* ------------------------------------------------------------------ input schemas */

const lineType = z.enum(['line', 'live'])
const none = z.object({}).strict().optional()
const couponCode = z.string().min(1).max(32)

export const inputs = {
  app: {
    info: none,
  },
  session: {
    status: none,
    login: none,
    logout: none,
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
        timeZone: z.enum(['utc', 'local']),
        listener: z.object({ enabled: z.boolean(), host: z.string().max(200), port: z.number().int().min(0).max(65535), path: z.string().max(200) }).strict(),
      })
      .strict(),
    remove: z.object({ id: z.string().min(1) }).strict(),
    setSecret: z.object({ id: z.string().min(1), kind: z.enum(['password', 'feedApiKey', 'callbackSecret']), value: z.string().min(1).max(4096) }).strict(),
    clearSecret: z.object({ id: z.string().min(1), kind: z.enum(['password', 'feedApiKey', 'callbackSecret']) }).strict(),
  },
  feed: {
    menu: z.object({ lineType, cybersport: z.boolean().optional() }).strict(),
    events: z.object({ lineType, sportId: z.number().int(), tournamentId: z.number().int(), all: z.boolean().optional(), odds: z.boolean().optional() }).strict(),
    event: z.object({ lineType, gameId: z.number().int() }).strict(),
    topMatches: z.object({ lineType }).strict(),
    search: z.object({ lineType, text: z.string().max(100) }).strict(),
    /** Start pushing `feed.updated` for a target at the scheduler's pace; returns a watch id. */
    watch: z.discriminatedUnion('target', [
      z.object({ target: z.literal('menu'), lineType }).strict(),
      z.object({ target: z.literal('events'), lineType, sportId: z.number().int(), tournamentId: z.number().int() }).strict(),
      z.object({ target: z.literal('event'), lineType, gameId: z.number().int() }).strict(),
    ]),
    unwatch: z.object({ watchId: z.string().min(1) }).strict(),
  },
  coupons: {
    place: z
      .object({
        pointers: z.array(z.string().min(1).max(200)).min(1).max(50),
        amount: z.number().positive().finite(),
        multi: z.boolean(),
        mode: z.enum(['accept', 'reject']),
        currency: z.string().max(16).optional(),
        /** The operator ticked "I confirm this real placement" (required outside Demo). */
        confirmed: z.boolean(),
      })
      .strict(),
    resolvePlacement: z.object({ attemptId: z.string().min(1) }).strict(),
    pendingPlacements: none,
    get: z.object({ code: couponCode }).strict(),
    active: none,
    calculated: z.object({ minutes: z.number().int().optional() }).strict(),
    resultsByIds: z.object({ codes: z.array(couponCode).min(1).max(1000) }).strict(),
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
        status: z.number().int().optional(),
        source: z.string().max(32).optional(),
        kind: z.string().max(40).optional(),
        limit: z.number().int().min(1).max(500).optional(),
        cursor: z.string().max(100).optional(),
      })
      .strict(),
    couponHistory: z.object({ code: couponCode }).strict(),
    deliveries: z.object({ limit: z.number().int().min(1).max(500).optional(), cursor: z.string().max(100).optional() }).strict(),
  },
  listener: {
    status: none,
    start: none,
    stop: none,
  },
  demo: {
    settle: z.object({ code: couponCode, result: z.enum(['win', 'lose', 'return']) }).strict(),
    recalculate: z.object({ code: couponCode, result: z.enum(['win', 'lose', 'return']) }).strict(),
    advanceClock: z.object({ ms: z.number().int().positive().max(7 * 24 * 3600 * 1000) }).strict(),
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
  session: { status: SessionStatus; login: SessionStatus; logout: SessionStatus }
  profiles: {
    list: { activeId: string; profiles: ProfileDto[] }
    select: ProfileDto
    save: ProfileDto
    remove: { activeId: string }
    setSecret: ProfileDto
    clearSecret: ProfileDto
  }
  feed: {
    menu: SportNode[]
    events: TournamentEventsDto[]
    event: EventResultDto
    topMatches: MatchDto[]
    search: MatchDto[]
    watch: { watchId: string }
    unwatch: { removed: boolean }
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
    deliveries: { items: DeliveryDto[]; nextCursor: string | null }
  }
  listener: { status: ListenerStatusDto; start: ListenerStatusDto; stop: ListenerStatusDto }
  demo: { settle: { ok: true }; recalculate: { ok: true }; advanceClock: { now: number } }
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

export type DeskEvent =
  | { type: 'feed.updated'; watchId: string; data: SportNode[] | TournamentEventsDto[] | EventResultDto }
  | { type: 'feed.error'; watchId: string; code: string; message: string }
  | { type: 'balance.changed'; balance: BalanceDto }
  | { type: 'coupon.settled'; coupon: CouponDto }
  | { type: 'connection.changed'; service: 'coupons' | 'feed' | 'listener'; state: ConnectionState; message: string | null }
  | { type: 'session.changed'; status: SessionStatus }
  | { type: 'timeline.entry'; entry: TimelineEntryDto }
  | { type: 'profile.changed'; profileId: string }
export type DeskEventType = DeskEvent['type']
export type DeskEventOf<T extends DeskEventType> = Extract<DeskEvent, { type: T }>

/* ------------------------------------------------------------------ the renderer-facing API */

export type DeskApi = {
  [D in Domain]: { [M in MethodOf<D>]: (input?: InputOf<D, M>) => Promise<Result<OutputOf<D, M>>> }
} & {
  on<T extends DeskEventType>(type: T, listener: (event: DeskEventOf<T>) => void): () => void
}
