import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { openTimelineStore } from '../../../src-main/core/timeline/store.js'
import { aggregatePnl, type SettledCouponRow } from '../../../src-main/core/timeline/pnl.js'
import { createCouponStore } from '../../../src-main/core/simulator/coupons/store.js'
import { createSettlement } from '../../../src-main/core/simulator/coupons/settlement.js'
import { callbackSnapshot } from '../../../src-main/core/simulator/coupons/model.js'
import type { BetRecord, BetResult, CouponRecord } from '../../../src-main/core/simulator/coupons/types.js'
import type { SimClock } from '../../../src-main/core/simulator/clock.js'
import type { SimWorld } from '../../../src-main/core/simulator/world/types.js'
import { FINAL_COUPON_STATUSES } from '../../../src-shared/vocabulary/statuses.js'
import { snap } from '../../integration/callbacks/helpers.js'

/**
 * Settled P&L (client-account view: payout − stake) over any sequence of placements, settlements and
 * returns for recalculation run by the simulator's own settlement code: its total is exactly the sum of
 * the finally settled coupons' client-account ledgers, and every day and every sport adds up to it.
 */
type Op =
  | { op: 'place'; cents: number; coef: number; bets: 1 | 2 }
  | { op: 'settle'; which: number; result: BetResult }
  | { op: 'recalculate'; which: number }
  | { op: 'wait'; hours: number }

const RESULTS: BetResult[] = ['win', 'lose', 'return', 'push', 'half_win', 'half_lose']
const op: fc.Arbitrary<Op> = fc.oneof(
  fc.record({ op: fc.constant('place' as const), cents: fc.integer({ min: 1, max: 50_000 }), coef: fc.integer({ min: 101, max: 900 }), bets: fc.constantFrom(1 as const, 2 as const) }),
  fc.record({ op: fc.constant('settle' as const), which: fc.nat(5), result: fc.constantFrom(...RESULTS) }),
  fc.record({ op: fc.constant('recalculate' as const), which: fc.nat(5) }),
  fc.record({ op: fc.constant('wait' as const), hours: fc.integer({ min: 1, max: 30 }) }),
)
const cents = (n: number) => Math.round(n * 100) + 0
const ZONES = ['UTC', 'Europe/Kyiv', 'America/New_York', 'Asia/Kolkata']

function bet(id: number, coef: number): BetRecord {
  return { id, gameId: 1000 + id, status: 0, coef, calculateCoef: null, calculateDate: null, calculateScore: null, reasonCode: null, timer: 0 } as unknown as BetRecord
}

describe('settled P&L (property)', () => {
  it('equals the settled coupons’ client-account ledgers; days and sports add up to the total', () => {
    fc.assert(
      fc.property(fc.array(op, { minLength: 1, maxLength: 16 }), fc.constantFrom(...ZONES), (ops, timeZone) => {
        const store = openTimelineStore(':memory:')
        try {
          let now = 1_800_000_000_000
          const clock = { now: () => now } as unknown as SimClock
          const sim = createCouponStore()
          const settlement = createSettlement({ clock, store: sim, world: { findMatchByAnyId: () => undefined } as unknown as SimWorld })
          const coupons: CouponRecord[] = []
          let batches = 0
          const deliver = (c: CouponRecord) => {
            const wire = callbackSnapshot(c)
            store.applyBatch({ batchId: `${c.code}-${++batches}`, couponCount: 1, coupons: [snap(wire)] }, { rawSize: 1 })
            if (store.pendingConfirmations().includes(c.code)) store.recordPollSnapshot(snap({ ...wire, amount: c.amount }))
          }
          for (const o of ops) {
            now += 60_000
            if (o.op === 'wait') {
              now += o.hours * 3_600_000
              continue
            }
            if (o.op === 'place') {
              const id = sim.nextCouponId()
              const bets = Array.from({ length: o.bets }, () => bet(sim.nextBetId(), o.coef / 100))
              const c = {
                id, code: sim.codeFor(id), owner: 'demo', amount: o.cents / 100, coef: o.coef / 100, potentialWin: 0, realWin: null, originalCoef: o.coef / 100,
                status: 0, calculateDate: null, date: now, couponType: o.bets === 1 ? 1 : 2, lang: 'en', callbackUrl: 'http://127.0.0.1/cb', currency: null,
                bets, credited: 0, suppressCallbacks: false,
              } as CouponRecord
              sim.add(c)
              coupons.push(c)
              store.recordPlacement([snap({ coupon_code: c.code, amount: c.amount, status: 0, real_win: null, events_data: bets.map((b) => ({ uuid: String(b.id), status: 0 })) })], { callbackUrl: c.callbackUrl })
              continue
            }
            const c = coupons[o.which % Math.max(1, coupons.length)]
            if (!c) continue
            if (o.op === 'settle' ? settlement.settleAll(c, o.result, 'REMOTE') : settlement.beginRecalculation(c)) deliver(c)
          }

          const rows = store.settledCoupons()
          const pnl = aggregatePnl(rows, { timeZone, decimals: 2 })
          const settled = coupons.filter((c) => FINAL_COUPON_STATUSES.has(c.status))
          expect(rows.map((r) => r.code).sort()).toEqual(settled.map((c) => c.code).sort())
          // The client-account ledger of each settled coupon (−stake, +payout, −payout taken back, +new payout) nets to payout − stake.
          const ledgerNet = settled.reduce((s, c) => s + cents(store.ledger(c.code).serviceNet), 0)
          expect(cents(pnl.total.pnl)).toBe(ledgerNet)
          expect(cents(pnl.total.stakes)).toBe(settled.reduce((s, c) => s + cents(c.amount), 0))
          expect(cents(pnl.total.payouts)).toBe(settled.reduce((s, c) => s + cents(c.realWin ?? 0), 0))
          expect(pnl.total.won + pnl.total.lost + pnl.total.returned).toBe(settled.length)
          expect(pnl.total.incomplete).toBe(0)
          for (const groups of [pnl.days, pnl.sports]) {
            expect(groups.reduce((s, g) => s + cents(g.pnl), 0)).toBe(cents(pnl.total.pnl))
            expect(groups.reduce((s, g) => s + cents(g.stakes), 0)).toBe(cents(pnl.total.stakes))
            expect(groups.reduce((s, g) => s + g.coupons, 0)).toBe(pnl.total.coupons)
          }
          // Each coupon falls on the calendar day of its settlement in the zone asked for.
          const day = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' })
          for (const c of settled) expect(pnl.days.map((d) => d.key)).toContain(day.format(c.calculateDate!))
        } finally {
          store.close()
        }
      }),
      { numRuns: 100 },
    )
  })

  it('sums in minor units: many odd cents add up exactly, sports split by id with accumulators over several sports apart', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            stake: fc.integer({ min: 1, max: 1_000_000 }),
            payout: fc.integer({ min: 0, max: 5_000_000 }),
            status: fc.constantFrom(2, 4, 8),
            at: fc.integer({ min: 1_700_000_000_000, max: 1_700_000_000_000 + 40 * 86_400_000 }),
            sports: fc.array(fc.constantFrom(1, 2, 3), { maxLength: 3 }),
          }),
          { maxLength: 60 },
        ),
        (items) => {
          const rows: SettledCouponRow[] = items.map((x, i) => ({
            code: String(i),
            status: x.status,
            amount: x.stake / 100,
            realWin: x.payout / 100,
            settledAt: x.at,
            sports: x.sports.map((id) => ({ id, name: `Sport ${id}` })),
          }))
          const pnl = aggregatePnl(rows, { timeZone: 'UTC', decimals: 2 })
          const want = items.reduce((s, x) => s + x.payout - x.stake, 0)
          expect(cents(pnl.total.pnl)).toBe(want)
          expect(cents(pnl.days.reduce((s, g) => s + g.pnl, 0))).toBe(want)
          const mixed = items.filter((x) => new Set(x.sports).size > 1).length
          expect(pnl.sports.find((g) => g.key === 'mixed')?.coupons ?? 0).toBe(mixed)
          expect(pnl.sports.find((g) => g.key === 'unknown')?.coupons ?? 0).toBe(items.filter((x) => x.sports.length === 0).length)
        },
      ),
    )
  })

  it('a settlement at 22:30 UTC is that day in UTC and the next in Kyiv', () => {
    const at = Date.UTC(2026, 10, 25, 22, 30)
    const row: SettledCouponRow = { code: 'a', status: 2, amount: 10, realWin: 18.5, settledAt: at, sports: [] }
    expect(aggregatePnl([row], { timeZone: 'UTC', decimals: 2 }).days[0]).toMatchObject({ key: '2026-11-25', pnl: 8.5, won: 1 })
    expect(aggregatePnl([row], { timeZone: 'Europe/Kyiv', decimals: 2 }).days[0]).toMatchObject({ key: '2026-11-26', pnl: 8.5 })
  })
})
