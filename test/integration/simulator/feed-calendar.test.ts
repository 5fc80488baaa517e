import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { RunningSimulator } from '../../../src-main/core/simulator/server.js'
import { control, feed, rows, START_MS, startFeedSim, type Json } from './feed-helpers.js'

/** The match calendar: `events/{sportId}/{tournamentId}/sub/50/line/{hours}/{days}/{lang}`, Europe/Kyiv days. */
let sim: RunningSimulator
beforeAll(async () => {
  sim = await startFeedSim({ matches: 1500, seed: 11 })
})
afterAll(async () => {
  await sim?.close()
})

const HOUR = 3_600_000
// START_MS is 2026-11-21 12:00 UTC = 14:00 in Kyiv (UTC+2 in November): today ends at 22:00 UTC.
const KYIV_MIDNIGHT = Date.UTC(2026, 10, 21, 22)
const calendar = (hours: number, days: number, query = '', sport = 1, tournament = 0) => feed(sim, `/v1/events/${sport}/${tournament}/sub/50/line/${hours}/${days}/en${query}`)
/** What the world holds: main Prematch matches of the sport that start in [from, to) and have not started. */
const expected = (from: number, to: number, sport = 1) =>
  sim.world
    .allMainMatches('line')
    .filter((m) => m.sportId === sport && m.state === 'prematch' && m.startMs > START_MS && m.startMs >= from && m.startMs < to)
    .map((m) => m.gameId)
    .sort()
const ids = (body: Json[]) => rows(body).map((m: Json) => m.game_id).sort()

describe('match calendar', () => {
  it.each([2, 4, 6, 12])('hours %i: from now to now + N hours, days ignored; by start, grouped by tournament', async (hours) => {
    const r = await calendar(hours, 3)
    expect(r.page).toBe('/v1/events')
    expect(ids(r.body)).toEqual(expected(START_MS, START_MS + hours * HOUR))
    const sorted = (xs: number[]) => expect(xs).toEqual([...xs].sort((a, b) => a - b))
    for (const t of r.body) sorted(t.events_list.map((m: Json) => m.game_start))
    sorted(r.body.map((t: Json) => t.events_list[0].game_start))
  })

  it('hours 0: day 0 is the rest of today in Kyiv, days 1..5 each a whole Kyiv day, more is empty', async () => {
    expect(ids((await calendar(0, 0)).body)).toEqual(expected(START_MS, KYIV_MIDNIGHT))
    for (const day of [1, 2, 5]) {
      const from = KYIV_MIDNIGHT + (day - 1) * 24 * HOUR
      const got = ids((await calendar(0, day)).body)
      expect(got, `day ${day}`).toEqual(expected(from, from + 24 * HOUR))
      expect(got.length).toBeGreaterThan(0)
    }
    expect((await calendar(0, 6)).body).toEqual([])
  })

  it('has no Top filter (more than 50 rows), the events shape, odds=false, a tournament filter', async () => {
    const day = await calendar(0, 1)
    expect(rows(day.body).length).toBeGreaterThan(50)
    const events = rows((await feed(sim, '/v1/events/1/0/sub/50/line/en')).body)
    expect(Object.keys(rows(day.body)[0])).toEqual(Object.keys(events[0]))
    expect(rows((await calendar(0, 1, '?odds=false')).body).every((m: Json) => !('game_oc_list' in m) && m.game_oc_counter > 0)).toBe(true)
    const tournament = day.body[0].tournament_id
    const one = await calendar(0, 1, '', 1, tournament)
    expect(one.body.map((t: Json) => t.tournament_id)).toEqual([tournament])
    expect(ids(one.body)).toEqual(rows(day.body).filter((m: Json) => m.tournament_id === tournament).map((m: Json) => m.game_id).sort())
  })

  it('leaves out started matches and esports', async () => {
    const before = rows((await calendar(12, 0)).body)
    const first = before[0]
    const started = await control(sim, 'POST', `/matches/${first.game_id}/start`)
    expect(started.status).toBe(200)
    expect(rows((await calendar(12, 0)).body).map((m: Json) => m.game_id)).not.toContain(first.game_id)
    expect((await feed(sim, '/v1/events/40/0/sub/50/line/0/1/en?cybersport=true')).body).toEqual([])
  })

  it('answers wrong hours with 400 and anything but line with code 90', async () => {
    expect((await calendar(3, 0)).http).toBe(400)
    expect((await feed(sim, '/v1/events/1/0/sub/50/live/2/0/en')).raw).toEqual({ error_code: 90, error_message: 'Wrong data type (accept only live or line)' })
    expect((await feed(sim, '/v1/events/1/0/sub/50/line/2/x/en')).http).toBe(400)
  })
})
