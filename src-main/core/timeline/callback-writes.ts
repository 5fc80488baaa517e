import type { Clock } from '../shared/clock.js'
import type { Db } from './db.js'
import type { DeliveryLog } from './deliveries.js'
import type { SnapshotWrites } from './snapshot-writes.js'
import type { ApplyResult, DeliveryMeta, RejectedDelivery, SettlementBatch, TimelineEntry } from './types.js'

type Group = ReadonlyArray<{ batch: SettlementBatch; meta: DeliveryMeta }>

/**
 * The callback listener's write path: each delivery's row, its batch (deduplicated by batchId) and the
 * snapshots it carries, alone or as a group in one transaction; refused deliveries and their bounded log.
 * Runs once per delivery: statements are prepared once here, and no closure is made per delivery.
 */
export interface CallbackWrites {
  /** One delivery inside the caller's transaction (a group commit runs it per delivery). */
  applyOne(batch: SettlementBatch, meta: DeliveryMeta): ApplyResult
  /** One delivery in its own transaction (`.immediate`); the caller emits its entries. */
  applyBatchTx: { immediate(batch: SettlementBatch, meta: DeliveryMeta): ApplyResult }
  /** `applyBatches`: the group in one FULL transaction, then its entries emitted. */
  applyGroup(items: Group): ApplyResult[]
  recordRejected(delivery: RejectedDelivery): void
  noteStillRefused(id: number, reason: string): void
}

export interface CallbackWriteDeps {
  clock: Clock
  deliveryLog: DeliveryLog
  applySnapshot: SnapshotWrites['applySnapshot']
  /** Refused delivery rows kept; older ones are pruned. */
  maxRejected: number
  ensureOpen(): void
  durable(): void
  emit(entries: TimelineEntry[]): void
}

export function createCallbackWrites(db: Db, deps: CallbackWriteDeps): CallbackWrites {
  const { clock, deliveryLog, applySnapshot, maxRejected, ensureOpen, durable, emit } = deps
  const stmt = {
    // The dedupe and the write in one statement: no row inserted means the batchId was stored before.
    // A delivery's body goes with its row (deliveries.ts): the batch stays a small key. A replayed refused
    // delivery's row may be pruned later with the refused ones: the body it applied stays on the batch.
    insertBatch: db.prepare(
      'INSERT INTO batches (batch_id, received_at, coupon_count, delivery_id, raw_body) VALUES (?, ?, ?, ?, ?) ON CONFLICT(batch_id) DO NOTHING',
    ),
    countRepeat: db.prepare('UPDATE batches SET repeats = repeats + 1 WHERE batch_id = ?'),
    pruneRejected: db.prepare(
      // A row whose body waits for a re-verify stays: the kept bodies have their own bounds (deliveries.ts).
      // The newest row always stays: ids are plain rowids, and removing the highest would hand its id out again.
      `DELETE FROM deliveries WHERE verdict <> 'valid' AND id <= (SELECT id FROM deliveries WHERE verdict <> 'valid' ORDER BY id DESC LIMIT 1 OFFSET ?)
        AND id NOT IN (SELECT delivery_id FROM delivery_bodies WHERE resolved = 0) AND id < (SELECT MAX(id) FROM deliveries)`,
    ),
  }

  function applyOne(batch: SettlementBatch, meta: DeliveryMeta): ApplyResult {
    const receivedAt = meta.receivedAt ?? clock.now()
    // The delivery's row first, so the batch it applies names it (a replay names its kept row).
    const deliveryId = meta.replayOf ?? deliveryLog.recordValid(batch, meta, receivedAt)
    if (Number(stmt.insertBatch.run(batch.batchId, receivedAt, batch.couponCount, deliveryId, meta.replayOf === undefined ? null : (meta.rawBody ?? null)).changes) === 0) {
      stmt.countRepeat.run(batch.batchId)
      deliveryLog.settleValid(batch, meta, deliveryId, true)
      return { processed: batch.couponCount, duplicate: true, entries: [] }
    }
    const entries: TimelineEntry[] = []
    for (const snap of batch.coupons) entries.push(...applySnapshot(snap, 'callback', batch.batchId))
    deliveryLog.settleValid(batch, meta, deliveryId, false)
    return { processed: batch.coupons.length, duplicate: false, entries }
  }
  const applyBatchTx = db.transaction(applyOne)
  const applyGroupTx = db.transaction((items: Group): ApplyResult[] => items.map(({ batch, meta }) => applyOne(batch, meta)))

  function applyGroup(items: Group): ApplyResult[] {
    ensureOpen()
    durable()
    if (items.length === 0) return []
    const results = applyGroupTx.immediate(items)
    for (const result of results) emit(result.entries)
    return results
  }

  return {
    applyOne,
    applyBatchTx,
    applyGroup,
    recordRejected(delivery) {
      ensureOpen()
      durable()
      deliveryLog.recordRejected(delivery, delivery.receivedAt ?? clock.now())
      if (delivery.verdict !== 'valid') stmt.pruneRejected.run(maxRejected)
    },
    noteStillRefused: (id, reason) => (ensureOpen(), durable(), deliveryLog.noteStillRefused(id, reason)),
  }
}
