/**
 * A component's subscription to a topic: subscribed while mounted, re-subscribed when the topic
 * changes, none while the topic is null, stopped on unmount.
 */
import { computed, getCurrentScope, onScopeDispose, shallowRef, watch, type ComputedRef } from 'vue'
import type { WatchSnapshot, WatchTopicName } from '../../src-shared/contract.js'
import { subscribe, type Subscription, type TopicOf, type WatchHandlers, type WatchStatus } from '../api/watch.js'

export interface UsedWatch<N extends WatchTopicName> {
  data: ComputedRef<WatchSnapshot<N> | null>
  status: ComputedRef<WatchStatus | null>
  stale: ComputedRef<boolean>
}

export function useWatch<N extends WatchTopicName>(topic: () => TopicOf<N> | null, handlers: WatchHandlers<N> = {}): UsedWatch<N> {
  const current = shallowRef<Subscription<N> | null>(null)
  watch(
    () => JSON.stringify(topic()),
    () => {
      void current.value?.stop()
      const t = topic()
      current.value = t ? subscribe(t, handlers) : null
    },
    { immediate: true },
  )
  if (getCurrentScope())
    onScopeDispose(() => {
      void current.value?.stop()
      current.value = null
    })
  return {
    data: computed(() => current.value?.data.value ?? null),
    status: computed(() => current.value?.status ?? null),
    stale: computed(() => current.value?.stale() ?? false),
  }
}

/** Hold a store's shared subscription while the current component is mounted. */
export function useSharedWatch(shared: { acquire(): () => void }): void {
  const release = shared.acquire()
  if (getCurrentScope()) onScopeDispose(release)
}
