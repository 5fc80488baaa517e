import { systemClock } from '../shared/clock.js'
import type { ApplyWorkerEntry } from './apply-protocol.js'
import { startApplyThread, sourceApplyWorker, type ApplyThread } from './apply-thread.js'
import type { Db } from './db.js'
import { claimJournal, journalFileOf, openDeliveryJournal, unappliedRecords, type JournalItem, type JournalRecord } from './delivery-journal.js'
import type { GroupCommit } from './group-commit.js'
import type { JournalApply } from './journal-apply.js'
import type { TimelineStore, TimelineStoreOptions } from './store-api.js'
import type { TimelineEntry } from './types.js'

/**
 * Where the listener's deliveries are written: on the history's applying thread once a listener got
 * ready and the thread is up (journaled, then acknowledged; apply-thread.ts), otherwise by the group
 * commit on this thread. Records a killed desk left in the journal are applied when the history opens.
 */
export interface DeliveryThread {
  commitBatches: TimelineStore['commitBatches']
  prepareForDeliveries: TimelineStore['prepareForDeliveries']
  /** The store with every other call waiting first until what was acknowledged is applied. */
  waitingForThread(store: TimelineStore): TimelineStore
  close(): void
}

export interface DeliveryThreadDeps {
  options: TimelineStoreOptions
  journal: JournalApply
  durable(): void
  ensureOpen(): void
  emit(entries: TimelineEntry[]): void
  groupCommit: GroupCommit
}

/**
 * How long a listener's start waits for the thread (it loads the store's code and opens its connection:
 * 0.3-0.5 s from the TypeScript source here, less built). A start is not time-critical; until the thread
 * is up, deliveries are written on the calling thread.
 */
export const THREAD_START_WAIT_MS = 10_000

/** Calls that never wait: the write the thread serves, its own setup and teardown, subscriptions. */
const NOT_WAITING: ReadonlySet<string> = new Set(['file', 'commitBatches', 'prepareForDeliveries', 'commitJournal', 'onEntry', 'close'])

export function createDeliveryThread(file: string, db: Db, deps: DeliveryThreadDeps): DeliveryThread {
  const { options, journal, durable, ensureOpen, emit, groupCommit } = deps
  const journalFile = file === ':memory:' ? null : journalFileOf(file)
  const storedBatch = db.prepare('SELECT 1 AS found FROM batches WHERE batch_id = ?')
  const recoverTx = db.transaction((records: readonly JournalRecord[]) => journal.applyRecords(records))
  let thread: ApplyThread | null = null
  let release: (() => void) | null = null
  let recoveryFailed = false

  /** Applies the journal's unapplied records in one FULL transaction. */
  function recover(): void {
    if (!journalFile) return
    const { records, torn } = unappliedRecords(journalFile, journal.appliedSeq())
    if (torn > 0) options.logger?.warn('history: journal lines cut short were skipped (writes never acknowledged)', { lines: torn })
    if (records.length === 0) return
    durable()
    const results = recoverTx.immediate(records)
    for (const applied of results) for (const result of applied ?? []) emit(result.entries)
    options.logger?.info('history: journaled deliveries applied', { records: records.length })
  }

  if (journalFile && options.recoverJournal !== false) {
    try {
      recover()
    } catch (error) {
      // Kept in the journal for the next open; no thread appends to (or empties) it meanwhile.
      recoveryFailed = true
      options.logger?.error('history: journaled deliveries could not be applied', { message: (error as Error)?.message })
    }
  }

  function entry(): ApplyWorkerEntry | null {
    if (!journalFile || recoveryFailed || options.applyThread === false) return null
    // Those who hold the clock or the disk sync (tests) see every write where they made it.
    if (options.acknowledge === 'synced' || options.datasync || (options.clock && options.clock !== systemClock)) return null
    const mode = (db.prepare('PRAGMA journal_mode').get() as { journal_mode?: unknown } | undefined)?.journal_mode
    if (String(mode).toLowerCase() !== 'wal') return null
    return options.applyThread ?? sourceApplyWorker()
  }

  function start(where: ApplyWorkerEntry): ApplyThread | null {
    // One desk appends to a history's journal at a time; a second listener writes on its own thread.
    release = claimJournal(journalFile!)
    if (!release) return null
    try {
      recover()
      const { lastSeq } = unappliedRecords(journalFile!, journal.appliedSeq())
      const appended = openDeliveryJournal(journalFile!)
      // Everything in it is applied (just above): it starts empty.
      appended.truncate()
      return startApplyThread({
        file,
        journal: appended,
        entry: where,
        lastSeq: Math.max(lastSeq, journal.appliedSeq()),
        options: { lostBetStatuses: options.lostBetStatuses, maxRejectedRows: options.maxRejectedRows, keptBodies: options.keptBodies, clientLedger: options.clientLedger },
        emit,
        logger: options.logger,
        stored: (batchId) => storedBatch.get(batchId) !== undefined,
        recover,
      })
    } catch (error) {
      options.logger?.error('history applying thread not started: deliveries are written on the main thread', { message: (error as Error)?.message })
      release()
      release = null
      return null
    }
  }

  function prepareForDeliveries(waitMs = THREAD_START_WAIT_MS): Promise<void> {
    ensureOpen()
    if (!thread) {
      const where = entry()
      thread = where ? start(where) : null
    }
    const current = thread
    if (!current) return groupCommit.prepareForDeliveries(Math.min(waitMs, 2000))
    return upWithin(current, waitMs).then((up) => (up === false ? groupCommit.prepareForDeliveries(Math.min(waitMs, 2000)) : undefined))
  }

  /** true once up, false when it failed (it hands over for good), 'waited' when not up in time (written here until it is). */
  function upWithin(started: ApplyThread, waitMs: number): Promise<boolean | 'waited'> {
    let timer: ReturnType<typeof setTimeout> | undefined
    const waited = new Promise<'waited'>((resolve) => {
      // Kept referenced: whoever awaits the thread is not left hanging by an event loop with nothing else to do.
      timer = setTimeout(() => resolve('waited'), waitMs)
    })
    return Promise.race([started.ready, waited]).finally(() => clearTimeout(timer))
  }

  return {
    commitBatches: (items) => (thread?.up ? Promise.resolve(thread.submit(items as readonly JournalItem[])) : groupCommit.commitGroup(items)),
    prepareForDeliveries,
    waitingForThread(store) {
      const catchUp = () => thread?.catchUp()
      const waiting = Object.fromEntries(
        Object.entries(store).map(([key, value]) => [
          key,
          typeof value === 'function' && !NOT_WAITING.has(key) ? (...args: unknown[]) => (catchUp(), (value as (...a: unknown[]) => unknown)(...args)) : value,
        ]),
      ) as unknown as TimelineStore
      const attempts = store.attempts
      return {
        ...waiting,
        attempts: {
          save: (attempt) => (catchUp(), attempts.save(attempt)),
          pending: () => (catchUp(), attempts.pending()),
          get: (id) => (catchUp(), attempts.get(id)),
          settle: (id, outcome) => (catchUp(), attempts.settle(id, outcome)),
        },
      }
    },
    close() {
      thread?.close()
      thread = null
      release?.()
      release = null
    },
  }
}
