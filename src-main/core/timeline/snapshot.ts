import {
  COUPON_NEW, COUPON_RECALCULATION, isFinalCouponStatus, PENDING_BET_STATUSES as PENDING,
} from '../../../src-shared/vocabulary/statuses.js'
import type { CouponSnapshot } from '../shared/coupon-snapshot.js'

/** Coupon statuses that are not a final result: 0 = new, 15 = returned for recalculation (vendor's names). */
export const OPEN_STATUS = COUPON_NEW
export const RECALC_STATUS = COUPON_RECALCULATION
/** Bet statuses that mean "not settled yet": 0 = open, 4 = recalculation. */
export const PENDING_BET_STATUSES: ReadonlySet<number> = PENDING

/** A result the partner may credit: the vendor's final statuses 2, 4, 8 only (unknown ones are not guessed). */
export function isFinalStatus(status: number | null): boolean {
  return isFinalCouponStatus(status)
}

/** Neither open, recalculation nor a final result: a status the vendor never named. */
export function isUnknownStatus(status: number | null): boolean {
  return status !== null && status !== OPEN_STATUS && status !== RECALC_STATUS && !isFinalStatus(status)
}

export function hasPendingBets(s: CouponSnapshot): boolean {
  return s.bets.some((b) => PENDING_BET_STATUSES.has(b.status))
}

export function settledBetCount(s: CouponSnapshot): number {
  return s.bets.filter((b) => !PENDING_BET_STATUSES.has(b.status)).length
}

/**
 * A compact fingerprint: two snapshots with the same one show the same settlement state. Its
 * composition is stored (`coupons.state_key`), so it stays as it was to keep old databases comparable.
 */
export function stateKey(s: CouponSnapshot): string {
  return JSON.stringify([s.status, s.realWin, s.calculateDate, s.bets.map((b) => [b.id, b.status, b.settlementReasonCode])])
}
