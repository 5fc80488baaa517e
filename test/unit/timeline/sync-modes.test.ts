import { afterEach, describe, expect, it } from 'vitest'
import { join } from 'node:path'
import Database from 'libsql'
import { openTimelineStore } from '../../../src-main/core/timeline/store.js'
import { bet, coupon, settlement, snap, tempDir } from '../../integration/callbacks/helpers.js'

const WRITE = /^(INSERT|UPDATE|DELETE)/i

type Proto = { exec(s: string): unknown; prepare(s: string): { run(...a: unknown[]): unknown; get(...a: unknown[]): unknown } }

/**
 * Every SQL text the store runs, in order (exec and prepared statements alike); a write statement is
 * recorded with the connection's sync level as it is when the write runs (1 NORMAL, 2 FULL), read
 * with a statement compiled then (SQLite reads and sets this pragma when compiling it).
 */
function recordSql(): { sql: string[]; restore(): void } {
  const sql: string[] = []
  const proto = Database.prototype as unknown as Proto
  const { exec, prepare } = proto
  proto.exec = function (this: unknown, s: string) {
    sql.push(s.trim())
    return exec.call(this, s)
  }
  proto.prepare = function (this: unknown, s: string) {
    const stmt = prepare.call(this, s)
    const run = stmt.run.bind(stmt)
    const text = s.replace(/\s+/g, ' ').trim()
    stmt.run = (...a: unknown[]) => {
      const level = WRITE.test(text) ? (prepare.call(this, 'PRAGMA synchronous').get() as { synchronous: number }).synchronous : null
      sql.push(level === null ? text : `${text} @${level}`)
      return run(...a)
    }
    return stmt
  }
  return { sql, restore: () => Object.assign(proto, { exec, prepare }) }
}

const group = (id: string, code: string) => ({ batch: settlement({ event: 'coupons.settled', batchId: id, couponCount: 1, coupons: [coupon(code, 4, [bet('1', 1)], { real_win: 5 })] }), meta: { rawSize: 1 } })

describe('sync modes of the history connection', () => {
  const cleanups: Array<() => void> = []
  afterEach(() => {
    for (const c of cleanups.splice(0).reverse()) c()
  })

  it('group commits write under NORMAL without a pragma per group; every other write runs under FULL', async () => {
    const t = tempDir('desk-sync-')
    cleanups.push(() => t.cleanup())
    const rec = recordSql()
    cleanups.push(() => rec.restore())
    const store = openTimelineStore(join(t.dir, 'timeline.sqlite'))
    cleanups.push(() => store.close())
    rec.sql.length = 0

    await store.commitBatches([group('g-1', '000000000101')])
    await store.commitBatches([group('g-2', '000000000102')])
    await store.commitBatches([group('g-3', '000000000103')])
    expect(rec.sql.filter((s) => s.startsWith('PRAGMA synchronous'))).toEqual(['PRAGMA synchronous = NORMAL'])
    const groupWrites = rec.sql.filter((s) => WRITE.test(s))
    expect(groupWrites.length).toBeGreaterThan(6)
    expect(groupWrites.filter((s) => !s.endsWith(' @1'))).toEqual([])

    // After a group commit, each other write path: its writes must follow a switch back to FULL.
    const paths: Array<[string, () => unknown]> = [
      ['placement', () => store.recordPlacement([snap(coupon('000000000201', 0, [bet('1', 0)], { amount: 10 }))])],
      ['poll', () => store.recordPollSnapshot(snap(coupon('000000000201', 4, [bet('1', 1)], { amount: 10, real_win: 20 })))],
      ['single batch', () => store.applyBatch(group('s-1', '000000000202').batch, { rawSize: 1 })],
      ['rejected', () => store.recordRejected({ rawSize: 3, answerStatus: 401, verdict: 'forged', note: 'signature_mismatch', body: Buffer.from('abc') })],
      ['balance', () => store.recordBalance(100)],
      ['audit', () => store.audit('test', 'x')],
      ['attempt', () => store.attempts.save({ id: 'a-1', request: {}, startedAt: 1, endedAt: 2, errorCode: 'timeout', errorMessage: 't', callbackUrl: null, currency: null })],
      ['attempt settled', () => store.attempts.settle('a-1', 'placed')],
      ['missed callbacks', () => store.markMissedCallbacks(0)],
    ]
    for (const [name, write] of paths) {
      await store.commitBatches([group(`before-${name}`, String(300_000_000_000 + paths.findIndex((p) => p[0] === name)))])
      const from = rec.sql.length
      write()
      const ran = rec.sql.slice(from)
      const writes = ran.filter((s) => WRITE.test(s))
      expect([name, writes.filter((s) => !s.endsWith(' @2'))]).toEqual([name, []])
    }
  })
})
