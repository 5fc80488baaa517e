import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { DeskEventOf, TournamentEventsDto, WatchSubscribed, WatchTopic } from '../../../src-shared/contract.js'
import { createEventHub } from '../../../src-main/core/shared/events.js'
import type { WebBridge } from '../../../src-main/web/bridge.js'
import { startProxiedDesk, type ProxiedDesk } from './proxied-desk.js'
import { ok, openBridgeWindow, type BridgeWindow, startDeskBridge } from './bridge-window.js'

/**
 * A big match list reaches windows over the web bridge in two parts: its first matches (to draw at
 * once), then the whole list. A window subscribing to a list main already holds is answered with
 * the first part and gets the whole right after the answer, at the answer's seq; the window that
 * was there first gets nothing more.
 */
const PREVIEW = { over: 20, first: 5 }
let desk: ProxiedDesk
let bridge: WebBridge
const hub = createEventHub()

beforeAll(async () => {
  desk = await startProxiedDesk({ seed: 5, profileName: 'Big lists', harness: { emit: hub.emit, listPreview: PREVIEW, reconcileMs: 3_600_000 } })
  await desk.h.core.handlers.profiles.select({ id: desk.profileId })
  bridge = await startDeskBridge(desk, hub)
})
afterAll(async () => {
  await bridge?.close()
  await desk?.close()
})

type Snapshot = DeskEventOf<'watch.snapshot'>
const keys = (list: unknown) => (list as TournamentEventsDto[]).flatMap((t) => t.matches.map((m) => m.key))
const snapshotsOf = (w: BridgeWindow, id: string) => w.events.filter((e): e is Snapshot => e.type === 'watch.snapshot' && e.subscriptionId === id)
async function until<T>(what: string, read: () => T | undefined | false): Promise<T> {
  for (const end = Date.now() + 20_000; Date.now() < end; await new Promise((r) => setTimeout(r, 10))) {
    const v = read()
    if (v) return v
  }
  throw new Error(`timed out waiting for ${what}`)
}

describe('a big match list in two parts', () => {
  it('pushed: the first matches, then the whole; answered: the first matches, then the whole at the same seq', async () => {
    const a = await openBridgeWindow(bridge)
    ok(await a.call('desk:session:login'))
    const menu = ok(await a.call<Array<{ id: number; counter: number }>>('desk:feed:menu', { lineType: 'line' }))
    const sport = [...menu].sort((x, y) => y.counter - x.counter)[0]
    expect(sport.counter).toBeGreaterThan(PREVIEW.over)
    const topic: WatchTopic = { name: 'feed.events', lineType: 'line', sportId: sport.id, tournamentId: 0, all: true }

    ok(await a.call<WatchSubscribed>('desk:watch:subscribe', { subscriptionId: 'window-a', topic }))
    const whole = await until('the whole list in window a', () => snapshotsOf(a, 'window-a').find((e) => !e.partial))
    const [first] = snapshotsOf(a, 'window-a')
    expect(first.partial).toBe(true)
    expect(first.seq).toBeLessThan(whole.seq)
    expect(keys(whole.snapshot).length).toBeGreaterThan(PREVIEW.over)
    expect(keys(first.snapshot)).toEqual(keys(whole.snapshot).slice(0, PREVIEW.first))
    // The first part says how many matches the whole holds: the window counts those meanwhile.
    expect(first.whole).toBe(keys(whole.snapshot).length)
    expect(whole.whole).toBeUndefined()

    const b = await openBridgeWindow(bridge)
    const answer = ok(await b.call<WatchSubscribed>('desk:watch:subscribe', { subscriptionId: 'window-b', topic }))
    expect(answer.partial).toBe(true)
    expect(answer.whole).toBe(keys(whole.snapshot).length)
    expect(keys(answer.snapshot)).toEqual(keys(whole.snapshot).slice(0, PREVIEW.first))
    const follow = await until('the whole list in window b', () => snapshotsOf(b, 'window-b')[0])
    expect(follow).toMatchObject({ seq: answer.seq, epoch: answer.epoch })
    expect(follow.partial).toBeUndefined()
    expect(keys(follow.snapshot)).toEqual(keys(whole.snapshot))
    // The answer went first on the socket; window a was not sent the list again.
    expect(b.arrivals.indexOf('event:watch.snapshot')).toBeGreaterThan(b.arrivals.findIndex((x) => x.startsWith('reply:')))
    expect(snapshotsOf(a, 'window-a')).toHaveLength(2)
    a.ws.close()
    b.ws.close()
  })
})
