import type { CouponSnapshot, SnapshotBet } from './types.js'

/** Coupon statuses that are not a final result: 0 = open, 15 = returned for recalculation. */
export const OPEN_STATUS = 0
export const RECALC_STATUS = 15
/** Bet statuses that mean "not settled yet": 0 = open, 4 = awaiting recalculation. */
export const PENDING_BET_STATUSES: ReadonlySet<number> = new Set([0, 4])

type Obj = Record<string, unknown>

const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v)
const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null)
const int = (v: unknown): number | null => (typeof v === 'number' && Number.isInteger(v) ? v : null)
const reason = (v: unknown): number | string | null => (typeof v === 'number' || typeof v === 'string' ? v : null)

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
    }))
    return {
      code: input.code,
      status: int(input.status) ?? -1,
      amount: num(input.amount),
      realWin: num(input.realWin),
      potentialWin: num(input.potentialWin),
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
  }))
  return {
    code: String(code),
    status: int(input.status) ?? -1,
    amount: num(input.amount),
    realWin: num(input.real_win) ?? num(input.win),
    potentialWin: num(input.potential_win),
    calculateDate: int(input.calculate_date),
    createdAt: int(input.date),
    bets,
    raw: input,
  }
}

export function isFinalStatus(status: number | null): boolean {
  return status !== null && status !== OPEN_STATUS && status !== RECALC_STATUS
}

export function hasPendingBets(s: CouponSnapshot): boolean {
  return s.bets.some((b) => PENDING_BET_STATUSES.has(b.status))
}

export function settledBetCount(s: CouponSnapshot): number {
  return s.bets.filter((b) => !PENDING_BET_STATUSES.has(b.status)).length
}

/** A compact fingerprint: two snapshots with the same one show the same settlement state. */
export function stateKey(s: CouponSnapshot): string {
  return JSON.stringify([s.status, s.realWin, s.calculateDate, s.bets.map((b) => [b.id, b.status, b.settlementReasonCode])])
}
