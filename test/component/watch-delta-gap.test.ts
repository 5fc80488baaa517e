/** api/watch.ts with feed deltas: each applies to the data it names; a gap or a reorder makes the window ask for the current snapshot. */
import { describe, expect, it } from 'vitest'
import { flushPromises } from '@vue/test-utils'
import { call } from '@renderer/api/desk.js'
import { subscribe } from '@renderer/api/watch.js'
import type { FeedListDeltaDto, MatchDto, TournamentEventsDto } from '../../src-shared/contract.js'
import { installFakeDesk } from './fake-desk.js'
import { markets, match } from './feed-fixtures.js'

const m = (gameId: number, w1: number): MatchDto => match(gameId, markets(w1).slice(0, 1), { key: `line:${gameId}` })
const list = (...matches: MatchDto[]): TournamentEventsDto[] => [{ tournamentId: 1, tournamentName: 'Premier League', matches }]
const priceOf = (l: TournamentEventsDto[] | null, i: number) => l?.[0].matches[i].markets?.[0].columns[0][0].rate
/** The home price of the first match moved to `rate`. */
const moved = (rate: number): FeedListDeltaDto => ({ changed: [{ key: 'line:1', markets: { outcomes: [{ market: markets(1).slice(0, 1)[0].key, col: 0, row: 0, set: { rate } }] } }] })

describe('feed deltas in a window', () => {
  it('applies each delta to the data it names, keeps what did not change, and asks again after a gap', async () => {
    let current = list(m(1, 1.5), m(2, 3))
    let answerSeq = 1
    const fake = installFakeDesk({
      'watch.subscribe': ({ subscriptionId, topic }) => ({ subscriptionId, epoch: 1, seq: answerSeq, topic: topic.name, snapshot: current, live: true, error: null }),
    })
    await call('app', 'info')
    const sub = subscribe({ name: 'feed.events', lineType: 'line', sportId: 1, tournamentId: 0 })
    await flushPromises()
    const second = sub.data.value![0].matches[1]
    const emitDelta = (seq: number, prev: number, delta: FeedListDeltaDto) => fake.emit({ type: 'watch.delta', subscriptionId: sub.id, seq, prev, topic: 'feed.events', delta })

    emitDelta(3, 1, moved(1.6))
    expect(priceOf(sub.data.value, 0)).toBe(1.6)
    expect(sub.data.value![0].matches[1]).toBe(second)
    expect(sub.status.seq).toBe(3)
    // A state push between two refreshes does not break the chain: the next delta names seq 3.
    fake.emit({ type: 'watch.state', subscriptionId: sub.id, seq: 4, live: true, error: null })
    emitDelta(5, 3, moved(1.7))
    expect(priceOf(sub.data.value, 0)).toBe(1.7)
    expect(fake.callsTo('watch.subscribe')).toHaveLength(1)

    // The delta of seq 7 is lost: the one of seq 9 cannot apply to what is held, main is asked again.
    current = list(m(1, 1.9), m(2, 3))
    answerSeq = 9
    emitDelta(9, 7, moved(1.9))
    expect(priceOf(sub.data.value, 0)).toBe(1.7)
    await flushPromises()
    expect(fake.callsTo('watch.subscribe')).toHaveLength(2)
    expect(priceOf(sub.data.value, 0)).toBe(1.9)
    expect(sub.status.seq).toBe(9)
    // The lost delta arriving late (a reorder) is older than the snapshot: dropped.
    emitDelta(7, 5, moved(1.8))
    expect(priceOf(sub.data.value, 0)).toBe(1.9)
    emitDelta(11, 9, moved(2.0))
    expect(priceOf(sub.data.value, 0)).toBe(2.0)
    expect(fake.callsTo('watch.subscribe')).toHaveLength(2)
    await sub.stop()
  })

  it('a delta that arrives while the answer is on its way waits for it and then applies', async () => {
    const fake = installFakeDesk({
      'watch.subscribe': ({ subscriptionId, topic }) => ({ subscriptionId, epoch: 1, seq: 2, topic: topic.name, snapshot: list(m(1, 1.5)), live: true, error: null }),
    })
    await call('app', 'info')
    const gate = fake.hold('watch.subscribe')
    const sub = subscribe({ name: 'feed.events', lineType: 'line', sportId: 1, tournamentId: 0 })
    await flushPromises()
    fake.emit({ type: 'watch.delta', subscriptionId: sub.id, seq: 4, prev: 2, topic: 'feed.events', delta: moved(1.55) })
    expect(sub.data.value).toBeNull()
    gate.release()
    await flushPromises()
    expect(priceOf(sub.data.value, 0)).toBe(1.55)
    expect(fake.callsTo('watch.subscribe')).toHaveLength(1)
    await sub.stop()
  })
})
