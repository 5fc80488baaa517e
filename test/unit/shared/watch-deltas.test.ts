import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import type { BalanceDto, CouponDto, WatchDelta } from '../../../src-shared/contract.js'
import { createActiveCouponsWatcher } from '../../../src-main/core/desk/active-coupons.js'
import { createBalanceWatcher } from '../../../src-main/core/desk/balance.js'
import { createSimulatedClock } from '../../../src-main/core/shared/clock.js'

/**
 * What a window holds is the snapshot with every delta applied since: for any sequence of
 * `coupons/active` answers (and settlements in between), that equals the service's latest list;
 * the balance a window holds equals the last one read, and a value read again is not pushed again.
 */
const coupon = (code: string, amount: number, status = 0): CouponDto => ({
  couponCode: code,
  amount,
  coef: 2,
  originalCoef: null,
  settlementCoef: null,
  potentialWin: amount * 2,
  realWin: null,
  status,
  createdAt: 1,
  calculateDate: null,
  couponType: 1,
  bets: [],
})

const lists = fc.array(
  fc.uniqueArray(fc.record({ code: fc.constantFrom('c1', 'c2', 'c3', 'c4', 'c5', 'c6'), amount: fc.integer({ min: 1, max: 3 }) }), { selector: (c) => c.code, maxLength: 6 }),
  { minLength: 1, maxLength: 12 },
)

describe('watch deltas', () => {
  it('active coupons: snapshot + deltas (+ settlements applied at once) always equal the latest list', async () => {
    await fc.assert(
      fc.asyncProperty(lists, fc.array(fc.integer({ min: 0, max: 11 }), { maxLength: 4 }), async (answers, settleAt) => {
        const clock = createSimulatedClock(0)
        let i = 0
        const watcher = createActiveCouponsWatcher({ clock, intervalMs: 1000, read: async () => answers[Math.min(i++, answers.length - 1)].map((c) => coupon(c.code, c.amount)) })
        let held: Map<string, CouponDto> | null = null
        const apply = (d: WatchDelta<'coupons.active'>) => {
          for (const c of d.upsert) held!.set(c.couponCode, c)
          for (const code of d.remove) held!.delete(code)
        }
        watcher.open({ snapshot: (s) => (held = new Map(s.map((c) => [c.couponCode, c]))), delta: apply, state: () => undefined })
        watcher.signedIn(true)
        for (let step = 0; step < answers.length; step++) {
          await clock.advance(step === 0 ? 0 : 1000)
          const current = answers[Math.min(i - 1, answers.length - 1)]
          expect(held && [...(held as Map<string, CouponDto>).values()].map((c) => `${c.couponCode}:${c.amount}`).sort()).toEqual(current.map((c) => `${c.code}:${c.amount}`).sort())
          if (settleAt.includes(step) && current.length) {
            // A settled coupon leaves at once; the next answer (which no longer lists it) changes nothing more.
            watcher.settled(coupon(current[0].code, current[0].amount, 2))
            expect((held as Map<string, CouponDto> | null)?.has(current[0].code)).toBe(false)
          }
        }
        watcher.stop()
      }),
      { numRuns: 150 },
    )
  })

  it('balance: the held value is the last read; an unchanged read pushes nothing', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(fc.integer({ min: 0, max: 3 }), { minLength: 1, maxLength: 20 }), async (values) => {
        const clock = createSimulatedClock(0)
        let i = 0
        const watcher = createBalanceWatcher({ clock, intervalMs: 1000, read: async () => values[Math.min(i++, values.length - 1)] })
        let held: BalanceDto | null = null
        let pushes = 0
        watcher.open({ snapshot: (s) => ((held = s), pushes++), delta: (d) => ((held = d), pushes++), state: () => undefined })
        watcher.signedIn(true)
        for (let step = 0; step < values.length; step++) await clock.advance(step === 0 ? 0 : 1000)
        expect((held as BalanceDto | null)?.balance).toBe(values.at(-1))
        const changes = values.filter((v, k) => k === 0 || v !== values[k - 1]).length
        expect(pushes).toBe(changes)
        watcher.stop()
      }),
      { numRuns: 150 },
    )
  })
})
