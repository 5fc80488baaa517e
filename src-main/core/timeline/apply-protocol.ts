import type { MessagePort } from 'node:worker_threads'
import type { KeptLimits } from './deliveries.js'
import type { ApplyResult } from './types.js'

/**
 * Where the applying thread's code is: the built module beside the app's main bundle (the Electron
 * host names it), or the timeline's TypeScript source, loaded through tsx (the CLI, the web bridge, tests).
 */
export type ApplyWorkerEntry = { kind: 'module'; url: URL } | { kind: 'source'; url: URL; tsx: string }

/** What the applying thread is started with (apply-thread.ts, apply-worker.ts). */
export interface ApplyThreadWorkerData {
  file: string
  /** Int32 [records applied, closed flag]: the main thread waits on it before a read (Atomics.wait). */
  applied: SharedArrayBuffer
  port: MessagePort
  /** The store options that shape what is stored (store-api.ts); plain data only (no clock, logger or callbacks). */
  options: { lostBetStatuses?: number[]; maxRejectedRows?: number; keptBodies?: Partial<KeptLimits>; clientLedger?: boolean }
}

export type ToApplyWorker = { kind: 'records'; texts: string[] } | { kind: 'close' }

export type FromApplyWorker =
  | { kind: 'ready' }
  /** One entry per record, in order; null for a record another process had applied already. */
  | { kind: 'applied'; results: Array<ApplyResult[] | null> }
  | { kind: 'log'; level: 'warn' | 'error'; message: string; fields?: Record<string, unknown> }
  | { kind: 'closed' }
