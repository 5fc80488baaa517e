import type { StakeRule } from '../../../src-shared/vocabulary/stake.js'
import type { AmbiguityReason, PlacementCause } from '../../../src-shared/vocabulary/placement.js'
import type { BetSubject, CouponFigures } from '../../../src-shared/vocabulary/coupon-fields.js'
import type { StateReason } from '../../../src-shared/vocabulary/errors.js'
import type { Clock } from '../shared/clock.js'
import type { DeskError } from '../shared/errors.js'
import type { Logger } from '../shared/log.js'

/** Which family of routes the client speaks: `/api/partner/**` or the legacy routes. */
export type CouponApiMode = 'new' | 'legacy'

/** One bet of a coupon, the same shape whether it came from the new or the legacy model. */
export interface Bet extends BetSubject {
  /** New model: numeric `id` as a string; legacy model: `uuid`. */
  id: string
  gameId: number
  /** `main_game_id` when it differs from `game_id` (a sub-match); null for a main match. */
  mainGameId: number | null
  /** `is_sub_game`; when absent, true exactly when `mainGameId` is set. */
  isSubGame: boolean | null
  parentGameId: number | null
  subGameKey: string | null
  /** Raw integer status; unknown values are kept as they are (names: ./statuses.ts). */
  status: number
  /** Working odds (`coef`). */
  coef: number | null
  /** `original_coef` (new model only). */
  originalCoef: number | null
  /** Settlement multiplier: `calc_coef` (0 lost, 1 returned, 0.5 half lost, the odds for a win). */
  settlementCoef: number | null
  calculateDate: number | null
  eventDate: number | null
  pointer: string | null
  lineType: string | null
  isLive: boolean | null
  /** Market: `bet_group_id` / `bet_group_name`. */
  marketId: number | null
  marketName: string | null
  /** Outcome: `bet_id` / `bet_name`. */
  outcomeId: number | null
  outcomeName: string | null
  /** The outcome's parameter as text (`rate`), never reformatted. */
  param: string | null
  team1Id: number | string | null
  team2Id: number | string | null
  /** Score when the bet was accepted (`placement_score_full`) and per period. */
  placementScore: string | null
  placementScorePeriods: string | null
  /** Score the bet was settled on (`calculation_score_full`, else `calculate_score`) and per period. */
  calculationScore: string | null
  calculationScorePeriods: string | null
  timer: number | string | null
  dopName: string | null
  /** `bet_score`: despite its name a pointer, not a score. */
  betScore: string | null
  /** Stable reason code, kept raw (the code set is open). */
  settlementReasonCode: number | string | null
  settlementReason: string | null
  raw: Record<string, unknown>
}

export interface Coupon extends CouponFigures {
  /** Public code, always a string. */
  code: string
  amount: number
  /** `win` as sent (new model: the potential payout). */
  win: number | null
  eventsCount: number
  hasReturn: boolean | null
  asian: boolean | null
  settlementReasonCode: number | string | null
  settlementReason: string | null
  bets: Bet[]
  model: CouponApiMode
  raw: Record<string, unknown>
}

/** Change record of a rejected placement (`body.changes[]`). */
export interface ChangeRecord {
  gameId: number
  betCoefficient: number
  actualCoefficient: number | null
  /** 1 = up, 2 = down, null = not applicable; unknown values kept raw. */
  changeType: number | null
  /** `rejected` | `no_data` | `block` | `error`, unknown strings kept raw. */
  status: string
}

/** `DeskError.data` of every coupon error. */
export interface CouponErrorData {
  errorCode: number | null
  errorMessage: string | null
  changes: ChangeRecord[]
  /** The route that answered (never contains a token). */
  path?: string
}

export interface PlacementRequest {
  /** Bet pointers as taken from the feed. */
  bets: string[]
  /** Amount of ONE coupon (with `multi`, deducted per single). */
  amount: number
  /** true = each pointer becomes a single coupon. */
  multi?: boolean
  currency?: string
  callbackUrl?: string
  lang?: string
  mode?: 'accept' | 'reject'
  /** With `mode` accept only: 1 accept higher odds only, 2 lower only, 3 both. */
  modeType?: 1 | 2 | 3
}

export interface PlacementAttempt {
  request: PlacementRequest
  /** Client clock when the request was sent. */
  startedAt: number
  /** Client clock when the indeterminate answer was seen. */
  endedAt: number
  /** The transport / server failure that made the outcome unknown. */
  error: DeskError
  /** Server − client clock bounds measured before the send (absent for an attempt revived after a restart). */
  offset?: { low: number; high: number } | null
}

export interface ResolveOptions {
  /** Codes this profile already holds for other placements (persisted history): never claimed. */
  isKnown?: (code: string) => boolean
}

export type ResolvedPlacement =
  | { outcome: 'placed'; coupons: Coupon[]; resolved: true }
  | { outcome: 'not_placed'; resolved: true }
  /** The lookup failed: its error code and raw technical text. */
  | { outcome: 'unknown'; attempt: PlacementAttempt; cause: PlacementCause; resolve(opts?: ResolveOptions): Promise<ResolvedPlacement> }
  /** Matching coupons exist but none is surely this attempt's: the operator decides. */
  | { outcome: 'ambiguous'; attempt: PlacementAttempt; candidates: Coupon[]; reasons: AmbiguityReason[]; resolve(opts?: ResolveOptions): Promise<ResolvedPlacement> }

export type PlacementResult =
  | { outcome: 'placed'; coupons: Coupon[] }
  | { outcome: 'rejected'; error: DeskError }
  | { outcome: 'unknown'; attempt: PlacementAttempt; error: DeskError; resolve(opts?: ResolveOptions): Promise<ResolvedPlacement> }

export type AccountState = 'ok' | 'disabled' | 'expired' | 'no_balance'

export interface SessionInfo {
  username: string | null
  loggedIn: boolean
  /** JWT `exp` in Unix ms when the token is decodable. */
  expiresAt: number | null
  /** Last 4 characters only, e.g. `…a1B2`. */
  tokenTail: string | null
}

export type SessionPhase = 'signed-out' | 'signing-in' | 'signed-in' | 'failed'

/** The session's one state machine, owned by the coupon client's session (./session.ts); others observe it. */
export interface SessionState {
  phase: SessionPhase
  info: SessionInfo
  /** What the service last said about the account; null until a sign-in or an account error tells. */
  account: AccountState | null
  /** The sign-in failure that decides the account state shown (auth and account errors only), until a sign-in succeeds. */
  failure: DeskError | null
  /** Why the phase is `failed` (a code and the raw error text); null otherwise. */
  reason: StateReason | null
  /** The operator signed out: calls needing the token fail with `signed_out` until an explicit login. */
  operatorSignedOut: boolean
}

export interface Credentials {
  username: string
  password: string
}

export type FetchLike = typeof globalThis.fetch

export interface CouponClientOptions {
  baseURL: string
  credentials: () => Promise<Credentials>
  mode?: CouponApiMode
  fetch?: FetchLike
  clock?: Clock
  /** Per-attempt timeout (ms), fresh for each retry. Default 10000. */
  timeoutMs?: number
  /** Largest answer body accepted (bytes); a larger one fails with `coupon_too_large`. Default 64 MiB. */
  maxResponseBytes?: number
  /** One debug line per HTTP attempt, a warn per retry (never a token, query or body). */
  logger?: Logger
  /** Read retries on 5xx / timeouts / network errors. Default 2. */
  readRetries?: number
  /** Base backoff for read retries (ms), doubled per attempt; Retry-After wins when present. Default 200. */
  retryDelayMs?: number
  /** Parallel requests when chunking `resultsByIds`. Default 3. */
  parallel?: number
  /** Margin (ms) after the lookup (and around the send when the server clock was never read) when resolving an unknown outcome. Default 30000. */
  resolveMarginMs?: number
  /** Tolerance (ms) of the server clock around the send time: a match created within it of the earliest possible send is ambiguous. Default 1 (the resolution of `date`). */
  borderlineMs?: number
  /** Codes already confirmed to other placements of this profile (persisted): never taken for an unknown attempt. */
  isKnownCode?: (code: string) => boolean
  /** Match tree lookup for the accumulator rule (root id of a game). */
  treeOf?: (gameId: number) => number | undefined
  /** The profile's money rule (minor unit, minimum stake), checked before a placement is sent. */
  stakeRule?: StakeRule
  onAccountState?: (state: AccountState, error?: DeskError) => void
  /** Called with public session info only (never the token). */
  onTokenChange?: (info: SessionInfo) => void
  /** Every transition of the session's state machine. */
  onSessionChange?: (state: SessionState) => void
}
