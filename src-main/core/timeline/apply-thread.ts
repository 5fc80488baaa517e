import { createRequire } from 'node:module'
import { pathToFileURL } from 'node:url'
import { MessageChannel, receiveMessageOnPort, Worker } from 'node:worker_threads'
import type { Logger } from '../shared/log.js'
import type { ApplyThreadWorkerData, ApplyWorkerEntry, FromApplyWorker, ToApplyWorker } from './apply-protocol.js'
import type { DeliveryJournal, JournalItem } from './delivery-journal.js'
import type { ApplyResult, TimelineEntry } from './types.js'

/** The TypeScript source when running from it; null in a bundle, whose host names its own entry. */
export function sourceApplyWorker(): ApplyWorkerEntry | null {
  if (!import.meta.url.endsWith('.ts')) return null
  try {
    // The ESM build of tsx's API (`tsImport`), next to the CommonJS one require() resolves.
    const api = createRequire(import.meta.url).resolve('tsx/esm/api').replace(/\.cjs$/, '.mjs')
    return { kind: 'source', url: new URL('./apply-worker.ts', import.meta.url), tsx: pathToFileURL(api).href }
  } catch {
    return null
  }
}

// A CommonJS bootstrap run with `eval`: tsx compiles the worker's TypeScript as it is imported.
const SOURCE_BOOT = `const { workerData } = require('node:worker_threads'); import(workerData.tsx).then((api) => api.tsImport(workerData.entry, workerData.entry))`

/** How long a read waits for journaled deliveries to be applied before it goes on without them. */
export const CATCH_UP_WAIT_MS = 5000

export interface ApplyThread {
  /** Settles once the thread has its connection open and is ready (true), or failed to start (false); never rejects. */
  readonly ready: Promise<boolean>
  readonly up: boolean
  /**
   * Journals a group (one append) and hands it to the thread. The results are known before it is
   * applied: a batchId stored or still on its way is a duplicate; the entries follow once applied.
   */
  submit(items: readonly JournalItem[]): ApplyResult[]
  /** Waits until everything submitted is applied and its entries emitted (a read then sees it). */
  catchUp(): void
  /** Applies what is journaled and stops the thread (the history is closing). */
  close(): void
}

export interface ApplyThreadDeps {
  file: string
  journal: DeliveryJournal
  entry: ApplyWorkerEntry
  /** The seq after which new records are numbered. */
  lastSeq: number
  options: ApplyThreadWorkerData['options']
  emit(entries: TimelineEntry[]): void
  logger?: Logger
  /** Whether a batchId is stored (the dedupe the applying thread will meet). */
  stored(batchId: string): boolean
  /**
   * The thread is gone (failed to start or died): the caller applies what the journal holds unapplied
   * (its later deliveries are then written on the calling thread).
   */
  recover(): void
}

/** An emptied journal is cheap to keep: it is cut when idle, or at once past this size. */
const TRUNCATE_AT_BYTES = 4 * 1024 * 1024
const TRUNCATE_IDLE_MS = 1000

export function startApplyThread(deps: ApplyThreadDeps): ApplyThread {
  const { journal, entry, emit, logger } = deps
  const counters = new Int32Array(new SharedArrayBuffer(8))
  const { port1: port, port2 } = new MessageChannel()
  let lastSeq = deps.lastSeq
  let submitted = 0
  let handled = 0
  let up = false
  let gone = false
  let closing = false
  /** Records handed over after the I/O phase: waking the thread must not delay the answers written in it. */
  let outbox: string[] = []
  const post = () => {
    if (outbox.length === 0 || gone) return
    port.postMessage({ kind: 'records', texts: outbox } satisfies ToApplyWorker)
    outbox = []
  }
  let syncTimer: ReturnType<typeof setTimeout> | null = null
  let truncateTimer: ReturnType<typeof setTimeout> | null = null
  /** The batchIds of each record not applied yet, oldest first, and how many records hold each. */
  const pending: string[][] = []
  const onTheWay = new Map<string, number>()
  let markReady: (ok: boolean) => void = () => undefined
  const ready = new Promise<boolean>((resolve) => (markReady = resolve))

  const workerData: ApplyThreadWorkerData = { file: deps.file, applied: counters.buffer as SharedArrayBuffer, port: port2, options: deps.options }
  const worker =
    entry.kind === 'module'
      ? new Worker(entry.url, { workerData, transferList: [port2] })
      : new Worker(SOURCE_BOOT, { eval: true, workerData: { ...workerData, entry: entry.url.href, tsx: entry.tsx }, transferList: [port2] })
  worker.unref()

  function handle(message: FromApplyWorker): void {
    if (message.kind === 'ready') {
      up = !gone
      markReady(up)
    } else if (message.kind === 'log') {
      logger?.[message.level](message.message, message.fields)
    } else if (message.kind === 'applied') {
      for (const results of message.results) {
        handled++
        forget(pending.shift())
        for (const result of results ?? []) emit(result.entries)
      }
      if (handled === submitted) truncateWhenIdle()
    }
  }

  function truncateWhenIdle(): void {
    if (journal.bytes >= TRUNCATE_AT_BYTES) return journal.truncate()
    if (truncateTimer) return
    truncateTimer = setTimeout(() => {
      truncateTimer = null
      if (handled === submitted && !closing) journal.truncate()
    }, TRUNCATE_IDLE_MS)
    truncateTimer.unref?.()
  }
  port.on('message', handle)
  port.unref()

  function fail(reason: string): void {
    if (gone) return
    gone = true
    up = false
    markReady(false)
    logger?.error('history applying thread stopped: deliveries are applied on the main thread', { reason })
    drain()
    port.close()
    try {
      deps.recover()
    } catch (error) {
      // Still in the journal: applied when the history is next opened.
      logger?.error('history: journaled deliveries could not be applied on the main thread', { message: (error as Error)?.message })
    }
    pending.length = 0
    onTheWay.clear()
    handled = submitted
  }

  function forget(batchIds: string[] | undefined): void {
    for (const id of batchIds ?? []) {
      const left = (onTheWay.get(id) ?? 1) - 1
      if (left > 0) onTheWay.set(id, left)
      else onTheWay.delete(id)
    }
  }
  worker.on('error', (error) => fail(error.message))
  worker.on('exit', (code) => {
    if (!closing) fail(`exit ${code}`)
  })

  function drain(): void {
    for (let message = receiveMessageOnPort(port); message; message = receiveMessageOnPort(port)) handle(message.message as FromApplyWorker)
  }

  /** The journal's sync a few milliseconds behind its appends, shared by all of them (as the WAL's). */
  function syncBehind(): void {
    if (syncTimer) return
    syncTimer = setTimeout(() => {
      syncTimer = null
      journal.sync().catch((error: unknown) => logger?.error('delivery journal sync failed', { message: (error as Error)?.message }))
    }, 5)
    syncTimer.unref?.()
  }

  function catchUp(): void {
    if (handled === submitted) return
    post()
    const deadline = Date.now() + CATCH_UP_WAIT_MS
    for (;;) {
      const applied = Atomics.load(counters, 0)
      if (applied >= submitted || gone) break
      const left = deadline - Date.now()
      if (left <= 0) {
        logger?.warn('history read went on before journaled deliveries were applied', { waiting: submitted - applied })
        break
      }
      Atomics.wait(counters, 0, applied, left)
    }
    drain()
  }

  return {
    ready,
    get up() {
      return up
    },
    submit(items) {
      const seq = ++lastSeq
      const text = journal.append({ seq, items: items as JournalItem[] })
      submitted++
      outbox.push(text)
      if (outbox.length === 1) setImmediate(post)
      syncBehind()
      const ids: string[] = []
      const results = items.map(({ batch }): ApplyResult => {
        const id = batch.batchId
        const duplicate = onTheWay.has(id) || ids.includes(id) || deps.stored(id)
        ids.push(id)
        return { processed: duplicate ? batch.couponCount : batch.coupons.length, duplicate, entries: [] }
      })
      pending.push(ids)
      for (const id of ids) onTheWay.set(id, (onTheWay.get(id) ?? 0) + 1)
      return results
    },
    catchUp,
    close() {
      if (closing) return
      catchUp()
      closing = true
      if (syncTimer) clearTimeout(syncTimer)
      if (truncateTimer) clearTimeout(truncateTimer)
      if (!gone && !up) {
        // Still starting: nothing was handed to it.
        void worker.terminate()
      } else if (!gone) {
        port.postMessage({ kind: 'close' } satisfies ToApplyWorker)
        // The thread closes its connection (and syncs its WAL) before the history's is closed.
        Atomics.wait(counters, 1, 0, CATCH_UP_WAIT_MS)
        drain()
        void worker.terminate()
      }
      port.close()
      if (Atomics.load(counters, 0) >= submitted) journal.truncate()
      // What is left unapplied goes to the disk before the descriptor closes (the sync keeps one of its own).
      else journal.sync().catch((error: unknown) => logger?.error('delivery journal sync failed at close', { message: (error as Error)?.message }))
      journal.close()
    },
  }
}
