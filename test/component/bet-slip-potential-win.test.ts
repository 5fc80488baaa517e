import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { accumulatorOdds, potentialWinOf } from '@renderer/stores/betslip.js'

/** The slip's potential win: whole cents per coupon, never a float's tail, and what the odds say. */
const rate = fc.double({ min: 1.01, max: 1000, noNaN: true }).map((r) => Math.round(r * 1000) / 1000)
const amount = fc.integer({ min: 1, max: 10_000_000 }).map((c) => c / 100)
/** A whole number of cents, as a double can hold it: the cents, divided back, are the same number. */
const isCents = (x: number) => Math.round(x * 100) / 100 === x

describe('potential win of the slip', () => {
  it('singles: each coupon in whole cents, within half a cent of stake × odds', () => {
    fc.assert(
      fc.property(fc.array(rate.map((r) => ({ rate: r })), { minLength: 1, maxLength: 20 }), amount, (sels, a) => {
        const win = potentialWinOf(sels, a, true)
        expect(isCents(win)).toBe(true)
        const exact = sels.reduce((sum, s) => sum + a * s.rate, 0)
        expect(Math.abs(win - exact)).toBeLessThanOrEqual(0.005 * sels.length + 1e-6)
      }),
    )
  })

  it('an accumulator of one is the single; more legs: stake × the product of the odds to 3 decimals', () => {
    fc.assert(
      fc.property(rate, rate, amount, (r1, r2, a) => {
        expect(potentialWinOf([{ rate: r1 }], a, false)).toBe(potentialWinOf([{ rate: r1 }], a, true))
        const odds = accumulatorOdds([{ rate: r1 }, { rate: r2 }])
        expect(Math.abs(odds - r1 * r2)).toBeLessThanOrEqual(0.0005 + 1e-9 * r1 * r2)
        const acc = potentialWinOf([{ rate: r1 }, { rate: r2 }], a, false)
        expect(isCents(acc)).toBe(true)
        expect(Math.abs(acc - a * odds)).toBeLessThanOrEqual(0.005 + 1e-9 * a * odds)
      }),
    )
  })

  it('nothing to win without a stake or a selection; half a cent rounds up; odds to 3 decimals first', () => {
    expect(potentialWinOf([{ rate: 2 }], null, true)).toBe(0)
    expect(potentialWinOf([{ rate: 2 }], 0, true)).toBe(0)
    expect(potentialWinOf([], 10, false)).toBe(0)
    // 1.85 × 2.3 × 5.467 = 23.262085: the coupon's odds are 23.262, so 100 pays 2,326.20.
    expect(potentialWinOf([{ rate: 1.85 }, { rate: 2.3 }, { rate: 5.467 }], 100, false)).toBe(2326.2)
    // 1.40 × 1.689 = 2.3646 → 2.365; 25 × 2.365 = 59.125 (59.12499… in binary) → 59.13.
    expect(potentialWinOf([{ rate: 1.4 }, { rate: 1.689 }], 25, false)).toBe(59.13)
    expect(potentialWinOf([{ rate: 1.689 }], 25, true)).toBe(42.23)
    expect(potentialWinOf([{ rate: 23.263 }], 100, false)).toBe(2326.3)
  })
})
