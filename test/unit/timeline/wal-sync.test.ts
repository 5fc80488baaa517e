import { afterEach, describe, expect, it } from 'vitest'
import { fdatasync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { openTimelineStore } from '../../../src-main/core/timeline/store.js'
import { createWalSync } from '../../../src-main/core/timeline/wal-sync.js'
import { settlement, tempDir } from '../../integration/callbacks/helpers.js'

/** Every fdatasync is held until the test releases it: what a slow disk does. */
const held: Array<() => void> = []
const holding = (fd: number, cb: (error: NodeJS.ErrnoException | null) => void) => void held.push(() => fdatasync(fd, cb))

const item = (id: string) => ({
  batch: settlement({ event: 'coupons.settled', batchId: id, couponCount: 1, coupons: [{ coupon_code: `9${id}`, status: 4, realWin: 3 }] }),
  meta: { rawSize: 1 },
})
const settle = () => new Promise((r) => setTimeout(r, 30))

describe('a group is reported stored only after its WAL sync', () => {
  const cleanups: Array<() => void> = []
  afterEach(() => {
    held.splice(0).forEach((release) => release())
    for (const c of cleanups.splice(0).reverse()) c()
  })

  it('acknowledge synced: commitBatches resolves, and subscribers hear of the entries, only once the sync completed', async () => {
    const t = tempDir('desk-walsync-')
    const store = openTimelineStore(join(t.dir, 'timeline.sqlite'), { datasync: holding, acknowledge: 'synced' })
    cleanups.push(() => t.cleanup(), () => store.close())
    const heard: string[] = []
    store.onEntry((e) => heard.push(String(e.batchId)))
    let stored = false
    const pending = store.commitBatches([item('101'), item('102')]).then((r) => ((stored = true), r))
    await settle()
    expect(held).toHaveLength(1)
    expect([stored, heard]).toEqual([false, []])
    held.shift()!()
    const results = await pending
    expect(results.map((r) => r.duplicate)).toEqual([false, false])
    expect(heard).toEqual(['101', '102'])
  })

  it('acknowledge committed (default): commitBatches resolves once committed; one WAL sync follows for the commits of a few milliseconds', async () => {
    const t = tempDir('desk-walsync-')
    const file = join(t.dir, 'timeline.sqlite')
    const store = openTimelineStore(file, { datasync: holding })
    cleanups.push(() => t.cleanup(), () => store.close())
    const heard: string[] = []
    store.onEntry((e) => heard.push(String(e.batchId)))
    const results = await store.commitBatches([item('201'), item('202')])
    expect(results.map((r) => r.duplicate)).toEqual([false, false])
    expect(heard).toEqual(['201', '202'])
    // the answer did not wait for the disk; the sync follows a few milliseconds later, one for both commits
    expect(held).toHaveLength(0)
    expect((await store.commitBatches([item('203')]))[0].duplicate).toBe(false)
    await settle()
    expect(held).toHaveLength(1)
    // committed means readable by any other connection (another process): it is in the WAL, not in a buffer of ours
    const other = openTimelineStore(file)
    cleanups.push(() => other.close())
    expect(other.deliveries({ limit: 10 }).items.map((d) => d.batchId).sort()).toEqual(['201', '202', '203'])
  })

  it('callers arriving while a sync runs share the next one, which starts after it', async () => {
    const t = tempDir('desk-walsync-')
    const wal = join(t.dir, 'x-wal')
    writeFileSync(wal, 'frames')
    cleanups.push(() => t.cleanup())
    const sync = createWalSync(wal, holding)
    cleanups.push(() => sync.close())
    const first = sync.sync()
    const second = sync.sync()
    const third = sync.sync()
    await settle()
    expect(held).toHaveLength(1)
    held.shift()!()
    await first
    await settle()
    expect(held).toHaveLength(1)
    held.shift()!()
    await Promise.all([second, third])
  })

  it('a WAL removed (checkpointed away) needs no sync; one created anew is synced again', async () => {
    const t = tempDir('desk-walsync-')
    const wal = join(t.dir, 'x-wal')
    writeFileSync(wal, 'frames')
    cleanups.push(() => t.cleanup())
    const sync = createWalSync(wal, holding)
    cleanups.push(() => sync.close())
    const one = sync.sync()
    await settle()
    held.shift()!()
    await one
    rmSync(wal)
    await sync.sync()
    expect(held).toHaveLength(0)
    writeFileSync(wal, 'new frames')
    const again = sync.sync()
    await settle()
    expect(held).toHaveLength(1)
    held.shift()!()
    await again
  })
})
