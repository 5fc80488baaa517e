import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { join } from 'node:path'
import { openTimelineStore } from '../../../src-main/core/timeline/store.js'
import { tempDir, wireStore, type WireStore } from '../../integration/callbacks/helpers.js'

/**
 * Issue 8, item 1: one coupon's history (placement, accumulator progress, a first lost bet, results,
 * returns for recalculation, maybe ending in one) delivered in ANY order, some deliveries twice
 * (same batch again, or the same snapshot in a new batch), with confirming reads of the coupon at
 * random moments (the server's state then is the history's last state). The ledger (as a multiset of
 * rows) and the coupon's state must end as if everything had arrived in order.
 */
const AMOUNT = 10
const T0 = 1_784_897_500_000

interface History {
  bets: number
  progress: number
  firstLost: boolean
  results: Array<{ status: 2 | 4 | 8; cents: number }>
  trailingRecalc: boolean
}

const history: fc.Arbitrary<History> = fc.record({
  bets: fc.integer({ min: 1, max: 3 }),
  progress: fc.integer({ min: 0, max: 2 }),
  firstLost: fc.boolean(),
  results: fc.array(fc.record({ status: fc.constantFrom(2 as const, 4 as const, 8 as const), cents: fc.nat(50_000) }), { minLength: 1, maxLength: 3 }),
  trailingRecalc: fc.boolean(),
})

type Wire = Record<string, unknown>

const bet = (i: number, status: number, date: number | null) => ({
  uuid: String(900 + i), status, calculate_coefficient: status === 0 || status === 4 ? null : 1, calculate_date: date,
  calculate_score: status === 0 || status === 4 ? '' : '1:0', settlement_reason_code: null, settlement_reason: null, timer: 0,
})

/** The vendor's callback snapshots of the history, in the order they happened. */
function snapshots(code: string, h: History): Wire[] {
  const out: Wire[] = []
  const coupon = (status: number, realWin: number | null, date: number | null, bets: unknown[]): Wire =>
    ({ coupon_code: code, realWin, calculate_coefficient: 0, status, calculate_date: date, events_data: bets })
  const progress = Math.min(h.progress, h.bets - 1)
  for (let k = 1; k <= progress; k++) {
    out.push(coupon(0, 0, T0 + k, Array.from({ length: h.bets }, (_, i) => bet(i, i < k ? 1 : 0, i < k ? T0 + i + 1 : null))))
  }
  if (h.firstLost && h.bets > 1) {
    out.push(coupon(4, 0, T0 + 10, Array.from({ length: h.bets }, (_, i) => bet(i, i === 0 ? 2 : 0, i === 0 ? T0 + 10 : null))))
  }
  const recalc = () => coupon(15, null, null, Array.from({ length: h.bets }, (_, i) => bet(i, 4, null)))
  h.results.forEach((r, n) => {
    if (n > 0) out.push(recalc())
    const date = T0 + 1000 * (n + 1)
    const betStatus = r.status === 2 ? 1 : r.status === 4 ? 2 : 3
    out.push(coupon(r.status, r.cents / 100, date, Array.from({ length: h.bets }, (_, i) => bet(i, betStatus, date))))
  })
  if (h.trailingRecalc) out.push(recalc())
  return out
}

function expected(h: History): { rows: string[]; status: number; realWin: number | null } {
  const rows = [`stake:${-AMOUNT}`, ...h.results.map((r) => `credit:${r.cents / 100}`)]
  const reDeducts = h.results.length - 1 + (h.trailingRecalc ? 1 : 0)
  for (let i = 0; i < reDeducts; i++) rows.push(`re_deduct:${-AMOUNT}`)
  const last = h.results.at(-1)!
  return { rows: rows.sort(), status: h.trailingRecalc ? 15 : last.status, realWin: h.trailingRecalc ? null : last.cents / 100 }
}

interface Delivery {
  index: number
  /** 'same' resends an earlier batch as it was; 'copy' sends the snapshot again in a new batch. */
  again: 'no' | 'same' | 'copy'
  confirmAfter: boolean
}

describe('one coupon delivered in any order (property)', () => {
  const tmp = tempDir('desk-order-prop-')
  let store: WireStore
  let n = 0

  beforeAll(() => {
    store = wireStore(openTimelineStore(join(tmp.dir, 'timeline.sqlite')))
  })
  afterAll(() => {
    store.close()
    tmp.cleanup()
  })

  const plan = history.chain((h) => {
    const count = snapshots('x', h).length
    const one = (index: number) => fc.record({ index: fc.constant(index), again: fc.constantFrom<Delivery['again']>('no', 'no', 'same', 'copy'), confirmAfter: fc.boolean() })
    const all = Array.from({ length: count }, (_, i) => one(i))
    return fc.tuple(fc.constant(h), fc.tuple(...all).chain((ds) => fc.shuffledSubarray(ds, { minLength: ds.length, maxLength: ds.length })))
  })

  it('ends with the same ledger and coupon state whatever the order of its deliveries, duplicates and confirming reads', () => {
    fc.assert(
      fc.property(plan, ([h, deliveries]) => {
        const code = String(++n).padStart(12, '0')
        const snaps = snapshots(code, h)
        const current = { ...snaps.at(-1)!, amount: AMOUNT }
        const confirm = () => {
          if (store.pendingConfirmations().includes(code)) store.recordPollSnapshot(current)
        }
        store.recordPlacement([{ coupon_code: code, amount: AMOUNT, status: 0, realWin: null, events_data: [] }], { callbackUrl: 'http://127.0.0.1/cb' })
        const sent: Array<{ event: string; batchId: string; couponCount: number; coupons: unknown[] }> = []
        let b = 0
        for (const d of deliveries) {
          const batch = { event: 'coupons.settled', batchId: `${code}-${++b}`, couponCount: 1, coupons: [structuredClone(snaps[d.index])] }
          store.applyBatch(batch, { rawSize: 1 })
          sent.push(batch)
          if (d.again === 'same') expect(store.applyBatch(sent[Math.floor(sent.length / 2)], { rawSize: 1 }).duplicate).toBe(true)
          if (d.again === 'copy') store.applyBatch({ ...batch, batchId: `${code}-${++b}` }, { rawSize: 1 })
          if (d.confirmAfter) confirm()
        }
        confirm()
        expect(store.pendingConfirmations()).not.toContain(code)
        const want = expected(h)
        const ledger = store.ledger(code)
        expect(ledger.rows.map((r) => `${r.kind}:${r.amount}`).sort()).toEqual(want.rows)
        expect(ledger.complete).toBe(true)
        const stored = store.coupon(code)!
        expect({ status: stored.status, realWin: stored.realWin }).toEqual({ status: want.status, realWin: want.realWin })
      }),
      { numRuns: 150 },
    )
  })
})
