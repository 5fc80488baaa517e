import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import Database from 'libsql'
import { join } from 'node:path'
import { createManualClock, type ManualClock } from '../../../src-main/core/shared/clock.js'
import { MIGRATIONS } from '../../../src-main/core/timeline/db.js'
import { openTimelineStore } from '../../../src-main/core/timeline/store.js'
import type { TimelineEntry } from '../../../src-main/core/timeline/types.js'
import { createLogger, createMemorySink } from '../../../src-main/core/shared/log.js'
import { batch, bet, coupon, settlement, tempDir, wireStore, type WireStore } from '../../integration/callbacks/helpers.js'

const kinds = (entries: TimelineEntry[]) => entries.map((e) => e.kind)
const meta = { rawSize: 100 }

describe('timeline store', () => {
  let tmp: ReturnType<typeof tempDir>
  let file: string
  let clock: ManualClock
  let store: WireStore

  beforeEach(() => {
    tmp = tempDir('desk-tl-')
    file = join(tmp.dir, 'timeline.sqlite')
    clock = createManualClock()
    store = wireStore(openTimelineStore(file, { clock }))
  })
  afterEach(() => {
    store.close()
    tmp.cleanup()
  })

  it('migrates a fresh file in WAL mode and keeps data on reopen', () => {
    store.recordBalance(100)
    store.close()
    const raw = new Database(file)
    expect((raw.prepare('PRAGMA user_version').get() as { user_version: number }).user_version).toBe(MIGRATIONS.length)
    expect((raw.prepare('PRAGMA journal_mode').get() as { journal_mode: string }).journal_mode).toBe('wal')
    raw.close()
    store = wireStore(openTimelineStore(file, { clock }))
    expect(store.balances().map((b) => b.balance)).toEqual([100])
  })

  it('applies a batch once per batchId', () => {
    const b = batch('b-1', [coupon('000000000001', 4, [bet('11', 1)], { real_win: 25 })])
    const first = store.applyBatch(b, meta)
    expect(first).toMatchObject({ processed: 1, duplicate: false })
    expect(kinds(first.entries)).toEqual(['settled'])
    const again = store.applyBatch(b, meta)
    expect(again).toMatchObject({ processed: 1, duplicate: true, entries: [] })
    expect(store.query().items).toHaveLength(1)
    expect(store.couponHistory('000000000001').versions).toHaveLength(1)
    const deliveries = store.deliveries().items
    expect(deliveries.map((d) => d.duplicate)).toEqual([true, false])
    expect(deliveries.every((d) => d.verdict === 'valid' && d.answerStatus === 200)).toBe(true)
  })

  it('two connections to one file (two processes) apply a batchId once', () => {
    const other = wireStore(openTimelineStore(file, { clock }))
    const b = batch('shared-1', [coupon('000000000099', 2, [bet('1', 1)], { real_win: 5 })])
    expect(other.applyBatch(b, meta).duplicate).toBe(false)
    expect(store.applyBatch(b, meta).duplicate).toBe(true)
    expect(store.query().items).toHaveLength(1)
    other.close()
  })

  it('returned for recalculation after a processed result: amount deducted again, new real_win credited', () => {
    const code = '000000000002'
    store.recordPlacement([coupon(code, 0, [bet('21', 0)], { amount: 10, calculate_date: null })], { callbackUrl: 'http://x/cb' })
    store.applyBatch(batch('b-1', [coupon(code, 4, [bet('21', 1, 1)], { real_win: 25 })]), meta)
    store.applyBatch(batch('b-2', [coupon(code, 15, [bet('21', 4, 7)], { real_win: 0, calculate_date: null })]), meta)
    // A 15 after a result carries no date: it waits for a read of the coupon (order.ts); the poll confirms it.
    expect(kinds(store.couponHistory(code).entries)).toEqual(['coupon_placed', 'settled', 'recalculation_unconfirmed'])
    expect(store.pendingConfirmations()).toEqual([code])
    store.recordPollSnapshot(coupon(code, 15, [bet('21', 4, 7)], { real_win: 0, calculate_date: null }))
    expect(store.pendingConfirmations()).toEqual([])
    store.applyBatch(batch('b-3', [coupon(code, 2, [bet('21', 2, 9)], { real_win: 0, calculate_date: 1_763_726_500_000 })]), meta)
    const history = store.couponHistory(code)
    expect(kinds(history.entries)).toEqual(['coupon_placed', 'settled', 'recalculation_unconfirmed', 'returned_for_recalculation', 'resettled'])
    expect(history.entries[3].data.deductAgain).toBe(true)
    const ledger = store.ledger(code)
    expect(ledger.rows.map((r) => [r.kind, r.amount])).toEqual([
      ['stake', -10],
      ['credit', 25],
      ['re_deduct', -10],
      ['credit', 0],
    ])
    expect(ledger).toMatchObject({ net: 5, complete: true })
    expect(history.versions.map((v) => v.source)).toEqual(['placement', 'callback', 'callback', 'poll', 'callback'])
  })

  it('a return for recalculation with no processed result deducts nothing', () => {
    const code = '000000000003'
    store.applyBatch(batch('b-1', [coupon(code, 15, [bet('31', 4)])]), meta)
    const [entry] = store.couponHistory(code).entries
    expect(entry).toMatchObject({ kind: 'returned_for_recalculation', data: { deductAgain: false } })
    expect(store.ledger(code).rows).toEqual([])
  })

  it('an unknown amount stays unknown in the ledger until a poll reads it back', () => {
    const code = '000000000004'
    store.applyBatch(batch('b-1', [coupon(code, 4, [bet('41', 1)], { real_win: 18 })]), meta)
    store.recordPollSnapshot(coupon(code, 15, [bet('41', 4)]))
    expect(store.ledger(code)).toMatchObject({ complete: false, net: 18 })
    expect(store.ledger(code).rows[1]).toMatchObject({ kind: 're_deduct', amount: null })
    store.recordPollSnapshot({ ...coupon(code, 15, [bet('41', 4)]), amount: 6 })
    expect(store.ledger(code)).toMatchObject({ complete: true, net: 12 })
  })

  it('groups accumulator progressive updates and the first lost bet under the coupon', () => {
    const code = '000000000005'
    const onEntry: TimelineEntry[] = []
    store.onEntry((e) => onEntry.push(e))
    store.applyBatch(batch('p-1', [coupon(code, 0, [bet('1', 1), bet('2', 0), bet('3', 0)])]), meta)
    store.applyBatch(batch('p-2', [coupon(code, 0, [bet('1', 1), bet('2', 1), bet('3', 0)])]), meta)
    store.applyBatch(batch('p-3', [coupon(code, 2, [bet('1', 1), bet('2', 1), bet('3', 2, 'LOST_NEW')], { real_win: 0 })]), meta)
    const history = store.couponHistory(code)
    expect(kinds(history.entries)).toEqual(['progressive_update', 'progressive_update', 'settled'])
    expect(history.progressive).toHaveLength(2)
    expect(history.entries.every((e) => e.group === code)).toBe(true)
    expect(kinds(onEntry)).toEqual(kinds(history.entries))
    // unknown reason code kept raw
    const last = history.versions.at(-1)!.raw as { events_data: Array<{ settlement_reason_code: unknown }> }
    expect(last.events_data[2].settlement_reason_code).toBe('LOST_NEW')
  })

  it('first lost bet notice: lost bet while open, or final coupon status with bets still open', () => {
    store.applyBatch(batch('a-1', [coupon('000000000006', 0, [bet('1', 2), bet('2', 0)])]), meta)
    store.applyBatch(batch('a-2', [coupon('000000000007', 2, [bet('1', 2), bet('2', 0)], { real_win: 0 })]), meta)
    store.applyBatch(batch('a-3', [coupon('000000000007', 2, [bet('1', 2), bet('2', 1)], { real_win: 0 })]), meta)
    expect(kinds(store.couponHistory('000000000006').entries)).toEqual(['first_lost_bet'])
    expect(kinds(store.couponHistory('000000000007').entries)).toEqual(['first_lost_bet', 'settled'])
  })

  it('keeps unknown coupon statuses raw and never credits them (only the vendor 2, 4, 8 are results)', () => {
    const entries = store.applyBatch(batch('u-1', [coupon('000000000008', 99, [bet('1', 77, 'X')], { real_win: 3 })]), meta).entries
    expect(entries).toHaveLength(1)
    expect(entries[0]).toMatchObject({ kind: 'progressive_update', status: 99, data: { unknownStatus: true, realWin: 3 } })
    expect(entries[0]!.data.ledger).toBeUndefined()
    expect(store.coupon('000000000008')?.status).toBe(99)
    expect(store.ledger('000000000008').rows).toEqual([])
    const won = store.applyBatch(batch('u-2', [coupon('000000000008', 2, [bet('1', 1)], { real_win: 3 })]), meta).entries
    expect(won[0]).toMatchObject({ kind: 'settled', status: 2, data: { ledger: { kind: 'credit', amount: 3 } } })
  })

  it('polling first, no callback within grace: missed, then the callback is late and not credited twice', () => {
    const code = '000000000009'
    store.recordPlacement([{ ...coupon(code, 0, [bet('1', 0)]), amount: 5 }], { callbackUrl: 'http://x/cb' })
    const settled = { ...coupon(code, 4, [bet('1', 1)]), amount: 5, real_win: 9 }
    expect(kinds(store.recordPollSnapshot(settled))).toEqual(['discovered_by_polling'])
    expect(store.recordPollSnapshot(settled)).toEqual([])
    clock.advance(119_000)
    expect(store.markMissedCallbacks(120_000)).toEqual([])
    clock.advance(1_000)
    expect(kinds(store.markMissedCallbacks(120_000))).toEqual(['missed_callback'])
    expect(store.markMissedCallbacks(120_000)).toEqual([])
    const late = store.applyBatch(batch('late-1', [coupon(code, 4, [bet('1', 1)], { real_win: 9 })]), meta).entries
    expect(late).toHaveLength(1)
    expect(late[0]).toMatchObject({ kind: 'late_callback', data: { afterMissed: true } })
    expect(store.ledger(code).rows.map((r) => [r.kind, r.amount])).toEqual([['stake', -5], ['credit', 9]])
    expect(store.openPlacedCodes()).toEqual([])
  })

  it('a callback after polling, within grace, is late but never missed', () => {
    const code = '000000000010'
    store.recordPlacement([{ ...coupon(code, 0, [bet('1', 0)]), amount: 5 }], { callbackUrl: 'http://x/cb' })
    expect(store.openPlacedCodes()).toEqual([code])
    store.recordPollSnapshot({ ...coupon(code, 4, [bet('1', 1)]), real_win: 9 })
    const late = store.applyBatch(batch('l-1', [coupon(code, 4, [bet('1', 1)], { real_win: 9 })]), meta).entries
    expect(late[0]).toMatchObject({ kind: 'late_callback', data: { afterMissed: false } })
    clock.advance(600_000)
    expect(store.markMissedCallbacks(120_000)).toEqual([])
  })

  it('no missed callback for coupons placed without a callback_url', () => {
    const code = '000000000011'
    store.recordPlacement([{ ...coupon(code, 0, [bet('1', 0)]), amount: 5 }], { callbackUrl: '' })
    store.recordPollSnapshot({ ...coupon(code, 4, [bet('1', 1)]), real_win: 9 })
    clock.advance(600_000)
    expect(store.markMissedCallbacks(120_000)).toEqual([])
  })

  it('queries with filters and cursors', () => {
    for (let i = 0; i < 5; i++) {
      store.applyBatch(batch(`q-${i}`, [coupon(String(100 + i).padStart(12, '0'), 4, [bet('1', 1)], { real_win: i })]), meta)
      clock.advance(1000)
    }
    const first = store.query({ limit: 2 })
    expect(first.items).toHaveLength(2)
    const second = store.query({ limit: 2, cursor: first.nextCursor })
    const third = store.query({ limit: 2, cursor: second.nextCursor })
    expect(third.nextCursor).toBeNull()
    expect([...first.items, ...second.items, ...third.items].map((e) => e.couponCode)).toHaveLength(5)
    expect(store.query({ couponCode: '000000000102' }).items).toHaveLength(1)
    const t0 = store.query().items[0].at
    expect(store.query({ from: t0 + 1000, to: t0 + 2000 }).items).toHaveLength(2)
    expect(store.query({ kind: 'missed_callback' }).items).toHaveLength(0)
    expect(store.query({ source: 'callback', status: 4 }).items).toHaveLength(5)
    expect(store.query({ order: 'desc', limit: 1 }).items[0].couponCode).toBe('000000000104')
  })

  it('records rejected deliveries without payload, balances and audit entries', () => {
    store.recordRejected({ rawSize: 12, answerStatus: 401, verdict: 'forged', note: 'signature_mismatch' })
    const [row] = store.deliveries().items
    expect(row).toMatchObject({ batchId: null, verdict: 'forged', answerStatus: 401, rawSize: 12 })
    expect(store.query().items).toEqual([])
    store.audit('operator', 'listener.start', { port: 1 })
    expect(store.auditEntries()[0]).toMatchObject({ actor: 'operator', action: 'listener.start', data: { port: 1 } })
  })

  it('rolls back a batch that fails halfway and fails once closed', () => {
    const bad = batch('x-1', [coupon('000000000020', 4, [bet('1', 1)]), { nope: true }])
    expect(() => store.applyBatch(bad as never, meta)).toThrow()
    expect(store.query().items).toEqual([])
    expect(store.deliveries().items).toEqual([])
    store.close()
    expect(() => store.applyBatch(batch('x-2', []), meta)).toThrow(/closed/)
  })

  it('a failing subscriber is logged and reported, and storage and other subscribers go on', () => {
    const sink = createMemorySink()
    const reported: string[] = []
    const own = openTimelineStore(join(tmp.dir, 'subs.sqlite'), {
      clock,
      logger: createLogger({ sink, level: 'debug' }),
      onSubscriberError: (error, entry) => reported.push(`${entry.kind}:${error.message}`),
    })
    const seen: string[] = []
    own.onEntry(() => {
      throw new Error('renderer push broke')
    })
    own.onEntry((e) => seen.push(e.kind))
    own.applyBatch(settlement(batch('s-1', [coupon('000000000077', 4, [bet('1', 2)], { real_win: 0 })])), meta)
    expect(seen).toEqual(['settled'])
    expect(reported).toEqual(['settled:renderer push broke'])
    expect(sink.lines.join('\n')).toMatch(/timeline subscriber failed.*renderer push broke/)
    expect(own.query().items).toHaveLength(1)
    own.close()
  })
})
