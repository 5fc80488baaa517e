import { COUPON_NEW, COUPON_RECALCULATION, isFinalCouponStatus, PENDING_BET_STATUSES as PENDING } from '../coupons/statuses.js'
import type { CouponSnapshot, SnapshotBet } from './types.js'

/** Coupon statuses that are not a final result: 0 = new, 15 = returned for recalculation (vendor's names). */
export const OPEN_STATUS = COUPON_NEW
export const RECALC_STATUS = COUPON_RECALCULATION
/** Bet statuses that mean "not settled yet": 0 = open, 4 = recalculation. */
export const PENDING_BET_STATUSES: ReadonlySet<number> = PENDING

type Obj = Record<string, unknown>

const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v)
const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null)
const int = (v: unknown): number | null => (typeof v === 'number' && Number.isInteger(v) ? v : null)
const reason = (v: unknown): number | string | null => (typeof v === 'number' || typeof v === 'string' ? v : null)
/** Callbacks send `calculate_score: ""` for a bet without a score. */
const text = (v: unknown): string | null => (typeof v === 'string' && v !== '' ? v : null)
const has = (o: Obj, key: string) => Object.prototype.hasOwnProperty.call(o, key)

/**
 * The payout of a wire coupon. Callback snapshots send `realWin` (camelCase; 0 while intermediate),
 * older senders and the API `real_win`; realWin wins when both are numbers. Only a coupon that has
 * neither key (legacy model) falls back to `win`, and only once settled — in the new model `win` is
 * the potential payout.
 */
function wireRealWin(input: Obj): number | null {
  const camel = num(input.realWin)
  if (camel !== null) return camel
  const snake = num(input.real_win)
  if (snake !== null || has(input, 'realWin') || has(input, 'real_win')) return snake
  return int(input.calculate_date) === null ? null : num(input.win)
}

/**
 * Turns any coupon shape the desk meets into a snapshot: a callback coupon (wire, `uuid` bets), a
 * new-model or legacy API coupon (wire), or the coupon client's normalised `Coupon` (`code`, `bets`, `raw`).
 * Unknown statuses and reason codes are kept as they come.
 */
export function toSnapshot(input: unknown): CouponSnapshot {
  if (!isObj(input)) throw new TypeError('coupon must be an object')
  if (typeof input.code === 'string' && Array.isArray(input.bets)) {
    // Normalised coupon of the coupon client.
    const bets: SnapshotBet[] = (input.bets as Obj[]).map((b) => ({
      id: String(b.id),
      status: int(b.status) ?? -1,
      settlementReasonCode: reason(b.settlementReasonCode),
      settlementCoef: num(b.settlementCoef),
      calculateScore: text(b.calculationScore),
    }))
    return {
      code: input.code,
      status: int(input.status) ?? -1,
      amount: num(input.amount),
      realWin: num(input.realWin),
      potentialWin: num(input.potentialWin),
      settlementCoef: num(input.settlementCoef),
      calculateDate: int(input.calculateDate),
      createdAt: int(input.createdAt),
      bets,
      raw: input.raw ?? input,
    }
  }
  const code = input.coupon_code
  if (typeof code !== 'string' && typeof code !== 'number') throw new TypeError('coupon_code missing')
  const events = Array.isArray(input.events_data) ? input.events_data : []
  const bets: SnapshotBet[] = events.filter(isObj).map((b) => ({
    id: String(b.uuid ?? b.id ?? ''),
    status: int(b.status) ?? -1,
    settlementReasonCode: reason(b.settlement_reason_code),
    settlementCoef: num(b.calculate_coefficient) ?? num(b.calc_coef) ?? num(b.calculate_coef),
    calculateScore: text(b.calculate_score) ?? text(b.calculation_score_full),
  }))
  return {
    code: String(code),
    status: int(input.status) ?? -1,
    amount: num(input.amount),
    realWin: wireRealWin(input),
    potentialWin: num(input.potential_win),
    settlementCoef: num(input.calculate_coefficient) ?? num(input.calculate_coef),
    calculateDate: int(input.calculate_date),
    createdAt: int(input.date),
    bets,
    raw: input,
  }
}

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
