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
    const cyberTours = await feed(sim, '/v1/tournaments/40/9/line/en?cybersport=true')
    expect(cyberTours.body.length).toBeGreaterThan(0)
    expect((await feed(sim, '/v1/tournaments/40/9/line/en')).body).toEqual([])
    expect((await feed(sim, '/v1/countries/999/line/en')).body).toEqual([])
  })
})

describe('feed authentication and subscription', () => {
  it('rejects a missing or unknown Package key with 401 and status 0', async () => {
    for (const key of [null, 'nope', '', '__proto__', 'constructor', 'DEMO-KEY']) {
      const r = await feed(sim, '/v1/menu/line/en', key)
      expect(r.http).toBe(401)
      expect(r.status).toBe(0)
      expect(r.raw.error).toBe('invalid_key')
    }
  })

  it('rejects a language outside the subscription or unsupported with 403', async () => {
    const ru = await feed(sim, '/v1/menu/line/ru', 'demo-key-limited')
    expect(ru.http).toBe(403)
    expect(ru.status).toBe(0)
    expect(ru.raw.error).toBe('lang_not_in_subscription')
    const xx = await feed(sim, '/v1/menu/line/xx')
    expect(xx.http).toBe(403)
    expect(xx.status).toBe(0)
  })

  it('never returns sports outside the limited key', async () => {
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
    expect((await feed(sim, '/v1/events/2/0/sub/50/line/en', key)).body).toEqual([])
    expect((await feed(sim, '/v1/toplist/2/en', key)).body).toEqual([])
    expect((await feed(sim, '/v1/countries/2/line/en', key)).body).toEqual([])
    // An id of a sport outside the key is "not available", exactly like a finished match.
    const hockey = await feed(sim, '/v1/events/2/0/sub/50/line/en')
    const hockeyId = rows(hockey.body)[0].game_id
    const ev = await feed(sim, `/v1/event/${hockeyId}/group/line/en`, key)
    expect(ev.status).toBe(1)
    expect(typeof ev.body.message).toBe('string')
    expect(ev.body).not.toHaveProperty('game_id')
  })

  it('answers bad parameters with 400 and unknown methods with 404', async () => {
    for (const path of ['/v1/menu/soon/en', '/v1/events/1/0/flat/50/line/en', '/v1/events/1/0/sub/20/line/en', '/v1/events/x/0/sub/50/line/en', '/v1/event/1/list/line/en', '/v1/events/1/0/sub/50/line/en?odds=maybe']) {
      const r = await feed(sim, path)
      expect(r.http, path).toBe(400)
      expect(r.status).toBe(0)
    }
    expect((await feed(sim, '/v1/calendar/line/en')).http).toBe(404)
    expect((await feed(sim, '/v1/menu/line')).http).toBe(404)
  })
})
