/**
 * The vendor's coupon and bet status codes (src-shared/vocabulary/statuses.ts), re-exported for the
 * client, plus what a bet's settlement multiplier means. Codes only: people read status names in the
 * console (renderer i18n) or the CLI's own table. A value missing here is unknown: keep it raw.
 */
export {
  BET_HALF_LOST,
  BET_HALF_WON,
  BET_LOST,
  BET_OPEN,
  BET_PUSH,
  BET_RECALCULATION,
  BET_RETURNED,
  BET_STATUSES,
  BET_WON,
  COUPON_LOST,
  COUPON_NEW,
  COUPON_RECALCULATION,
  COUPON_RETURNED,
  COUPON_STATUSES,
  COUPON_WON,
  FINAL_COUPON_STATUSES,
  MODE_TYPES,
  PENDING_BET_STATUSES,
  isFinalCouponStatus,
  isKnownBetStatus,
  isKnownCouponStatus,
  type BetStatus,
  type CouponStatus,
  type ModeType,
} from '../../../src-shared/vocabulary/statuses.js'

/** Reason codes seen in the vendor's answers; the set is open, other codes are kept and shown raw. */
export const KNOWN_REASON_CODES: ReadonlySet<string> = new Set(['AUTOMATIC_SETTLEMENT', 'REMOTE_WIN'])

export type SettlementMeaning = 'lost' | 'returned' | 'half lost' | 'half won' | 'won'

const near = (a: number, b: number) => Math.abs(a - b) < 1e-9

/**
 * What a bet's `calc_coef` says: 0 lost, 1 returned, 0.5 half lost, the bet's odds for a win
 * ((1 + odds) / 2 read as half won). null when unsettled or when the figure matches none of these.
 */
export function settlementMeaning(calcCoef: number | null, coef: number | null): SettlementMeaning | null {
  if (calcCoef === null || !Number.isFinite(calcCoef)) return null
  if (near(calcCoef, 0)) return 'lost'
  if (near(calcCoef, 1)) return 'returned'
  if (near(calcCoef, 0.5)) return 'half lost'
  if (coef !== null && near(calcCoef, coef)) return 'won'
  if (coef !== null && near(calcCoef, (1 + coef) / 2)) return 'half won'
  return null
}
