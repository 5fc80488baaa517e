/**
 * A fake of the contract boundary (`window.desk`), typed from the contract: handlers keyed by
 * `domain.method` take that method's input and answer its output (or a Result), every call is
 * recorded, and every answer and event is stamped with the profile epoch as main does (a result
 * with the epoch read when the call STARTED). `watch.subscribe` is faked: `topic()` sets what a
 * topic's snapshot is, `push*` sends snapshots / deltas / state to the subscribers of a topic.
 */
import type {
  AppInfo,
  DeskApi,
  DeskEvent,
  DeskEventBody,
  Domain,
  Epoch,
  InputOf,
  MethodOf,
  OutputOf,
  Result,
  SessionStatus,
  WatchDelta,
  WatchSnapshot,
  WatchSourceState,
  WatchTopic,
  WatchTopicName,
} from '../../src-shared/contract.js'
import { methods } from '../../src-shared/methods.js'
import { resetEpochForTests } from '@renderer/api/epoch.js'

type Failure = { ok: false; code: string; message: string; epoch?: Epoch }
type Answer<T> = T | Result<T> | Failure
type Keys = { [D in Domain]: `${D}.${MethodOf<D>}` }[Domain]
export type HandlerOf<K extends Keys> = K extends `${infer D extends Domain}.${infer M}`
  ? M extends MethodOf<D>
    ? (input: InputOf<D, M>) => Answer<OutputOf<D, M>> | Promise<Answer<OutputOf<D, M>>>
    : never
  : never
export type FakeHandlers = { [K in Keys]?: HandlerOf<K> }

type TopicOf<N extends WatchTopicName> = Extract<WatchTopic, { name: N }>
type SnapshotSource<N extends WatchTopicName> = WatchSnapshot<N> | ((topic: TopicOf<N>) => WatchSnapshot<N> | null)
export interface FakeSubscription {
  id: string
  topic: WatchTopic
  seq: number
}

export interface FakeDesk {
  desk: DeskApi
  calls: Array<{ name: string; input: unknown }>
  callsTo<K extends Keys>(name: K): unknown[]
  /** Push an event; stamped with the current epoch unless it carries one. */
  emit(event: DeskEventBody & { epoch?: Epoch }): void
  listenerCount(type: string): number
  handle<K extends Keys>(name: K, handler: HandlerOf<K>): void
  readonly epoch: Epoch
  /** Main's side of a profile switch: a new epoch, `profile.changed`, and (unless told not to) a new snapshot per subscription. */
  switchProfile(profileId: string, options?: { resnapshot?: boolean }): Epoch
  /** What a topic's snapshot is (answered by subscribe, and re-sent on a profile switch). */
  topic<N extends WatchTopicName>(name: N, snapshot: SnapshotSource<N>): void
  subscriptions(name?: WatchTopicName): FakeSubscription[]
  pushSnapshot<N extends WatchTopicName>(name: N, snapshot: WatchSnapshot<N>): void
  pushDelta<N extends WatchTopicName>(name: N, delta: WatchDelta<N>): void
  pushState(name: WatchTopicName, state: WatchSourceState): void
  /** Answers of `name` are computed when called (under the epoch of that moment) but delivered only on `release()`. */
  hold(name: Keys): { release(): void }
}

export function fail(code: string, message = code): Failure {
  return { ok: false, code, message }
}

export function demoInfo(over: Partial<AppInfo> = {}): AppInfo {
  return {
    version: '0.1.0',
    epoch: 1,
    bridge: 'web',
    profileId: 'demo',
    profileName: 'Demo',
    environment: 'demo',
    endpoints: { coupons: 'http://127.0.0.1:1/coupons', feed: 'http://127.0.0.1:1/feed', cdn: 'http://127.0.0.1:1/cdn' },
    connections: { coupons: { state: 'unknown', reason: null }, feed: { state: 'unknown', reason: null }, listener: { state: 'unknown', reason: null } },
    ...over,
  }
}

export const signedOut: SessionStatus = { state: 'signed-out', username: null, accountState: 'unknown', tokenTail: null, expiresAt: null, reason: null }

const isResult = (v: unknown): v is { ok: boolean; epoch?: Epoch } => !!v && typeof v === 'object' && 'ok' in v && typeof (v as { ok: unknown }).ok === 'boolean'

export function installFakeDesk(handlers: FakeHandlers = {}): FakeDesk {
  resetEpochForTests()
  let epoch: Epoch = 1
  const table = new Map<string, (input: unknown) => unknown>()
  const calls: FakeDesk['calls'] = []
  const listeners = new Map<string, Set<(e: DeskEvent) => void>>()
  const subs = new Map<string, FakeSubscription>()
  const snapshots = new Map<WatchTopicName, (topic: WatchTopic) => unknown>()
  const gates = new Map<string, Promise<void>>()

  const emit = (event: DeskEventBody & { epoch?: Epoch }): void => {
    const stamped = { ...event, epoch: event.epoch ?? epoch } as DeskEvent
    listeners.get(stamped.type)?.forEach((l) => l(stamped))
  }
  const snapshotOf = (topic: WatchTopic): unknown => snapshots.get(topic.name)?.(topic) ?? null
  const forTopic = (name?: WatchTopicName) => [...subs.values()].filter((s) => name === undefined || s.topic.name === name)

  const defaults: FakeHandlers = {
    'app.info': () => demoInfo({ epoch }),
    'session.status': () => signedOut,
    'coupons.pendingPlacements': () => [],
    'watch.subscribe': ({ subscriptionId, topic }) => {
      const sub = { id: subscriptionId, topic: topic as WatchTopic, seq: 1 }
      subs.set(subscriptionId, sub)
      return { subscriptionId, epoch, seq: sub.seq, topic: topic.name, snapshot: snapshotOf(sub.topic) as WatchSnapshot<WatchTopicName> | null, live: true, error: null }
    },
    'watch.unsubscribe': ({ subscriptionId }) => ({ removed: subs.delete(subscriptionId) }),
  }
  for (const [k, h] of Object.entries({ ...defaults, ...handlers })) table.set(k, h as (input: unknown) => unknown)

  const domainProxy = (domain: string) =>
    Object.fromEntries(
      (methods as Record<string, readonly string[]>)[domain]!.map((method) => [
        method,
        async (input?: unknown) => {
          const name = `${domain}.${method}`
          const startEpoch = epoch
          calls.push({ name, input })
          const h = table.get(name)
          if (!h) return { ...fail('NOT_FAKED', `${name} is not faked`), epoch: startEpoch }
          try {
            const v = await h(input)
            const gate = gates.get(name)
            if (gate) await gate
            if (isResult(v)) return { ...v, epoch: v.epoch ?? startEpoch }
            return { ok: true, value: v, epoch: startEpoch }
          } catch (err) {
            return { ...fail('FAKE_THREW', String(err)), epoch: startEpoch }
          }
        },
      ]),
    )

  const desk = Object.fromEntries(Object.keys(methods).map((d) => [d, domainProxy(d)])) as unknown as DeskApi
  ;(desk as { on: DeskApi['on'] }).on = ((type: string, listener: (e: DeskEvent) => void) => {
    const set = listeners.get(type) ?? new Set()
    set.add(listener)
    listeners.set(type, set)
    return () => set.delete(listener)
  }) as DeskApi['on']
  window.desk = desk

  const fake: FakeDesk = {
    desk,
    calls,
    callsTo: (name) => calls.filter((c) => c.name === name).map((c) => c.input),
    emit,
    listenerCount: (type) => listeners.get(type)?.size ?? 0,
    handle: (name, handler) => void table.set(name, handler as (input: unknown) => unknown),
    get epoch() {
      return epoch
    },
    switchProfile(profileId, options = {}) {
      epoch++
      emit({ type: 'profile.changed', profileId })
      if (options.resnapshot !== false)
        for (const s of subs.values()) {
          const snapshot = snapshotOf(s.topic)
          if (snapshot !== null) emit({ type: 'watch.snapshot', subscriptionId: s.id, seq: ++s.seq, topic: s.topic.name, snapshot } as DeskEventBody)
        }
      return epoch
    },
    topic(name, source) {
      snapshots.set(name, typeof source === 'function' ? (source as (t: WatchTopic) => unknown) : () => source)
    },
    subscriptions: (name) => forTopic(name),
    pushSnapshot(name, snapshot) {
      for (const s of forTopic(name)) emit({ type: 'watch.snapshot', subscriptionId: s.id, seq: ++s.seq, topic: name, snapshot } as DeskEventBody)
    },
    pushDelta(name, delta) {
      for (const s of forTopic(name)) emit({ type: 'watch.delta', subscriptionId: s.id, seq: ++s.seq, topic: name, delta } as DeskEventBody)
    },
    pushState(name, state) {
      for (const s of forTopic(name)) emit({ type: 'watch.state', subscriptionId: s.id, seq: ++s.seq, ...state })
    },
    hold(name) {
      let release!: () => void
      gates.set(name, new Promise<void>((r) => (release = r)))
      return {
        release: () => {
          gates.delete(name)
          release()
        },
      }
    },
  }
  return fake
}

/** A promise you settle from the test, to hold a call in flight. */
export function deferred<T>(): { promise: Promise<T>; resolve: (v: T) => void } {
  let resolve!: (v: T) => void
  const promise = new Promise<T>((r) => (resolve = r))
  return { promise, resolve }
}
