/**
 * The client account balance: main's `balance` subscription (main polls it while signed in and
 * re-reads it after a placement or a settlement). `previous` is the balance before the last change.
 */
import { defineStore } from 'pinia'
import { computed, ref, watch } from 'vue'
import type { BalanceDto } from '../../src-shared/contract.js'
import { sharedWatch } from '../api/shared-watch.js'
import { useClockStore } from './clock.js'

export const useBalanceStore = defineStore('balance', () => {
  const balanceWatch = sharedWatch({ name: 'balance' })
  const current = computed<BalanceDto | null>(() => balanceWatch.data.value)
  const previous = ref<number | null>(null)
  const loading = computed(() => balanceWatch.status.value.active && balanceWatch.data.value === null && balanceWatch.status.value.error === null)

  // Every read carries the service's clock: every view's times follow it, whichever view is open.
  const serviceClock = useClockStore()
  watch(
    () => current.value,
    (now, before) => {
      serviceClock.observe(now?.clock ?? null)
      // A new epoch's first snapshot is not a change of this account's balance.
      previous.value = now && before ? before.balance : null
    },
  )

  return {
    balanceWatch,
    current,
    previous,
    loading,
    status: balanceWatch.status,
    stale: balanceWatch.stale,
    /** Hold the balance subscription (returns the release). */
    watchBalance: () => balanceWatch.acquire(),
  }
})
