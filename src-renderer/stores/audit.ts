/**
 * The active profile's audit log: filtered (actions, a time window, text), paged back in time, and
 * exported as CSV (the export itself is then reported to main, which records it). Belongs to the
 * profile (`epochRef`): after a switch the view reads the new profile's log.
 */
import { defineStore } from 'pinia'
import { reactive, ref } from 'vue'
import type { AuditAction, AuditEntryDto, InputOf } from '../../src-shared/contract.js'
import { AUDIT_PAGE_SIZE } from '../../src-shared/vocabulary/audit.js'
import { call, epochRef } from '../api/desk.js'
import { attempt } from '../composables/errors.js'

/** Time windows the view offers, in minutes back from now (null = the whole log). */
export const AUDIT_WINDOWS = [60, 24 * 60, 7 * 24 * 60, 30 * 24 * 60, null] as const
export type AuditWindow = (typeof AUDIT_WINDOWS)[number]

export interface AuditFilters {
  actions: AuditAction[]
  window: AuditWindow
  text: string
}

export const useAuditStore = defineStore('audit', () => {
  const filters = reactive<AuditFilters>({ actions: [], window: null, text: '' })
  const items = epochRef<AuditEntryDto[]>(() => [])
  const nextCursor = epochRef<string | null>(() => null)
  const loading = ref(false)

  function input(cursor?: string): InputOf<'audit', 'query'> {
    const q: InputOf<'audit', 'query'> = { limit: AUDIT_PAGE_SIZE }
    if (filters.actions.length > 0) q.actions = [...filters.actions]
    if (filters.window !== null) q.from = Date.now() - filters.window * 60_000
    const text = filters.text.trim()
    if (text) q.text = text.slice(0, 200)
    if (cursor) q.cursor = cursor
    return q
  }

  async function query(): Promise<void> {
    loading.value = true
    try {
      const v = await attempt(() => call('audit', 'query', input()), 'audit.query')
      if (v) {
        items.value = v.items
        nextCursor.value = v.nextCursor
      }
    } finally {
      loading.value = false
    }
  }

  async function loadMore(): Promise<void> {
    if (!nextCursor.value || loading.value) return
    loading.value = true
    try {
      const v = await attempt(() => call('audit', 'query', input(nextCursor.value ?? undefined)), 'audit.query')
      if (v) {
        const seen = new Set(items.value.map((x) => x.id))
        items.value = [...items.value, ...v.items.filter((x) => !seen.has(x.id))]
        nextCursor.value = v.nextCursor
      }
    } finally {
      loading.value = false
    }
  }

  function reset(): void {
    filters.actions = []
    filters.window = null
    filters.text = ''
    void query()
  }

  /** A window saved an export: main records it in this profile's log (the list is read again to show it). */
  async function recordExport(what: string, rows: number): Promise<void> {
    await attempt(() => call('audit', 'record', { action: 'export', what, rows, format: 'csv' }), 'audit.record')
  }

  return { filters, items, nextCursor, loading, query, loadMore, reset, recordExport }
})
