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

  /**
   * Looks up the parsed codes in one call (main splits them into the service's 100-code requests): a
   * result per code, found or not; one found coupon opens in the drawer.
   */
  async function lookupMany(entries: readonly CodeEntry[]): Promise<LookupResult[] | undefined> {
    if (entries.length === 0) return undefined
    const v = await attempt(() => call('coupons', 'resultsByIds', { codes: codesToAsk(entries) }), 'coupons.resultsByIds')
    if (!v) return undefined
    const byCode = new Map(v.map((c) => [c.couponCode, c]))
    const results = entries.map((e) => ({ ...e, coupon: byCode.get(e.code) ?? (e.padded ? byCode.get(e.typed) : undefined) ?? null }))
    const found = results.flatMap((r) => (r.coupon ? [r.coupon] : []))
    lookupResults.value = results
    lookups.value = [...found, ...lookups.value.filter((c) => !found.some((f) => f.couponCode === c.couponCode))].slice(0, 200)
    if (entries.length === 1 && found.length === 1) open(found[0]!)
    return results
  }
  /** One exact code (the timeline's coupon links): fetched and opened in the drawer. */
  async function lookup(code: string): Promise<CouponDto | undefined> {
    const trimmed = code.trim()
    if (!trimmed) return undefined
    const v = await attempt(() => call('coupons', 'get', { code: trimmed }), 'coupons.get')
    if (v) {
      lookups.value = [v, ...lookups.value.filter((c) => c.couponCode !== v.couponCode)].slice(0, 200)
      detail.value = v
      void loadHistory(v.couponCode)
    }
    return v
  }
  function clearLookup(): void {
    lookupResults.value = []
    lookups.value = []
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
    open,
    close,
    onSettled,
  }
})
