import { createRequire } from 'node:module'
import { Worker } from 'node:worker_threads'

/**
 * WAL checkpoints on a worker thread, from a second connection. A checkpoint copies the WAL into the
 * database and syncs both files (milliseconds to tens of them on a busy disk); run by the writing
 * connection it would land inside whichever commit crossed the threshold, and so inside a
 * delivery's answer. Here the main connection stops checkpointing by itself once the worker is up
 * (a far threshold stays as a safety net) and the worker checkpoints PASSIVE (never blocking the
 * writer) when nudged after writes and on its own timer. Anything going wrong on the worker hands the
 * job back to the main connection's automatic checkpoints: a WAL never grows unchecked.
 */

export interface Checkpointer {
  /** After a write: asks for a checkpoint (at most one nudge per `nudgeMs`, default 50; cheap to call per commit). */
  nudge(): void
  /** Stops the worker and closes its connection before returning (waits at most `closeWaitMs`). */
  close(): void
  /** Settles once the worker is up, or once the job went back to the main connection (never rejects). */
  readonly ready: Promise<void>
}

export interface CheckpointerOptions {
  /** Sets the main connection's automatic checkpoint threshold (pages; 0 = never). */
  setAutoCheckpoint(pages: number): void
  onError?: (message: string) => void
  nudgeMs?: number
  /** The worker's own pass, for writes that never nudge (default 1000 ms). */
  everyMs?: number
  closeWaitMs?: number
}

/** SQLite's default; what the main connection goes back to when the worker is not there. */
export const DEFAULT_AUTO_CHECKPOINT = 1000
/** With the worker up: far enough that the main connection never meets it while the worker keeps up. */
export const FALLBACK_AUTO_CHECKPOINT = 4000

// Plain CommonJS run with `eval`: the worker needs no loader or bundler to start, in tests or in the app.
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads')
const Database = require(workerData.libsql)
const db = new Database(workerData.file)
db.exec('PRAGMA busy_timeout = 5000')
const checkpoint = db.prepare('PRAGMA wal_checkpoint(PASSIVE)')
const closed = new Int32Array(workerData.closed)
const pass = () => {
  try { checkpoint.get() } catch (error) { parentPort.postMessage({ error: String(error && error.message || error) }) }
}
const timer = setInterval(pass, workerData.everyMs)
let queued = false
parentPort.on('message', (m) => {
  if (m !== 'close') {
    // Nudges that came during a pass make one more pass, not one each.
    if (!queued) { queued = true; setImmediate(() => { queued = false; pass() }) }
    return
  }
  clearInterval(timer)
  try { db.close() } finally { Atomics.store(closed, 0, 1); Atomics.notify(closed, 0); parentPort.close() }
})
parentPort.postMessage({ ready: true })
`

export function startCheckpointer(file: string, options: CheckpointerOptions): Checkpointer {
  // Each pass copies every page written since the last one once, however often it was rewritten: at a
  // storm's rate (about 13 WAL frames a delivery, most on the same few pages) a pass every 50 ms copies a
  // fraction of what one every 10 ms does, and wakes the worker, which shares the cores with the
  // senders, a fifth as often. The WAL then holds at most a few thousand frames, under the fallback threshold.
  const nudgeMs = options.nudgeMs ?? 50
  const closed = new Int32Array(new SharedArrayBuffer(4))
  let up = false
  let gone = false
  let lastNudge = 0
  let worker: Worker | null = null
  let settleReady: () => void = () => undefined
  const ready = new Promise<void>((resolve) => (settleReady = resolve))

  const handBack = (message: string) => {
    settleReady()
    if (gone) return
    gone = true
    up = false
    options.setAutoCheckpoint(DEFAULT_AUTO_CHECKPOINT)
    options.onError?.(message)
  }

  try {
    const libsql = createRequire(import.meta.url).resolve('libsql')
    worker = new Worker(WORKER_SOURCE, { eval: true, workerData: { file, libsql, closed: closed.buffer, everyMs: options.everyMs ?? 1000 } })
  } catch (error) {
    handBack(`checkpoint worker not started: ${(error as Error).message}`)
  }
  worker?.unref()
  worker?.on('message', (m: { ready?: boolean; error?: string }) => {
    if (m.ready && !gone) {
      up = true
      options.setAutoCheckpoint(FALLBACK_AUTO_CHECKPOINT)
      settleReady()
    } else if (m.error) options.onError?.(`checkpoint failed: ${m.error}`)
  })
  worker?.on('error', (error) => handBack(`checkpoint worker failed: ${error.message}`))
  worker?.on('exit', () => handBack('checkpoint worker stopped'))

  return {
    ready,
    nudge() {
      if (!up) return
      const now = Date.now()
      if (now - lastNudge < nudgeMs) return
      lastNudge = now
      worker!.postMessage('nudge')
    },
    close() {
      settleReady()
      if (!worker || gone) return
      gone = true
      const w = worker
      worker = null
      up = false
      // Also before it said ready: the message waits for it, and it may have opened its connection already.
      w.postMessage('close')
      // The store closes synchronously: the worker's connection must be closed when it returns.
      if (Atomics.wait(closed, 0, 0, options.closeWaitMs ?? 5000) === 'timed-out') void w.terminate()
    },
  }
}
