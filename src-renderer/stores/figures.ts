/**
 * Money figures of the profile's history: settled P&L per day and sport, and the balance history behind
 * the chart. One-off reads of main's history, read again (at most once a second) when a settlement
 * arrives or the balance moves, while a view holds them (`hold`).
 */
import { defineStore } from 'pinia'
import { ref, watch } from 'vue'
import type { BalanceHistoryDto, PnlDto } from '../../src-shared/contract.js'
import { call, epochRef, onEvent } from '../api/desk.js'
import { attempt } from '../composables/errors.js'
import { useBalanceStore } from './balance.js'
import { useProfilesStore } from './profiles.js'

export type PnlRange = '7d' | '30d' | 'all'
export type ChartRange = '24h' | '7d' | 'all'
const DAY = 86_400_000
const SPAN: Record<PnlRange | ChartRange, number | null> = { '24h': DAY, '7d': 7 * DAY, '30d': 30 * DAY, all: null }
const REFRESH_MS = 1000

/** The zone whose days group the P&L: the profile's (UTC, or this machine's zone when it shows local time). */
export function pnlZone(zone: 'utc' | 'local'): string {
  return zone === 'utc' ? 'UTC' : Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC'
}

export const useFiguresStore = defineStore('figures', () => {
  const profiles = useProfilesStore()
  const balance = useBalanceStore()
  const pnl = epochRef<PnlDto | null>(() => null)
  const history = epochRef<BalanceHistoryDto | null>(() => null)
  const pnlRange = ref<PnlRange>('7d')
  const chartRange = ref<ChartRange>('24h')
  const loading = ref(false)
  let holders = 0
  let timer: ReturnType<typeof setTimeout> | null = null

  const since = (range: PnlRange | ChartRange): number | undefined => {
    const span = SPAN[range]
    return span === null ? undefined : Date.now() - span
  }

  async function loadPnl(): Promise<void> {
    const timeZone = pnlZone(profiles.active?.timeZone ?? 'utc')
    const v = await attempt(() => call('timeline', 'pnl', { from: since(pnlRange.value), timeZone }), 'timeline.pnl')
    if (v) pnl.value = v
  }
  async function loadHistory(): Promise<void> {
    const v = await attempt(() => call('timeline', 'balanceHistory', { from: since(chartRange.value) }), 'timeline.balanceHistory')
    if (v) history.value = v
  }
  async function load(): Promise<void> {
    loading.value = true
    try {
      await Promise.all([loadPnl(), loadHistory()])
    } finally {
      loading.value = false
    }
  }
  /** Many settlements at once make one read. */
  function refreshSoon(): void {
    if (holders === 0 || timer !== null) return
    timer = setTimeout(() => {
      timer = null
      void load()
    }, REFRESH_MS)
  }

  onEvent('coupon.settled', refreshSoon)
  watch(() => balance.current?.balance, refreshSoon)
  watch(pnlRange, () => void loadPnl())
  watch(chartRange, () => void loadHistory())
  watch(() => profiles.active?.timeZone, () => holders > 0 && void loadPnl())

  /** Keep the figures fresh while a view shows them (returns the release). */
  function hold(): () => void {
    holders += 1
    void load()
    return () => {
      holders = Math.max(0, holders - 1)
      if (holders === 0 && timer !== null) {
        clearTimeout(timer)
        timer = null
      }
    }
  }

  return { pnl, history, pnlRange, chartRange, loading, load, loadPnl, loadHistory, hold }
})
