/**
 * Coupon and bet status CODES as the vendor numbers them (real-service-notes). Codes only: the names
 * people read live in the renderer's i18n table (and the CLI's own English table). A value missing
 * here is unknown: callers keep it and show it raw, never guess.
 */
export const COUPON_NEW = 0
export const COUPON_WON = 2
export const COUPON_LOST = 4
export const COUPON_RETURNED = 8
/** Returned for recalculation: a settled coupon reopened by the vendor (re-deducts its real win). */
export const COUPON_RECALCULATION = 15

export const COUPON_STATUSES = [COUPON_NEW, COUPON_WON, COUPON_LOST, COUPON_RETURNED, COUPON_RECALCULATION] as const
export type CouponStatus = (typeof COUPON_STATUSES)[number]

/** The only coupon statuses the vendor calls final (a result the partner may credit). */
export const FINAL_COUPON_STATUSES: ReadonlySet<number> = new Set([COUPON_WON, COUPON_LOST, COUPON_RETURNED])

export const BET_OPEN = 0
export const BET_WON = 1
export const BET_LOST = 2
export const BET_RETURNED = 3
export const BET_RECALCULATION = 4
export const BET_HALF_WON = 21
export const BET_HALF_LOST = 22
export const BET_PUSH = 23

export const BET_STATUSES = [BET_OPEN, BET_WON, BET_LOST, BET_RETURNED, BET_RECALCULATION, BET_HALF_WON, BET_HALF_LOST, BET_PUSH] as const
export type BetStatus = (typeof BET_STATUSES)[number]

/** Bet statuses that mean "not settled yet". */
export const PENDING_BET_STATUSES: ReadonlySet<number> = new Set([BET_OPEN, BET_RECALCULATION])

/** `mode_type` values (they go with `mode` accept). */
export const MODE_TYPES = [1, 2, 3] as const
export type ModeType = (typeof MODE_TYPES)[number]

export function isKnownCouponStatus(status: unknown): status is CouponStatus {
  return typeof status === 'number' && (COUPON_STATUSES as readonly number[]).includes(status)
}

export function isKnownBetStatus(status: unknown): status is BetStatus {
  return typeof status === 'number' && (BET_STATUSES as readonly number[]).includes(status)
}

export function isFinalCouponStatus(status: number | null): boolean {
  return status !== null && FINAL_COUPON_STATUSES.has(status)
}

/**
 * One colour scheme for coupons and bets in every view: won green, lost red, returned neutral,
 * recalculation amber, open blue; a code this build does not know is `unknown` (shown raw).
 */
export type StatusTone = 'won' | 'lost' | 'returned' | 'recalculation' | 'open' | 'unknown'

const COUPON_TONES: ReadonlyMap<number, StatusTone> = new Map([
  [COUPON_NEW, 'open'],
  [COUPON_WON, 'won'],
  [COUPON_LOST, 'lost'],
  [COUPON_RETURNED, 'returned'],
  [COUPON_RECALCULATION, 'recalculation'],
])
const BET_TONES: ReadonlyMap<number, StatusTone> = new Map([
  [BET_OPEN, 'open'],
  [BET_WON, 'won'],
  [BET_HALF_WON, 'won'],
  [BET_LOST, 'lost'],
  [BET_HALF_LOST, 'lost'],
  [BET_RETURNED, 'returned'],
  [BET_PUSH, 'returned'],
  [BET_RECALCULATION, 'recalculation'],
])

export function statusTone(kind: 'coupon' | 'bet', status: number): StatusTone {
  return (kind === 'coupon' ? COUPON_TONES : BET_TONES).get(status) ?? 'unknown'
}
