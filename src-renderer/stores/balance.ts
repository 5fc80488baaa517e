/** The client account balance (held by the service), refreshed on demand and on `balance.changed`. */
import { defineStore } from 'pinia'
import { ref } from 'vue'
import type { BalanceDto } from '../../src-preload/contract.js'
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

  onEvent('balance.changed', (e) => apply(e.balance))
  onEvent('profile.changed', () => {
    current.value = null
    previous.value = null
    void refresh()
  })

  return { current, previous, loading, refresh, apply }
})
