import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { startSimulator, type RunningSimulator } from '../../../src-main/core/simulator/server.js'
import { createFeedClient, createFeedScheduler, feedKey, runFeedRequest, type FeedClient, type FeedRequestSpec, type FeedUpdate } from '../../../src-main/core/feed/index.js'
import { createFakeTime } from '../../unit/feed/fake-time.js'

let sim: RunningSimulator
let client: FeedClient
let requests: string[] = []

interface WorldSummary { line: { samples: Array<{ gameId: number; sportId: number }> } }

async function control(path: string, method = 'GET'): Promise<unknown> {
  const res = await fetch(`${sim.couponBaseUrl}/__sim${path}`, { method, headers: { 'content-type': 'application/json' }, body: method === 'POST' ? '{}' : undefined })
  expect(res.status, path).toBe(200)
  return res.json()
}

beforeAll(async () => {
  sim = await startSimulator({ port: 0, clockTickMs: 0, seed: 1 })
  client = createFeedClient({
    baseURL: sim.feedApiUrl,
    apiKey: 'demo-key',
    fetch: (input, init) => {
      requests.push(new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url).pathname)
      return fetch(input, init)
    },
  })
})

afterAll(async () => {
  await sim?.close()
})

describe('Prematch → Live transition', () => {
  it('starting a match: the old id is gone under line, a new id is served under live, never linked', async () => {
    const world = (await control('/world')) as WorldSummary
    const { gameId: lineId, sportId } = world.line.samples[0]
    const before = await client.event(lineId, 'line', 'en')
    expect(before.kind).toBe('match')

    const { gameId: liveId } = (await control(`/matches/${lineId}/start`, 'POST')) as { gameId: number }
    expect(liveId).not.toBe(lineId)

    const old = await client.event(lineId, 'line', 'en')
    expect(old).toMatchObject({ kind: 'gone', gameId: lineId, lineType: 'line' })
    const now = await client.event(liveId, 'live', 'en')
    if (now.kind !== 'match') throw new Error('expected the live match')
    expect(now.match.key).toBe(`live:${liveId}`)
    expect(now.match.lineType).toBe('live')
    const liveRows = (await client.events(sportId, 0, 'live', 'en')).items.flatMap((t) => t.matches)
    expect(liveRows.some((m) => m.gameId === liveId)).toBe(true)
    const lineRows = (await client.events(sportId, 0, 'line', 'en', { match: 'all' })).items.flatMap((t) => t.matches)
    expect(lineRows.some((m) => m.gameId === lineId)).toBe(false)
  })

  it('the scheduler polls a Prematch event over real HTTP and stops for good once it is gone', async () => {
    const world = (await control('/world')) as WorldSummary
    const { gameId } = world.line.samples[1]
    const time = createFakeTime()
    const scheduler = createFeedScheduler({ clock: time.clock, timers: time.timers, run: (spec) => runFeedRequest(client, spec) })
    const spec: FeedRequestSpec = { method: 'event', gameId, type: 'line', lang: 'en' }
    const path = `/feed/v1/event/${gameId}/group/line/en`
    const updates: FeedUpdate[] = []
    requests = []
    scheduler.watch(spec, (u) => updates.push(u))
    await vi.waitFor(() => expect(updates).toHaveLength(1))
    expect(updates[0]).toMatchObject({ ok: true, value: { kind: 'match' } })

    await time.advance(29_000)
    expect(requests.filter((p) => p === path)).toHaveLength(1)
    await time.advance(1_000)
    await vi.waitFor(() => expect(updates).toHaveLength(2))

    await control(`/matches/${gameId}/start`, 'POST')
    await time.advance(30_000)
    await vi.waitFor(() => expect(updates).toHaveLength(3))
    expect(updates[2]).toMatchObject({ ok: true, value: { kind: 'gone', gameId } })

    await time.advance(10 * 60_000)
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(requests.filter((p) => p === path)).toHaveLength(3)
    expect(scheduler.last(feedKey(spec))).toMatchObject({ value: { kind: 'gone' } })
    scheduler.stop()
  })
})
