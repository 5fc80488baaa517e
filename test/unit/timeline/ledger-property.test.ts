import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { join } from 'node:path'
import { openTimelineStore } from '../../../src-main/core/timeline/store.js'
import { capture, HAVE_CAPTURES } from '../../integration/coupons/captures.js'
import { tempDir, wireStore, type WireStore } from '../../integration/callbacks/helpers.js'

/**
 * Ledger properties over random callback/poll sequences for one coupon, in the real snapshot
 * shape (the vendor's callback capture when present): payout in `realWin`, `real_win` or both,
 * statuses 0/2/4/8/15 and one the vendor never named, redelivered batches.
 */
const FINAL = new Set([2, 4, 8])
const AMOUNT = 10

interface Step {
  status: 0 | 2 | 4 | 8 | 15 | 99
  /** Payout in cents (money is compared exactly). */
  cents: number
  spelling: 'realWin' | 'real_win' | 'both'
  pending: boolean
  source: 'callback' | 'poll'
  /** Resend the previous callback batch as it was (same batchId). */
  redeliver: boolean
}

const step: fc.Arbitrary<Step> = fc.record({
  status: fc.constantFrom(0, 2, 4, 8, 15, 99),
  cents: fc.nat(100_000),
  spelling: fc.constantFrom('realWin', 'real_win', 'both'),
  pending: fc.boolean(),
  source: fc.constantFrom('callback', 'poll'),
  redeliver: fc.boolean(),
})

/** The vendor's snapshot shape, or the same keys when the captures are absent. */
function template(): Record<string, unknown> {
  if (HAVE_CAPTURES) return capture('callback-intermediate-accumulator').coupons[0]
  return {
    coupon_code: 'x', realWin: 0, calculate_coefficient: 0, status: 0, calculate_date: null,
    events_data: [{ uuid: '912', status: 1, calculate_coefficient: 2, calculate_date: 1, calculate_score: '2:1', settlement_reason_code: 'REMOTE_WIN', settlement_reason: 'Win', timer: 0 }, { uuid: '913', status: 0, calculate_coefficient: null, calculate_date: null, calculate_score: '', settlement_reason_code: null, settlement_reason: null, timer: 0 }],
  }
}

/** `cycle`: returns for recalculation so far; a new settlement cycle has a later `calculate_date`. */
function snapshot(code: string, s: Step, cycle = 0): Record<string, unknown> {
  const c = structuredClone(template()) as Record<string, unknown> & { events_data: Array<Record<string, unknown>> }
  c.coupon_code = code
  c.status = s.status
  c.calculate_date = s.status === 0 || s.status === 15 ? null : 1784897600000 + cycle * 60_000
  delete c.realWin
  const payout = s.cents / 100
  if (s.spelling !== 'real_win') c.realWin = payout
  // An older sender's figure that must lose against realWin when both are sent.
  if (s.spelling !== 'realWin') c.real_win = s.spelling === 'both' ? payout + 1 : payout
  c.events_data[1] = { ...c.events_data[1], status: s.pending ? 0 : 2 }
  if (s.source === 'poll') {
    c.amount = AMOUNT
    c.events_data = c.events_data.map(({ uuid, ...b }) => ({ id: Number(uuid), ...b }))
  }
  return c
}

/** The partner rules as a model: credit the payout of the first final all-settled state of each cycle; 15 after a credit deducts again. */
function expectedRows(steps: Step[]): Array<[string, number]> {
  const rows: Array<[string, number]> = [['stake', -AMOUNT]]
  let processed = false
  let last: string | null = null
  let prevStatus: number | null = null
  let lastBatch = false
  for (const s of steps) {
    if (s.redeliver && lastBatch) {
      lastBatch = false
      continue
    }
    lastBatch = s.source === 'callback'
    const key = `${s.status}|${s.cents}|${s.pending}`
    if (key === last) continue
    last = key
    if (s.status === 15) {
      if (prevStatus !== 15 && processed) rows.push(['re_deduct', -AMOUNT])
      if (prevStatus !== 15) processed = false
      prevStatus = 15
      continue
    }
    prevStatus = s.status
    if (FINAL.has(s.status) && !s.pending && !processed) {
      rows.push(['credit', s.cents / 100])
      processed = true
    }
  }
  return rows
}

describe('ledger over callback sequences (property)', () => {
  const tmp = tempDir('desk-ledger-prop-')
  let store: WireStore
  let n = 0

  beforeAll(() => {
    store = wireStore(openTimelineStore(join(tmp.dir, 'timeline.sqlite')))
  })
  afterAll(() => {
    store.close()
    tmp.cleanup()
  })

  it('credits exactly the payout of final results, never an intermediate or unknown state, and never twice per cycle', () => {
    fc.assert(
      fc.property(fc.array(step, { minLength: 1, maxLength: 12 }), (steps) => {
        const code = String(++n).padStart(12, '0')
        store.recordPlacement([{ coupon_code: code, amount: AMOUNT, status: 0, real_win: null, events_data: [] }], { callbackUrl: 'http://127.0.0.1/cb' })
        let previous: { batchId: string; coupons: unknown[]; couponCount: number; event: string } | null = null
        let b = 0
        let cycle = 0
        for (const s of steps) {
          if (s.status === 15 && !(s.redeliver && previous)) cycle += 1
          if (s.redeliver && previous) {
            expect(store.applyBatch(previous, { rawSize: 1 })).toMatchObject({ duplicate: true, entries: [] })
            previous = null
            continue
          }
          const snap = snapshot(code, s, cycle)
          if (s.source === 'poll') {
            store.recordPollSnapshot(snap)
            previous = null
          } else {
            previous = { event: 'coupons.settled', batchId: `${code}-${++b}`, couponCount: 1, coupons: [snap] }
            store.applyBatch(previous, { rawSize: 1 })
            // In order, a confirming read sees what was just delivered (a 15 after a result waits for one).
            if (store.pendingConfirmations().includes(code)) store.recordPollSnapshot({ ...snap, amount: AMOUNT })
          }
        }
        const history = store.couponHistory(code)
        const rows = history.ledger.rows.map((r) => [r.kind, r.amount] as [string, number])
        expect(rows).toEqual(expectedRows(steps))
        for (const entry of history.entries) {
          const ledger = entry.data.ledger as { kind: string } | undefined
          if (ledger?.kind === 'credit') expect(FINAL.has(entry.status!)).toBe(true)
          if (entry.status === 0 || entry.status === 99) expect(ledger).toBeUndefined()
        }
        const credits = rows.filter((r) => r[0] !== 'stake').map((r) => r[0])
        credits.forEach((kind, i) => expect(kind).toBe(i % 2 === 0 ? 'credit' : 're_deduct'))
        const net = Math.round(rows.reduce((sum, r) => sum + r[1] * 100, 0)) / 100
        expect(history.ledger.net).toBeCloseTo(net, 6)
        expect(history.ledger.complete).toBe(true)
      }),
      { numRuns: 100 },
    )
  })
})
