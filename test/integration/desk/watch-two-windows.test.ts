import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { DeskEvent, WatchSubscribed, WatchTopic } from '../../../src-shared/contract.js'
import { createSimulatedClock } from '../../../src-main/core/shared/clock.js'
import { createEventHub } from '../../../src-main/core/shared/events.js'
import type { WebBridge } from '../../../src-main/web/bridge.js'
import { startProxiedDesk, type ProxiedDesk } from './proxied-desk.js'
import { ok, openBridgeWindow, quietClock, startDeskBridge } from './bridge-window.js'

/**
 * Two windows (two web-bridge sockets) on one custom profile watch the same feed list, the active
 * coupons and the balance: main polls each key once per interval, whatever the number of windows,
 * measured at a counting proxy in front of the simulator, on a simulated clock.
 */
const POLL_MS = 15_000
const EVENTS_LINE_MS = 30_000

let desk: ProxiedDesk
let bridge: WebBridge
const clock = createSimulatedClock(Date.now())
const hub = createEventHub()

const { settle, advance } = quietClock(() => desk, clock)
const openWindow = () => openBridgeWindow(bridge)


beforeAll(async () => {
  desk = await startProxiedDesk({
    seed: 1,
    profileName: 'Counted',
    harness: { clock, emit: hub.emit, balancePollMs: POLL_MS, activeCouponsPollMs: POLL_MS, reconcileMs: 3_600_000 },
  })
  await desk.h.core.handlers.profiles.select({ id: desk.profileId })
  bridge = await startDeskBridge(desk, hub)
})
afterAll(async () => {
  await bridge?.close()
  await desk?.close()
})

describe('two windows on one profile', () => {
  it('one upstream request per key per interval; closing the windows stops the polling', async () => {
    const [a, b] = [await openWindow(), await openWindow()]
    ok(await a.call('desk:session:login'))
    const menu = ok(await a.call<Array<{ id: number; countries: Array<{ tournaments: Array<{ id: number; counter: number }> }> }>>('desk:feed:menu', { lineType: 'line' }))
    const sport = menu.find((s) => s.countries.some((c) => c.tournaments.some((t) => t.counter > 0)))!
    const tournament = sport.countries.flatMap((c) => c.tournaments).find((t) => t.counter > 0)!
    const topics: WatchTopic[] = [{ name: 'feed.events', lineType: 'line', sportId: sport.id, tournamentId: tournament.id }, { name: 'coupons.active' }, { name: 'balance' }]
    await settle()
    const before = { events: desk.proxy.count('GET', '/v1/events/'), active: desk.proxy.count('GET', '/coupons/active'), balance: desk.proxy.count('GET', '/balance') }

    for (const [w, name] of [[a, 'a'], [b, 'b']] as const) {
      for (const [i, topic] of topics.entries()) {
        const answer = ok(await w.call<WatchSubscribed>('desk:watch:subscribe', { subscriptionId: `window-${name}-${i}`, topic }))
        expect(answer).toMatchObject({ subscriptionId: `window-${name}-${i}`, topic: topic.name, epoch: desk.h.core.epoch() })
      }
    }
    await settle()
    const SPAN = 120_000
    await advance(SPAN)

    const polled = { events: desk.proxy.count('GET', '/v1/events/') - before.events, active: desk.proxy.count('GET', '/coupons/active') - before.active, balance: desk.proxy.count('GET', '/balance') - before.balance }
    // The first read when subscribed, then one per interval: as many as for a single window.
    expect(polled).toEqual({ events: 1 + SPAN / EVENTS_LINE_MS, active: 1 + SPAN / POLL_MS, balance: 1 + SPAN / POLL_MS })

    // Each window got every topic's refreshes (a feed list's as deltas), under its own subscription ids only.
    for (const [w, name] of [[a, 'a'], [b, 'b']] as const) {
      const watchEvents = w.events.filter((e) => e.type.startsWith('watch.')) as Array<Extract<DeskEvent, { subscriptionId: string }>>
      expect(watchEvents.every((e) => e.subscriptionId.startsWith(`window-${name}-`))).toBe(true)
      for (const i of topics.keys()) expect(watchEvents.some((e) => (e.type === 'watch.snapshot' || e.type === 'watch.delta') && e.subscriptionId === `window-${name}-${i}`)).toBe(true)
      const seqs = watchEvents.filter((e) => e.subscriptionId === `window-${name}-0`).map((e) => e.seq)
      expect(seqs).toEqual([...seqs].sort((x, y) => x - y))
    }

    // Window b unsubscribes from one topic and closes: a keeps the same pace alone.
    ok(await b.call('desk:watch:unsubscribe', { subscriptionId: 'window-b-0' }))
    b.ws.close()
    await expect.poll(() => desk.h.core.handlers.watch.unsubscribe({ subscriptionId: 'window-b-1' })).toEqual({ removed: false })
    const mid = desk.proxy.count('GET', '/balance')
    await advance(2 * POLL_MS)
    expect(desk.proxy.count('GET', '/balance') - mid).toBe(2)

    // The last window goes away: its subscriptions are released and nothing is polled any more.
    a.ws.close()
    await expect.poll(() => desk.h.core.handlers.watch.unsubscribe({ subscriptionId: 'window-a-2' })).toEqual({ removed: false })
    await settle()
    const after = desk.proxy.counts()
    await advance(4 * EVENTS_LINE_MS)
    expect(desk.proxy.counts()).toEqual(after)
  })
})
