import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { join } from 'node:path'
import { createManualClock } from '../../../src-main/core/shared/clock.js'
import { openTimelineStore, TOTALS_BLOCK_FOR_TESTS, type TimelineStore } from '../../../src-main/core/timeline/index.js'
import { bet, coupon, snap, tempDir } from '../../integration/callbacks/helpers.js'

/** The history of the client account: coupons met first in a read or a callback, not placed here. */
describe('client ledger', () => {
  let tmp: ReturnType<typeof tempDir>
  let store: TimelineStore
  const open = (clientLedger: boolean) => openTimelineStore(join(tmp.dir, `t-${clientLedger}.sqlite`), { clock: createManualClock(), clientLedger })
  const wire = (code: string, status: number, extra: Record<string, unknown> = {}) => snap(coupon(code, status, [bet('1', status === 0 ? 0 : 1)], { amount: 20, date: 1_763_700_000_000, ...extra }))
  const total = () => {
    const newest = store.query({ limit: 1, order: 'desc' }).items[0]
    return store.runningTotals([newest.id]).get(newest.id)!
  }

  beforeEach(() => {
    tmp = tempDir('desk-cl-')
  })
  afterEach(() => {
    store?.close()
    tmp.cleanup()
  })

  it('a coupon first met in a read enters with its stake, marked not placed by this desk', () => {
    store = open(true)
    const entries = store.recordPollSnapshot(wire('000000000001', 0), { seenIn: 'active' })
    expect(entries.map((e) => [e.kind, e.data.seenIn, e.data.amount, e.data.placedAt])).toEqual([['coupon_seen', 'active', 20, 1_763_700_000_000]])
    expect(store.coupon('000000000001')?.placedByDesk).toBe(false)
    store.recordPollSnapshot(wire('000000000001', 2, { real_win: 37 }), { seenIn: 'calculated' })
    expect(total()).toMatchObject({ service: 17, partner: 17, complete: true })
    expect(store.query({ placement: 'elsewhere' }).items).toHaveLength(2)
    expect(store.query({ placement: 'here' }).items).toHaveLength(0)
  })

  it('a coupon seen before this desk’s own placement answer is claimed: its stake counts once', () => {
    store = open(true)
    store.recordPollSnapshot(wire('000000000002', 0), { seenIn: 'active' })
    const placed = store.recordPlacement([wire('000000000002', 0)], { callbackUrl: null })
    expect(placed.map((e) => [e.kind, e.data.claimed])).toEqual([['coupon_placed', true]])
    expect(store.coupon('000000000002')?.placedByDesk).toBe(true)
    expect(total().service).toBe(-20)
    expect(store.ledger('000000000002').serviceNet).toBe(-20)
  })

  it('without the option, the history keeps to what it was told (no sighting entries)', () => {
    store = open(false)
    expect(store.recordPollSnapshot(wire('000000000003', 2, { real_win: 37 })).map((e) => e.kind)).toEqual(['discovered_by_polling'])
  })

  it('an amount learnt after the totals were kept is counted: the kept block sums are dropped from that coupon on', () => {
    store = open(true)
    // Met in a callback-like read without its amount, then enough entries to keep the first block.
    store.recordPollSnapshot(snap(coupon('000000000004', 0, [bet('1', 0)], { date: 1_763_700_000_000 })), { seenIn: 'callback' })
    for (let i = 0; i < TOTALS_BLOCK_FOR_TESTS + 10; i++) store.recordPlacement([wire(String(10_000 + i).padStart(12, '0'), 0, { amount: 1 })])
    expect(total()).toMatchObject({ service: -(TOTALS_BLOCK_FOR_TESTS + 10), complete: false })
    store.recordPollSnapshot(wire('000000000004', 0, { amount: 20 }))
    expect(total()).toMatchObject({ service: -(TOTALS_BLOCK_FOR_TESTS + 10) - 20, complete: true })
  })
})
