import { couponSnapshot, type Coupon, type CouponClient } from '../coupons/index.js'
import type { SeenIn, TimelineStore } from '../timeline/index.js'

/**
 * The coupon client with every list read (`active`, `calculated`, `results` by codes or period) also
 * shown to the history: a coupon of the client account it has never met (placed elsewhere) enters the
 * ledger with its stake, whoever asked (the reconciler, the active list, the operator's lookups). Known
 * coupons are left to the paths that order their states (reconciler, callbacks).
 */
export function withSightings(client: CouponClient, store: () => TimelineStore | null, onError: (error: unknown) => void): CouponClient {
  const sighted = (seenIn: SeenIn) => (list: Coupon[]): Coupon[] => {
    try {
      const history = store()
      if (history) for (const c of list) if (history.coupon(c.code) === null) history.recordPollSnapshot(couponSnapshot(c), { seenIn })
    } catch (error) {
      onError(error) // a read answered is never lost to the history's trouble
    }
    return list
  }
  return {
    ...client,
    active: () => client.active().then(sighted('active')),
    calculated: (minutes?: number) => client.calculated(minutes).then(sighted('calculated')),
    resultsByIds: (codes: readonly string[]) => client.resultsByIds(codes).then(sighted('results')),
    resultsByPeriod: (from: number, to: number) => client.resultsByPeriod(from, to).then(sighted('results')),
  }
}
