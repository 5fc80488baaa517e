/**
 * The service's clock against this machine's, as main measured it (coupon API `date`, half the round trip
 * either way). Every time this desk recorded is shown on the service's clock through `useFormat`.
 */
import { defineStore } from 'pinia'
import { ref } from 'vue'
import type { ClockDto } from '../../src-shared/contract.js'

export const useClockStore = defineStore('clock', () => {
  const clock = ref<ClockDto | null>(null)
  return {
    clock,
    /** server − local (ms); 0 until measured. */
    offsetMs: () => clock.value?.offsetMs ?? 0,
    observe(next: ClockDto | null) {
      if (next) clock.value = next
    },
  }
})
