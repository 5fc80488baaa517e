import { afterEach, describe, expect, it } from 'vitest'
import { copyFileSync, existsSync } from 'node:fs'
import { join } from 'node:path'
import { openTimelineStore } from '../../../src-main/core/timeline/store.js'
import { settlement, tempDir } from '../../integration/callbacks/helpers.js'

/**
 * A callback group is answered once stored (its rows and batches, deduplicated, on disk), and its
 * coupons are applied right after: before anything else uses the store, and, when the process stops
 * in between, as the store opens again. Nothing acknowledged is lost or applied twice.
 */
const item = (id: string, status = 4) => ({
  batch: settlement({ event: 'coupons.settled', batchId: id, couponCount: 1, coupons: [{ coupon_code: `7${id}`, status, real_win: 3, bets: [] }] }),
  meta: { rawSize: 1 },
})
const turn = () => new Promise((r) => setImmediate(r))

describe('coupons applied after the answer', () => {
  const cleanups: Array<() => void> = []
  afterEach(() => {
    for (const c of cleanups.splice(0).reverse()) c()
  })

  function open() {
    const t = tempDir('desk-after-')
    const file = join(t.dir, 'timeline.sqlite')
    const store = openTimelineStore(file)
    cleanups.push(() => t.cleanup(), () => store.close())
    return { store, file, dir: t.dir }
  }

  it('answered before its coupons are applied; they are applied on the next turn, once, and a repeat is a duplicate', async () => {
    const { store } = open()
    const heard: string[] = []
    store.onEntry((e) => heard.push(`${e.kind}:${e.batchId}`))
    const [first] = await store.commitBatches([item('101')])
    expect(first).toMatchObject({ duplicate: false, processed: 1 })
    expect(heard).toEqual([])
    await turn()
    expect(heard).toEqual(['settled:101'])
    const [again] = await store.commitBatches([item('101')])
    expect(again.duplicate).toBe(true)
    await turn()
    expect(store.couponHistory('7101').entries.filter((e) => e.kind === 'settled')).toHaveLength(1)
  })

  it('a stop between the answer and the apply: the next open applies what was acknowledged, and only once', async () => {
    const { store, file, dir } = open()
    await store.commitBatches([item('201'), item('202', 3)])
    // What the disk holds at this moment, as a kill -9 would leave it (the apply waits for the next turn).
    const copy = join(dir, 'after-stop.sqlite')
    copyFileSync(file, copy)
    if (existsSync(`${file}-wal`)) copyFileSync(`${file}-wal`, `${copy}-wal`)
    const reopened = openTimelineStore(copy)
    try {
      expect(reopened.deliveries({ limit: 10 }).items.map((d) => d.batchId).sort()).toEqual(['201', '202'])
      expect(reopened.coupon('7201')?.status).toBe(4)
      expect(reopened.coupon('7202')?.status).toBe(3)
      expect(reopened.couponHistory('7201').entries.map((e) => e.kind)).toContain('settled')
    } finally {
      reopened.close()
    }
    const third = openTimelineStore(copy)
    try {
      expect(third.couponHistory('7201').entries.filter((e) => e.kind === 'settled')).toHaveLength(1)
    } finally {
      third.close()
    }
  })

  it('any use of the store first applies what was acknowledged: a read right after the answer sees it', async () => {
    const { store } = open()
    await store.commitBatches([item('301')])
    expect(store.coupon('7301')?.status).toBe(4)
    expect(store.query({ limit: 10 }).items.map((e) => e.batchId)).toContain('301')
  })
})
