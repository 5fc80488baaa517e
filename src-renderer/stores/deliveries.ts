/**
 * The delivery inspector (one delivery opened) and the re-verify of refused deliveries. The list
 * itself is the timeline store's (`deliveries`, `kept`); after a re-verify it is read again.
 */
import { defineStore } from 'pinia'
import { ref } from 'vue'
import type { DeliveryDetailDto, ReverifyResultDto } from '../../src-shared/contract.js'
import { call, epochRef } from '../api/desk.js'
import { attempt } from '../composables/errors.js'
import { useTimelineStore } from './timeline.js'

export const useDeliveriesStore = defineStore('deliveries', () => {
  const detail = epochRef<DeliveryDetailDto | null>(() => null)
  const opening = ref(false)
  const reverifying = ref(false)
  const lastReverify = epochRef<ReverifyResultDto | null>(() => null)

  /** By its id, or the delivery that applied a batch (a coupon's history names batches). */
  async function open(ref: number | { batchId: string }): Promise<void> {
    opening.value = true
    try {
      const input = typeof ref === 'number' ? { id: ref } : ref
      const v = await attempt(() => call('timeline', 'delivery', input), 'timeline.delivery')
      if (v) detail.value = v
    } finally {
      opening.value = false
    }
  }

  function close(): void {
    detail.value = null
  }

  async function reverify(): Promise<ReverifyResultDto | undefined> {
    reverifying.value = true
    try {
      const v = await attempt(() => call('listener', 'reverify'), 'listener.reverify')
      if (v) {
        lastReverify.value = v
        await useTimelineStore().loadDeliveries()
        if (detail.value) await open(detail.value.id)
      }
      return v
    } finally {
      reverifying.value = false
    }
  }

  return { detail, opening, reverifying, lastReverify, open, close, reverify }
})
