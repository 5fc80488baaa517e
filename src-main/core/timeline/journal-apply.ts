import type { Db } from './db.js'
import type { JournalRecord } from './delivery-journal.js'
import type { ApplyResult, DeliveryMeta, SettlementBatch } from './types.js'

/**
 * Journal records applied inside the caller's transaction, with the last applied `seq` written in it:
 * a record at or below the stored seq was applied before (by this desk's applying thread, or by a
 * history opened after a crash) and is skipped, so a record is applied once whoever reads the journal.
 */
export interface JournalApply {
  appliedSeq(): number
  /** One entry per record: its deliveries' results, or null when it was applied before. */
  applyRecords(records: readonly JournalRecord[]): Array<ApplyResult[] | null>
}

export function createJournalApply(db: Db, applyOne: (batch: SettlementBatch, meta: DeliveryMeta) => ApplyResult): JournalApply {
  const stmt = {
    get: db.prepare('SELECT seq FROM journal_applied WHERE id = 1'),
    set: db.prepare('INSERT INTO journal_applied (id, seq) VALUES (1, ?) ON CONFLICT(id) DO UPDATE SET seq = excluded.seq'),
  }
  const appliedSeq = (): number => Number((stmt.get.get() as { seq?: unknown } | undefined)?.seq ?? 0)
  return {
    appliedSeq,
    applyRecords(records) {
      const before = appliedSeq()
      let last = before
      const results = records.map((record) => {
        if (record.seq <= before) return null
        if (record.seq > last) last = record.seq
        return record.items.map(({ batch, meta }) => applyOne(batch, meta))
      })
      if (last > before) stmt.set.run(last)
      return results
    },
  }
}
