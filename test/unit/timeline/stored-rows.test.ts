import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import Database from 'libsql'
import { DeskError } from '../../../src-main/core/shared/errors.js'
import { toEntry } from '../../../src-main/core/timeline/rows.js'
import { batch, bet, coupon } from '../../integration/callbacks/helpers.js'
import { openSettledStore, type SettledStore } from './settled-store.js'

const meta = { rawSize: 1 }
const CODE = '000000000501'

/** Stored JSON is checked when read back: a damaged row is named, set aside, and never fails the page. */
describe('timeline rows read back', () => {
  let t: SettledStore
  const raw = (sql: string, ...params: unknown[]) => {
    const db = new Database(t.file)
    db.prepare(sql).run(...params)
    db.close()
  }

  beforeEach(() => {
    t = openSettledStore('desk-rows-', CODE)
    t.store.applyBatch(batch('b-2', [coupon('000000000502', 4, [bet('1', 2)], { real_win: 0 })]), meta)
  })
  afterEach(() => t.close())

  it('a row whose data is not JSON is reported with a typed error; the other rows of the page are read', () => {
    const settledId = t.store.couponHistory(CODE).entries[1].id
    raw('UPDATE timeline SET data = ? WHERE id = ?', '{"ledger": {"kind": "cre', settledId)
    const page = t.store.query()
    expect(page.items.map((e) => e.kind)).toEqual(['coupon_placed', 'settled'])
    expect(page.errors).toEqual([{ code: 'timeline_row_corrupt', table: 'timeline', id: settledId, message: expect.stringMatching(/not a JSON object/) }])
    const history = t.store.couponHistory(CODE)
    expect(history.entries.map((e) => e.kind)).toEqual(['coupon_placed'])
    expect(history.errors.map((e) => e.id)).toEqual([settledId])
    // The damaged row may have been a credit: the ledger does not claim to be complete.
    expect(t.store.ledger(CODE).complete).toBe(false)
    expect(t.sink.lines.join('\n')).toMatch(new RegExp(`timeline rows damaged.*${settledId}`))
  })

  it('a kind or source this build does not know is a damaged row, not a crash', () => {
    raw("UPDATE timeline SET kind = 'bogus' WHERE id = 1")
    raw("UPDATE timeline SET source = 42 WHERE id = 3")
    const page = t.store.query()
    expect(page.items.map((e) => e.id)).toEqual([2])
    expect(page.errors?.map((e) => [e.id, e.code])).toEqual([[1, 'timeline_row_corrupt'], [3, 'timeline_row_corrupt']])
    expect(page.errors?.[0].message).toMatch(/kind/)
  })

  it('paging goes past a damaged last row of a page', () => {
    raw("UPDATE timeline SET data = 'x' WHERE id = 2")
    const first = t.store.query({ limit: 2 })
    expect(first.items.map((e) => e.id)).toEqual([1])
    // The cursor is opaque (time and id of the last row read, the damaged one included).
    expect(first.nextCursor).toMatch(/:2$/)
    expect(t.store.query({ limit: 2, cursor: first.nextCursor }).items.map((e) => e.id)).toEqual([3])
  })

  it('one row read alone throws DeskError timeline_row_corrupt', () => {
    const bad = { id: 7, at: 1, kind: 'settled', coupon_code: null, source: 'poll', status: null, batch_id: null, grp: null, data: '[1,2]' }
    expect(() => toEntry(bad)).toThrow(DeskError)
    expect(() => toEntry(bad)).toThrow(/timeline row 7 is damaged/)
  })

  it('a damaged stored snapshot reads as none (the settled coupon is then read from the service)', () => {
    const versions = () => t.store.couponHistory(CODE).versions
    expect(versions().at(-1)?.snapshot).toMatchObject({ code: CODE, status: 2, realWin: 19 })
    raw("UPDATE coupon_versions SET snapshot = '{\"code\": 5}' WHERE code = ?", CODE)
    expect(versions().map((v) => v.snapshot)).toEqual([null, null])
    raw("UPDATE coupon_versions SET snapshot = 'not json' WHERE code = ?", CODE)
    expect(versions().map((v) => v.snapshot)).toEqual([null, null])
  })

  it('damaged audit data is shown as stored text, damaged order state is rebuilt from the coupon row', () => {
    t.store.audit('operator', 'note', { a: 1 })
    raw("UPDATE audit SET data = '{oops'")
    expect(t.store.auditEntries()[0].data).toBe('{oops')
    raw("UPDATE coupons SET order_state = '{\"cycles\": \"x\"}' WHERE code = ?", CODE)
    // The same result again is recognised as already processed: nothing new, nothing credited twice.
    expect(t.store.recordPollSnapshot({ ...coupon(CODE, 2, [bet('1', 1)], { real_win: 19 }), amount: 10 })).toEqual([])
    expect(t.store.ledger(CODE).net).toBe(9)
  })
})
