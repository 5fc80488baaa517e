import { afterEach, describe, expect, it } from 'vitest'
import { join } from 'node:path'
import Database from 'libsql'
import { createCallbackListener } from '../../../src-main/core/callbacks/listener.js'
import { createGroupCommit } from '../../../src-main/core/callbacks/group-commit.js'
import { openTimelineStore, type TimelineStore } from '../../../src-main/core/timeline/store.js'
import type { DeliveryMeta, SettlementBatch } from '../../../src-main/core/timeline/types.js'
import { batch, bet, coupon, deliver, settlement, tempDir } from './helpers.js'

const SECRET = 'group-commit-secret'
const code = (n: number) => String(700_000_000_000 + n)
const wire = (id: string, n: number) => batch(id, [coupon(code(n), 4, [bet('1', 1)], { real_win: 10 + n })])
const item = (id: string, n: number): { batch: SettlementBatch; meta: DeliveryMeta } => ({ batch: settlement(wire(id, n)), meta: { rawSize: 10 } })

/** The store with every group it was handed recorded (sizes prove deliveries shared a transaction). */
function recording(store: TimelineStore) {
  const groups: string[][] = []
  return {
    groups,
    store: {
      applyBatch: store.applyBatch,
      recordRejected: store.recordRejected,
      commitBatches: (items: Parameters<TimelineStore['commitBatches']>[0]) => {
        groups.push(items.map((i) => i.batch.batchId))
        return store.commitBatches(items)
      },
    },
  }
}

/** A write that fails inside the transaction, for one batchId, as a full disk or I/O error would. */
function failWritesOf(file: string, batchId: string): void {
  const db = new Database(file)
  db.exec(`CREATE TRIGGER fail_write BEFORE INSERT ON batches WHEN NEW.batch_id = '${batchId}' BEGIN SELECT RAISE(ABORT, 'disk I/O error'); END`)
  db.close()
}

describe('group commit of concurrent deliveries', () => {
  const cleanups: Array<() => unknown> = []
  afterEach(async () => {
    for (const c of cleanups.splice(0).reverse()) await c()
  })

  function open(options: Parameters<typeof openTimelineStore>[1] = {}) {
    const t = tempDir('desk-group-')
    const file = join(t.dir, 'timeline.sqlite')
    const store = openTimelineStore(file, options)
    cleanups.push(() => t.cleanup(), () => store.close())
    return { store, file }
  }

  async function listen(store: Parameters<typeof createCallbackListener>[0]['store']) {
    const listener = createCallbackListener({ port: 0, secret: SECRET, store })
    const { url } = await listener.start()
    cleanups.push(() => listener.stop())
    return url
  }

  it('many concurrent distinct deliveries, answered after the sync: every one 200 once stored, in fewer transactions than deliveries', async () => {
    // What arrives while a group waits for its sync joins the next group.
    const { store } = open({ acknowledge: 'synced' })
    const rec = recording(store)
    const url = await listen(rec.store)
    const ids = Array.from({ length: 60 }, (_, i) => `storm-${i}`)
    const answers = await Promise.all(ids.map((id, i) => deliver(url, SECRET, wire(id, i))))
    expect(answers.map((a) => a.status)).toEqual(ids.map(() => 200))
    expect(answers.map((a) => a.json)).toEqual(ids.map(() => ({ success: true, processed: 1 })))
    expect(rec.groups.flat().sort()).toEqual([...ids].sort())
    expect(rec.groups.length).toBeLessThan(ids.length)
    const stored = store.deliveries({ limit: 1000 }).items
    expect(stored.map((d) => d.batchId).sort()).toEqual([...ids].sort())
    expect(stored.every((d) => d.verdict === 'valid' && !d.duplicate && d.answerStatus === 200)).toBe(true)
    expect(store.query({ limit: 1000 }).items.filter((e) => e.kind === 'settled')).toHaveLength(60)
  })

  it('two deliveries of one batchId inside one group: applied once, the second stored as a duplicate', async () => {
    const { store } = open()
    const rec = recording(store)
    const commits = createGroupCommit(rec.store)
    const results = await Promise.all([commits.submit(item('dup-1', 1)), commits.submit(item('other-1', 2)), commits.submit(item('dup-1', 1))])
    expect(rec.groups).toEqual([['dup-1', 'other-1', 'dup-1']])
    expect(results.map((r) => [r.processed, r.duplicate])).toEqual([[1, false], [1, false], [1, true]])
    expect(store.couponHistory(code(1)).entries.map((e) => [e.kind, e.batchId])).toEqual([['settled', 'dup-1']])
    expect(store.deliveries({ limit: 10 }).items.map((d) => [d.batchId, d.duplicate]).sort()).toEqual([['dup-1', false], ['dup-1', true], ['other-1', false]])
  })

  it('a lone sender is written at once; what comes while a group is in flight still waits and groups', async () => {
    const { store } = open({ acknowledge: 'synced' })
    const rec = recording(store)
    const commits = createGroupCommit(rec.store)
    const first = commits.submit(item('lone-1', 1), true)
    // Written inside submit: no hop to the end of the I/O phase for a delivery nobody can join.
    expect(rec.groups).toEqual([['lone-1']])
    const later = [commits.submit(item('lone-2', 2), true), commits.submit(item('lone-3', 3), true)]
    expect(rec.groups).toEqual([['lone-1']])
    await Promise.all([first, ...later])
    expect(rec.groups).toEqual([['lone-1'], ['lone-2', 'lone-3']])
    // Without the hint a delivery waits for the end of the I/O phase, whatever the queue.
    const hinted = commits.submit(item('plain-1', 4))
    expect(rec.groups).toHaveLength(2)
    await hinted
    expect(rec.groups).toEqual([['lone-1'], ['lone-2', 'lone-3'], ['plain-1']])
  })

  it('the same batch sent on many connections at once: all acknowledged, applied once', async () => {
    const { store } = open()
    const url = await listen(store)
    const answers = await Promise.all(Array.from({ length: 12 }, () => deliver(url, SECRET, wire('same-1', 5))))
    expect(answers.map((a) => a.status)).toEqual(answers.map(() => 200))
    expect(store.couponHistory(code(5)).entries.filter((e) => e.kind === 'settled')).toHaveLength(1)
    const rows = store.deliveries({ limit: 100 }).items
    expect(rows).toHaveLength(12)
    expect(rows.filter((d) => !d.duplicate)).toHaveLength(1)
  })

  it('a write failing inside a group fails every delivery of that group and stores nothing of it', async () => {
    const { store, file } = open()
    failWritesOf(file, 'boom')
    const rec = recording(store)
    const commits = createGroupCommit(rec.store)
    const outcomes = await Promise.allSettled([commits.submit(item('good-1', 1)), commits.submit(item('boom', 2)), commits.submit(item('good-2', 3))])
    expect(rec.groups).toEqual([['good-1', 'boom', 'good-2']])
    expect(outcomes.map((o) => o.status)).toEqual(['rejected', 'rejected', 'rejected'])
    expect(String((outcomes[0] as PromiseRejectedResult).reason)).toContain('disk I/O error')
    expect(store.deliveries({ limit: 10 }).items).toEqual([])
    expect(store.query().items).toEqual([])
    expect(store.coupon(code(1))).toBeNull()
    // the next group is written as usual
    expect((await commits.submit(item('good-1', 1))).duplicate).toBe(false)
    expect(store.couponHistory(code(1)).entries).toHaveLength(1)
  })

  it('over HTTP: the deliveries of a failing group get a retried 503, the others 200, nothing partial is stored', async () => {
    const { store, file } = open()
    failWritesOf(file, 'boom')
    const rec = recording(store)
    const url = await listen(rec.store)
    const ids = ['boom', ...Array.from({ length: 20 }, (_, i) => `near-${i}`)]
    const answers = await Promise.all(ids.map((id, i) => deliver(url, SECRET, wire(id, i))))
    const failed = new Set(rec.groups.find((g) => g.includes('boom')))
    expect(failed.has('boom')).toBe(true)
    ids.forEach((id, i) => expect([id, answers[i].status]).toEqual([id, failed.has(id) ? 503 : 200]))
    expect(answers[0].json).toEqual({ success: false, error: 'storage_unavailable' })
    const stored = store.deliveries({ limit: 100 }).items.map((d) => d.batchId)
    expect(stored.sort()).toEqual(ids.filter((id) => !failed.has(id)).sort())
  })
})
