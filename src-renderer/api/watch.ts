/**
 * One subscription to a topic main owns: a full snapshot first, then deltas, ordered by (epoch, seq).
 *
 * - The window picks the subscription id and listens BEFORE it asks, so nothing pushed between main
 *   registering the subscription and its answer arriving is lost: a pushed snapshot applies at once
 *   (the answer, if older by (epoch, seq), is then ignored); a delta waits in `pending` for its snapshot.
 * - Data from an earlier epoch is dropped (api/desk.ts filters events and results); when the epoch
 *   moves on, what is held belongs to the old profile and is cleared until main's new snapshot.
 * - A delta names the seq of the data it applies to (`prev`): one that follows data this window does
 *   not hold (a delta was lost or came out of order) is not applied; the window asks again and main
 *   answers its current snapshot.
 * - A big list may come in two parts: first a `partial` snapshot (its first rows, to draw at once),
 *   then the whole list. A partial snapshot never replaces a whole one of the same (epoch, seq), and
 *   deltas wait while only the first part is held.
 * - `live` false (or an error before any snapshot) is the stale state the UI shows.
 */
import { reactive, shallowRef, type ShallowRef } from 'vue'
import type { DeskEventOf, Epoch, WatchDelta, WatchSnapshot, WatchTopic, WatchTopicName } from '../../src-shared/contract.js'
import { applyEventDelta, applyListDelta } from '../composables/feed-delta.js'
import { call, isStaleEpoch, onEvent, toDeskError } from './desk.js'
import { onEpochChange } from './epoch.js'

export type TopicOf<N extends WatchTopicName> = Extract<WatchTopic, { name: N }>

export interface WatchStatus {
  /** Subscribed and not yet stopped. */
  active: boolean
  /** The source is being refreshed (false = what is held is stale). */
  live: boolean
  error: { code: string; message: string } | null
  /** Epoch and seq of the data held; null before the first snapshot. */
  epoch: Epoch | null
  seq: number | null
  /** When the data held was last replaced or changed (this window's clock). */
  at: number | null
}

export interface WatchHandlers<N extends WatchTopicName> {
  /**
   * After a snapshot replaced the data. It may return an equal value to hold instead (one that keeps
   * the objects of what it held before); later deltas apply to that. `partial`: only the first part
   * of a big list, the whole on its way; `whole`: how many items that holds, when main said.
   */
  snapshot?(data: WatchSnapshot<N>, partial: boolean, whole?: number): WatchSnapshot<N> | void
  /** After a delta was applied (data is already updated). */
  delta?(delta: WatchDelta<N>, data: WatchSnapshot<N>): void
  /** The held data was dropped (the epoch moved on). */
  reset?(): void
  /** The source's live flag or error changed (from the subscribe answer or a `watch.state`). */
  state?(status: WatchStatus): void
}

export interface Subscription<N extends WatchTopicName> {
  readonly id: string
  readonly topic: TopicOf<N>
  readonly data: ShallowRef<WatchSnapshot<N> | null>
  readonly status: WatchStatus
  /** Stale: not live, or an error and nothing to show. */
  stale(): boolean
  stop(): Promise<void>
}

type Reducer<N extends WatchTopicName> = (current: WatchSnapshot<N>, delta: WatchDelta<N>) => WatchSnapshot<N>
type AnyReducer = (current: unknown, delta: unknown) => unknown

export const TIMELINE_LIVE_CAP = 2000
/** How each topic folds a delta into its snapshot. The feed menu sends whole snapshots only. */
const reducers: { [N in WatchTopicName]?: Reducer<N> } = {
  'feed.events': (list, d) => applyListDelta(list, d),
  'feed.calendar': (list, d) => applyListDelta(list, d),
  'feed.event': (result, d) => applyEventDelta(result, d),
  'coupons.active': (list, d) => {
    const upserts = new Map(d.upsert.map((c) => [c.couponCode, c]))
    const removed = new Set(d.remove)
    const kept = list.filter((c) => !removed.has(c.couponCode)).map((c) => upserts.get(c.couponCode) ?? c)
    // Known coupons keep their place; new ones go first (newest placement on top).
    const fresh = d.upsert.filter((u) => !list.some((c) => c.couponCode === u.couponCode))
    return [...fresh, ...kept]
  },
  balance: (_current, d) => d,
  timeline: (list, d) => {
    const seen = new Set(list.map((e) => e.id))
    const added = d.entries.filter((e) => !seen.has(e.id)).reverse()
    return [...added, ...list].slice(0, TIMELINE_LIVE_CAP)
  },
  listener: (_current, d) => d,
  overview: (rows, d) => {
    const upserts = new Map(d.upsert.map((r) => [r.profileId, r]))
    const removed = new Set(d.remove)
    const kept = rows.filter((r) => !removed.has(r.profileId)).map((r) => upserts.get(r.profileId) ?? r)
    return [...kept, ...d.upsert.filter((u) => !rows.some((r) => r.profileId === u.profileId))]
  },
  ledger: (_current, d) => d,
}

/** A subscribe refused mid profile switch is asked again after this long at the latest. */
const PROFILE_SWITCH_RETRY_MS = 500
const MAX_PENDING = 1000
/** Deltas held while only a list's first part is: past this many, the whole one is asked for again. */
const PARTIAL_PATIENCE = 10
/** Topics whose delta is the whole new value. */
const WHOLE_VALUE = new Set<WatchTopicName>(['balance', 'listener', 'ledger'])

function newId(): string {
  const c = globalThis.crypto
  if (c && typeof c.randomUUID === 'function') return `w-${c.randomUUID()}`
  const bytes = new Uint8Array(16)
  c.getRandomValues(bytes)
  return `w-${Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')}`
}

type Pushed = DeskEventOf<'watch.snapshot'> | DeskEventOf<'watch.delta'> | DeskEventOf<'watch.state'>

export function subscribe<N extends WatchTopicName>(topic: TopicOf<N>, handlers: WatchHandlers<N> = {}): Subscription<N> {
  const id = newId()
  const data = shallowRef<WatchSnapshot<N> | null>(null)
  const status = reactive<WatchStatus>({ active: true, live: true, error: null, epoch: null, seq: null, at: null })
  /** Deltas that arrived before the snapshot they apply to (the answer's or a new epoch's). */
  let pending: Pushed[] = []
  let stateSeq = -1
  /** A gap was seen: deltas wait for the snapshot asked for. */
  let resyncing = false
  /** What is held is the first part of a list whose whole snapshot is on its way. */
  let heldPartial = false
  const reduce = reducers[topic.name] as AnyReducer | undefined

  function newer(epoch: Epoch, seq: number): boolean {
    if (status.epoch === null || status.seq === null) return true
    return epoch > status.epoch || (epoch === status.epoch && seq >= status.seq)
  }
  function setSnapshot(epoch: Epoch, seq: number, snapshot: WatchSnapshot<N>, partial = false, whole?: number): void {
    if (!newer(epoch, seq)) return
    // The whole list at this seq arrived before the answer that carried its first part.
    if (partial && !heldPartial && data.value !== null && status.epoch === epoch && status.seq === seq) return
    heldPartial = partial
    data.value = snapshot
    status.epoch = epoch
    status.seq = seq
    status.at = Date.now()
    resyncing = false
    const adopted = handlers.snapshot?.(snapshot, partial, partial ? whole : undefined)
    if (adopted !== undefined) data.value = adopted
    const held = pending
    pending = []
    for (const e of held) if (e.epoch >= epoch) apply(e)
  }
  function applyDelta(e: DeskEventOf<'watch.delta'>): void {
    // A whole-value delta (balance, listener) needs no snapshot under it.
    if (WHOLE_VALUE.has(topic.name) && (status.epoch === null || e.epoch > status.epoch)) {
      setSnapshot(e.epoch, e.seq, e.delta as WatchSnapshot<N>)
      return
    }
    if (data.value === null || status.epoch !== e.epoch || heldPartial) {
      // Its snapshot has not arrived yet (main always sends one first; the cap only guards a broken source).
      if (pending.length < MAX_PENDING) pending.push(e)
      // The whole list follows its first part at once: refreshes piling up mean it was lost on the way.
      if (heldPartial && status.epoch === e.epoch && pending.length >= PARTIAL_PATIENCE) resync()
      return
    }
    if (status.seq !== null && e.seq <= status.seq) return // already in the snapshot
    if (resyncing || (e.prev !== undefined && status.seq !== null && e.prev > status.seq)) {
      // A delta in between never arrived: what is held cannot take this one. Main's current snapshot can.
      if (pending.length < MAX_PENDING) pending.push(e)
      resync()
      return
    }
    if (!reduce) return
    const next = reduce(data.value, e.delta) as WatchSnapshot<N>
    data.value = next
    status.seq = e.seq
    status.at = Date.now()
    handlers.delta?.(e.delta as WatchDelta<N>, next)
  }
  function applyState(e: DeskEventOf<'watch.state'>): void {
    if (e.seq < stateSeq) return
    stateSeq = e.seq
    status.live = e.live
    status.error = e.error
    handlers.state?.(status)
  }
  function apply(e: Pushed): void {
    if (!status.active) return
    if (e.type === 'watch.snapshot') setSnapshot(e.epoch, e.seq, e.snapshot as WatchSnapshot<N>, e.partial === true, e.whole)
    else if (e.type === 'watch.delta') applyDelta(e)
    else applyState(e)
  }

  const offs = [
    onEvent('watch.snapshot', (e) => e.subscriptionId === id && apply(e)),
    onEvent('watch.delta', (e) => e.subscriptionId === id && apply(e)),
    onEvent('watch.state', (e) => e.subscriptionId === id && apply(e)),
    onEpochChange((epoch) => {
      if (status.epoch === null || status.epoch >= epoch) return
      data.value = null
      status.epoch = null
      status.seq = null
      status.at = null
      stateSeq = -1
      resyncing = false
      heldPartial = false
      pending = pending.filter((e) => e.epoch >= epoch)
      handlers.reset?.()
    }),
  ]

  async function ask(): Promise<void> {
    try {
      const v = await call('watch', 'subscribe', { subscriptionId: id, topic })
      if (!status.active) return
      if (v.seq >= stateSeq) {
        stateSeq = v.seq
        status.live = v.live
        status.error = v.error
        handlers.state?.(status)
      }
      if (v.snapshot !== null) setSnapshot(v.epoch, v.seq, v.snapshot as WatchSnapshot<N>, v.partial === true, v.whole)
    } catch (err) {
      // Stale: main keeps the subscription and sends the new profile's snapshot as an event.
      if (isStaleEpoch(err) || !status.active) return
      const e = toDeskError(err)
      status.live = false
      status.error = { code: e.code, message: e.message }
      handlers.state?.(status)
      // Asked while main was between two profiles: ask again once the new one is in place.
      if (e.code === 'profile_changed') retryOnEpoch()
    }
  }
  function retryOnEpoch(): void {
    let done = false
    const again = () => {
      if (done || !status.active) return
      done = true
      off()
      clearTimeout(timer)
      answered = ask()
    }
    const off = onEpochChange(again)
    const timer = setTimeout(again, PROFILE_SWITCH_RETRY_MS)
  }
  function resync(): void {
    if (resyncing) return
    resyncing = true
    const asked = ask()
    answered = asked
    // Answered without a snapshot (or refused): the next gap asks again.
    void asked.then(() => {
      if (answered === asked) resyncing = false
    })
  }
  let answered = ask()

  return {
    id,
    topic,
    data,
    status,
    stale: () => status.active && (!status.live || (data.value === null && status.error !== null)),
    async stop() {
      if (!status.active) return
      status.active = false
      for (const off of offs) off()
      // After the answer: main then surely holds the subscription it is asked to drop.
      await answered
      try {
        await call('watch', 'unsubscribe', { subscriptionId: id })
      } catch {
        /* main drops a window's subscriptions when it goes away anyway */
      }
    },
  }
}
