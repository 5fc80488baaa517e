import { startCheckpointer, type Checkpointer } from './checkpointer.js'
import type { Db } from './db.js'
import type { TimelineStoreOptions } from './store-api.js'
import type { ApplyResult, DeliveryMeta, SettlementBatch, TimelineEntry } from './types.js'
import { createWalSync } from './wal-sync.js'
import type { JournalRecord } from './delivery-journal.js'
import type { JournalApply } from './journal-apply.js'

type Group = ReadonlyArray<{ batch: SettlementBatch; meta: DeliveryMeta }>

/** How long an acknowledged group waits for its WAL sync to start (acknowledge: 'committed'). */
export const SYNC_BEHIND_MS = 5

/**
 * `commitBatches`: a group of deliveries committed with `synchronous = NORMAL` and its WAL synced off the
 * main thread (wal-sync.ts), with the checkpoint worker (checkpointer.ts) that keeps checkpoints out of
 * the deliveries' answers. Without a WAL (`:memory:`, another journal mode) it is `applyBatches`.
 */
export interface GroupCommit {
  commitGroup(items: Group): Promise<ApplyResult[]>
  /** Journal records in one group commit (the applying thread's write; acknowledged long before). */
  commitJournal(records: readonly JournalRecord[]): Promise<Array<ApplyResult[] | null>>
  prepareForDeliveries(waitMs?: number): Promise<void>
  /** Stops the checkpoint worker and starts the sync still to come; before the database closes. */
  close(): void
}

export interface GroupCommitDeps {
  options: Pick<TimelineStoreOptions, 'datasync' | 'acknowledge' | 'logger'>
  applyOne(batch: SettlementBatch, meta: DeliveryMeta): ApplyResult
  journal: JournalApply
  /** The FULL path, taken when there is no WAL to sync. */
  applyGroup(items: Group): ApplyResult[]
  committedOnly(): void
  ensureOpen(): void
  isClosed(): boolean
  emit(entries: TimelineEntry[]): void
}

export function createGroupCommit(file: string, db: Db, deps: GroupCommitDeps): GroupCommit {
  const { options, applyOne, journal, applyGroup, committedOnly, ensureOpen, isClosed, emit } = deps
  const inWal = file !== ':memory:' && String((db.prepare('PRAGMA journal_mode').get() as { journal_mode?: unknown } | undefined)?.journal_mode).toLowerCase() === 'wal'
  const walSync = inWal ? createWalSync(`${file}-wal`, options.datasync) : null
  const acknowledge = options.acknowledge ?? 'committed'
  // Prepared once: a group commit runs once per delivery when a sender waits for each answer.
  const groupStmt = {
    begin: db.prepare('BEGIN IMMEDIATE'),
    commit: db.prepare('COMMIT'),
    rollback: db.prepare('ROLLBACK'),
  }

  /** The group's transaction, committed with `synchronous = NORMAL`: its WAL frames are written (in the OS), not yet synced. */
  function writeGroup<T>(write: () => T): T {
    committedOnly()
    groupStmt.begin.run()
    let results: T
    try {
      results = write()
      groupStmt.commit.run()
    } catch (error) {
      if (db.inTransaction) groupStmt.rollback.run()
      throw error
    }
    return results
  }

  /** Started by the first group commit: only a listener writes often enough to feel a checkpoint inside a commit. */
  let checkpointer: Checkpointer | null = null
  function checkpoints(): Checkpointer {
    checkpointer ??= startCheckpointer(file, {
      setAutoCheckpoint: (pages) => {
        if (!isClosed()) db.exec(`PRAGMA wal_autocheckpoint = ${Math.trunc(pages)}`)
      },
      onError: (message) => options.logger?.warn('history checkpoint worker', { message }),
    })
    return checkpointer
  }

  /** The checkpoint worker is woken after the answers of this turn are written, not before: it would compete with them for a core. */
  let nudgeQueued = false
  function nudgeAfterAnswers(): void {
    if (nudgeQueued) return
    nudgeQueued = true
    setImmediate(() => {
      nudgeQueued = false
      if (!isClosed()) checkpoints().nudge()
    })
  }

  /**
   * The sync nobody waits for starts a few milliseconds after the commit that asked for it, and serves
   * every commit made meanwhile: one sync per burst rather than one per delivery (each costs a thread
   * and a disk flush on a machine with two cores). A failure is never silent.
   */
  let syncTimer: ReturnType<typeof setTimeout> | null = null
  function syncBehind(): void {
    if (syncTimer) return
    syncTimer = setTimeout(() => {
      syncTimer = null
      walSync!.sync().catch((error: unknown) => options.logger?.error('history WAL sync failed after a group was acknowledged', { message: (error as Error)?.message }))
    }, SYNC_BEHIND_MS)
    syncTimer.unref?.()
  }

  async function commitGroup(items: Group): Promise<ApplyResult[]> {
    if (!walSync) return applyGroup(items)
    ensureOpen()
    if (items.length === 0) return []
    // Every other write (placements, audit, polls) keeps FULL.
    const results = writeGroup(() => items.map(({ batch, meta }) => applyOne(batch, meta)))
    nudgeAfterAnswers()
    if (acknowledge === 'synced') await walSync.sync()
    else syncBehind()
    for (const result of results) emit(result.entries)
    return results
  }

  async function commitJournal(records: readonly JournalRecord[]): Promise<Array<ApplyResult[] | null>> {
    ensureOpen()
    const results = walSync ? writeGroup(() => journal.applyRecords(records)) : applyJournalFull(records)
    if (walSync) {
      nudgeAfterAnswers()
      syncBehind()
    }
    for (const group of results) for (const result of group ?? []) emit(result.entries)
    return results
  }

  function applyJournalFull(records: readonly JournalRecord[]): Array<ApplyResult[] | null> {
    groupStmt.begin.run()
    try {
      const results = journal.applyRecords(records)
      groupStmt.commit.run()
      return results
    } catch (error) {
      if (db.inTransaction) groupStmt.rollback.run()
      throw error
    }
  }

  return {
    commitGroup,
    commitJournal,
    prepareForDeliveries(waitMs = 2000) {
      ensureOpen()
      if (!walSync) return Promise.resolve()
      // Started here, not by the first delivery: its spawn and warm-up (tens of ms of CPU) and the main
      // connection's own checkpoints until it is up would otherwise fall on the first deliveries' answers.
      const ready = checkpoints().ready
      let timer: ReturnType<typeof setTimeout> | undefined
      const waited = new Promise<void>((resolve) => {
        timer = setTimeout(resolve, waitMs)
        timer.unref?.()
      })
      return Promise.race([ready, waited]).finally(() => clearTimeout(timer))
    },
    close() {
      checkpointer?.close()
      if (syncTimer) {
        // The sync still to come starts now (it keeps its own descriptor past the close).
        clearTimeout(syncTimer)
        syncTimer = null
        walSync?.sync().catch((error: unknown) => options.logger?.error('history WAL sync failed at close', { message: (error as Error)?.message }))
      }
      walSync?.close()
    },
  }
}
