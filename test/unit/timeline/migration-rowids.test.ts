import { afterEach, describe, expect, it } from 'vitest'
import { join } from 'node:path'
import Database from 'libsql'
import { MIGRATIONS, migrate } from '../../../src-main/core/timeline/db.js'
import { openTimelineStore } from '../../../src-main/core/timeline/store.js'
import { batch, bet, coupon, settlement, tempDir } from '../../integration/callbacks/helpers.js'

type Db = InstanceType<typeof Database>

/** A history as the build before migration 7 left it: written with that build's statements. */
function historyAtSix(file: string): void {
  const db = new Database(file)
  db.exec('PRAGMA journal_mode = WAL')
  for (const step of MIGRATIONS.slice(0, 6)) db.exec(step)
  db.exec('PRAGMA user_version = 6')
  db.exec('PRAGMA foreign_keys = ON')
  const body = (id: string) => JSON.stringify(batch(id, [coupon(`00000000070${id.slice(-1)}`, 2, [bet('1', 1)], { real_win: 5 })]))
  const insertBatch = db.prepare('INSERT INTO batches (batch_id, received_at, coupon_count, raw_body) VALUES (?, ?, 1, ?)')
  // b-0 came before deliveries were logged: a batch with no delivery row.
  for (const id of ['b-0', 'b-1', 'b-2']) insertBatch.run(id, 1000, body(id))
  const delivery = db.prepare(`INSERT INTO deliveries (batch_id, received_at, verdict, raw_size, answer_status, coupon_count, duplicate, note, headers)
    VALUES (?, ?, ?, 10, ?, ?, ?, ?, '[]')`)
  delivery.run('b-1', 1001, 'valid', 200, 1, 0, null) // 1: applied b-1
  delivery.run('b-1', 1002, 'valid', 200, 1, 1, 'duplicate batchId') // 2: a repeat
  delivery.run(null, 1003, 'forged', 401, null, 0, 'signature_mismatch') // 3: refused, body kept
  db.prepare("INSERT INTO delivery_bodies (delivery_id, body, bytes) VALUES (3, x'7b7d', 2)").run()
  delivery.run('b-2', 1004, 'valid', 200, 1, 0, null) // 4: applied b-2
  delivery.run('b-1', 1005, 'valid', 200, 1, 1, 'duplicate batchId') // 5: another repeat
  const entry = db.prepare(`INSERT INTO timeline (at, kind, coupon_code, source, status, batch_id, grp, data) VALUES (?, 'settled', ?, 'callback', 2, ?, ?, ?)`)
  entry.run(1001, '000000000701', 'b-1', '000000000701', JSON.stringify({ realWin: 5, ledger: { kind: 'credit', amount: 5 } }))
  entry.run(1004, '000000000702', 'b-2', '000000000702', JSON.stringify({ realWin: 5, ledger: { kind: 'credit', amount: 5 } }))
  const version = db.prepare(`INSERT INTO coupon_versions (code, version, source, batch_id, status, observed_at, raw) VALUES (?, 1, 'callback', ?, 2, ?, '{}')`)
  version.run('000000000701', 'b-1', 1001)
  version.run('000000000702', 'b-2', 1004)
  db.close()
}

const schemaOf = (db: Db, name: string) => String((db.prepare('SELECT sql FROM sqlite_schema WHERE name = ?').get(name) as { sql?: string } | undefined)?.sql ?? '')

describe('migration 7: plain rowids, and a batch that is a small key naming the delivery that applied it', () => {
  const dirs: Array<{ cleanup(): void }> = []
  afterEach(() => dirs.splice(0).forEach((d) => d.cleanup()))
  const fresh = () => {
    const d = tempDir('desk-mig7-')
    dirs.push(d)
    return join(d.dir, 'timeline.sqlite')
  }

  it('keeps every row and id of an existing history, kept bodies included; the dedupe, the inspector links and new ids carry on', () => {
    const file = fresh()
    historyAtSix(file)
    const store = openTimelineStore(file)
    try {
      const db = new Database(file)
      try {
        expect(Number((db.prepare('PRAGMA user_version').get() as { user_version: number }).user_version)).toBe(MIGRATIONS.length)
        for (const table of ['timeline', 'coupon_versions', 'deliveries']) expect(schemaOf(db, table)).not.toMatch(/AUTOINCREMENT/i)
        expect(schemaOf(db, 'deliveries_batch')).toBe('')
        expect(schemaOf(db, 'batches')).toMatch(/WITHOUT ROWID/)
        expect(schemaOf(db, 'timeline_coupon')).toMatch(/coupon_code, id/)
        expect(schemaOf(db, 'timeline_at')).toMatch(/at, id/)
        expect(db.prepare('SELECT id FROM deliveries ORDER BY id').all().map((r) => (r as { id: number }).id)).toEqual([1, 2, 3, 4, 5])
        // The refused body referencing delivery 3 survived the rebuild of deliveries (no cascade).
        expect(db.prepare('SELECT delivery_id, bytes FROM delivery_bodies').all()).toEqual([{ delivery_id: 3, bytes: 2 }])
        expect(db.prepare('SELECT batch_id, delivery_id, repeats FROM batches ORDER BY batch_id').all()).toEqual([
          { batch_id: 'b-0', delivery_id: null, repeats: 0 },
          { batch_id: 'b-1', delivery_id: 1, repeats: 2 },
          { batch_id: 'b-2', delivery_id: 4, repeats: 0 },
        ])
        expect(db.prepare('SELECT id, coupon_code FROM timeline ORDER BY id').all()).toEqual([{ id: 1, coupon_code: '000000000701' }, { id: 2, coupon_code: '000000000702' }])
        expect(db.prepare('SELECT code, version FROM coupon_versions ORDER BY id').all()).toEqual([{ code: '000000000701', version: 1 }, { code: '000000000702', version: 1 }])
      } finally {
        db.close()
      }
      expect(store.deliveryOfBatch('b-1')).toBe(1)
      // A batch written before keeps its body: an old delivery still shows what was applied.
      expect(store.delivery(1)).toMatchObject({ firstDeliveryId: 1, repeats: 2, payloadSource: 'batch', payload: expect.stringContaining('"batchId":"b-1"') })
      expect(store.keptDeliveries().map((k) => k.id)).toEqual([3])

      // An old batch is still a duplicate, counted on its batch; a new one gets the next id and is named by its batch.
      const meta = { rawSize: 10 }
      expect(store.applyBatch(settlement(batch('b-0', [coupon('000000000700', 2, [bet('1', 1)])])), meta).duplicate).toBe(true)
      expect(store.applyBatch(settlement(batch('b-1', [coupon('000000000701', 2, [bet('1', 1)])])), meta).duplicate).toBe(true)
      expect(store.delivery(1)).toMatchObject({ repeats: 3 })
      const wire = batch('b-3', [coupon('000000000703', 2, [bet('1', 1)], { real_win: 5 })])
      const applied = store.applyBatch(settlement(wire), { rawSize: 10, rawBody: JSON.stringify(wire) })
      expect(applied.duplicate).toBe(false)
      expect(store.deliveryOfBatch('b-3')).toBe(8)
      expect(store.delivery(8)).toMatchObject({ batchId: 'b-3', duplicate: false, firstDeliveryId: 8, repeats: 0, payload: JSON.stringify(wire), payloadSource: 'batch' })
      expect(store.delivery(7)).toMatchObject({ batchId: 'b-1', duplicate: true, note: 'duplicate batchId', firstDeliveryId: 1 })
      // A repeat of the new batch keeps no body of its own and shows the applied one.
      expect(store.applyBatch(settlement(wire), { rawSize: 10, rawBody: JSON.stringify(wire) + ' ' }).duplicate).toBe(true)
      expect(store.delivery(9)).toMatchObject({ duplicate: true, payload: JSON.stringify(wire) })
      expect(applied.entries[0].id).toBe(3)
    } finally {
      store.close()
    }
  })

  it('a step that would break references is rolled back whole; foreign keys are on again after it', () => {
    const file = fresh()
    historyAtSix(file)
    const db = new Database(file)
    db.exec('PRAGMA foreign_keys = ON')
    try {
      const breaking = [...MIGRATIONS.slice(0, 6), 'CREATE TABLE d2 (id INTEGER PRIMARY KEY); DROP TABLE deliveries; ALTER TABLE d2 RENAME TO deliveries;']
      expect(() => migrate(db, breaking)).toThrow(/migration 7/)
      expect(Number((db.prepare('PRAGMA user_version').get() as { user_version: number }).user_version)).toBe(6)
      expect((db.prepare('SELECT COUNT(*) AS n FROM deliveries').get() as { n: number }).n).toBe(5)
      expect(schemaOf(db, 'deliveries')).toMatch(/AUTOINCREMENT/)
      expect(Number((db.prepare('PRAGMA foreign_keys').get() as { foreign_keys: number }).foreign_keys)).toBe(1)
    } finally {
      db.close()
    }
  })

  it('the prune of refused rows never removes the newest delivery, so its id is never handed out again', () => {
    const file = fresh()
    const store = openTimelineStore(file, { maxRejectedRows: 0 })
    try {
      const refuse = () => store.recordRejected({ rawSize: 1, answerStatus: 401, verdict: 'forged', note: 'signature_mismatch' })
      refuse()
      refuse()
      expect(store.deliveries().items.map((d) => d.id)).toEqual([2])
      store.applyBatch(settlement(batch('b-9', [coupon('000000000709', 2, [bet('1', 1)])])), { rawSize: 1 })
      expect(store.deliveries().items.map((d) => d.id)).toEqual([3, 2])
    } finally {
      store.close()
    }
  })
})
