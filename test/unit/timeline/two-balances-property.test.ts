import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { join } from 'node:path'
import { openTimelineStore } from '../../../src-main/core/timeline/store.js'
import type { TimelineStore } from '../../../src-main/core/timeline/store.js'
import { createCouponStore } from '../../../src-main/core/simulator/coupons/store.js'
import { createSettlement } from '../../../src-main/core/simulator/coupons/settlement.js'
import { callbackSnapshot } from '../../../src-main/core/simulator/coupons/model.js'
import { COUPON_RECALC, type BetRecord, type BetResult, type CouponRecord } from '../../../src-main/core/simulator/coupons/types.js'
import type { SimClock } from '../../../src-main/core/simulator/clock.js'
import type { SimWorld } from '../../../src-main/core/simulator/world/types.js'
import { snap, tempDir } from '../../integration/callbacks/helpers.js'

/**
 * For any sequence of placements, settlements, returns for recalculation and re-settlements, run by the
 * simulator's own settlement code on its own account: the history's client-account (service) running
 * total is exactly what the simulator did to the account balance, and the partner ledger follows the
 * spec's rule (stake at placement, payout on a result, the stake again on status 15 after a processed
 * result, the new payout on re-settlement).
 */
type Op =
  | { op: 'place'; cents: number; coef: number; bets: 1 | 2 }
  | { op: 'settle'; which: number; result: BetResult }
  | { op: 'recalculate'; which: number }

const RESULTS: BetResult[] = ['win', 'lose', 'return', 'push', 'half_win', 'half_lose']
const op: fc.Arbitrary<Op> = fc.oneof(
  fc.record({ op: fc.constant('place' as const), cents: fc.integer({ min: 1, max: 50_000 }), coef: fc.integer({ min: 101, max: 900 }), bets: fc.constantFrom(1 as const, 2 as const) }),
  fc.record({ op: fc.constant('settle' as const), which: fc.nat(5), result: fc.constantFrom(...RESULTS) }),
  fc.record({ op: fc.constant('recalculate' as const), which: fc.nat(5) }),
)

// `+ 0`: a sum that rounds to nothing from below is -0, which toBe (Object.is) tells from 0.
const cents = (n: number) => Math.round(n * 100) + 0

function bet(id: number, coef: number): BetRecord {
  return { id, gameId: 1000 + id, status: 0, coef, calculateCoef: null, calculateDate: null, calculateScore: null, reasonCode: null, timer: 0 } as unknown as BetRecord
}

describe('two balances over simulator sequences (property)', () => {
  const tmp = tempDir('desk-two-balances-')
  let store: TimelineStore
  let run = 0

  beforeAll(() => {
    store = openTimelineStore(join(tmp.dir, 'timeline.sqlite'))
  })
  afterAll(() => {
    store.close()
    tmp.cleanup()
  })

  it('the service running total is the simulator balance change; the partner ledger follows the spec rule', () => {
    fc.assert(
      fc.property(fc.array(op, { minLength: 1, maxLength: 14 }), (ops) => {
        run += 1
        let now = 1_800_000_000_000 + run * 10_000_000
        const clock = { now: () => (now += 1000) } as unknown as SimClock
        const sim = createCouponStore()
        const account = sim.account('demo')!
        const start = account.balance
        const settlement = createSettlement({ clock, store: sim, world: { findMatchByAnyId: () => undefined } as unknown as SimWorld })
        const coupons: CouponRecord[] = []
        let batches = 0
        /** The spec's partner rule, as a model: per coupon, whether a result of the current cycle was processed. */
        let partner = 0
        const processed = new Map<string, boolean>()
        const baseline = store.query({ limit: 1, order: 'desc' }).items[0]
        const before = baseline ? store.runningTotals([baseline.id]).get(baseline.id)! : { service: 0, partner: 0 }

        const deliver = (c: CouponRecord) => {
          const wire = callbackSnapshot(c)
          store.applyBatch({ batchId: `${c.code}-${++batches}`, couponCount: 1, coupons: [snap(wire)] }, { rawSize: 1 })
          // In order, a confirming read sees what was just delivered (a 15 after a result waits for one).
          if (store.pendingConfirmations().includes(c.code)) store.recordPollSnapshot(snap({ ...wire, amount: c.amount }))
        }

        for (const o of ops) {
          if (o.op === 'place') {
            const id = sim.nextCouponId()
            const amount = o.cents / 100
            const bets = Array.from({ length: o.bets }, () => bet(sim.nextBetId(), o.coef / 100))
            const c = {
              id, code: `${run}-${sim.codeFor(id)}`, owner: 'demo', amount, coef: o.coef / 100, potentialWin: 0, realWin: null, originalCoef: o.coef / 100,
              status: 0, calculateDate: null, date: now, couponType: o.bets === 1 ? 1 : 2, lang: 'en', callbackUrl: 'http://127.0.0.1/cb', currency: null,
              bets, credited: 0, suppressCallbacks: false,
            } as CouponRecord
            sim.add(c)
            coupons.push(c)
            account.balance -= amount // what the simulator's placement does (placement.ts)
            store.recordPlacement([snap({ coupon_code: c.code, amount, status: 0, real_win: null, events_data: bets.map((b) => ({ uuid: String(b.id), status: 0 })) })], { callbackUrl: c.callbackUrl })
            partner -= amount
            processed.set(c.code, false)
            continue
          }
          const c = coupons[o.which % Math.max(1, coupons.length)]
          if (!c) continue
          if (o.op === 'settle') {
            if (!settlement.settleAll(c, o.result, 'REMOTE')) continue
            deliver(c)
            partner += c.realWin ?? 0
            processed.set(c.code, true)
          } else {
            if (!settlement.beginRecalculation(c)) continue
            expect(c.status).toBe(COUPON_RECALC)
            deliver(c)
            if (processed.get(c.code)) partner -= c.amount
            processed.set(c.code, false)
          }
        }

        const newest = store.query({ limit: 1, order: 'desc' }).items[0]
        if (coupons.length === 0) {
          expect(account.balance).toBe(start)
          return
        }
        const totals = store.runningTotals([newest.id]).get(newest.id)!
        expect(totals.complete).toBe(true)
        // From the totals through an earlier entry (how the live feed goes on), the same figures.
        if (baseline) expect(store.runningTotals([newest.id], { id: baseline.id, totals: before as typeof totals }).get(newest.id)).toEqual(totals)
        expect(cents(totals.service - before.service)).toBe(cents(account.balance - start))
        expect(cents(totals.partner - before.partner)).toBe(cents(partner))
        // The per-coupon ledgers (read side, ledger.ts) agree with the history's running totals (SQL side).
        const ledgers = coupons.map((c) => store.ledger(c.code))
        expect(cents(ledgers.reduce((s, l) => s + l.serviceNet, 0))).toBe(cents(account.balance - start))
        expect(cents(ledgers.reduce((s, l) => s + l.net, 0))).toBe(cents(partner))
      }),
      { numRuns: 120 },
    )
  })
})
