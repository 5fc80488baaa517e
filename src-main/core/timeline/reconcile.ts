import { sleepOn, systemClock, timersOf, type Clock } from '../shared/clock.js'
import { toDeskError } from '../shared/errors.js'
import type { TimelineStore } from './store.js'
import { RECALC_STATUS } from './snapshot.js'
import type { CouponSnapshot, TimelineEntry } from './types.js'

/** The two reads of the coupon client the reconciler needs, answering typed snapshots (coupons `snapshotReader`). */
export interface CouponReader {
  calculated(minutes?: number): Promise<CouponSnapshot[]>
  resultsByIds(codes: string[]): Promise<CouponSnapshot[]>
  /**
   * `coupons/active`: the one list a coupon returned for recalculation shows up in (it has no
   * `calculate_date`, so `calculated` leaves it out, and its processed result takes it off the open codes).
   */
  active?(): Promise<CouponSnapshot[]>
}

export interface ReconcilerOptions {
  store: Pick<TimelineStore, 'recordPollSnapshot' | 'openPlacedCodes' | 'markMissedCallbacks' | 'pendingConfirmations' | 'callbackTicket' | 'coupon'>
  reader: CouponReader
  clock?: Clock
  /** Period of automatic runs (on the clock's timers). Default 60000. */
  intervalMs?: number
  /** A result found by polling waits this long for its callback before "missed callback". Default 120000. */
  graceMs?: number
  /** Max codes per `results` request (spec limit 100). */
  chunkSize?: number
  /** Confirming reads: at least this long between two `results` requests (ms). Default 1000. */
  confirmGapMs?: number
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
  /** Reads the current state of every coupon owed a confirming read (order.ts), 100 ids per request. */
  confirm(): Promise<ReconcileReport>
  /** Reads these coupons' current state now (spaced like confirming reads) and applies it. */
  refresh(codes: string[]): Promise<ReconcileReport>
  /** `confirm()` soon: calls within the gap are merged into one run (one batch of reads). */
  confirmSoon(): void
  start(): void
  stop(): void
  readonly running: boolean
}

const MAX_WINDOW_MINUTES = 120

/** Codes of a list read that are returned for recalculation while the history holds another state for them. */
export function returnedCodes(list: readonly { code: string; status: number }[], held: (code: string) => { status: number | null } | null): string[] {
  return list.filter((s) => s.status === RECALC_STATUS && held(s.code)?.status !== RECALC_STATUS).map((s) => s.code)
}

export function createReconciler(options: ReconcilerOptions): Reconciler {
  const { store, reader } = options
  const clock = options.clock ?? systemClock
  const timers = timersOf(clock)
  const intervalMs = options.intervalMs ?? 60_000
  const graceMs = options.graceMs ?? 120_000
  const chunkSize = Math.min(options.chunkSize ?? 100, 100)
  const newlyReturned = (list: CouponSnapshot[]) => returnedCodes(list, (code) => store.coupon(code))
  let running = false
  let lastSuccessAt: number | null = null
  let timer: unknown = null

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
    const apply = (snap: CouponSnapshot, seenIn: 'calculated' | 'active' = 'calculated') => {
      try {
        report.entries.push(...store.recordPollSnapshot(snap, { seenIn }))
        report.polled += 1
      } catch (error) {
        report.errors.push(`snapshot: ${toDeskError(error).message}`)
      }
    }
    try {
      for (const snap of await reader.calculated(report.windowMinutes)) apply(snap)
    } catch (error) {
      ok = false
      report.errors.push(`calculated: ${toDeskError(error).message}`)
    }
    let returned: string[] = []
    if (reader.active) {
      try {
        const list = await reader.active()
        returned = newlyReturned(list)
        // Coupons of the client account the history has never met (placed elsewhere): their stake enters the ledger.
        for (const snap of list) if (store.coupon(snap.code) === null) apply(snap, 'active')
      } catch (error) {
        report.errors.push(`active: ${toDeskError(error).message}`)
      }
    }
    const before = report.errors.length
    // Read by code (with callback tickets): an active list read may be older than a callback taken in meanwhile.
    await readChunks([...new Set([...store.openPlacedCodes(), ...returned])], report, false)
    if (report.errors.some((e, i) => i >= before && e.startsWith('results:'))) ok = false
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

  const confirmGapMs = options.confirmGapMs ?? 1000
  let confirming: Promise<ReconcileReport> | null = null
  let confirmTimer: unknown = null
  let lastConfirmAt = Number.NEGATIVE_INFINITY
  let closed = false

  async function readChunks(codes: string[], report: ReconcileReport, spaced: boolean): Promise<void> {
    for (let i = 0; i < codes.length; i += chunkSize) {
      if (spaced) {
        const wait = lastConfirmAt + confirmGapMs - clock.now()
        if (wait > 0) await sleepOn(clock, wait)
        lastConfirmAt = clock.now()
      }
      try {
        const ids = codes.slice(i, i + chunkSize)
        // A callback taken in while the read was under way may be newer than the answer.
        const tickets = new Map(ids.map((code) => [code, store.callbackTicket(code)]))
        for (const snap of await reader.resultsByIds(ids)) {
          try {
            report.entries.push(...store.recordPollSnapshot(snap, { ticket: tickets.get(snap.code), seenIn: 'results' }))
            report.polled += 1
          } catch (error) {
            report.errors.push(`snapshot: ${toDeskError(error).message}`)
          }
        }
      } catch (error) {
        report.errors.push(`results: ${toDeskError(error).message}`)
      }
    }
  }

  let again = false
  function confirm(): Promise<ReconcileReport> {
    if (confirming) {
      // Asked while a run is under way (a callback came meanwhile): one more run after it.
      again = true
      return confirming
    }
    confirming = (async () => {
      const report: ReconcileReport = { skipped: false, windowMinutes: 0, polled: 0, entries: [], errors: [] }
      try {
        await readChunks(store.pendingConfirmations(), report, true)
      } catch (error) {
        report.errors.push(toDeskError(error).message)
      }
      if (report.errors.length > 0) options.onError?.(new Error(report.errors.join('; ')))
      return report
    })().finally(() => {
      confirming = null
      if (again) {
        again = false
        api.confirmSoon()
      }
    })
    return confirming
  }

  function schedule(gen: number): void {
    timer = timers.set(async () => {
      await runOnce()
      if (timer !== null && gen === generation) schedule(gen)
    }, intervalMs)
  }

  const api: Reconciler = {
    runOnce,
    confirm,
    async refresh(codes) {
      const report: ReconcileReport = { skipped: false, windowMinutes: 0, polled: 0, entries: [], errors: [] }
      await readChunks([...new Set(codes)], report, true)
      if (report.errors.length > 0) options.onError?.(new Error(report.errors.join('; ')))
      return report
    },
    confirmSoon() {
      if (confirmTimer !== null || closed) return
      confirmTimer = timers.set(() => {
        confirmTimer = null
        void confirm()
      }, Math.max(0, Math.min(confirmGapMs, lastConfirmAt + confirmGapMs - clock.now())))
    },
    start() {
      closed = false
      if (timer !== null) return
      schedule(++generation)
    },
    stop() {
      if (timer !== null) timers.clear(timer)
      timer = null
      generation += 1
      closed = true
      if (confirmTimer !== null) timers.clear(confirmTimer)
      confirmTimer = null
    },
    get running() {
      return running
    },
  }
  return api
}
