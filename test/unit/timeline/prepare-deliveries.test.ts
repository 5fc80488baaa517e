import { afterEach, describe, expect, it } from 'vitest'
import { join } from 'node:path'
import Database from 'libsql'
import { FALLBACK_AUTO_CHECKPOINT } from '../../../src-main/core/timeline/checkpointer.js'
import { openTimelineStore } from '../../../src-main/core/timeline/store.js'
import { bet, coupon, settlement, tempDir } from '../../integration/callbacks/helpers.js'

type Proto = { exec(s: string): unknown }

/** Every `exec` text of any connection of this thread (the checkpoint worker's connection is on its own thread). */
function recordExec(): { sql: string[]; restore(): void } {
  const sql: string[] = []
  const proto = Database.prototype as unknown as Proto
  const { exec } = proto
  proto.exec = function (this: unknown, s: string) {
    sql.push(s.trim())
    return exec.call(this, s)
  }
  return { sql, restore: () => Object.assign(proto, { exec }) }
}

const RAISED = `PRAGMA wal_autocheckpoint = ${FALLBACK_AUTO_CHECKPOINT}`

describe('a history prepared for a stream of deliveries', () => {
  const cleanups: Array<() => void> = []
  afterEach(() => {
    for (const c of cleanups.splice(0).reverse()) c()
  })

  it('has its checkpoint worker up before the first delivery, not started by it', async () => {
    const t = tempDir('desk-prepare-')
    cleanups.push(() => t.cleanup())
    const rec = recordExec()
    cleanups.push(() => rec.restore())
    // Written on this thread (the applying thread's own store prepares the same way, on its thread).
    const store = openTimelineStore(join(t.dir, 'timeline.sqlite'), { applyThread: false })
    cleanups.push(() => store.close())
    expect(rec.sql).not.toContain(RAISED)
    await store.prepareForDeliveries()
    // The worker is up: the writing connection stepped back to its far fallback threshold.
    expect(rec.sql).toContain(RAISED)
    const raisedAt = rec.sql.lastIndexOf(RAISED)
    const batch = settlement({ event: 'coupons.settled', batchId: 'p-1', couponCount: 1, coupons: [coupon('000000000701', 4, [bet('1', 1)], { real_win: 5 })] })
    expect((await store.commitBatches([{ batch, meta: { rawSize: 1 } }]))[0].duplicate).toBe(false)
    // The first delivery started nothing more.
    expect(rec.sql.lastIndexOf(RAISED)).toBe(raisedAt)
    expect(store.couponHistory('000000000701').entries.map((e) => e.kind)).toEqual(['settled'])
  })

  it('settles at once for a history without a WAL; a closed history says it is closed', async () => {
    const memory = openTimelineStore(':memory:')
    await expect(memory.prepareForDeliveries()).resolves.toBeUndefined()
    memory.close()
    expect(() => memory.prepareForDeliveries()).toThrow(/closed/)
  })
})
