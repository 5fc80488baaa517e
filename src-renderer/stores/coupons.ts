/**
 * Coupons: the active list (main's `coupons.active` subscription, held while a view shows it),
 * recently calculated, lookup by code or by a pasted list and the coupon shown in the detail drawer.
 * The last four are one-off calls whose state belongs to the profile (`epochRef`: cleared when the
 * epoch changes).
 */
import { defineStore } from 'pinia'
import { computed } from 'vue'
import type { CouponDto, TimelineEntryDto } from '../../src-shared/contract.js'
import { call, epochRef, onEvent } from '../api/desk.js'
import { sharedWatch } from '../api/shared-watch.js'
import { attempt } from '../composables/errors.js'
import { codesToAsk, type CodeEntry } from '../composables/coupon-codes.js'
import { periodWindows, runSteps, type StepProgress } from '../composables/stepped-lookup.js'
import { MAX_CODES_PER_VENDOR_REQUEST } from '../../src-shared/vocabulary/limits.js'

/** Coupons a lookup keeps in its tab (older ones drop off first). */
const MAX_KEPT_LOOKUPS = 50_000

/** Minutes of "recently calculated" until the operator picks another window (the service's own default, 5, lets coupons drop out while read). */
export const DEFAULT_CALCULATED_MINUTES = 60

/** One looked-up code: what was typed, the code asked for, and the coupon when the service has it. */
export interface LookupResult extends CodeEntry {
  coupon: CouponDto | null
}

export const useCouponsStore = defineStore('coupons', () => {
  const activeWatch = sharedWatch({ name: 'coupons.active' })
  const active = computed<CouponDto[]>(() => activeWatch.data.value ?? [])
  const activeAt = computed(() => activeWatch.status.value.at)
  const activeLoading = computed(() => activeWatch.status.value.active && activeWatch.data.value === null && activeWatch.status.value.error === null)

  const calculated = epochRef<CouponDto[]>(() => [])
  const calculatedMinutes = epochRef(() => DEFAULT_CALCULATED_MINUTES)
  const calculatedAt = epochRef<number | null>(() => null)
  const lookups = epochRef<CouponDto[]>(() => [])
  const lookupResults = epochRef<LookupResult[]>(() => [])
  const detail = epochRef<CouponDto | null>(() => null)
  const history = epochRef<TimelineEntryDto[]>(() => [])

  async function loadCalculated(minutes = calculatedMinutes.value): Promise<void> {
    calculatedMinutes.value = minutes
    const v = await attempt(() => call('coupons', 'calculated', { minutes }), 'coupons.calculated')
    if (v) {
      calculated.value = v
      calculatedAt.value = Date.now()
    }
  }

  /** The lookup running now (a pasted list or a period): its steps done, and a way to stop it. */
  const progress = epochRef<StepProgress | null>(() => null)
  let running: { cancel: () => void } | null = null
  function cancelLookup(): void {
    running?.cancel()
  }
  function keep(found: CouponDto[], into: CouponDto[]): CouponDto[] {
    const codes = new Set(found.map((c) => c.couponCode))
    return [...found, ...into.filter((c) => !codes.has(c.couponCode))].slice(0, MAX_KEPT_LOOKUPS)
  }

  /**
   * Looks up the parsed codes, any number of them, in steps of the service's own request size so the
   * operator sees progress and may stop: a result per code, found or not; one found coupon opens.
   */
  async function lookupMany(entries: readonly CodeEntry[]): Promise<LookupResult[] | undefined> {
    if (entries.length === 0) return undefined
    cancelLookup()
    const steps: CodeEntry[][] = []
    for (let i = 0; i < entries.length; i += MAX_CODES_PER_VENDOR_REQUEST) steps.push(entries.slice(i, i + MAX_CODES_PER_VENDOR_REQUEST))
    const byCode = new Map<string, CouponDto>()
    const run = runSteps(
      'codes',
      steps,
      async (step) => {
        const v = await attempt(() => call('coupons', 'resultsByIds', { codes: codesToAsk(step) }), 'coupons.resultsByIds')
        if (!v) return false
        for (const c of v) byCode.set(c.couponCode, c)
        return v.length
      },
      (p) => (progress.value = p),
    )
    running = run
    const outcome = await run.done
    if (running === run) running = null
    const done = entries.slice(0, outcome.done * MAX_CODES_PER_VENDOR_REQUEST)
    if (done.length === 0) return undefined
    const results = done.map((e) => ({ ...e, coupon: byCode.get(e.code) ?? (e.padded ? byCode.get(e.typed) : undefined) ?? null }))
    const found = results.flatMap((r) => (r.coupon ? [r.coupon] : []))
    lookupResults.value = results
    lookups.value = keep(found, lookups.value)
    if (entries.length === 1 && found.length === 1) open(found[0]!)
    return results
  }

  /** Coupons created in [from, to]: one request per window the service allows (24 h), with progress; stoppable. */
  const period = epochRef<CouponDto[]>(() => [])
  const periodAsked = epochRef<{ from: number; to: number } | null>(() => null)
  async function lookupPeriod(from: number, to: number): Promise<boolean> {
    cancelLookup()
    const windows = periodWindows(from, to)
    if (windows.length === 0) return false
    period.value = []
    periodAsked.value = { from, to }
    const run = runSteps(
      'period',
      windows,
      async (w) => {
        const v = await attempt(() => call('coupons', 'resultsByPeriod', { from: w.from, to: w.to }), 'coupons.resultsByPeriod')
        if (!v) return false
        period.value = keep(v, period.value)
        return v.length
      },
      (p) => (progress.value = p),
    )
    running = run
    const outcome = await run.done
    if (running === run) running = null
    return outcome.done > 0
  }

  /** One exact code (the timeline's coupon links): fetched and opened in the drawer. */
  async function lookup(code: string): Promise<CouponDto | undefined> {
    const trimmed = code.trim()
    if (!trimmed) return undefined
    const v = await attempt(() => call('coupons', 'get', { code: trimmed }), 'coupons.get')
    if (v) {
      lookups.value = keep([v], lookups.value)
      detail.value = v
      void loadHistory(v.couponCode)
    }
    return v
  }
  function clearLookup(): void {
    lookupResults.value = []
    lookups.value = []
  }
  function clearPeriod(): void {
    period.value = []
    periodAsked.value = null
  }

  async function loadHistory(code: string): Promise<void> {
    history.value = []
    const v = await attempt(() => call('timeline', 'couponHistory', { code }), 'timeline.couponHistory')
    if (v && detail.value?.couponCode === code) history.value = v
  }

  function open(c: CouponDto): void {
    detail.value = c
    void loadHistory(c.couponCode)
  }
  function close(): void {
    detail.value = null
    history.value = []
  }

  function replaceIn(list: CouponDto[], c: CouponDto): CouponDto[] {
    return list.map((x) => (x.couponCode === c.couponCode ? c : x))
  }
  /** The active list learns of a settlement from main's delta; the one-off lists from this event. */
  function onSettled(c: CouponDto): void {
    calculated.value = [c, ...calculated.value.filter((x) => x.couponCode !== c.couponCode)]
    lookups.value = replaceIn(lookups.value, c)
    period.value = replaceIn(period.value, c)
    lookupResults.value = lookupResults.value.map((r) => (r.coupon?.couponCode === c.couponCode ? { ...r, coupon: c } : r))
    if (detail.value?.couponCode === c.couponCode) detail.value = c
  }

  onEvent('coupon.settled', (e) => onSettled(e.coupon))

  return {
    activeWatch,
    active,
    activeAt,
    activeLoading,
    activeStatus: activeWatch.status,
    activeStale: activeWatch.stale,
    /** Hold the active-coupons subscription (returns the release). */
    watchActive: () => activeWatch.acquire(),
    calculated,
    calculatedMinutes,
    calculatedAt,
    lookups,
    lookupResults,
    clearLookup,
    detail,
    history,
    loadCalculated,
    lookup,
    lookupMany,
    lookupPeriod,
    period,
    periodAsked,
    clearPeriod,
    progress,
    cancelLookup,
    open,
    close,
    onSettled,
  }
})
