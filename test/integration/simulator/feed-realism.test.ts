import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { RunningSimulator } from '../../../src-main/core/simulator/server.js'
import { control, feed, rows, startFeedSim, type Json } from './feed-helpers.js'

/**
 * What a partner watching the Demo sees, over real HTTP: clocks that stand in breaks, periods of the
 * sport's length, set sports without minutes, markets that close once decided, 1X2 first in
 * football, Prematch rows in start order. The simulator runs as in Demo (no variations).
 */
let sim: RunningSimulator
beforeAll(async () => {
  sim = await startFeedSim({ matches: 400, variations: 'none' })
})
afterAll(async () => {
  await sim?.close()
})

const MIN = 60_000
const advance = (ms: number) => control(sim, 'POST', '/clock/advance', { ms })
const event = async (gameId: number): Promise<Json> => (await feed(sim, `/v1/event/${gameId}/group/live/en`)).body
/** Moves a Prematch match of the sport (or of one tournament) to Live: its new live id. */
async function startOne(sportId: number, tournamentId = 0): Promise<number> {
  const list = rows((await feed(sim, `/v1/events/${sportId}/${tournamentId}/sub/50/line/en?match=all&odds=false`)).body)
  expect(list.length, `a Prematch match of sport ${sportId} / tournament ${tournamentId}`).toBeGreaterThan(0)
  const started = await control<{ gameId: number }>(sim, 'POST', `/matches/${list[0].game_id}/start`)
  return started.json.gameId
}
/** Reads one match every `stepMs` until it leaves the feed or `maxMs` passed. */
async function follow(gameId: number, stepMs: number, maxMs: number): Promise<Json[]> {
  const seen: Json[] = []
  for (let t = 0; t <= maxMs; t += stepMs) {
    const body = await event(gameId)
    if (body.message !== undefined) break
    seen.push(body)
    await advance(stepMs)
  }
  return seen
}

describe('Demo realism: clocks and periods', () => {
  it('football: the clock runs through the first half, stands still at 45:00 through half-time, and runs on in the second', async () => {
    const id = await startOne(1)
    const seen = await follow(id, MIN, 80 * MIN)
    const first = seen.filter((m) => m.period_name === '1st half')
    const ht = seen.filter((m) => m.period_name === 'Half-time')
    const second = seen.filter((m) => m.period_name === '2nd half')
    expect(first.length).toBeGreaterThanOrEqual(45)
    // Added time: the first half runs past 45:00, a few minutes at most.
    expect(Math.max(...first.map((m) => m.timer))).toBeGreaterThanOrEqual(45 * 60)
    expect(Math.max(...first.map((m) => m.timer))).toBeLessThan(50 * 60)
    // Half-time: answers a minute apart carry the same timer (how the console knows the clock stands).
    expect(ht.length).toBeGreaterThanOrEqual(10)
    expect(new Set(ht.map((m) => m.timer))).toEqual(new Set([2700]))
    expect(second.length).toBeGreaterThan(0)
    expect(second[0].timer).toBeGreaterThanOrEqual(2700)
    expect(second[0].timer).toBeLessThan(2700 + 120)
  })

  it.each([
    ['NBA', 12, 3001],
    ['EuroLeague', 10, 3002],
  ])('basketball (%s): quarters of %i minutes on a clock that never leaves its quarter, standing in the breaks', async (_name, quarterMin, tournamentId) => {
    const id = await startOne(3, tournamentId)
    const seen = await follow(id, 30_000, 130 * MIN)
    const q = quarterMin * 60
    const quarters = ['1st quarter', '2nd quarter', '3rd quarter', '4th quarter']
    for (const [i, name] of quarters.entries()) {
      const inQuarter = seen.filter((m) => m.period_name === name)
      expect(inQuarter.length, name).toBeGreaterThan(0)
      for (const m of inQuarter) {
        expect(m.timer, name).toBeGreaterThanOrEqual(i * q)
        expect(m.timer, name).toBeLessThanOrEqual((i + 1) * q)
      }
    }
    const breaks = seen.filter((m) => !quarters.includes(m.period_name) && m.period_name !== 'Overtime')
    expect(breaks.length).toBeGreaterThan(0)
    for (const m of breaks) expect([q, 2 * q, 3 * q, 4 * q]).toContain(m.timer)
    expect(breaks.some((m) => m.period_name === 'Half-time' && m.timer === 2 * q)).toBe(true)
  })

  it('tennis: sets and games, the points of the game, and no clock at all', async () => {
    await advance(20 * MIN)
    const check = (list: Json[]) => {
      expect(list.length).toBeGreaterThan(0)
      for (const m of list) {
        expect(m.timer, m.opp_1_name).toBe(0)
        expect(m.period_name).toMatch(/^(1st|2nd|3rd) set$/)
        const [s1, s2] = m.score_full.split(':').map(Number)
        expect(Math.max(s1, s2)).toBeLessThan(2)
        // One games score per set so far, the current set last; finished sets are won 6-x (two clear), 7-5 or 7-6.
        const sets = m.score_period.split(';').map((p: string) => p.split(':').map(Number))
        expect(sets).toHaveLength(s1 + s2 + 1)
        for (const [a, b] of sets.slice(0, -1)) {
          const [w, l] = [Math.max(a, b), Math.min(a, b)]
          expect((w === 6 && l <= 4) || (w === 7 && (l === 5 || l === 6)), `${a}:${b}`).toBe(true)
        }
        const [a, b] = sets.at(-1)
        expect(Math.max(a, b)).toBeLessThanOrEqual(7)
        expect(m.score_extra).toMatch(/^(0|15|30|40|A|\d+):(0|15|30|40|A|\d+)$/)
      }
    }
    const before = rows((await feed(sim, '/v1/events/4/0/sub/50/live/en')).body)
    check(before)
    await advance(15 * MIN)
    const after = rows((await feed(sim, '/v1/events/4/0/sub/50/live/en')).body)
    check(after)
    // Play moved on: some match has other games now, none has a running clock.
    const games = new Map(before.map((m: Json) => [m.game_id, m.score_period]))
    expect(after.some((m: Json) => games.has(m.game_id) && games.get(m.game_id) !== m.score_period)).toBe(true)
  })
})

describe('Demo realism: markets and lists', () => {
  it('closes decided markets: no Both Teams To Score once both have scored, no passed total lines, no 1.001 / 501 outside the result markets', async () => {
    const scored = (m: Json) => m.score_full.split(':').map(Number)
    let live: Json[] = []
    // Play on until some live football match has goals on both sides (whatever the tests before this one did).
    for (let i = 0; i < 12 && !live.some((m) => scored(m).every((x: number) => x > 0)); i++) {
      await advance(10 * MIN)
      live = rows((await feed(sim, '/v1/events/1/0/sub/50/live/en?odds=false')).body)
    }
    const both = live.filter((m) => scored(m).every((x: number) => x > 0))
    const one = live.filter((m) => scored(m).some((x: number) => x === 0))
    expect(both.length, 'live football matches where both sides scored').toBeGreaterThan(0)
    expect(one.length).toBeGreaterThan(0)
    for (const m of [...both, ...one]) {
      const body = await event(m.game_id)
      const [s1, s2] = body.score_full.split(':').map(Number)
      const markets: Json[] = body.game_oc_list
      const btts = markets.filter((g) => g.group_id === 19)
      if (s1 > 0 && s2 > 0) expect(btts, `${body.score_full}: Both Teams To Score`).toEqual([])
      for (const g of markets) {
        for (const oc of g.oc_list.flat()) {
          const rate = Number(oc.oc_rate)
          if (g.group_id === 17 && oc.oc_name.startsWith('Under')) expect(Number(oc.oc_size), `${body.score_full} ${oc.oc_name}`).toBeGreaterThan(s1 + s2)
          if (![1, 8, 101].includes(g.group_id)) {
            expect(rate, `${body.score_full} ${g.group_name} ${oc.oc_name}`).toBeGreaterThan(1.001)
            expect(rate, `${body.score_full} ${g.group_name} ${oc.oc_name}`).toBeLessThan(501)
          }
        }
      }
    }
    // Where a side has not scored yet, the market is still on offer somewhere.
    const open = await Promise.all(one.map(async (m) => (await event(m.game_id)).game_oc_list.some((g: Json) => g.group_id === 19)))
    expect(open.some(Boolean)).toBe(true)
  })

  it('football rows lead with 1X2, all three outcomes, in Prematch and in Live', async () => {
    for (const type of ['line', 'live']) {
      const list = rows((await feed(sim, `/v1/events/1/0/sub/50/${type}/en?match=all`)).body)
      expect(list.length).toBeGreaterThan(0)
      for (const m of list) {
        if (m.game_oc_list.length === 0) continue
        const main = m.game_oc_list[0]
        expect(main.group_id, `${m.opp_1_name} – ${m.opp_2_name}`).toBe(1)
        expect(main.oc_list.map((oc: Json) => Number(oc.oc_pointer.split('|')[2])).sort()).toEqual([1, 2, 3])
      }
    }
  })

  it('lists Prematch matches of a tournament in start order: the Top-50, the full line and one tournament', async () => {
    const answers = [
      (await feed(sim, '/v1/events/1/0/sub/50/line/en')).body,
      (await feed(sim, '/v1/events/1/0/sub/50/line/en?match=all')).body,
      (await feed(sim, '/v1/events/1/1001/sub/50/line/en')).body,
      (await feed(sim, '/v1/events/3/0/sub/50/line/en')).body,
    ]
    for (const body of answers) {
      expect(body.length).toBeGreaterThan(0)
      for (const t of body) {
        const starts = t.events_list.map((m: Json) => m.game_start)
        expect(starts, t.tournament_name).toEqual([...starts].sort((a: number, b: number) => a - b))
      }
    }
    expect(answers[0].some((t: Json) => t.events_list.length > 1)).toBe(true)
  })
})
