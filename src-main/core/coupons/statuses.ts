/**
 * The vendor's own vocabulary for coupon and bet states (real-service-notes). One module so the
 * client, the timeline, the desk mappers and the CLI name a status the same way. A value missing
 * here is unknown: callers keep and show it raw, never guess.
 */
export const COUPON_NEW = 0
export const COUPON_WON = 2
export const COUPON_LOST = 4
export const COUPON_RETURNED = 8
export const COUPON_RECALCULATION = 15

export const COUPON_STATUS_NAMES: Readonly<Record<number, string>> = {
  [COUPON_NEW]: 'new',
  [COUPON_WON]: 'won',
  [COUPON_LOST]: 'lost',
  [COUPON_RETURNED]: 'returned',
  [COUPON_RECALCULATION]: 'returned for recalculation',
}

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

export const BET_STATUS_NAMES: Readonly<Record<number, string>> = {
  [BET_OPEN]: 'open',
  [BET_WON]: 'won',
  [BET_LOST]: 'lost',
  [BET_RETURNED]: 'returned',
  [BET_RECALCULATION]: 'recalculation',
  [BET_HALF_WON]: 'half won',
  [BET_HALF_LOST]: 'half lost',
  [BET_PUSH]: 'push',
}

/** Bet statuses that mean "not settled yet". */
export const PENDING_BET_STATUSES: ReadonlySet<number> = new Set([BET_OPEN, BET_RECALCULATION])

/** `mode_type` (goes with `mode` accept). */
export const MODE_TYPE_NAMES: Readonly<Record<number, string>> = {
  1: 'accept higher odds only',
  2: 'accept lower odds only',
  3: 'accept higher and lower odds',
}

/** Reason codes seen in the vendor's answers; the set is open, other codes are kept and shown raw. */
export const KNOWN_REASON_CODES: ReadonlySet<string> = new Set(['AUTOMATIC_SETTLEMENT', 'REMOTE_WIN'])

const has = (names: Readonly<Record<number, string>>, status: unknown): status is number =>
  typeof status === 'number' && Object.prototype.hasOwnProperty.call(names, status)

export function couponStatusName(status: unknown): string | null {
  return has(COUPON_STATUS_NAMES, status) ? COUPON_STATUS_NAMES[status] : null
}

export function betStatusName(status: unknown): string | null {
  return has(BET_STATUS_NAMES, status) ? BET_STATUS_NAMES[status] : null
}

/** The vendor's name, or `status N` for a value it never named. */
export function couponStatusLabel(status: number): string {
  return couponStatusName(status) ?? `status ${status}`
}

export function betStatusLabel(status: number): string {
  return betStatusName(status) ?? `status ${status}`
}

export function isFinalCouponStatus(status: number | null): boolean {
  return status !== null && FINAL_COUPON_STATUSES.has(status)
}

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
