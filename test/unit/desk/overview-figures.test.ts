import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { lastSettlementDto, openFigures, type OpenCoupon } from '../../../src-main/core/desk/overview/index.js'

/** Whole cents as numbers the service sends (12.34), never fractions of a cent. */
const cents = fc.integer({ min: 1, max: 10_000_000 }).map((n) => n / 100)
const coupon = fc.record({
  couponCode: fc.stringMatching(/^[0-9]{6,12}$/),
  amount: fc.option(cents, { nil: null }),
  coef: fc.option(fc.integer({ min: 101, max: 100_000 }).map((n) => n / 100), { nil: null }),
  potentialWin: fc.option(cents, { nil: null }),
}) satisfies fc.Arbitrary<OpenCoupon>

const minor = (n: number) => Math.round(n * 100)

describe('overview figures', () => {
  it('open stake is the exact cent sum of each coupon once, whatever the order', () => {
    fc.assert(
      fc.property(fc.array(coupon, { maxLength: 60 }), (list) => {
        const once = [...new Map(list.map((c) => [c.couponCode, c])).values()]
        const firstOf = new Map<string, OpenCoupon>()
        for (const c of list) if (!firstOf.has(c.couponCode)) firstOf.set(c.couponCode, c)
        const expected = [...firstOf.values()].reduce((n, c) => n + minor(c.amount ?? 0), 0)
        const figures = openFigures(list, 2)
        expect(minor(figures.openStake)).toBe(expected)
        expect(figures.activeCoupons).toBe(once.length)
        // A sum in whole cents is exactly representable back: no 0.30000000000000004.
        expect(figures.openStake).toBe(expected / 100)
        const reversed = openFigures([...firstOf.values()].reverse(), 2)
        expect(reversed.openStake).toBe(figures.openStake)
        expect(reversed.potentialPayout).toBe(figures.potentialPayout)
      }),
    )
  })

  it('potential payout takes the service figure, else stake × odds rounded to the cent', () => {
    fc.assert(
      fc.property(fc.array(coupon, { maxLength: 40 }), (list) => {
        const unique = [...new Map(list.map((c) => [c.couponCode, c])).entries()].map(([code, c]) => ({ ...c, couponCode: code }))
        const expected = unique.reduce((n, c) => n + (c.potentialWin !== null ? minor(c.potentialWin) : c.amount !== null && c.coef !== null ? Math.round(c.amount * c.coef * 100) : 0), 0)
        expect(minor(openFigures(unique, 2).potentialPayout)).toBe(expected)
      }),
    )
  })

  it('sums in the profile minor unit (0 and 3 decimals)', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 1, max: 1_000_000 }), { maxLength: 50 }), (stakes) => {
        const list = stakes.map((s, i) => ({ couponCode: String(i), amount: s / 1000, coef: 2, potentialWin: null }))
        expect(openFigures(list, 3).openStake * 1000).toBeCloseTo(stakes.reduce((a, b) => a + b, 0), 6)
        const whole = stakes.map((s, i) => ({ couponCode: String(i), amount: s, coef: 1.5, potentialWin: null }))
        expect(openFigures(whole, 0).openStake).toBe(stakes.reduce((a, b) => a + b, 0))
      }),
    )
  })

  it('names a known result and keeps an unknown status raw', () => {
    const base = { at: 1, couponCode: 'C1', stake: 10, realWin: 25 }
    expect(lastSettlementDto({ ...base, status: 2 })).toEqual({ at: 1, couponCode: 'C1', result: 'won', amount: 25 })
    expect(lastSettlementDto({ ...base, status: 4 })).toMatchObject({ result: 'lost', amount: 0 })
    expect(lastSettlementDto({ ...base, status: 8, realWin: null })).toMatchObject({ result: 'returned', amount: 10 })
    expect(lastSettlementDto({ ...base, status: 77 })).toMatchObject({ result: '77', amount: 25 })
    expect(lastSettlementDto(null)).toBeNull()
  })
})
