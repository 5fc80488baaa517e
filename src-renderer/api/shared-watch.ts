/**
 * A store's subscription, shared by whatever views show it: subscribed while at least one holder
 * has acquired it, stopped when the last one releases it (main polls only while someone watches).
 */
import { computed, effectScope, markRaw, reactive, shallowRef, watch, type ComputedRef, type EffectScope } from 'vue'
import { useDocumentVisibility } from '@vueuse/core'
import type { WatchSnapshot, WatchTopic, WatchTopicName } from '../../src-shared/contract.js'
import { subscribe, type Subscription, type TopicOf, type WatchHandlers, type WatchStatus } from './watch.js'

export interface SharedWatch<N extends WatchTopicName> {
  readonly data: ComputedRef<WatchSnapshot<N> | null>
  /** The current subscription's status (an idle one while nobody holds it). */
  readonly status: ComputedRef<WatchStatus>
  readonly stale: ComputedRef<boolean>
  readonly holders: ComputedRef<number>
  /** Hold the subscription; call the returned function to let go. */
  acquire(): () => void
}

const idle: WatchStatus = reactive({ active: false, live: true, error: null, epoch: null, seq: null, at: null })

export function sharedWatch<N extends WatchTopicName>(topic: TopicOf<N>, handlers: WatchHandlers<N> = {}): SharedWatch<N> {
  const current = shallowRef<Subscription<N> | null>(null)
  const count = shallowRef(0)
  // Raw: a store that returns it must not unwrap its refs.
  return markRaw({
    data: computed(() => current.value?.data.value ?? null),
    status: computed(() => current.value?.status ?? idle),
    stale: computed(() => current.value?.stale() ?? false),
    holders: computed(() => count.value),
    acquire() {
      count.value++
      if (!current.value) current.value = subscribe(topic, handlers)
      let released = false
      return () => {
        if (released) return
        released = true
        count.value--
        if (count.value === 0 && current.value) {
          void current.value.stop()
          current.value = null
        }
      }
    },
  })
}

export interface TopicWatch {
  readonly status: ComputedRef<WatchStatus | null>
  readonly stale: ComputedRef<boolean>
  /** Hold it: subscribed to the current topic (re-subscribed when it changes, none while null). */
  acquire(): () => void
}

let visibility: ReturnType<typeof useDocumentVisibility> | null = null
/** Whether the window is shown (one listener for every watch, made on first use). */
function windowShown(): boolean {
  visibility ??= effectScope(true).run(() => useDocumentVisibility())!
  return visibility.value !== 'hidden'
}

/** Feed topics pause while the window is hidden (minimised, another tab): nobody reads those prices. */
function pausedWhileHidden(topic: WatchTopic): boolean {
  return topic.name.startsWith('feed.') && !windowShown()
}

/**
 * Counted holds of one effect: `start` runs (in its own scope) with the first holder, `stop` after
 * the last one lets go. Each returned release works once.
 */
function countedHolds(start: () => void, stop: () => void): () => () => void {
  let count = 0
  let scope: EffectScope | null = null
  return () => {
    count++
    if (!scope) {
      scope = effectScope(true)
      scope.run(start)
    }
    let released = false
    return () => {
      if (released) return
      released = true
      count--
      if (count > 0 || !scope) return
      scope.stop()
      scope = null
      stop()
    }
  }
}

/**
 * Like `sharedWatch`, for a topic that follows store state (a selected tournament, match...). A feed
 * topic is let go while the window is hidden (main stops polling once no window watches) and taken
 * again when shown: its first snapshot then is current.
 */
export function topicWatch<N extends WatchTopicName>(topic: () => TopicOf<N> | null, handlers: WatchHandlers<N> = {}): TopicWatch {
  const current = shallowRef<Subscription<N> | null>(null)
  function stopCurrent(): void {
    void current.value?.stop()
    current.value = null
  }
  const shown = () => {
    const t = topic()
    return t && !pausedWhileHidden(t) ? t : null
  }
  return markRaw({
    status: computed(() => current.value?.status ?? null),
    stale: computed(() => current.value?.stale() ?? false),
    acquire: countedHolds(
      () =>
        watch(
          () => JSON.stringify(shown()),
          () => {
            stopCurrent()
            const t = shown()
            if (t) current.value = subscribe(t, handlers)
          },
          { immediate: true },
        ),
      stopCurrent,
    ),
  })
}

export interface KeyedWatch {
  /** Per topic key, the status of its subscription (while held). */
  readonly statuses: ComputedRef<Record<string, WatchStatus>>
  /** Hold them: one subscription per distinct topic the list names (re-synced when it changes). */
  acquire(): () => void
}

/**
 * Like `topicWatch`, for a list of topics that follows store state (the matches on the bet slip, the
 * pinned matches): one subscription per distinct topic, opened when it joins the list and stopped
 * when it leaves; feed topics are let go while the window is hidden, as in `topicWatch`.
 * `handlers(key)` are the handlers of the topic with that key.
 */
export function keyedWatch<N extends WatchTopicName>(topics: () => Array<{ key: string; topic: TopicOf<N> }>, handlers: (key: string) => WatchHandlers<N>): KeyedWatch {
  const subs = shallowRef(new Map<string, Subscription<N>>())
  const shown = () => topics().filter((t) => !pausedWhileHidden(t.topic))
  function sync(wanted: Array<{ key: string; topic: TopicOf<N> }>): void {
    const next = new Map<string, Subscription<N>>()
    for (const { key, topic } of wanted) {
      if (next.has(key)) continue
      next.set(key, subs.value.get(key) ?? subscribe(topic, handlers(key)))
    }
    for (const [key, sub] of subs.value) if (!next.has(key)) void sub.stop()
    subs.value = next
  }
  return markRaw({
    statuses: computed(() => Object.fromEntries([...subs.value].map(([key, sub]) => [key, sub.status]))),
    acquire: countedHolds(
      () => watch(() => JSON.stringify(shown()), () => sync(shown()), { immediate: true }),
      () => sync([]),
    ),
  })
}
