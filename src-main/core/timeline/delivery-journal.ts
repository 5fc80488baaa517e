import { closeSync, existsSync, fchmodSync, fstatSync, ftruncateSync, openSync, readFileSync, unlinkSync, writeSync } from 'node:fs'
import type { DeliveryMeta, SettlementBatch } from './types.js'
import { isProcessAlive } from '../shared/process-alive.js'
import { createWalSync, type Datasync, type WalSync } from './wal-sync.js'

export type JournalItem = { batch: SettlementBatch; meta: DeliveryMeta }

/** One line of the journal: a group of deliveries, numbered in the order they were answered. */
export interface JournalRecord {
  seq: number
  items: JournalItem[]
}

/**
 * The callback listener's delivery journal, beside the history database: each group of valid
 * deliveries is appended (one write, one JSON line) before their 200 is sent, so a killed desk
 * loses nothing it acknowledged; the history store applies them on its own thread (apply-thread.ts)
 * and records the last applied `seq` in the transaction that applied it. Lines not yet applied are
 * taken up again when the history is opened (`unappliedRecords`). The file is emptied whenever
 * everything in it is applied; its sync to the disk follows a few milliseconds behind, as the WAL's does.
 */
export interface DeliveryJournal {
  readonly file: string
  /** Appends a record; returns its text, which is what the applying thread receives. */
  append(record: JournalRecord): string
  /** Syncs to the disk what was appended before the call (coalesced, off the main thread). */
  sync(): Promise<void>
  /** Empties the file: only when every record in it is applied. */
  truncate(): void
  readonly bytes: number
  close(): void
}

export const journalFileOf = (historyFile: string): string => `${historyFile}-deliveries`

export function openDeliveryJournal(file: string, datasync?: Datasync): DeliveryJournal {
  const fd = openSync(file, 'a', 0o600)
  // It holds callback bodies, like the database beside it: this user's only, whatever made it before.
  if (process.platform !== 'win32') fchmodSync(fd, 0o600)
  let bytes = fstatSync(fd).size
  const syncer: WalSync = createWalSync(file, datasync)
  let closed = false
  return {
    file,
    append(record) {
      const text = JSON.stringify(record)
      // One write of the whole line: a process killed after it returned leaves the line in the OS.
      const line = Buffer.from(text + '\n')
      try {
        for (let written = 0; written < line.length; ) written += writeSync(fd, line, written)
      } catch (error) {
        // A full disk may leave part of the line: cut it, so the records after it stay readable.
        try {
          ftruncateSync(fd, bytes)
        } catch {
          // the reader skips a line that does not parse
        }
        throw error
      }
      bytes += line.length
      return text
    },
    sync: () => syncer.sync(),
    truncate() {
      if (closed || bytes === 0) return
      ftruncateSync(fd, 0)
      bytes = 0
    },
    get bytes() {
      return bytes
    },
    close() {
      if (closed) return
      closed = true
      syncer.close()
      closeSync(fd)
    },
  }
}

/**
 * The records of a journal with a `seq` above `appliedSeq`, in order. A line that does not parse is a
 * write cut short (by a power loss, or a full disk the append could not clean up after), never
 * acknowledged since the 200 follows the whole write: it is skipped and counted. The highest seq seen
 * is returned too, so new records are numbered after it.
 */
export function unappliedRecords(file: string, appliedSeq: number): { records: JournalRecord[]; lastSeq: number; torn: number } {
  if (!existsSync(file)) return { records: [], lastSeq: appliedSeq, torn: 0 }
  const text = readFileSync(file, 'utf8')
  const records: JournalRecord[] = []
  let lastSeq = appliedSeq
  let torn = 0
  for (const line of text.split('\n')) {
    if (line === '') continue
    let record: JournalRecord
    try {
      record = JSON.parse(line) as JournalRecord
    } catch {
      torn++
      continue
    }
    if (!Number.isSafeInteger(record?.seq) || !Array.isArray(record.items)) {
      torn++
      continue
    }
    if (record.seq > lastSeq) lastSeq = record.seq
    if (record.seq > appliedSeq) records.push(record)
  }
  return { records, lastSeq, torn }
}

/**
 * The right to append to a journal (and to empty it): a lock file naming the holding process. A lock
 * left by a process that is gone is taken over. Returns its release, or null while another holds it.
 */
export function claimJournal(file: string): (() => void) | null {
  const lock = `${file}.lock`
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(lock, 'wx', 0o600)
      writeSync(fd, String(process.pid))
      closeSync(fd)
      let released = false
      return () => {
        if (released) return
        released = true
        try {
          unlinkSync(lock)
        } catch {
          // already gone
        }
      }
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
    }
    let holder = NaN
    try {
      holder = Number(readFileSync(lock, 'utf8'))
    } catch {
      // removed meanwhile: try again
    }
    if (Number.isSafeInteger(holder) && holder > 0 && isProcessAlive(holder)) return null
    try {
      unlinkSync(lock)
    } catch {
      // another process took it over first: the next attempt says who holds it
    }
  }
  return null
}
