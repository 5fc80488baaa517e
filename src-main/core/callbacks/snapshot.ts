import type { CouponSnapshot, SnapshotBet } from '../shared/coupon-snapshot.js'
import type { SettlementBatch } from '../timeline/index.js'
import type { CallbackCoupon, CallbackPayload } from './schema.js'

const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null)
const int = (v: unknown): number | null => (typeof v === 'number' && Number.isInteger(v) ? v : null)
/** Callbacks send `calculate_score: ""` for a bet without a score. */
const text = (v: unknown): string | null => (typeof v === 'string' && v !== '' ? v : null)

/**
 * The payout of a callback coupon: `realWin` (camelCase, 0 while intermediate); older senders
 * wrote `real_win`. realWin wins when both are numbers.
 */
function payout(c: CallbackCoupon): number | null {
  return num(c.realWin) ?? num(c.real_win)
}

/** A schema-checked callback coupon as the timeline takes it. Unknown statuses and reason codes are kept as they come. */
export function callbackSnapshot(c: CallbackCoupon): CouponSnapshot {
  const bets: SnapshotBet[] = (c.events_data ?? []).map((b) => ({
    id: String(b.uuid ?? b.id ?? ''),
    status: b.status,
    settlementReasonCode: b.settlement_reason_code ?? null,
    settlementCoef: num(b.calculate_coefficient),
    calculateScore: text(b.calculate_score),
    settlementReason: b.settlement_reason ?? null,
    calculateDate: int(b.calculate_date),
  }))
  return {
    code: c.coupon_code,
    status: c.status,
    // Callbacks carry no stake; a sender that adds one is believed (it fills a ledger row).
    amount: num(c.amount),
    realWin: payout(c),
    potentialWin: num(c.potential_win),
    settlementCoef: num(c.calculate_coefficient),
    calculateDate: int(c.calculate_date),
    createdAt: int(c.date),
    bets,
    raw: c,
  }
}

/** A verified `coupons.settled` payload as the history store applies it. */
export function settlementBatch(payload: CallbackPayload): SettlementBatch {
  return {
    batchId: payload.batchId,
    clientId: payload.clientId ?? null,
    couponCount: payload.couponCount,
    coupons: payload.coupons.map(callbackSnapshot),
  }
}
