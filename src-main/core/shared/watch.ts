import type { DeskEventBody, Epoch, WatchDelta, WatchSnapshot, WatchSourceState, WatchSubscribed, WatchTopic, WatchTopicName } from '../../../src-shared/contract.js'
import { DeskError } from './errors.js'
import type { Emit } from './events.js'

/**
 * Subscriptions owned by main: per topic key one source, however many windows subscribe to it.
 * A window subscribes with its own id and gets the cached snapshot at once (null until the first
 * read), then `watch.snapshot` / `watch.delta` / `watch.state` events numbered by `seq`.
 * Sources belong to a binding (one profile environment, one epoch); subscriptions outlive it:
 * `unbind` closes every source, `bind` opens them again from the next environment and pushes each
 * subscription its new snapshot and state under the new epoch.
 */
export interface WatchSourceHooks<N extends WatchTopicName = WatchTopicName> {
  snapshot(value: WatchSnapshot<N>): void
  delta(value: WatchDelta<N>): void
  state(state: WatchSourceState): void
}

export interface WatchSource<N extends WatchTopicName = WatchTopicName> {
  /** What a new subscriber gets at once; null until the first read. */
  snapshot(): WatchSnapshot<N> | null
  state(): WatchSourceState
  close(): void
  /** The first part of `snapshot`, to show at once, and how many items the whole holds, when it is
   *  a big list; null when it is not. */
  preview?(snapshot: WatchSnapshot<N>): WatchPreview<N> | null
}

export interface WatchPreview<N extends WatchTopicName = WatchTopicName> {
  part: WatchSnapshot<N>
  whole: number
}

export type OpenWatchSource = (topic: WatchTopic, hooks: WatchSourceHooks) => WatchSource

export interface WatchBinding {
  epoch: Epoch
  emit: Emit
  open: OpenWatchSource
}

export interface WatchRegistry {
  subscribe(subscriptionId: string, topic: WatchTopic): WatchSubscribed
  unsubscribe(subscriptionId: string): boolean
  bind(binding: WatchBinding): void
  unbind(): void
  /** Subscriptions held (across bindings). */
  count(): number
  /** Keys of the open sources. */
  sourceKeys(): string[]
  close(): void
}

export const LIVE: WatchSourceState = { live: true, error: null }
const DEFAULT_TIMELINE_LIMIT = 100

/** One key per distinct source: the topic with its defaults filled in and its fields in a fixed order. */
export function topicKey(topic: WatchTopic): string {
  const filled = topic.name === 'timeline' ? { ...topic, limit: topic.limit ?? DEFAULT_TIMELINE_LIMIT } : topic
  const sorted = (value: unknown): unknown =>
    value && typeof value === 'object' && !Array.isArray(value)
      ? Object.fromEntries(Object.keys(value).sort().map((k) => [k, sorted((value as Record<string, unknown>)[k])]))
      : value
  return JSON.stringify(sorted(filled))
}

interface Held {
  topic: WatchTopic
  key: string
}

interface Running {
  key: string
  topic: WatchTopic
  subscribers: Set<string>
  source: WatchSource | null
  /** Hooks called while the source opens are not pushed: the opener reads `snapshot()` afterwards. */
  opening: boolean
  closed: boolean
  seq: number
  /** Seq of the last data push (snapshot or delta): the base of the next delta. */
  dataSeq: number
  /** Some subscriber was given data (an answer's snapshot or a push): a snapshot pushed later goes
   *  whole, or a window scrolled down a long list would see it shrink to its first part a moment. */
  shown: boolean
  state: WatchSourceState
}

const sameState = (a: WatchSourceState, b: WatchSourceState) => a.live === b.live && a.error?.code === b.error?.code && a.error?.message === b.error?.message

export function createWatchRegistry(options: { onError?: (what: string, error: unknown) => void } = {}): WatchRegistry {
  const held = new Map<string, Held>()
  const running = new Map<string, Running>()
  let binding: WatchBinding | null = null
  let seq = 0
  let closed = false

  const push = (run: Running, body: (subscriptionId: string, seq: number) => DeskEventBody, data = false) => {
    const b = binding
    if (!b || run.closed || run.opening) return
    run.seq = ++seq
    if (data) run.dataSeq = run.seq
    for (const id of run.subscribers) {
      try {
        b.emit(body(id, run.seq))
      } catch (error) {
        options.onError?.('watch event', error)
      }
    }
  }

  const previewOf = (run: Running, snapshot: WatchSnapshot<WatchTopicName>): WatchPreview | null => {
    try {
      return run.source?.preview?.(snapshot) ?? null
    } catch (error) {
      options.onError?.('watch preview', error)
      return null
    }
  }

  /** A big list goes in two pushes: its first part, which a window can draw at once, then the whole
   *  (the second one's serialising and parsing no longer stand between the window and its first rows). */
  const pushSnapshot = (run: Running, snapshot: WatchSnapshot<WatchTopicName>) => {
    const head = run.shown ? null : previewOf(run, snapshot)
    if (binding && !run.closed && !run.opening && run.subscribers.size > 0) run.shown = true
    if (head) push(run, (subscriptionId, s) => ({ type: 'watch.snapshot', subscriptionId, seq: s, topic: run.topic.name, snapshot: head.part, partial: true, whole: head.whole }) as DeskEventBody, true)
    push(run, (subscriptionId, s) => ({ type: 'watch.snapshot', subscriptionId, seq: s, topic: run.topic.name, snapshot }) as DeskEventBody, true)
  }

  /** After an answer that carried the first part: the whole snapshot, at the answer's seq, to that
   *  subscription only, once the answer is on its way (it is sent when the handler's result settles). */
  const followAnswer = (run: Running, subscriptionId: string, seq: number, snapshot: WatchSnapshot<WatchTopicName>) => {
    const b = binding
    setImmediate(() => {
      if (binding !== b || !b || run.closed || !run.subscribers.has(subscriptionId) || held.get(subscriptionId)?.key !== run.key) return
      try {
        b.emit({ type: 'watch.snapshot', subscriptionId, seq, topic: run.topic.name, snapshot } as DeskEventBody)
      } catch (error) {
        options.onError?.('watch event', error)
      }
    })
  }

  const hooksOf = (run: Running): WatchSourceHooks => ({
    snapshot: (snapshot) => pushSnapshot(run, snapshot),
    delta: (delta) => {
      const prev = run.dataSeq
      push(run, (subscriptionId, s) => ({ type: 'watch.delta', subscriptionId, seq: s, prev, topic: run.topic.name, delta }) as DeskEventBody, true)
    },
    state: (state) => {
      if (run.closed || sameState(run.state, state)) return
      run.state = state
      push(run, (subscriptionId, s) => ({ type: 'watch.state', subscriptionId, seq: s, ...state }))
    },
  })

  const start = (b: WatchBinding, key: string, topic: WatchTopic): Running => {
    const run: Running = { key, topic, subscribers: new Set(), source: null, opening: true, closed: false, seq: 0, dataSeq: 0, shown: false, state: LIVE }
    running.set(key, run)
    try {
      run.source = b.open(topic, hooksOf(run))
      run.state = run.source.state()
    } catch (error) {
      const e = error instanceof DeskError ? error : new DeskError('internal', 'The subscription could not be started')
      if (!(error instanceof DeskError)) options.onError?.('watch open', error)
      run.state = { live: false, error: { code: e.code, message: e.message } }
    }
    run.opening = false
    return run
  }

  const stop = (run: Running) => {
    run.closed = true
    running.delete(run.key)
    try {
      run.source?.close()
    } catch (error) {
      options.onError?.('watch close', error)
    }
  }

  const registry: WatchRegistry = {
    subscribe(subscriptionId, topic) {
      if (closed) throw new DeskError('disposed', 'The desk core is shut down')
      const b = binding
      if (!b) throw new DeskError('profile_changed', 'The active profile changed; subscribe again')
      const key = topicKey(topic)
      const before = held.get(subscriptionId)
      if (before && before.key !== key) registry.unsubscribe(subscriptionId)
      held.set(subscriptionId, { topic, key })
      const run = running.get(key) ?? start(b, key, topic)
      run.subscribers.add(subscriptionId)
      if (run.seq === 0) run.seq = ++seq
      const snapshot = run.source?.snapshot() ?? null
      const head = snapshot === null ? null : previewOf(run, snapshot)
      if (snapshot !== null) run.shown = true
      if (head && snapshot) followAnswer(run, subscriptionId, run.seq, snapshot)
      return {
        subscriptionId,
        epoch: b.epoch,
        seq: run.seq,
        topic: topic.name,
        snapshot: head ? head.part : snapshot,
        ...(head ? { partial: true as const, whole: head.whole } : {}),
        live: run.state.live,
        error: run.state.error,
      }
    },
    unsubscribe(subscriptionId) {
      const h = held.get(subscriptionId)
      if (!h) return false
      held.delete(subscriptionId)
      const run = running.get(h.key)
      if (run) {
        run.subscribers.delete(subscriptionId)
        if (run.subscribers.size === 0) stop(run)
      }
      return true
    },
    bind(next) {
      registry.unbind()
      if (closed) return
      binding = next
      const byKey = new Map<string, Held & { ids: string[] }>()
      for (const [id, h] of held) {
        const group = byKey.get(h.key) ?? { ...h, ids: [] }
        group.ids.push(id)
        byKey.set(h.key, group)
      }
      for (const group of byKey.values()) {
        const run = start(next, group.key, group.topic)
        group.ids.forEach((id) => run.subscribers.add(id))
        const snapshot = run.source?.snapshot() ?? null
        if (snapshot !== null) pushSnapshot(run, snapshot)
        push(run, (subscriptionId, s) => ({ type: 'watch.state', subscriptionId, seq: s, ...run.state }))
      }
    },
    unbind() {
      for (const run of [...running.values()]) stop(run)
      binding = null
    },
    count: () => held.size,
    sourceKeys: () => [...running.keys()],
    close() {
      registry.unbind()
      held.clear()
      closed = true
    },
  }
  return registry
}
