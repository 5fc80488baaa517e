import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { RunningSimulator } from '../../../src-main/core/simulator/server.js'
import { feed, rows, startFeedSim, type Json } from './feed-helpers.js'

let sim: RunningSimulator
beforeAll(async () => {
  sim = await startFeedSim({ matches: 1500 })
})
afterAll(async () => {
  await sim?.close()
})

const ESPORTS = [40, 85]
const LIMITED = [1, 3, 4]

describe('feed navigation: menu, sports, countries, tournaments', () => {
  it('menu counters equal the sum of their children at every level, for both line types', async () => {
    for (const type of ['line', 'live']) {
      const r = await feed(sim, `/v1/menu/${type}/en`)
      expect(r.http).toBe(200)
      expect(r.status).toBe(1)
      expect(r.page).toBe('/v1/menu')
      expect(r.body.length).toBeGreaterThan(0)
      for (const sport of r.body) {
        expect(sport.counter).toBeGreaterThan(0)
        expect(sport.counter).toBe(sport.sub.reduce((n: number, c: Json) => n + c.counter, 0))
        for (const country of sport.sub) {
          expect(country.sport_id).toBe(sport.id)
          expect(country.counter).toBe(country.sub.reduce((n: number, t: Json) => n + t.counter, 0))
          for (const t of country.sub) {
            expect(t).toMatchObject({ sport_id: sport.id, countryId: country.id })
            expect(t).not.toHaveProperty('country_id')
            expect(typeof t.name).toBe('string')
            expect(t.counter).toBeGreaterThan(0)
          }
        }
      }
    }
  })

  it('counters match the real number of listed matches (events with match=all)', async () => {
    const menu = await feed(sim, '/v1/menu/line/en')
    const football = menu.body.find((s: Json) => s.id === 1)
    const all = await feed(sim, '/v1/events/1/0/sub/50/line/en?match=all&odds=false')
    expect(rows(all.body).length).toBe(football.counter)
    const tour = football.sub[0].sub[0]
    const one = await feed(sim, `/v1/events/1/${tour.id}/sub/50/line/en`)
    expect(rows(one.body).length).toBe(tour.counter)
  })

  it('keeps empty tournament names empty and localises names by lang', async () => {
    const en = await feed(sim, '/v1/menu/line/en')
    const ru = await feed(sim, '/v1/menu/line/ru')
    const tours = en.body.flatMap((s: Json) => s.sub.flatMap((c: Json) => c.sub))
    expect(tours.some((t: Json) => t.name === '')).toBe(true)
    expect(en.body.find((s: Json) => s.id === 1).name).toBe('Football')
    expect(ru.body.find((s: Json) => s.id === 1).name).toBe('Футбол')
  })

  it('esports appear only with cybersport=true, regular sports only without it', async () => {
    const plain = await feed(sim, '/v1/sports/line/en')
    const cyber = await feed(sim, '/v1/sports/line/en?cybersport=true')
    expect(plain.page).toBe('/v1/sports')
    expect(plain.body.map((s: Json) => s.id).some((id: number) => ESPORTS.includes(id))).toBe(false)
    expect(cyber.body.length).toBeGreaterThan(0)
    expect(cyber.body.every((s: Json) => ESPORTS.includes(s.id))).toBe(true)
    const menuCyber = await feed(sim, '/v1/menu/line/en?cybersport=true')
    expect(menuCyber.body.every((s: Json) => ESPORTS.includes(s.id))).toBe(true)
    for (const s of plain.body) expect(Object.keys(s).sort()).toEqual(['counter', 'id', 'name'])
  })

  it('countries and tournaments agree with the menu', async () => {
    const menu = await feed(sim, '/v1/menu/line/en')
    const football = menu.body.find((s: Json) => s.id === 1)
    const countries = await feed(sim, '/v1/countries/1/line/en')
    expect(countries.page).toBe('/v1/countries')
    expect(countries.body.map((c: Json) => [c.id, c.counter, c.sport_id])).toEqual(football.sub.map((c: Json) => [c.id, c.counter, 1]))
    expect(countries.body[0]).not.toHaveProperty('sub')
    const england = football.sub.find((c: Json) => c.id === 1)
    const tours = await feed(sim, '/v1/tournaments/1/1/line/en')
    expect(tours.page).toBe('/v1/tournaments')
    expect(tours.body).toEqual(england.sub)
    const cyberTours = await feed(sim, '/v1/tournaments/40/225/line/en?cybersport=true')
    expect(cyberTours.body.length).toBeGreaterThan(0)
    expect((await feed(sim, '/v1/tournaments/40/225/line/en')).body).toEqual([])
    // Production's pseudo-countries.
    const ids = new Map(countries.body.map((c: Json) => [c.id, c.name]))
    expect([ids.get(225), ids.get(223), ids.get(226), ids.get(229)]).toEqual(['World', 'Europe', 'Africa', 'Asia'])
    expect((await feed(sim, '/v1/countries/999/line/en')).body).toEqual([])
  })
})

describe('feed subscription (errors: feed-keys.test.ts)', () => {
  it('never returns sports outside the limited key; asking for one is "Access denied"', async () => {
    const key = 'demo-key-limited'
    const menu = await feed(sim, '/v1/menu/line/en', key)
    expect(menu.body.map((s: Json) => s.id).sort()).toEqual(LIMITED)
    const live = await feed(sim, '/v1/menu/live/en', key)
    expect(live.body.every((s: Json) => LIMITED.includes(s.id))).toBe(true)
    for (const path of ['/v1/topmatches/line/en?full=true', '/v1/topmatches/live/en', '/v1/search/line/en/a']) {
      const r = await feed(sim, path, key)
      expect(r.status).toBe(1)
      expect(r.body.length).toBeGreaterThan(0)
      expect(r.body.every((m: Json) => LIMITED.includes(m.sport_id))).toBe(true)
    }
    const champs = await feed(sim, '/v1/topchampionships/line/en', key)
    expect(champs.body.every((c: Json) => LIMITED.includes(c.sport_id))).toBe(true)
    const hockeyId = rows((await feed(sim, '/v1/events/2/0/sub/50/line/en')).body)[0].game_id
    for (const path of ['/v1/events/2/0/sub/50/line/en', '/v1/toplist/2/en', '/v1/countries/2/line/en', '/v1/tournaments/2/7/line/en', `/v1/event/${hockeyId}/group/line/en`]) {
      const r = await feed(sim, path, key)
      expect(r.raw, path).toEqual({ error_code: 100, error_message: 'Access denied' })
      expect(r.http).toBe(403)
    }
  })
})
