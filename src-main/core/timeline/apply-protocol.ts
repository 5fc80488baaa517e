import type { MessagePort } from 'node:worker_threads'
import type { TimelineStoreOptions } from './store-api.js'
import type { ApplyResult } from './types.js'

/** What the applying thread is started with (apply-thread.ts, apply-worker.ts). */
export interface ApplyThreadWorkerData {
  file: string
  /** Int32 [records applied, closed flag]: the main thread waits on it before a read (Atomics.wait). */
  applied: SharedArrayBuffer
  port: MessagePort
  /** The options that shape what is stored; plain data only (no clock, logger or callbacks). */
  options: Pick<TimelineStoreOptions, 'lostBetStatuses' | 'maxRejectedRows' | 'keptBodies' | 'clientLedger'>
}

export type ToApplyWorker = { kind: 'records'; texts: string[] } | { kind: 'close' }

export type FromApplyWorker =
  | { kind: 'ready' }
  /** One entry per record, in order; null for a record another process had applied already. */
  | { kind: 'applied'; results: Array<ApplyResult[] | null> }
  | { kind: 'log'; level: 'warn' | 'error'; message: string; fields?: Record<string, unknown> }
  | { kind: 'closed' }
