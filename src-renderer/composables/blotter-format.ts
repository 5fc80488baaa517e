/**
 * The blotter's words and formats, bound to the interface language and the profile's zone: the table
 * and the CSV export take them from here so a cell and its exported value never disagree.
 */
import { computed, type ComputedRef } from 'vue'
import { useDeskI18n, type MessageKey } from '../i18n/index.js'
import { couponTypeText, statusText } from '../i18n/words.js'
import { useFormat } from './useFormat.js'
import type { BlotterColumnId, CellFormat } from './coupon-blotter.js'

export function useBlotterFormat(): ComputedRef<CellFormat> {
  const { t } = useDeskI18n()
  const fmt = useFormat()
  return computed<CellFormat>(() => {
    // Read here so the cells follow a change of language or zone.
    void fmt.lang.value
    void fmt.zone.value
    return {
      money: (n) => fmt.money(n),
      odds: (n) => fmt.odds(n),
      stamp: (ms) => fmt.stamp(ms),
      status: (code) => statusText(t, 'coupon', code),
      type: (type) => couponTypeText(t, type),
    }
  })
}

/** A column's header; time columns name the display zone. */
export function useColumnTitle(): (id: BlotterColumnId) => string {
  const { t } = useDeskI18n()
  const fmt = useFormat()
  return (id) => t(`blotter.col.${id}` as MessageKey, { zone: fmt.zoneName() })
}
