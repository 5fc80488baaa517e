import type { Account, CouponRecord } from './types.js'

/** In-memory state of the simulated coupon service: accounts, coupons, id counters. */
export interface CouponStore {
  accounts: Map<string, Account>
  account(username: string): Account | undefined
  /** Public code → coupon. */
  byCode: Map<string, CouponRecord>
  add(coupon: CouponRecord): void
  ofOwner(owner: string): CouponRecord[]
  all(): CouponRecord[]
  nextCouponId(): number
  nextBetId(): number
  /** 12-digit public code with leading zeros, not equal to the internal id. */
  codeFor(id: number): string
}

export const DEMO_PASSWORD = 'demo'

export function seedAccounts(): Account[] {
  return [
    { username: 'demo', password: DEMO_PASSWORD, balance: 10000, state: 'active', clientId: 17 },
    { username: 'demo2', password: DEMO_PASSWORD, balance: 10000, state: 'active', clientId: 18 },
    { username: 'small', password: DEMO_PASSWORD, balance: 20, state: 'active', clientId: 19 },
    { username: 'broke', password: DEMO_PASSWORD, balance: 0, state: 'active', clientId: 20 },
    { username: 'disabled', password: DEMO_PASSWORD, balance: 10000, state: 'disabled', clientId: 21 },
    { username: 'expired', password: DEMO_PASSWORD, balance: 10000, state: 'expired', clientId: 22 },
  ]
}

export function createCouponStore(): CouponStore {
  const accounts = new Map(seedAccounts().map((a) => [a.username, a]))
  const byCode = new Map<string, CouponRecord>()
  const byOwner = new Map<string, CouponRecord[]>()
  let couponSeq = 0
  let betSeq = 84_520
  return {
    accounts,
    account: (username) => accounts.get(username),
    byCode,
    add(coupon) {
      byCode.set(coupon.code, coupon)
      const list = byOwner.get(coupon.owner) ?? []
      list.push(coupon)
      byOwner.set(coupon.owner, list)
    },
    ofOwner: (owner) => byOwner.get(owner) ?? [],
    all: () => [...byCode.values()],
    nextCouponId: () => ++couponSeq,
    nextBetId: () => ++betSeq,
    codeFor: (id) => String((104_729 + id * 7_919) % 1_000_000_000_000).padStart(12, '0'),
  }
}
