/**
 * How the operator looks at the coupon blotter: filters, sort and the columns shown per list (active,
 * calculated, lookup, period). The columns are kept on this machine (like the theme); filters and
 * sort hold for the session, shared by the lists.
 */
import { defineStore } from 'pinia'
import { ref } from 'vue'
import { BLOTTER_COLUMNS, defaultColumnsOf, emptyFilter, isBlotterColumn, type BlotterColumnId, type BlotterFilter, type BlotterSort } from '../composables/coupon-blotter.js'

export const BLOTTER_COLUMNS_KEY = 'partner-desk.blotter.columns'

/** Saved columns in the blotter's own order (the code always among them); anything unreadable falls back to the list's defaults. */
export function readColumns(saved: unknown, list: string): BlotterColumnId[] {
  if (!Array.isArray(saved)) return [...defaultColumnsOf(list)]
  const chosen = BLOTTER_COLUMNS.filter((id) => id === 'code' || saved.some((s) => isBlotterColumn(s) && s === id))
  return chosen.length > 1 ? chosen : [...defaultColumnsOf(list)]
}

function load(): Record<string, unknown> {
  try {
    const text = globalThis.localStorage?.getItem(BLOTTER_COLUMNS_KEY)
    const v: unknown = text ? JSON.parse(text) : null
    return v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {}
  } catch {
    return {}
  }
}

export const useBlotterStore = defineStore('blotter', () => {
  const filter = ref<BlotterFilter>(emptyFilter())
  const sort = ref<BlotterSort | null>({ column: 'created', order: 'descend' })
  const saved = ref<Record<string, unknown>>(load())

  const columnsOf = (list: string): BlotterColumnId[] => readColumns(saved.value[list], list)
  /** The code column always stays: a row without its code cannot be named or opened by it. */
  function setColumns(list: string, ids: readonly string[] | null): void {
    const next = { ...saved.value }
    if (ids === null) delete next[list]
    else next[list] = BLOTTER_COLUMNS.filter((id) => id === 'code' || ids.includes(id))
    saved.value = next
    try {
      globalThis.localStorage?.setItem(BLOTTER_COLUMNS_KEY, JSON.stringify(next))
    } catch {
      /* storage unavailable: the choice holds for this session */
    }
  }
  function clearFilter(): void {
    filter.value = emptyFilter()
  }
  return { filter, sort, columnsOf, setColumns, resetColumns: (list: string) => setColumns(list, null), clearFilter }
})
