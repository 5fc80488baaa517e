/**
 * The coupon service's part of the contract: coupons and their bets, placements and their outcomes,
 * the balance and the service's clock. Re-exported by contract.ts, the one entry the rest imports;
 * types only.
 */
import type { BetSubject, CouponFigures } from './vocabulary/coupon-fields.js'
import type { ErrorCode } from './vocabulary/errors.js'
import type { AmbiguityReason, PlacementCause, VendorApi } from './vocabulary/placement.js'

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
/** The service's clock against this machine's (server − local, from the coupon API's `date`, half the round trip either way). */
export interface ClockDto { offsetMs: number; uncertaintyMs: number; measuredAt: number }
