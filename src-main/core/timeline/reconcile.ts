import { systemClock, type Clock } from '../shared/clock.js'
import { toDeskError } from '../shared/errors.js'
import type { TimelineStore } from './store.js'
import type { TimelineEntry } from './types.js'

/** The two read methods of the coupon client the reconciler needs. */
export interface CouponReader {
  calculated(minutes?: number): Promise<unknown[]>
  resultsByIds(codes: string[]): Promise<unknown[] | { coupons: unknown[] }>
}

export interface ReconcilerOptions {
  store: Pick<TimelineStore, 'recordPollSnapshot' | 'openPlacedCodes' | 'markMissedCallbacks'>
  reader: CouponReader
  clock?: Clock
  /** Period of automatic runs (real time). Default 60000. */
  intervalMs?: number
  /** A result found by polling waits this long for its callback before "missed callback". Default 120000. */
  graceMs?: number
  /** Max codes per `results` request (spec limit 100). */
  chunkSize?: number
  onError?: (error: Error) => void
}

export interface ReconcileReport {
  skipped: boolean
  windowMinutes: number
  polled: number
  entries: TimelineEntry[]
  errors: string[]
}

export interface Reconciler {
  /** One pass; a pass started while another runs is skipped (overlap guard). */
  runOnce(): Promise<ReconcileReport>
  start(): void
  stop(): void
  readonly running: boolean
}

const MAX_WINDOW_MINUTES = 120

export function createReconciler(options: ReconcilerOptions): Reconciler {
  const { store, reader } = options
  const clock = options.clock ?? systemClock
  const intervalMs = options.intervalMs ?? 60_000
  const graceMs = options.graceMs ?? 120_000
  const chunkSize = Math.min(options.chunkSize ?? 100, 100)
  let running = false
  let lastSuccessAt: number | null = null
  let timer: NodeJS.Timeout | null = null

  /** Window of `calculated`: everything since the last successful pass (plus a minute), at most 120. */
  function windowMinutes(now: number): number {
    if (lastSuccessAt === null) return MAX_WINDOW_MINUTES
    const minutes = Math.ceil((now - lastSuccessAt) / 60_000) + 1
    return Math.min(MAX_WINDOW_MINUTES, Math.max(minutes, Math.ceil(intervalMs / 60_000) + 1))
  }

  async function pass(report: ReconcileReport): Promise<void> {
    const startedAt = clock.now()
    report.windowMinutes = windowMinutes(startedAt)
    let ok = true
    const apply = (coupon: unknown) => {
      try {
        report.entries.push(...store.recordPollSnapshot(coupon))
        report.polled += 1
      } catch (error) {
        report.errors.push(`snapshot: ${toDeskError(error).message}`)
      }
    }
    try {
      for (const coupon of await reader.calculated(report.windowMinutes)) apply(coupon)
    } catch (error) {
      ok = false
      report.errors.push(`calculated: ${toDeskError(error).message}`)
    }
    const codes = store.openPlacedCodes()
    for (let i = 0; i < codes.length; i += chunkSize) {
      try {
        const answer = await reader.resultsByIds(codes.slice(i, i + chunkSize))
        for (const coupon of Array.isArray(answer) ? answer : answer.coupons) apply(coupon)
      } catch (error) {
        ok = false
        report.errors.push(`results: ${toDeskError(error).message}`)
      }
    }
    report.entries.push(...store.markMissedCallbacks(graceMs, clock.now()))
    if (ok) lastSuccessAt = startedAt
  }

  async function runOnce(): Promise<ReconcileReport> {
    const report: ReconcileReport = { skipped: false, windowMinutes: 0, polled: 0, entries: [], errors: [] }
    if (running) return { ...report, skipped: true }
    running = true
    try {
      await pass(report)
    } catch (error) {
      report.errors.push(toDeskError(error).message)
    } finally {
      running = false
    }
    if (report.errors.length > 0) options.onError?.(new Error(report.errors.join('; ')))
    return report
  }

  // Each start() begins a new loop generation; a pass still running from an earlier generation
  // (stop+start while it awaited a read) ends its loop instead of scheduling a second one.
  let generation = 0

  function schedule(gen: number): void {
    timer = setTimeout(async () => {
      await runOnce()
      if (timer && gen === generation) schedule(gen)
    }, intervalMs)
    timer.unref?.()
  }

  return {
    runOnce,
    start() {
      if (timer) return
      schedule(++generation)
    },
    stop() {
      if (timer) clearTimeout(timer)
      timer = null
      generation += 1
    },
    get running() {
      return running
    },
  }
}
