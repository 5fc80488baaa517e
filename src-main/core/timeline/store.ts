import { createAttemptLog, type AttemptLog } from './attempts.js'
import { systemClock } from '../shared/clock.js'
import { createJournalApply } from './journal-apply.js'
import { createDeliveryThread } from './delivery-thread.js'
import { DeskError } from '../shared/errors.js'
import { openDatabase, type Db } from './db.js'
import { DEFAULT_LOST_BET_STATUSES } from './derive.js'
import { createQueries } from './queries.js'
import { createFigures } from './figures.js'
import { createDeliveryLog, DEFAULT_KEPT_LIMITS } from './deliveries.js'
import { createSyncMode } from './sync-mode.js'
import { createEntryListeners } from './entry-listeners.js'
import { createSnapshotWrites } from './snapshot-writes.js'
import { createCallbackWrites } from './callback-writes.js'
import { createGroupCommit } from './group-commit.js'
import { createCouponWrites } from './coupon-writes.js'
import { createStoreReads } from './store-reads.js'
import { createAuditAndBalances } from './audit-and-balances.js'
import type { ApplyResult, TimelineEntry } from './types.js'
import type { TimelineStore, TimelineStoreOptions } from './store-api.js'
export type { CouponHistory, TimelineStore, TimelineStoreOptions } from './store-api.js'
export { SYNC_BEHIND_MS } from './group-commit.js'

/**
 * The settlement history store, composed of its parts: the callback write path (callback-writes.ts,
 * group-commit.ts), a snapshot applied to a coupon (snapshot-writes.ts), the desk's own coupon writes
 * (coupon-writes.ts), the reads (store-reads.ts), the audit log and balance reads (audit-and-balances.ts).
 * They share one connection, its sync mode (sync-mode.ts) and the subscribers (entry-listeners.ts).
 */
export function openTimelineStore(file: string, options: TimelineStoreOptions = {}): TimelineStore {
  const clock = options.clock ?? systemClock
  const lostBetStatuses = new Set(options.lostBetStatuses ?? [...DEFAULT_LOST_BET_STATUSES])
  const deriveOptions = { lostBetStatuses }
  const maxRejected = options.maxRejectedRows ?? 1000
  const db: Db = openDatabase(file)
  const kept = { ...DEFAULT_KEPT_LIMITS, ...options.keptBodies }
  const deliveryLog = createDeliveryLog(db, clock, { ...kept, maxCount: Math.min(kept.maxCount, maxRejected) })
  const q = createQueries(db)
  const figures = createFigures(db, (ids) => q.runningTotals(ids))
  let closed = false

  function ensureOpen(): void {
    if (closed) throw new DeskError('timeline_closed', 'history store is closed')
  }
  const isClosed = (): boolean => closed
  const { durable, committedOnly } = createSyncMode(db)
  const listeners = createEntryListeners(options)
  const { emit } = listeners

  const snapshots = createSnapshotWrites(db, { clock, q, options, deriveOptions })
  const { applyOne, applyBatchTx, applyGroup, recordRejected, noteStillRefused } = createCallbackWrites(db, {
    clock, deliveryLog, applySnapshot: snapshots.applySnapshot, maxRejected, ensureOpen, durable, emit,
  })
  const { placementTx, pollTx, missedTx } = createCouponWrites(db, { clock, q, writes: snapshots })
  const journal = createJournalApply(db, applyOne)
  const groupCommit = createGroupCommit(file, db, { options, applyOne, journal, applyGroup, committedOnly, ensureOpen, isClosed, emit })
  const deliveries = createDeliveryThread(file, db, { options, journal, durable, ensureOpen, emit, groupCommit })

  function run<T extends TimelineEntry[] | ApplyResult>(fn: () => T): T {
    ensureOpen()
    durable()
    const result = fn()
    emit(Array.isArray(result) ? result : result.entries)
    return result
  }

  function durableAttempts(log: AttemptLog): AttemptLog {
    return {
      save: (attempt) => (durable(), log.save(attempt)),
      pending: () => log.pending(),
      get: (id) => log.get(id),
      settle: (id, outcome) => (durable(), log.settle(id, outcome)),
    }
  }

  return deliveries.waitingForThread({
    file,
    attempts: durableAttempts(createAttemptLog(db, clock)),
    applyBatch: (batch, meta) => run(() => applyBatchTx.immediate(batch, meta)),
    applyBatches: applyGroup,
    commitBatches: deliveries.commitBatches,
    prepareForDeliveries: deliveries.prepareForDeliveries,
    commitJournal: groupCommit.commitJournal,
    recordRejected,
    noteStillRefused,
    recordPlacement: (coupons, opts = {}) => run(() => placementTx.immediate(coupons, opts)),
    recordPollSnapshot: (coupon, opts = {}) => run(() => pollTx.immediate(coupon, opts.ticket, opts.seenIn)),
    callbackTicket: (code) => (ensureOpen(), snapshots.ticketOf(code)),
    markMissedCallbacks: (graceMs, now) => run(() => missedTx.immediate(graceMs, now ?? clock.now())),
    ...createAuditAndBalances(db, { clock, q, ensureOpen, durable }),
    ...createStoreReads(db, { q, figures, deliveryLog, options, ensureOpen }),
    onEntry: listeners.add,
    close() {
      if (closed) return
      closed = true
      deliveries.close()
      listeners.clear()
      groupCommit.close()
      db.close()
    },
  })
}
