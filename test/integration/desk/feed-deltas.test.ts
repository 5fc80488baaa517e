import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { DeskEventOf, FeedListDeltaDto, TournamentEventsDto, WatchSubscribed, WatchTopic } from '../../../src-shared/contract.js'
import { applyListDelta } from '../../../src-renderer/composables/feed-delta.js'
import { createSimulatedClock } from '../../../src-main/core/shared/clock.js'
import { createEventHub } from '../../../src-main/core/shared/events.js'
import type { WebBridge } from '../../../src-main/web/bridge.js'
import { startProxiedDesk, type ProxiedDesk } from './proxied-desk.js'
import { ok, openBridgeWindow, quietClock, startDeskBridge } from './bridge-window.js'

/**
 * A feed list over the web bridge, on a simulated clock: the window gets the snapshot with its
 * subscription, then each refresh as a delta naming the data it follows; prices moved and an
 * outcome blocked in the simulator arrive as a delta a small fraction of the snapshot's bytes, and
 * the snapshot with every delta applied is what a window subscribing now is answered.
 */
const EVENTS_LINE_MS = 30_000

let desk: ProxiedDesk
let bridge: WebBridge
const clock = createSimulatedClock(Date.now())
const hub = createEventHub()

const { advance } = quietClock(() => desk, clock)
/** A window whose calls throw on a refused answer. */
async function openWindow() {
  const w = await openBridgeWindow(bridge)
  return { ...w, call: async <T,>(channel: string, payload?: unknown): Promise<T> => ok(await w.call<T>(channel, payload)) }
}

beforeAll(async () => {
  desk = await startProxiedDesk({ seed: 1, profileName: 'Deltas', harness: { clock, emit: hub.emit, reconcileMs: 3_600_000 } })
  await desk.h.core.handlers.profiles.select({ id: desk.profileId })
  bridge = await startDeskBridge(desk, hub)
})
afterAll(async () => {
  await bridge?.close()
  await desk?.close()
})

const pointerParts = (pointer: string) => {
  const [, game, group, type, param] = pointer.split('#')
  return { gameId: Number(game), groupId: Number(group), typeId: Number(type), param: param! }
}

describe('feed list refreshes over the bridge', () => {
  it('snapshot once, then deltas: a moved price and a blocked outcome, applied, equal what a new window is answered', async () => {
    const a = await openWindow()
    const topic: WatchTopic = { name: 'feed.events', lineType: 'line', sportId: 1, tournamentId: 0, all: true }
    const first = await a.call<WatchSubscribed>('desk:watch:subscribe', { subscriptionId: 'window-a-list', topic })
    let held: TournamentEventsDto[]
    let seq = first.seq
    if (first.snapshot !== null) held = first.snapshot as TournamentEventsDto[]
    else {
      await expect.poll(() => a.events.some((e) => e.type === 'watch.snapshot'), { timeout: 10_000 }).toBe(true)
      const pushed = a.events.find((e) => e.type === 'watch.snapshot') as DeskEventOf<'watch.snapshot'>
      held = pushed.snapshot as TournamentEventsDto[]
      seq = pushed.seq
    }
    const snapshotBytes = Buffer.byteLength(JSON.stringify({ event: { type: 'watch.snapshot', snapshot: held } }))
    const matches = held.flatMap((t) => t.matches)
    expect(matches.length).toBeGreaterThan(20)

    // The service moves two prices and blocks an outcome of another match.
    const priced = matches.filter((m) => (m.markets ?? []).some((mk) => mk.columns.flat().some((o) => o.pointer && !o.blocked)))
    const outcomeOf = (i: number) => priced[i]!.markets!.flatMap((mk) => mk.columns.flat()).find((o) => o.pointer && !o.blocked)!
    for (const i of [0, 1]) {
      const p = pointerParts(outcomeOf(i).pointer)
      expect(desk.sim.world.setRate(p.gameId, p.groupId, p.typeId, p.param, Math.round((outcomeOf(i).rate + 0.31) * 100) / 100)).toBe(true)
    }
    const b = pointerParts(outcomeOf(2).pointer)
    expect(desk.sim.world.setBlocked(b.gameId, b.groupId, b.typeId, b.param, true)).toBe(true)

    const before = a.frames.length
    await advance(EVENTS_LINE_MS)
    await expect.poll(() => a.events.slice(before).some((e) => e.type === 'watch.delta'), { timeout: 10_000 }).toBe(true)
    const at = a.events.findIndex((e, i) => i >= before && e.type === 'watch.delta')
    const delta = a.events[at] as DeskEventOf<'watch.delta'>
    expect(a.events.slice(before).some((e) => e.type === 'watch.snapshot')).toBe(false)
    expect(delta.prev).toBeLessThanOrEqual(seq)
    expect(delta.seq).toBeGreaterThan(seq)
    const d = delta.delta as FeedListDeltaDto
    expect(d.changed?.map((c) => c.key).sort()).toEqual([priced[0]!.key, priced[1]!.key, priced[2]!.key].sort())
    expect(d.added ?? []).toEqual([])
    expect(d.removed ?? []).toEqual([])
    // What crossed the bridge for this refresh: a small fraction of the snapshot.
    expect(Buffer.byteLength(a.frames[at]!)).toBeLessThan(snapshotBytes * 0.05)

    const applied = applyListDelta(held, d)
    const blocked = applied.flatMap((t) => t.matches).find((m) => m.key === priced[2]!.key)!
    expect(blocked.markets!.flatMap((mk) => mk.columns.flat()).some((o) => o.pointer.startsWith(`line#${b.gameId}#${b.groupId}#${b.typeId}#`) && o.blocked)).toBe(true)

    // A window subscribing now is answered the current snapshot: the same data.
    const w2 = await openWindow()
    const second = await w2.call<WatchSubscribed>('desk:watch:subscribe', { subscriptionId: 'window-b-list', topic })
    expect(second.snapshot).toEqual(applied)

    // A refresh with nothing moved is an empty delta.
    const quiet = a.events.length
    await advance(EVENTS_LINE_MS)
    await expect.poll(() => a.events.slice(quiet).some((e) => e.type === 'watch.delta'), { timeout: 10_000 }).toBe(true)
    const empty = a.events.slice(quiet).find((e) => e.type === 'watch.delta') as DeskEventOf<'watch.delta'>
    expect(empty.delta).toEqual({})
    expect(empty.prev).toBe(delta.seq)
    a.ws.close()
    w2.ws.close()
  })
})
