/** The client account balance (held by the service), refreshed on demand and on `balance.changed`. */
import { defineStore } from 'pinia'
import { ref } from 'vue'
import type { BalanceDto } from '../../src-shared/contract.js'
import { call, onEvent } from '../api/desk.js'
import { attempt } from '../composables/errors.js'

export const useBalanceStore = defineStore('balance', () => {
  const current = ref<BalanceDto | null>(null)
  const previous = ref<number | null>(null)
  const loading = ref(false)

  function apply(b: BalanceDto): void {
    if (current.value && b.at < current.value.at) return // an older snapshot never overwrites a newer one
    previous.value = current.value?.balance ?? null
    current.value = b
  }
  async function refresh(): Promise<void> {
    if (loading.value) return
    loading.value = true
    try {
      const v = await attempt(() => call('balance', 'get'), 'balance.get')
      if (v) apply(v)
    } finally {
      loading.value = false
    }
  }

  /** Several triggers in a burst (a settled accumulator, a demo action) cause one read. */
  let soonTimer: ReturnType<typeof setTimeout> | null = null
  function refreshSoon(delayMs = 800): void {
    if (soonTimer) clearTimeout(soonTimer)
    soonTimer = setTimeout(() => {
      soonTimer = null
      void refresh()
    }, delayMs)
  }

  onEvent('balance.changed', (e) => apply(e.balance))
  onEvent('coupon.settled', () => refreshSoon())
  onEvent('profile.changed', () => {
    current.value = null
    previous.value = null
    void refresh()
  })

  return { current, previous, loading, refresh, refreshSoon, apply }
})
