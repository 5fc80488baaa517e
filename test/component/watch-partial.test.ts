/** api/watch.ts taking a big list in two parts: its first rows at once, the whole after, in either order. */
import { describe, expect, it } from 'vitest'
import { flushPromises } from '@vue/test-utils'
import { call } from '@renderer/api/desk.js'
import { subscribe } from '@renderer/api/watch.js'
import type { FeedListDeltaDto, MatchDto, TournamentEventsDto, WatchTopic } from '../../src-shared/contract.js'
import { deferred, installFakeDesk } from './fake-desk.js'

const topic: Extract<WatchTopic, { name: 'feed.events' }> = { name: 'feed.events', lineType: 'line', sportId: 1, tournamentId: 0, all: true }
const match = (key: string, rate = 2): MatchDto =>
  ({ key, gameId: Number(key.slice(1)), markets: [{ key: '0:1', groupId: 1, name: '1X2', columns: [[{ name: 'W1', rate, size: null, blocked: false, playerId: null, pointer: `line#${key}`, typeId: 1 }]] }] }) as unknown as MatchDto
const whole: TournamentEventsDto[] = [
  { tournamentId: 1, tournamentName: 'A', matches: [match('m1'), match('m2')] },
  { tournamentId: 2, tournamentName: 'B', matches: [match('m3'), match('m4')] },
]
const head: TournamentEventsDto[] = [{ tournamentId: 1, tournamentName: 'A', matches: [match('m1')] }]
const keys = (l: TournamentEventsDto[] | null) => (l ?? []).flatMap((t) => t.matches.map((m) => m.key))
const priceOf = (l: TournamentEventsDto[] | null, key: string) => (l ?? []).flatMap((t) => t.matches).find((m) => m.key === key)?.markets?.[0].columns[0][0].rate
const moved = (key: string, rate: number): FeedListDeltaDto => ({ changed: [{ key, markets: { prices: [[0, 0, 0, rate]] } }] }) as unknown as FeedListDeltaDto

describe('a big list in two parts', () => {
  it('draws the first part the answer carries, then takes the whole pushed at the same seq', async () => {
    const fake = installFakeDesk({ 'watch.subscribe': ({ subscriptionId }) => ({ subscriptionId, epoch: 1, seq: 7, topic: 'feed.events', snapshot: head, partial: true, live: true, error: null }) })
    await call('app', 'info')
    const sub = subscribe(topic)
    await flushPromises()
    expect(keys(sub.data.value)).toEqual(['m1'])
    fake.emit({ type: 'watch.snapshot', subscriptionId: sub.id, seq: 7, topic: 'feed.events', snapshot: whole })
    expect(keys(sub.data.value)).toEqual(['m1', 'm2', 'm3', 'm4'])
    await sub.stop()
  })

  it('keeps the whole list when it arrives before the answer that carried its first part', async () => {
    const answered = deferred<unknown>()
    const fake = installFakeDesk({ 'watch.subscribe': () => answered.promise as never })
    await call('app', 'info')
    const sub = subscribe(topic)
    fake.emit({ type: 'watch.snapshot', subscriptionId: sub.id, seq: 7, topic: 'feed.events', snapshot: whole })
    answered.resolve({ subscriptionId: sub.id, epoch: 1, seq: 7, topic: 'feed.events', snapshot: head, partial: true, live: true, error: null })
    await flushPromises()
    expect(keys(sub.data.value)).toEqual(['m1', 'm2', 'm3', 'm4'])
    await sub.stop()
  })

  it('holds a delta that arrives while only the first part is held, and applies it on the whole', async () => {
    const fake = installFakeDesk({ 'watch.subscribe': ({ subscriptionId }) => ({ subscriptionId, epoch: 1, seq: 7, topic: 'feed.events', snapshot: head, partial: true, live: true, error: null }) })
    await call('app', 'info')
    const sub = subscribe(topic)
    await flushPromises()
    fake.emit({ type: 'watch.delta', subscriptionId: sub.id, seq: 8, prev: 7, topic: 'feed.events', delta: moved('m3', 3.5) })
    expect(keys(sub.data.value)).toEqual(['m1'])
    expect(fake.callsTo('watch.subscribe')).toHaveLength(1) // no gap: the whole list is on its way
    fake.emit({ type: 'watch.snapshot', subscriptionId: sub.id, seq: 7, topic: 'feed.events', snapshot: whole })
    expect(priceOf(sub.data.value, 'm3')).toBe(3.5)
    expect(sub.status.seq).toBe(8)
    await sub.stop()
  })

  it('pushed in two parts (first part, then the whole at a later seq), a delta after the whole applies at once', async () => {
    const fake = installFakeDesk({ 'watch.subscribe': ({ subscriptionId }) => ({ subscriptionId, epoch: 1, seq: 3, topic: 'feed.events', snapshot: null, live: true, error: null }) })
    await call('app', 'info')
    const sub = subscribe(topic)
    await flushPromises()
    fake.emit({ type: 'watch.snapshot', subscriptionId: sub.id, seq: 4, topic: 'feed.events', snapshot: head, partial: true })
    expect(keys(sub.data.value)).toEqual(['m1'])
    fake.emit({ type: 'watch.snapshot', subscriptionId: sub.id, seq: 5, topic: 'feed.events', snapshot: whole })
    fake.emit({ type: 'watch.delta', subscriptionId: sub.id, seq: 6, prev: 5, topic: 'feed.events', delta: moved('m4', 1.9) })
    expect(priceOf(sub.data.value, 'm4')).toBe(1.9)
    await sub.stop()
  })
})

describe('a first part whose whole never came', () => {
  it('asks again once refreshes pile up behind it, and takes the whole the new answer brings', async () => {
    let answers = 0
    const fake = installFakeDesk({
      'watch.subscribe': ({ subscriptionId }) => (answers++ === 0 ? { subscriptionId, epoch: 1, seq: 7, topic: 'feed.events', snapshot: head, partial: true, live: true, error: null } : { subscriptionId, epoch: 1, seq: 30, topic: 'feed.events', snapshot: whole, live: true, error: null }),
    })
    await call('app', 'info')
    const sub = subscribe(topic)
    await flushPromises()
    for (let seq = 8; seq < 17; seq++) fake.emit({ type: 'watch.delta', subscriptionId: sub.id, seq, prev: seq - 1, topic: 'feed.events', delta: moved('m3', seq) })
    expect(fake.callsTo('watch.subscribe')).toHaveLength(1)
    fake.emit({ type: 'watch.delta', subscriptionId: sub.id, seq: 17, prev: 16, topic: 'feed.events', delta: moved('m3', 17) })
    await flushPromises()
    expect(fake.callsTo('watch.subscribe')).toHaveLength(2)
    expect(keys(sub.data.value)).toEqual(['m1', 'm2', 'm3', 'm4'])
    await sub.stop()
  })
})
