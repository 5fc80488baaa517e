/**
 * Settlement timeline: filtered, cursor-paged query, plus the callback delivery log. New entries come
 * from main's `timeline` subscription (held while the view shows it) and are prepended when they
 * match the filters. Pages and deliveries belong to the profile (`epochRef`); after a profile switch
 * the new snapshot triggers a fresh query.
 */
import { defineStore } from 'pinia'
import { computed, reactive, ref } from 'vue'
import type { DeliveryDto, InputOf, KeptStatsDto, SkippedRowDto, TimelineEntryDto } from '../../src-shared/contract.js'
import { call, epochRef } from '../api/desk.js'
import { sharedWatch } from '../api/shared-watch.js'
import { attempt } from '../composables/errors.js'
import { rangeBounds, type TimeRange } from '../composables/time-range.js'
import { useClockStore } from './clock.js'
import { useProfilesStore } from './profiles.js'
import type { LedgerCheckDto } from '../../src-shared/contract.js'

export interface TimelineFilters {
  kind: string | null
  couponCode: string
  source: string | null
  placement: 'here' | 'elsewhere' | null
  range: TimeRange
}
import { MAX_TIMELINE_FILTER_CODES, TIMELINE_PAGE_SIZE } from '../../src-shared/vocabulary/limits.js'
export const PAGE_SIZE = TIMELINE_PAGE_SIZE

/** The coupon-code filter as typed: codes separated by spaces, commas or semicolons, each once, in order. */
export function parseCodes(text: string): string[] {
  return [...new Set(text.split(/[\s,;]+/).filter((c) => c !== ''))]
}
const MAX_LIVE_ITEMS = 2000
/** The subscription's snapshot only seeds the "since" point; pages come from `query`. */
const LIVE_SNAPSHOT = 1

export const useTimelineStore = defineStore('timeline', () => {
  const filters = reactive<TimelineFilters>({ kind: null, couponCode: '', source: null, placement: null, range: { preset: 'all', from: null, to: null } })
  const clock = useClockStore()
  const profiles = useProfilesStore()
  /** Entries one after another, or under their coupon with its net. */
  const grouping = ref<'flat' | 'coupon'>('flat')
  /** The running balance against the service's read (main's `ledger` topic); it carries the measured clock too. */
  const ledgerWatch = sharedWatch({ name: 'ledger' }, {
    snapshot: (v) => clock.observe(v?.clock ?? null),
    delta: (v) => clock.observe(v.clock),
  })
  const ledger = computed<LedgerCheckDto | null>(() => ledgerWatch.data.value)
  const checking = ref(false)
  /** The range's bounds on the history's clock, as of the last query (a preset follows the clock at each query). */
  let bounds: { from?: number; to?: number } = {}
  const items = epochRef<TimelineEntryDto[]>(() => [])
  const nextCursor = epochRef<string | null>(() => null)
  /** Damaged stored rows main left out of the pages read so far (shown as a warning, not as entries). */
  const skipped = epochRef<SkippedRowDto[]>(() => [])
  const loading = ref(false)
  const liveCount = epochRef(() => 0)
  const deliveries = epochRef<DeliveryDto[]>(() => [])
  const deliveriesCursor = epochRef<string | null>(() => null)
  /** Refused bodies kept raw for a re-verify, and how many were dropped. */
  const kept = epochRef<KeptStatsDto | null>(() => null)
  let requery = false
  const liveWatch = sharedWatch(
    { name: 'timeline', limit: LIVE_SNAPSHOT },
    {
      delta: (d) => {
        for (const e of d.entries) prepend(e)
      },
      reset: () => {
        requery = true
      },
      snapshot: () => {
        if (!requery) return
        requery = false
        void query()
      },
    },
  )
  const deliveriesLoading = ref(false)
  /** Codes of the last query's filter that have no entry at all in the history. */
  const missingCodes = epochRef<string[]>(() => [])
  /** Codes of the filter as typed, and whether there are more than one query may name. */
  const codes = computed(() => parseCodes(filters.couponCode))
  const tooManyCodes = computed(() => codes.value.length > MAX_TIMELINE_FILTER_CODES)

  function queryInput(cursor?: string): InputOf<'timeline', 'query'> {
    const input: InputOf<'timeline', 'query'> = { limit: PAGE_SIZE }
    if (filters.kind) input.kind = filters.kind
    if (filters.source) input.source = filters.source
    if (filters.placement) input.placement = filters.placement
    if (bounds.from !== undefined) input.from = bounds.from
    if (bounds.to !== undefined) input.to = bounds.to
    const list = codes.value.slice(0, MAX_TIMELINE_FILTER_CODES)
    if (list.length === 1) input.couponCode = list[0]
    else if (list.length > 1) input.couponCodes = list
    if (cursor) input.cursor = cursor
    return input
  }

  function matches(e: TimelineEntryDto): boolean {
    if (filters.kind && e.kind !== filters.kind) return false
    if (filters.source && e.source !== filters.source) return false
    if (filters.placement && (e.placedHere !== false) !== (filters.placement === 'here')) return false
    if (bounds.from !== undefined && e.at < bounds.from) return false
    if (bounds.to !== undefined && e.at > bounds.to) return false
    const list = codes.value
    if (list.length > 0 && (e.couponCode === null || !list.includes(e.couponCode))) return false
    return true
  }

  async function query(): Promise<void> {
    if (tooManyCodes.value) return
    bounds = rangeBounds(filters.range, Date.now() + clock.offsetMs(), profiles.active?.timeZone ?? 'utc', clock.offsetMs())
    loading.value = true
    try {
      const v = await attempt(() => call('timeline', 'query', queryInput()), 'timeline.query')
      if (v) {
        items.value = v.items
        nextCursor.value = v.nextCursor
        skipped.value = v.skipped ?? []
        missingCodes.value = v.missingCodes ?? []
        liveCount.value = 0
      }
    } finally {
      loading.value = false
    }
  }

  async function loadMore(): Promise<void> {
    if (!nextCursor.value || loading.value) return
    loading.value = true
    try {
      const v = await attempt(() => call('timeline', 'query', queryInput(nextCursor.value ?? undefined)), 'timeline.query')
      if (v) {
        const seen = new Set(items.value.map((x) => x.id))
        items.value = [...items.value, ...v.items.filter((x) => !seen.has(x.id))]
        nextCursor.value = v.nextCursor
        if (v.skipped?.length) skipped.value = [...skipped.value, ...v.skipped]
      }
    } finally {
      loading.value = false
    }
  }

  function resetFilters(): void {
    filters.kind = null
    filters.source = null
    filters.couponCode = ''
    filters.placement = null
    filters.range = { preset: 'all', from: null, to: null }
  }

  /** One reconciler pass and a balance read now; the card follows from the topic. */
  async function checkBalance(): Promise<void> {
    checking.value = true
    try {
      await attempt(() => call('timeline', 'checkBalance'), 'timeline.checkBalance')
    } finally {
      checking.value = false
    }
  }

  function prepend(e: TimelineEntryDto): void {
    if (!matches(e) || items.value.some((x) => x.id === e.id)) return
    if (e.couponCode) missingCodes.value = missingCodes.value.filter((c) => c !== e.couponCode)
    items.value = [e, ...items.value].slice(0, MAX_LIVE_ITEMS)
    liveCount.value++
  }

  async function loadDeliveries(more = false): Promise<void> {
    if (more && !deliveriesCursor.value) return
    deliveriesLoading.value = true
    try {
      const input: InputOf<'timeline', 'deliveries'> = { limit: PAGE_SIZE }
      if (more && deliveriesCursor.value) input.cursor = deliveriesCursor.value
      const v = await attempt(() => call('timeline', 'deliveries', input), 'timeline.deliveries')
      if (v) {
        deliveries.value = more ? [...deliveries.value, ...v.items] : v.items
        deliveriesCursor.value = v.nextCursor
        kept.value = v.kept ?? null
      }
    } finally {
      deliveriesLoading.value = false
    }
  }

  return {
    liveWatch,
    ledgerWatch,
    ledger,
    checking,
    checkBalance,
    grouping,
    liveStatus: liveWatch.status,
    liveStale: liveWatch.stale,
    filters,
    items,
    nextCursor,
    skipped,
    missingCodes,
    codes,
    tooManyCodes,
    loading,
    liveCount,
    deliveries,
    deliveriesCursor,
    kept,
    deliveriesLoading,
    query,
    loadMore,
    resetFilters,
    prepend,
    loadDeliveries,
  }
})
