/**
 * A profile's row figures from what was read: open stake and potential payout over its active
 * coupons (each coupon once, summed in whole minor units so many small stakes never drift), and the
 * last settlement in the row's words.
 */
import type { OverviewLastSettlementDto } from '../../../../src-shared/vocabulary/overview.js'
import { fromMinor, toMinor } from '../../../../src-shared/vocabulary/pnl.js'
import { COUPON_LOST, COUPON_RETURNED, COUPON_WON } from '../../../../src-shared/vocabulary/statuses.js'
import type { LastSettlement } from '../../timeline/index.js'

export interface OpenCoupon {
  couponCode: string
  amount: number | null
  coef: number | null
  potentialWin: number | null
}

export interface OpenFigures {
  openStake: number
  potentialPayout: number
  activeCoupons: number
}

const finite = (n: number | null | undefined): n is number => typeof n === 'number' && Number.isFinite(n)

/** A coupon's potential payout: as the service reports it, else stake × odds (0 when neither is known). */
export function potentialOf(c: OpenCoupon): number {
  if (finite(c.potentialWin)) return c.potentialWin
  return finite(c.amount) && finite(c.coef) ? c.amount * c.coef : 0
}

export function openFigures(coupons: readonly OpenCoupon[], decimals: number): OpenFigures {
  const seen = new Set<string>()
  let stake = 0
  let potential = 0
  for (const c of coupons) {
    if (seen.has(c.couponCode)) continue
    seen.add(c.couponCode)
    stake += finite(c.amount) ? toMinor(c.amount, decimals) : 0
    potential += toMinor(potentialOf(c), decimals)
  }
  return { openStake: fromMinor(stake, decimals), potentialPayout: fromMinor(potential, decimals), activeCoupons: seen.size }
}

const RESULT_WORDS: ReadonlyMap<number, string> = new Map([
  [COUPON_WON, 'won'],
  [COUPON_LOST, 'lost'],
  [COUPON_RETURNED, 'returned'],
])

/** The row's last settlement: a known result as a word, any other status as its raw code; a loss pays 0. */
export function lastSettlementDto(s: LastSettlement | null): OverviewLastSettlementDto | null {
  if (!s) return null
  const result = s.status === null ? 'unknown' : (RESULT_WORDS.get(s.status) ?? String(s.status))
  const amount = s.status === COUPON_LOST ? 0 : s.status === COUPON_RETURNED ? (s.realWin ?? s.stake) : s.realWin
  return { at: s.at, couponCode: s.couponCode, result, amount }
}
