/**
 * Fields of coupons and bets as the coupon service sends them (null when not sent). One owner: the
 * coupon client's `Coupon`/`Bet` and the contract's `CouponDto`/`BetDto` both carry them.
 */

/** The names of what a bet is on. */
export interface BetSubject {
  sportId: number | null
  sportName: string | null
  tournamentId: number | null
  tournamentName: string | null
  /** Team names. */
  opp1: string | null
  opp2: string | null
}

/** A coupon's odds, payouts, status and times. */
export interface CouponFigures {
  coef: number
  /** Odds when placed (`original_coef`, new model). */
  originalCoef: number | null
  /** The coupon's settlement multiplier (`calculate_coef`, new model). */
  settlementCoef: number | null
  potentialWin: number | null
  realWin: number | null
  /** The vendor's coupon status code, kept raw (src-shared/vocabulary/statuses.ts); the renderer names it, an unknown one is shown raw. */
  status: number
  /** Creation time (coupon `date`), Unix ms; null when the model does not carry it (legacy). */
  createdAt: number | null
  calculateDate: number | null
  couponType: number | null
}
