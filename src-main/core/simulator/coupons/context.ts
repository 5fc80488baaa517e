import type { SimClock } from '../clock.js'
import type { SimWorld } from '../world/types.js'
import type { Auth } from './auth.js'
import type { CallbackSender } from './callbacks.js'
import type { Faults } from './faults.js'
import type { PlacementDeps } from './placement.js'
import type { Settlement } from './settlement.js'
import type { CouponStore } from './store.js'
import { COUPON_LOST, COUPON_RETURNED, COUPON_WON, type CouponRecord } from './types.js'

/** Everything the route and control modules share. */
export interface ServiceContext {
  world: SimWorld
  clock: SimClock
  store: CouponStore
  auth: Auth
  faults: Faults
  settlement: Settlement
  sender: CallbackSender
  placement: PlacementDeps
  /** The time a placement takes before it commits (real time, whatever the simulated clock does). */
  placementWork(): Promise<void>
  /** Sends `coupons.settled` for changed coupons (grouped per callback URL). */
  dispatch(coupons: CouponRecord[]): void
}

const SETTLED = new Set([COUPON_WON, COUPON_LOST, COUPON_RETURNED])

/** Coupons of `owner` finally settled within the last `minutes` (filter on settlement time). */
export function calculatedOf(ctx: ServiceContext, owner: string, minutes: number): CouponRecord[] {
  const now = ctx.clock.now()
  const from = now - minutes * 60_000
  return ctx.store
    .ofOwner(owner)
    .filter((c) => SETTLED.has(c.status) && c.calculateDate !== null && c.calculateDate >= from && c.calculateDate <= now)
    .sort((a, b) => (a.calculateDate ?? 0) - (b.calculateDate ?? 0))
}

/** Coupons of `owner` created in [start, end]. */
export function createdBetween(ctx: ServiceContext, owner: string, start: number, end: number): CouponRecord[] {
  return ctx.store.ofOwner(owner).filter((c) => c.date >= start && c.date <= end)
}

/** The coupon with this code if (and only if) `owner` owns it. */
export function ownCoupon(ctx: ServiceContext, owner: string, code: string): CouponRecord | undefined {
  const c = ctx.store.byCode.get(code)
  return c && c.owner === owner ? c : undefined
}
