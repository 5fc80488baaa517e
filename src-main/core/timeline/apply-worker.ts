import { readlinkSync } from 'node:fs'
import { setPriority } from 'node:os'
import { workerData, type MessagePort } from 'node:worker_threads'
import type { JournalRecord } from './delivery-journal.js'
import { openTimelineStore } from './store.js'
import type { ApplyThreadWorkerData, FromApplyWorker, ToApplyWorker } from './apply-protocol.js'

// The history store's applying thread (apply-thread.ts starts it): journaled deliveries arrive as
// their journal lines; those queued while a group was written form the next group, written in one
// transaction with its own connection (group-commit.ts: WAL synced behind, checkpoints on their own
// worker). A failed group is kept and tried again (the journal still holds it): its 200 was sent.

/**
 * Applying is background work: under contention the thread that reads deliveries and answers them
 * (and serves the console) goes first. Linux only, where a thread has its own nice value; elsewhere
 * `setPriority` would renice the whole process, so nothing is changed.
 */
export const APPLY_NICE = 5
try {
  setPriority(Number(readlinkSync('/proc/thread-self').split('/').pop()), APPLY_NICE)
} catch {
  // no /proc/thread-self (not Linux) or not allowed: the thread keeps the process's priority
}

const data = workerData as ApplyThreadWorkerData
const port = data.port as MessagePort
const applied = new Int32Array(data.applied)
const log = (level: 'warn' | 'error', message: string, fields?: Record<string, unknown>) => port.postMessage({ kind: 'log', level, message, fields } satisfies FromApplyWorker)
const store = openTimelineStore(data.file, {
  ...data.options,
  applyThread: false,
  // The desk that started this thread applied what the journal held before it started.
  recoverJournal: false,
  logger: {
    debug: () => undefined,
    info: () => undefined,
    warn: (message, fields) => log('warn', message, fields as Record<string, unknown>),
    error: (message, fields) => log('error', message, fields as Record<string, unknown>),
    child() {
      return this
    },
    level: 'warn',
  },
})

let queue: JournalRecord[] = []
let writing = false
let closing = false
const RETRY_MS = [50, 250, 1000, 5000]
let failures = 0

async function writeQueued(): Promise<void> {
  writing = true
  while (queue.length > 0) {
    const group = queue
    queue = []
    try {
      const results = await store.commitJournal(group)
      failures = 0
      // The counter first: a thread waiting for it then finds these results on the port.
      port.postMessage({ kind: 'applied', results } satisfies FromApplyWorker)
      Atomics.add(applied, 0, group.length)
      Atomics.notify(applied, 0)
    } catch (error) {
      queue = group.concat(queue)
      log('error', 'history: journaled deliveries not applied yet; trying again', { message: (error as Error)?.message, records: group.length })
      await new Promise((resolve) => setTimeout(resolve, RETRY_MS[Math.min(failures++, RETRY_MS.length - 1)]))
    }
  }
  writing = false
  if (closing) finish()
}

function finish(): void {
  try {
    store.close()
  } finally {
    port.postMessage({ kind: 'closed' } satisfies FromApplyWorker)
    Atomics.store(applied, 1, 1)
    Atomics.notify(applied, 1)
    port.close()
  }
}

port.on('message', (message: ToApplyWorker) => {
  if (message.kind === 'close') {
    closing = true
    if (!writing) finish()
    return
  }
  for (const text of message.texts) queue.push(JSON.parse(text) as JournalRecord)
  // Everything that arrives in this turn joins the group.
  if (!writing) {
    writing = true
    setImmediate(() => void writeQueued())
  }
})

store
  .prepareForDeliveries()
  .catch(() => undefined)
  .finally(() => port.postMessage({ kind: 'ready' } satisfies FromApplyWorker))
