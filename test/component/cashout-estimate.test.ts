import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { cashoutEstimate, outcomeKey, pricesFor, settledMultiplier } from '@renderer/composables/cashout-estimate.js'
import type { BetDto } from '../../src-shared/contract.js'
import { namedBet, namedCoupon } from './coupon-fixtures.js'

const odds = fc.double({ min: 1.01, max: 50, noNaN: true })
const stake = fc.double({ min: 0.01, max: 100_000, noNaN: true })
/** A bet open (0, 4) or settled (1 won, 2 lost, 3 returned, 21, 22, 23) at its odds. */
const bet = fc.record({ coef: odds, status: fc.constantFrom(0, 4, 1, 2, 3, 21, 22, 23), sendMultiplier: fc.boolean() }).map(({ coef, status, sendMultiplier }, i = 0) => {
  const m = settledMultiplier({ status, coef, settlementCoef: null })
  return namedBet({ id: `b${i}`, coef, status, settlementCoef: sendMultiplier && m !== null ? m : null, pointer: `line#${100 + i}#1#1#0#${coef}` })
})
const open = (bets: BetDto[]) => namedCoupon(bets, { status: 0, realWin: null, settlementCoef: null })

describe('cashout estimate (sells nothing): stake × settled multipliers × accepted ÷ current odds of the open bets', () => {
  it('is never negative, never above the potential payout, and 0 once a bet is lost', () => {
    fc.assert(
      fc.property(stake, fc.array(bet, { minLength: 1, maxLength: 15 }), (amount, bets) => {
        const e = cashoutEstimate({ ...open(bets), amount })
        expect(e).not.toBeNull()
        const potential = amount * bets.reduce((p, b) => p * b.coef, 1)
        expect(e!.value).toBeGreaterThanOrEqual(0)
        expect(e!.value).toBeLessThanOrEqual(potential + 0.01)
        if (bets.some((b) => b.status === 2)) expect(e!.value).toBe(0)
      }),
    )
  })

  it('an untouched coupon at unchanged prices is worth its stake; a price that shortened raises it, one that drifted lowers it', () => {
    fc.assert(
      fc.property(stake, odds, odds, (amount, accepted, now) => {
        const b = namedBet({ id: 'b1', coef: accepted, status: 0, settlementCoef: null })
        const c = { ...open([b]), amount }
        expect(cashoutEstimate(c)!.value).toBeCloseTo(Math.round(amount * 100) / 100, 2)
        const moved = cashoutEstimate(c, new Map([['b1', now]]))!
        expect(moved.priced).toBe(1)
        expect(moved.value).toBeCloseTo(Math.round(amount * (accepted / now) * 100) / 100, 2)
        if (now < accepted) expect(moved.value).toBeGreaterThanOrEqual(cashoutEstimate(c)!.value)
      }),
    )
  })

  it('no estimate for a settled coupon, an unknown bet status, or no stake', () => {
    expect(cashoutEstimate(namedCoupon())).toBeNull()
    expect(cashoutEstimate(open([namedBet({ status: 37, settlementCoef: null })]))).toBeNull()
    expect(cashoutEstimate({ ...open([namedBet({ status: 0 })]), amount: null })).toBeNull()
    // A won leg at 1.85 and an open one: the settled part counts ×1.85.
    const acca = open([namedBet({ id: '1', status: 1, coef: 1.85, settlementCoef: 1.85 }), namedBet({ id: '2', status: 0, settlementCoef: null, coef: 2 })])
    expect(cashoutEstimate({ ...acca, amount: 10 })).toMatchObject({ value: 18.5, settledFactor: 1.85, openBets: 1, priced: 0 })
  })

  it('current prices are matched by the pointer without its price (player id kept); blocked outcomes have none', () => {
    expect(outcomeKey('line#737779544#1#1#0#1.85')).toBe('line#737779544#1#1#0#')
    expect(outcomeKey('live#7|12|3|-1.5#2.1#44')).toBe('live#7#12#3#-1.5#44')
    const c = open([namedBet({ id: 'a', status: 0, pointer: 'line#737779544#1#1#0#1.85' }), namedBet({ id: 'b', status: 0, pointer: 'line#737779544#1#2#0#3.4' })])
    const prices = pricesFor(c, [
      { pointer: 'line#737779544#1#1#0#1.70', rate: 1.7, blocked: false },
      { pointer: 'line#737779544#1#2#0#3.60', rate: 3.6, blocked: true },
    ])
    expect([...prices]).toEqual([['a', 1.7]])
  })
})
