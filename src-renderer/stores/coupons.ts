/**
 * Coupons: the active list (auto-refresh with an overlap guard), recently calculated, lookup by code
 * and the coupon shown in the detail drawer. Settled coupons pushed by main update the lists.
 */
import { defineStore } from 'pinia'
import { computed, ref } from 'vue'
import type { CouponDto, TimelineEntryDto } from '../../src-shared/contract.js'
import { call, onEvent } from '../api/desk.js'
import { attempt, reportError } from '../composables/errors.js'
import { createPoller } from '../composables/usePolling.js'

export const DEFAULT_REFRESH_MS = 15_000

export const useCouponsStore = defineStore('coupons', () => {
  const active = ref<CouponDto[]>([])
  const activeAt = ref<number | null>(null)
  const calculated = ref<CouponDto[]>([])
  const calculatedMinutes = ref(5)
  const calculatedAt = ref<number | null>(null)
  const lookups = ref<CouponDto[]>([])
  const detail = ref<CouponDto | null>(null)
  const history = ref<TimelineEntryDto[]>([])
  const refreshMs = ref(DEFAULT_REFRESH_MS)
  const activeCalls = ref(0)

  /** One request at a time; the poller's guard skips ticks while one is in flight. */
  const poller = createPoller(
    async () => {
      activeCalls.value++
      const v = await call('coupons', 'active')
      active.value = v
      activeAt.value = Date.now()
    },
    refreshMs.value,
    (err) => reportError(err, 'coupons.active'),
  )
  const autoRefresh = computed(() => poller.running.value)
  const refreshing = computed(() => poller.inFlight.value)

  function refreshActive(): Promise<boolean> {
    return poller.tick()
  }
  /** The operator's choice survives leaving the view; the poller itself only runs while a view wants it. */
  const wantAuto = ref(true)
  function setAutoRefresh(on: boolean): void {
    wantAuto.value = on
    if (on) poller.start()
    else poller.stop()
  }
  function resume(): void {
    if (wantAuto.value) poller.start()
    else void poller.tick()
  }
  function pause(): void {
    poller.stop()
  }
  function setRefreshMs(ms: number): void {
    refreshMs.value = ms
    poller.setInterval(ms)
  }

  async function loadCalculated(minutes = calculatedMinutes.value): Promise<void> {
    calculatedMinutes.value = minutes
    const v = await attempt(() => call('coupons', 'calculated', { minutes }), 'coupons.calculated')
    if (v) {
      calculated.value = v
      calculatedAt.value = Date.now()
    }
  }

  async function lookup(code: string): Promise<CouponDto | undefined> {
    const trimmed = code.trim()
    if (!trimmed) return undefined
    const v = await attempt(() => call('coupons', 'get', { code: trimmed }), 'coupons.get')
    if (v) {
      lookups.value = [v, ...lookups.value.filter((c) => c.couponCode !== v.couponCode)].slice(0, 50)
      detail.value = v
      void loadHistory(v.couponCode)
    }
    return v
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
  function onSettled(c: CouponDto): void {
    // A settled coupon leaves the active list; status 15 (returned for recalculation) stays visible there.
    active.value = c.status === 15 || c.status === 0 ? replaceIn(active.value, c) : active.value.filter((x) => x.couponCode !== c.couponCode)
    calculated.value = [c, ...calculated.value.filter((x) => x.couponCode !== c.couponCode)]
    lookups.value = replaceIn(lookups.value, c)
    if (detail.value?.couponCode === c.couponCode) detail.value = c
  }
  /** Coupons just placed from the bet slip show up at once, before the next refresh. */
  function addPlaced(coupons: CouponDto[]): void {
    const codes = new Set(coupons.map((c) => c.couponCode))
    active.value = [...coupons, ...active.value.filter((x) => !codes.has(x.couponCode))]
  }

  onEvent('coupon.settled', (e) => onSettled(e.coupon))
  onEvent('profile.changed', () => {
    active.value = []
    calculated.value = []
    lookups.value = []
    close()
    activeAt.value = null
    calculatedAt.value = null
    if (poller.running.value) void poller.tick()
  })

  return {
    active,
    activeAt,
    calculated,
    calculatedMinutes,
    calculatedAt,
    lookups,
    detail,
    history,
    refreshMs,
    activeCalls,
    autoRefresh,
    wantAuto,
    resume,
    pause,
    refreshing,
    skippedTicks: poller.skipped,
    refreshActive,
    setAutoRefresh,
    setRefreshMs,
    loadCalculated,
    lookup,
    open,
    close,
    onSettled,
    addPlaced,
  }
})
