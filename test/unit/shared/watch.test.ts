import { describe, expect, it } from 'vitest'
import type { DeskEvent, DeskEventBody, DeskHandlers, WatchTopic } from '../../../src-shared/contract.js'
import { createManualClock } from '../../../src-main/core/shared/clock.js'
import { createCallerScopes, createDispatcher } from '../../../src-main/core/shared/dispatch.js'
import { createEventBus } from '../../../src-main/core/shared/events.js'
import { createPoller } from '../../../src-main/core/shared/watch-poll.js'
import { createWatchRegistry, LIVE, topicKey, type WatchSourceHooks } from '../../../src-main/core/shared/watch.js'

/** A source per opened topic that the test drives by hand (the real sources are tested over HTTP). */
function sources() {
  const opened: Array<{ key: string; hooks: WatchSourceHooks; closed: boolean; snapshot: unknown }> = []
  return {
    opened,
    open: (topic: WatchTopic, hooks: WatchSourceHooks) => {
      const s = { key: topicKey(topic), hooks, closed: false, snapshot: null as unknown }
      opened.push(s)
      return { snapshot: () => s.snapshot as never, state: () => LIVE, close: () => void (s.closed = true) }
    },
  }
}

describe('watch registry', () => {
  it('one source per topic key, the held snapshot at once, then numbered events to every subscriber', () => {
    const reg = createWatchRegistry()
    const src = sources()
    const out: DeskEventBody[] = []
    reg.bind({ epoch: 4, emit: (e) => out.push(e), open: src.open })
    const a = reg.subscribe('window-a-1', { name: 'timeline' })
    const b = reg.subscribe('window-b-1', { name: 'timeline', limit: 100 }) // the default limit: the same key
    expect(src.opened).toHaveLength(1)
    expect(a).toMatchObject({ epoch: 4, topic: 'timeline', snapshot: null, live: true, error: null })
    src.opened[0].snapshot = []
    src.opened[0].hooks.delta({ entries: [] })
    expect(out.map((e) => (e as { subscriptionId: string }).subscriptionId).sort()).toEqual(['window-a-1', 'window-b-1'])
    expect(out.every((e) => (e as { seq: number }).seq > Math.max(a.seq, b.seq))).toBe(true)
    const c = reg.subscribe('window-c-1', { name: 'timeline' })
    expect(c.snapshot).toEqual([])
    expect(c.seq).toBe((out[0] as { seq: number }).seq)
  })

  it('each delta names the seq of the data it follows: the last snapshot or delta, whatever states came between', () => {
    const reg = createWatchRegistry()
    const src = sources()
    const out: DeskEventBody[] = []
    reg.bind({ epoch: 1, emit: (e) => out.push(e), open: src.open })
    const a = reg.subscribe('window-a-1', { name: 'timeline' })
    src.opened[0].snapshot = []
    src.opened[0].hooks.delta({ entries: [] })
    const first = out.at(-1) as Extract<DeskEventBody, { type: 'watch.delta' }>
    // Nothing was pushed before it: it follows the data the subscriber was answered.
    expect(first.prev).toBeLessThanOrEqual(a.seq)
    src.opened[0].hooks.state({ live: false, error: { code: 'signed_out', message: 'Signed out' } })
    src.opened[0].hooks.delta({ entries: [] })
    const second = out.at(-1) as Extract<DeskEventBody, { type: 'watch.delta' }>
    expect(second.prev).toBe(first.seq)
    expect(second.seq).toBeGreaterThan((out.at(-2) as { seq: number }).seq)
    src.opened[0].hooks.snapshot([])
    src.opened[0].hooks.delta({ entries: [] })
    expect((out.at(-1) as { prev: number }).prev).toBe((out.at(-2) as { seq: number }).seq)
    // A window subscribing now is answered at a seq the next delta follows.
    const b = reg.subscribe('window-b-1', { name: 'timeline' })
    src.opened[0].hooks.delta({ entries: [] })
    expect((out.at(-1) as { prev: number }).prev).toBeLessThanOrEqual(b.seq)
  })

  it('pushes a state change once; the last unsubscribe closes the source', () => {
    const reg = createWatchRegistry()
    const src = sources()
    const out: DeskEventBody[] = []
    reg.bind({ epoch: 1, emit: (e) => out.push(e), open: src.open })
    reg.subscribe('window-a-1', { name: 'balance' })
    reg.subscribe('window-b-1', { name: 'balance' })
    const stale = { live: false, error: { code: 'signed_out' as const, message: 'Signed out' } }
    src.opened[0].hooks.state(stale)
    src.opened[0].hooks.state(stale)
    expect(out.filter((e) => e.type === 'watch.state')).toHaveLength(2) // once per subscriber
    expect(reg.unsubscribe('window-a-1')).toBe(true)
    expect(src.opened[0].closed).toBe(false)
    expect(reg.unsubscribe('window-b-1')).toBe(true)
    expect(src.opened[0].closed).toBe(true)
    expect(reg.unsubscribe('window-b-1')).toBe(false)
    expect(reg.sourceKeys()).toEqual([])
  })

  it('a new binding (profile switch) reopens every source and pushes snapshots under the new epoch; the old source is silenced', () => {
    const reg = createWatchRegistry()
    const first = sources()
    const out: DeskEvent[] = []
    const sink = (e: DeskEvent) => out.push(e)
    const bus1 = createEventBus(1, sink)
    reg.bind({ epoch: 1, emit: bus1.emit, open: first.open })
    const before = reg.subscribe('window-a-1', { name: 'listener' })
    reg.unbind()
    expect(first.opened[0].closed).toBe(true)
    const second = sources()
    const bus2 = createEventBus(2, sink)
    reg.bind({ epoch: 2, emit: bus2.emit, open: (topic, hooks) => {
      const s = second.open(topic, hooks)
      second.opened.at(-1)!.snapshot = { status: { running: false, url: null, reason: null }, connection: { state: 'unknown', reason: null } }
      return s
    } })
    first.opened[0].hooks.delta({ status: { running: true, url: null, reason: null }, connection: { state: 'online', reason: null } })
    expect(out.map((e) => [e.type, e.epoch])).toEqual([['watch.snapshot', 2], ['watch.state', 2]])
    expect((out[0] as { seq: number }).seq).toBeGreaterThan(before.seq)
  })

  it('refuses to subscribe while no profile environment is bound', () => {
    const reg = createWatchRegistry()
    expect(() => reg.subscribe('window-a-1', { name: 'balance' })).toThrow(expect.objectContaining({ code: 'profile_changed' }))
  })
})

describe('caller scopes', () => {
  const handlers = (): { calls: string[]; handlers: DeskHandlers } => {
    const calls: string[] = []
    return {
      calls,
      handlers: {
        watch: {
          subscribe: async ({ subscriptionId }: { subscriptionId: string }) => {
            calls.push(`+${subscriptionId}`)
            return { subscriptionId }
          },
          unsubscribe: async ({ subscriptionId }: { subscriptionId: string }) => {
            calls.push(`-${subscriptionId}`)
            return { removed: true }
          },
        },
      } as unknown as DeskHandlers,
    }
  }
  const sub = (subscriptionId: string) => ({ subscriptionId, topic: { name: 'balance' } })
  const event = (subscriptionId: string): DeskEvent => ({ type: 'watch.delta', subscriptionId, seq: 1, topic: 'balance', delta: { balance: 1, at: 1 }, epoch: 1 })

  it('routes watch events to the caller that subscribed, and releases its subscriptions when it goes', async () => {
    const { calls, handlers: h } = handlers()
    const scopes = createCallerScopes(createDispatcher(h, { epoch: () => 1 }))
    const one = scopes.open()
    const two = scopes.open()
    expect(await one.dispatch('desk:watch:subscribe', sub('window-1-a'))).toMatchObject({ ok: true, epoch: 1 })
    await two.dispatch('desk:watch:subscribe', sub('window-2-a'))
    expect([one.wants(event('window-1-a')), one.wants(event('window-2-a')), two.wants(event('window-2-a'))]).toEqual([true, false, true])
    expect(one.wants({ type: 'profile.changed', profileId: 'p', epoch: 2 })).toBe(true)
    // Another caller can neither take over nor end a subscription it does not hold.
    expect(await two.dispatch('desk:watch:subscribe', sub('window-1-a'))).toMatchObject({ ok: false, code: 'bad_input' })
    expect(await two.dispatch('desk:watch:unsubscribe', { subscriptionId: 'window-1-a' })).toMatchObject({ ok: true, value: { removed: false } })
    await one.release()
    expect(calls).toEqual(['+window-1-a', '+window-2-a', '-window-1-a'])
    expect(one.subscriptions()).toEqual([])
    expect(two.subscriptions()).toEqual(['window-2-a'])
  })

  it('an event pushed while the subscribe call is still running reaches its caller', async () => {
    let release!: () => void
    const gate = new Promise<void>((r) => (release = r))
    const h = { watch: { subscribe: async ({ subscriptionId }: { subscriptionId: string }) => (await gate, { subscriptionId }), unsubscribe: async () => ({ removed: true }) } } as unknown as DeskHandlers
    const scope = createCallerScopes(createDispatcher(h, { epoch: () => 1 })).open()
    const pending = scope.dispatch('desk:watch:subscribe', sub('window-1-b'))
    expect(scope.wants(event('window-1-b'))).toBe(true)
    release()
    await pending
  })
})

describe('event bus', () => {
  it('stamps the epoch it was built under, also on a late emit after a newer bus exists', () => {
    const out: DeskEvent[] = []
    const old = createEventBus(1, (e) => out.push(e))
    createEventBus(2, (e) => out.push(e)).emit({ type: 'profile.changed', profileId: 'b' })
    old.emit({ type: 'feed.key', key: { profileId: 'a', expiresAt: null, state: 'unknown', daysLeft: null, warnDays: 7 } })
    expect(out.map((e) => [e.type, e.epoch])).toEqual([['profile.changed', 2], ['feed.key', 1]])
  })
})

describe('poller', () => {
  it('reads at once when activated, then once per interval on the injected clock, never two at once', async () => {
    const clock = createManualClock(0)
    let reads = 0
    let finish: (() => void) | null = null
    const poller = createPoller({ clock, intervalMs: 1000, read: () => new Promise<void>((r) => { reads++; finish = r }) })
    poller.setActive(true)
    clock.advance(0)
    expect(reads).toBe(1)
    clock.advance(5000) // the first read never ended: no second one
    expect(reads).toBe(1)
    finish!()
    await Promise.resolve()
    await Promise.resolve()
    clock.advance(0)
    expect(reads).toBe(2) // overdue: at once
    finish!()
    await new Promise((r) => setImmediate(r))
    clock.advance(999)
    expect(reads).toBe(2)
    clock.advance(1)
    expect(reads).toBe(3)
    poller.setActive(false)
    finish!()
    await new Promise((r) => setImmediate(r))
    clock.advance(10_000)
    expect(reads).toBe(3)
  })
})
