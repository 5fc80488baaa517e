import { afterEach, describe, expect, it } from 'vitest'
import { statSync } from 'node:fs'
import { join } from 'node:path'
import Database from 'libsql'
import { DEFAULT_AUTO_CHECKPOINT, FALLBACK_AUTO_CHECKPOINT, startCheckpointer, type Checkpointer } from '../../../src-main/core/timeline/checkpointer.js'
import { tempDir } from '../../integration/callbacks/helpers.js'

async function until(check: () => boolean, what: string, ms = 10_000): Promise<void> {
  const end = Date.now() + ms
  while (!check()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`)
    await new Promise((r) => setTimeout(r, 10))
  }
}

describe('WAL checkpoints on a worker thread', () => {
  const cleanups: Array<() => void> = []
  afterEach(() => {
    for (const c of cleanups.splice(0).reverse()) c()
  })

  it('raises the writer threshold once up, copies the WAL into the database off the main thread, and closes its connection on close', async () => {
    const t = tempDir('desk-ckpt-')
    cleanups.push(() => t.cleanup())
    const file = join(t.dir, 'h.sqlite')
    const db = new Database(file)
    cleanups.push(() => db.close())
    db.exec('PRAGMA journal_mode = WAL')
    db.exec('PRAGMA wal_autocheckpoint = 0')
    db.exec('CREATE TABLE t (v TEXT)')
    const insert = db.prepare('INSERT INTO t (v) VALUES (?)')
    for (let i = 0; i < 200; i++) insert.run('x'.repeat(2000))
    const before = statSync(file).size
    const thresholds: number[] = []
    const errors: string[] = []
    const ckpt: Checkpointer = startCheckpointer(file, { setAutoCheckpoint: (p) => thresholds.push(p), onError: (m) => errors.push(m), everyMs: 60_000 })
    // `ready` settles once the worker is up and the writer's threshold was raised, not before.
    await ckpt.ready
    expect(thresholds).toEqual([FALLBACK_AUTO_CHECKPOINT])
    ckpt.nudge()
    // Only a checkpoint writes pages into the database file: the writer here never checkpoints.
    await until(() => statSync(file).size > before + 200 * 2000, 'the checkpoint')
    ckpt.close()
    // Closed for good: no hand-back to the writer, nothing reported.
    await new Promise((r) => setTimeout(r, 50))
    expect(thresholds).toEqual([FALLBACK_AUTO_CHECKPOINT])
    expect(errors).toEqual([])
    expect((db.prepare('SELECT COUNT(*) AS n FROM t').get() as { n: number }).n).toBe(200)
  })

  it('a worker that cannot open the history hands checkpoints back to the writing connection, and says so', async () => {
    const t = tempDir('desk-ckpt-')
    cleanups.push(() => t.cleanup())
    const thresholds: number[] = []
    const errors: string[] = []
    const ckpt = startCheckpointer(join(t.dir, 'missing', 'h.sqlite'), { setAutoCheckpoint: (p) => thresholds.push(p), onError: (m) => errors.push(m) })
    cleanups.push(() => ckpt.close())
    // A worker that never comes up still settles `ready` (a listener waiting for it starts anyway).
    await ckpt.ready
    await until(() => errors.length > 0, 'the failure')
    expect(thresholds).toEqual([DEFAULT_AUTO_CHECKPOINT])
    expect(errors[0]).toMatch(/checkpoint worker/)
    ckpt.nudge() // a no-op once handed back
  })
})
