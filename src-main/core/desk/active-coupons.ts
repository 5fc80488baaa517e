import type { CouponDto } from '../../../src-shared/contract.js'
import { FINAL_COUPON_STATUSES } from '../../../src-shared/vocabulary/statuses.js'
import type { Clock } from '../shared/clock.js'
import type { WatchSource, WatchSourceHooks } from '../shared/watch.js'
import { createPolledTopic } from './polled-topic.js'

/**
 * The `coupons.active` watch topic of one profile environment: `coupons/active` polled every
 * `intervalMs` while someone subscribes and the session is signed in (one request per interval
 * whatever the number of windows). The first read is the snapshot, later reads are deltas against
 * the list held; a placement's coupons and a settled coupon are applied at once.
 */
export interface ActiveCouponsWatcher {
  open(hooks: WatchSourceHooks<'coupons.active'>): WatchSource<'coupons.active'>
  signedIn(signedIn: boolean): void
  /** New coupons of a placement: added now, not at the next poll. */
  placed(coupons: CouponDto[]): void
  /** A coupon's new state (`coupon.settled`): settled ones leave the list, others are updated. */
  settled(coupon: CouponDto): void
  stop(): void
}

export interface ActiveCouponsOptions {
  read: () => Promise<CouponDto[]>
  clock: Clock
  intervalMs: number
  onError?: (error: unknown) => void
}

export function createActiveCouponsWatcher(options: ActiveCouponsOptions): ActiveCouponsWatcher {
  /** By code, with the JSON it was last pushed as (to tell a changed coupon). */
  let held: Map<string, { coupon: CouponDto; json: string }> | null = null

  const list = () => (held ? [...held.values()].map((h) => h.coupon) : null)
  const apply = (upsert: CouponDto[], remove: string[]) => {
    if (!held) return
    const changed: CouponDto[] = []
    for (const coupon of upsert) {
      const json = JSON.stringify(coupon)
      if (held.get(coupon.couponCode)?.json === json) continue
      held.set(coupon.couponCode, { coupon, json })
      changed.push(coupon)
    }
    const gone = remove.filter((code) => held!.delete(code))
    if (changed.length || gone.length) topic.hooks()?.delta({ upsert: changed, remove: gone })
  }
  const received = (coupons: CouponDto[]) => {
    const hooks = topic.hooks()
    if (!hooks) return // a read that finished after the last subscriber left
    topic.answered()
    if (!held) {
      held = new Map(coupons.map((coupon) => [coupon.couponCode, { coupon, json: JSON.stringify(coupon) }]))
      hooks.snapshot(list()!)
      return
    }
    const codes = new Set(coupons.map((c) => c.couponCode))
    apply(coupons, [...held.keys()].filter((code) => !codes.has(code)))
  }
  const topic = createPolledTopic<'coupons.active', CouponDto[]>({ ...options, received })

  return {
    open: (next) =>
      topic.open(next, list, () => {
        // Nobody watches: what is held goes stale, so the next subscriber starts from a fresh read.
        held = null
        topic.forget()
      }),
    signedIn: topic.signedIn,
    placed: (coupons) => apply(coupons, []),
    settled(coupon) {
      if (FINAL_COUPON_STATUSES.has(coupon.status)) apply([], [coupon.couponCode])
      else apply([coupon], [])
    },
    stop: topic.stop,
  }
}
