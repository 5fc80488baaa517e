/**
 * How the operator looks at the coupon blotter: filters, sort and the columns shown. The columns are
 * kept on this machine (like the theme); filters and sort hold for the session, shared by the tabs.
 */
import { defineStore } from 'pinia'
import { ref } from 'vue'
import { BLOTTER_COLUMNS, DEFAULT_BLOTTER_COLUMNS, emptyFilter, isBlotterColumn, type BlotterColumnId, type BlotterFilter, type BlotterSort } from '../composables/coupon-blotter.js'

export const BLOTTER_COLUMNS_KEY = 'partner-desk.blotter.columns'

/** Saved columns in the blotter's own order; anything unreadable falls back to the defaults. */
export function readColumns(text: string | null | undefined): BlotterColumnId[] {
  try {
    const saved: unknown = text ? JSON.parse(text) : null
    if (!Array.isArray(saved)) return [...DEFAULT_BLOTTER_COLUMNS]
    const chosen = BLOTTER_COLUMNS.filter((id) => saved.some((s) => isBlotterColumn(s) && s === id))
    return chosen.length > 0 ? chosen : [...DEFAULT_BLOTTER_COLUMNS]
  } catch {
    return [...DEFAULT_BLOTTER_COLUMNS]
  }
}

export const useBlotterStore = defineStore('blotter', () => {
  const filter = ref<BlotterFilter>(emptyFilter())
  const sort = ref<BlotterSort | null>({ column: 'created', order: 'descend' })
  const columns = ref<BlotterColumnId[]>(readColumns(globalThis.localStorage?.getItem(BLOTTER_COLUMNS_KEY)))

  /** The code column always stays: a row without its code cannot be named or opened by it. */
  function setColumns(ids: readonly string[]): void {
    const chosen = BLOTTER_COLUMNS.filter((id) => id === 'code' || ids.includes(id))
    columns.value = chosen
    try {
      globalThis.localStorage?.setItem(BLOTTER_COLUMNS_KEY, JSON.stringify(chosen))
    } catch {
      /* storage unavailable: the choice holds for this session */
    }
  }
  function resetColumns(): void {
    setColumns(DEFAULT_BLOTTER_COLUMNS)
  }
  function clearFilter(): void {
    filter.value = emptyFilter()
  }
  return { filter, sort, columns, setColumns, resetColumns, clearFilter }
})
