import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { DeskHandlers, EventResultDto, MatchDto, TournamentEventsDto, WatchTopic } from '../../../src-shared/contract.js'
import { createHarness, type Harness } from './helpers.js'

/** The feed's own navigation through the desk core, on Demo (real HTTP to the embedded simulator). */
let h: Harness
let api: DeskHandlers
beforeAll(async () => {
  h = await createHarness({})
  api = h.core.handlers
})
afterAll(async () => {
  await h?.close()
})

/** A topic's first snapshot: answered with the subscription, or pushed once main's first poll lands. */
async function snapshotOf<T>(topic: WatchTopic): Promise<T> {
  const sub = await h.call(() => h.subscribe(topic))
  if (sub.snapshot !== null) return sub.snapshot as T
  const pushed = await h.waitFor('watch.snapshot', (e) => e.subscriptionId === sub.subscriptionId)
  return pushed.snapshot as T
}

const count = (list: TournamentEventsDto[]) => list.reduce((n, t) => n + t.matches.length, 0)

describe('feed navigation on the desk core', () => {
  it('the whole sport: the Top 50 by default, the full line (`match=all`) when asked, grouped by tournament', async () => {
    const top = await snapshotOf<TournamentEventsDto[]>({ name: 'feed.events', lineType: 'line', sportId: 1, tournamentId: 0 })
    const all = await snapshotOf<TournamentEventsDto[]>({ name: 'feed.events', lineType: 'line', sportId: 1, tournamentId: 0, all: true })
    expect(count(top)).toBeLessThanOrEqual(50)
    expect(count(all)).toBeGreaterThan(count(top))
    expect(new Set(all.map((t) => t.tournamentId)).size).toBe(all.length)
  })

  it('the esports side has its own menu and lists', async () => {
    const menu = await h.call(() => api.feed.menu({ lineType: 'line' }))
    const esports = await snapshotOf<Array<{ id: number }>>({ name: 'feed.menu', lineType: 'line', cybersport: true })
    expect(esports.length).toBeGreaterThan(0)
    for (const s of esports) expect(menu.map((x) => x.id)).not.toContain(s.id)
    const list = await snapshotOf<TournamentEventsDto[]>({ name: 'feed.events', lineType: 'line', sportId: esports[0]!.id, tournamentId: 0, cybersport: true })
    expect(count(list)).toBeGreaterThan(0)
  })

  it('top championships load with one events call each; the toplist of a sport is its Prematch top', async () => {
    const champs = await h.call(() => api.feed.topChampionships({ lineType: 'line' }))
    expect(champs.length).toBeGreaterThan(0)
    expect(champs.length).toBeLessThanOrEqual(12)
    const first = champs[0]!
    const events = await h.call(() => api.feed.events({ lineType: 'line', sportId: first.sportId, tournamentId: first.tournamentId }))
    expect(events.map((t) => t.tournamentId)).toEqual([first.tournamentId])
    const toplist = await h.call(() => api.feed.toplist({ sportId: 1 }))
    expect(toplist.length).toBeGreaterThan(0)
    expect(toplist.length).toBeLessThanOrEqual(10)
    for (const m of toplist) expect(m).toMatchObject({ sportId: 1, lineType: 'line' })
  })
  it('list topics carry each match with its main market only (what a row shows), the open match every market', async () => {
    const byKey = (list: TournamentEventsDto[]) => new Map(list.flatMap((t) => t.matches).map((m) => [m.key, m] as const))
    const lists: Array<{ topic: WatchTopic; read: () => Promise<TournamentEventsDto[]> }> = [
      { topic: { name: 'feed.events', lineType: 'line', sportId: 1, tournamentId: 0, all: true }, read: () => api.feed.events({ lineType: 'line', sportId: 1, tournamentId: 0, all: true }) },
      { topic: { name: 'feed.events', lineType: 'live', sportId: 1, tournamentId: 0 }, read: () => api.feed.events({ lineType: 'live', sportId: 1, tournamentId: 0 }) },
      { topic: { name: 'feed.calendar', lineType: 'line', sportId: 1, tournamentId: 0, period: { day: 1 } }, read: () => api.feed.calendar({ sportId: 1, tournamentId: 0, period: { day: 1 } }) },
    ]
    const line = (await h.call(() => api.feed.events({ lineType: 'line', sportId: 1, tournamentId: 0 })))[0]!
    lists.push({ topic: { name: 'feed.events', lineType: 'line', sportId: 1, tournamentId: line.tournamentId }, read: () => api.feed.events({ lineType: 'line', sportId: 1, tournamentId: line.tournamentId }) })
    let trimmed = 0
    let sample: MatchDto | null = null
    for (const { topic, read } of lists) {
      const listed = byKey(await snapshotOf<TournamentEventsDto[]>(topic))
      // A direct read (the same key: the scheduler's shared answer) keeps every market.
      const whole = byKey(await h.call(read))
      expect(listed.size, JSON.stringify(topic)).toBeGreaterThan(0)
      // Compared by structure: a Live refresh may land between the two reads and move a price.
      for (const [key, m] of listed) {
        const full = whole.get(key)
        if (!full) continue
        expect(m.markets?.map((mk) => mk.key) ?? null, key).toEqual(full.markets === null ? null : full.markets.slice(0, 1).map((mk) => mk.key))
        expect(m.markets?.[0]?.columns.flat().map((o) => o.typeId)).toEqual(full.markets?.[0]?.columns.flat().map((o) => o.typeId))
        expect([m.opp1, m.opp2, m.startMs]).toEqual([full.opp1, full.opp2, full.startMs])
        if ((full.markets?.length ?? 0) > 1) {
          trimmed++
          sample ??= full
        }
      }
    }
    expect(trimmed).toBeGreaterThan(0)
    const open = await snapshotOf<EventResultDto>({ name: 'feed.event', lineType: sample!.lineType, gameId: sample!.gameId })
    expect(open.kind).toBe('match')
    if (open.kind === 'match') expect(open.match.markets!.length).toBeGreaterThan(1)
  })
})
