import { callbackPayloadSchema, settlementBatch } from '../src-main/core/callbacks/index.js'
import type { TimelineStore } from '../src-main/core/timeline/index.js'

/** Settles `entries` coupons in batches of 100, each coupon settled twice (placed as won, then
 *  recalculated) so one coupon has a history worth a ledger. */
export function fill(store: TimelineStore, entries: number): string {
  const perBatch = 100
  let made = 0
  let batch = 0
  while (made < entries) {
    const coupons = Array.from({ length: perBatch }, (_, i) => {
      const n = batch * perBatch + i
      return {
        coupon_code: String(200_000_000_000 + (n % Math.max(1, entries / 2))),
        status: n % 3 === 0 ? 3 : 2,
        real_win: n % 3 === 0 ? 0 : 25,
        potential_win: 25,
        calculate_date: 1_760_000_000 + n,
        events_data: [{ uuid: String(n), status: n % 3 === 0 ? 2 : 1, settlement_reason_code: 1, settlement_reason: 'won' }],
      }
    })
    const payload = callbackPayloadSchema.parse({ event: 'coupons.settled', batchId: `fill-${batch}`, couponCount: perBatch, coupons })
    made += store.applyBatch(settlementBatch(payload), { rawSize: 0 }).processed
    batch++
  }
  return String(200_000_000_000)
}

