/**
 * The Overview's rows: main's `overview` subscription (main reads every profile at a gentle rate only
 * while a window holds it). Held by the Overview view while it is open.
 */
import { defineStore } from 'pinia'
import { computed } from 'vue'
import type { OverviewRowDto } from '../../src-shared/contract.js'
import { sharedWatch } from '../api/shared-watch.js'

export const useOverviewStore = defineStore('overview', () => {
  const overviewWatch = sharedWatch({ name: 'overview' })
  const rows = computed<OverviewRowDto[]>(() => overviewWatch.data.value ?? [])
  const loading = computed(() => overviewWatch.status.value.active && overviewWatch.data.value === null && overviewWatch.status.value.error === null)
  return { overviewWatch, rows, loading, status: overviewWatch.status, stale: overviewWatch.stale }
})
