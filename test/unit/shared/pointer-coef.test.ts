import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { pointerCoef, pointerWithRate } from '../../../src-shared/vocabulary/feed-delta.js'
import { buildCouponPointer } from '../../../src-main/core/feed/pointer.js'

/** The rounding the desk wrote a coupon pointer's coefficient with before `pointerCoef` took its shortcut: the text must not change. */
const mainCoef = (rate: number): string => String(Number(rate.toFixed(6)))

describe("a pointer's coefficient written in the window", () => {
  it('is the text main writes for every price: short ones as they print, the rest rounded to 6 decimals', () => {
    const price = fc.oneof(
      fc.double({ min: 1e-9, max: 1_000_000, noNaN: true, noDefaultInfinity: true }),
      // Prices as the feed sends them: up to 3 decimals.
      fc.integer({ min: 1001, max: 1_000_000_000 }).map((n) => n / 1000),
      fc.constantFrom(1, 1.5, 1.85, 2.005, 12.5, 1.0000005, 1.23456789, 0.1 + 0.2, 999_999.9999999, 1e-7, 123456789012.5),
    )
    fc.assert(fc.property(price, (rate) => {
        expect(pointerCoef(rate)).toBe(mainCoef(rate))
      }), { numRuns: 20_000 })
  })
  it("sets main's own pointer text for a moved price", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1001, max: 500_000 }).map((n) => n / 1000), fc.option(fc.integer({ min: 1, max: 99_999 }), { nil: null }), (rate, playerId) => {
        const outcome = { oc_pointer: '300000015|17|9|1.5', oc_rate: 1.9, op_id: playerId }
        const before = buildCouponPointer(outcome, 'line')
        expect(pointerWithRate(before, rate)).toBe(buildCouponPointer({ ...outcome, oc_rate: rate }, 'line'))
      }),
    )
  })
})
