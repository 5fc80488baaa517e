import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { RunningSimulator } from '../../../src-main/core/simulator/server.js'
import { feed, rows, START_MS, startFeedSim, type Json } from './feed-helpers.js'

let sim: RunningSimulator
beforeAll(async () => {
  // Production's special bets (`Home` / `Away`) and literal `period` names are variations: off in Demo, checked here.
  sim = await startFeedSim({ matches: 1500, variations: 'special-bets,period-literal' })
})
afterAll(async () => {
  await sim?.close()
})

const nowSec = () => Math.floor(START_MS / 1000)
const POINTER = /^\d+\|\d+\|\d+\|[-+]?[0-9]+(\.[0-9]+)?([eE][-+]?[0-9]+)?$/
const MATCH_KEYS = [
  'sgame_id', 'stat_id', 'game_id', 'game_mid', 'game_num', 'game_start', 'country_id', 'country_name', 'tournament_id', 'tournament_name',
  'opp_1_name', 'opp_2_name', 'opp_1_id', 'opp_1_ids', 'opp_2_id', 'opp_2_ids', 'opp_1_icon', 'opp_2_icon', 'game_oc_counter', 'game_oc_list',
  'sport_id', 'sport_name', 'timer', 'score_full', 'score_period', 'stat_list', 'extra_time', 'finale', 'pitch', 'sub_games', 'event_plan',
  'period_name', 'game_desk', 'score_extra', 'game_dop_name', 'va', 'vi', 'zp', 'game_plan', 'stat_list_extra',
]
/** The simulator's popularity weight is not a feed field: read it through the world seam. */
const weightOf = (gameId: number) => sim.world.getMatch(gameId)!.weight

describe('events', () => {
  it('line with tournament 0 returns the Top-50: next 24 h by weight then start, grouped by tournament in that order', async () => {
    const r = await feed(sim, '/v1/events/1/0/sub/50/line/en')
    expect(r.page).toBe('/v1/events')
    const list = rows(r.body)
    expect(list).toHaveLength(50)
    // Tournament groups appear in order of their first match; within a group the order is kept.
    const ids = r.body.map((t: Json) => t.tournament_id)
    expect(new Set(ids).size).toBe(ids.length)
    for (const t of r.body) expect(t.events_list.every((m: Json) => m.tournament_id === t.tournament_id)).toBe(true)
    // Reconstruct the rule from the full line and compare the selected set.
    const all = rows((await feed(sim, '/v1/events/1/0/sub/50/line/en?match=all&odds=false')).body)
    const limit = nowSec() + 24 * 3600
    const key = (m: Json) => [m.game_start <= limit ? 0 : 1, -weightOf(m.game_id), m.game_start, m.game_id]
    const cmp = (a: Json, b: Json) => {
      const ka = key(a)
      const kb = key(b)
      for (let i = 0; i < ka.length; i++) if (ka[i] !== kb[i]) return ka[i] - kb[i]
      return 0
    }
    const expected = [...all].sort(cmp).slice(0, 50).map((m) => m.game_id)
    expect(list.map((m: Json) => m.game_id).sort()).toEqual([...expected].sort())
    // Tournaments in the order of their most popular match; within one, by start time (as production's lists come).
    const firstPerTournament = r.body.map((t: Json) => Math.min(...t.events_list.map((m: Json) => expected.indexOf(m.game_id))))
    expect(firstPerTournament).toEqual([...firstPerTournament].sort((a: number, b: number) => a - b))
    for (const t of r.body) {
      const starts = t.events_list.map((m: Json) => m.game_start)
      expect(starts).toEqual([...starts].sort((a: number, b: number) => a - b))
    }
  })

  it('match=all returns the full line: tournaments by highest weight, matches by start time', async () => {
    const r = await feed(sim, '/v1/events/1/0/sub/50/line/en?match=all')
    const list = rows(r.body)
    expect(list.length).toBeGreaterThan(50)
    const tops = r.body.map((t: Json) => Math.max(...t.events_list.map((m: Json) => weightOf(m.game_id))))
    expect(tops).toEqual([...tops].sort((a: number, b: number) => b - a))
    for (const t of r.body) {
      const starts = t.events_list.map((m: Json) => m.game_start)
      expect(starts).toEqual([...starts].sort((a: number, b: number) => a - b))
    }
  })

  it("prints production's match object: key order, game_mid = game_id, text parameters, mixed oc_size, price-sorted flat lists", async () => {
    const list = rows((await feed(sim, '/v1/events/1/0/sub/50/line/en?match=all')).body)
    const m = list.find((x: Json) => x.opp_1_name !== 'Home')
    // Key order of ../shared/real-captures/feed/events.*.json.
    expect(Object.keys(m)).toEqual(MATCH_KEYS)
    expect(m.game_start).toBeGreaterThan(nowSec())
    expect(m.game_start).toBeLessThan(nowSec() + 8 * 86400)
    const sizes = new Set<string>()
    for (const x of list) {
      expect(x.sub_games).toEqual([])
      expect(x.event_plan).toEqual([])
      expect(x.game_mid).toBe(x.game_id)
      expect(x.sgame_id === '0' || /^[0-9a-f]{24}$/.test(x.sgame_id)).toBe(true)
      expect([x.timer, x.score_full, x.score_period, x.finale, x.pitch, x.va, x.vi, x.zp]).toEqual([0, '0:0', '', false, '', null, null, null])
      for (const market of x.game_oc_list) {
        const rates = market.oc_list.map((oc: Json) => oc.oc_rate)
        expect(rates, 'events lists come sorted by price').toEqual([...rates].sort((a: number, b: number) => a - b))
        for (const oc of market.oc_list) {
          expect(Array.isArray(oc)).toBe(false)
          expect(Object.keys(oc)).toEqual(['oc_group_name', 'oc_name', 'oc_rate', 'oc_size', 'oc_pointer', 'oc_block', 'op_id'])
          const [game, , , param] = oc.oc_pointer.split('|')
          expect(oc.oc_pointer).toMatch(POINTER)
          expect(game).toBe(String(x.game_id))
          expect(oc.oc_size).toBe(param === '0' ? 0 : param)
          sizes.add(typeof oc.oc_size)
          expect(oc.oc_rate).toBeGreaterThanOrEqual(1.001)
        }
      }
    }
    expect(sizes).toEqual(new Set(['number', 'string']))
    // Production's counter exceeds what it sends; Prematch lists print `1x2` and `1 (-1.5)`.
    expect(list.every((x) => x.game_oc_counter >= x.game_oc_list.reduce((n: number, g: Json) => n + g.oc_list.length, 0))).toBe(true)
    const names = list.flatMap((x) => x.game_oc_list)
    expect(names.filter((g: Json) => g.group_id === 1).every((g: Json) => g.group_name === '1x2' && g.oc_list[0].oc_group_name === '1x2')).toBe(true)
    expect(names.filter((g: Json) => g.group_id === 2).flatMap((g: Json) => g.oc_list).every((oc: Json) => /^[12] \((0|[-+][0-9.]+)\)$/.test(oc.oc_name))).toBe(true)
    // Prices decide the order, so some 1X2 markets start with W2 (and some totals with Under).
    expect(names.some((g: Json) => g.group_id === 1 && g.oc_list[0].oc_name === 'W2')).toBe(true)
    expect(names.some((g: Json) => g.group_id === 17 && g.oc_list[0].oc_name.startsWith('Under'))).toBe(true)
    // Special bets: `Home` / `Away` rows with the default icon and no result market.
    const pseudo = list.filter((x) => x.opp_1_name === 'Home')
    expect(pseudo.length).toBeGreaterThan(0)
    expect(pseudo.every((x) => x.opp_2_name === 'Away' && x.opp_1_icon === 'teamdefault.png' && x.sgame_id === '0' && !x.game_oc_list.some((g: Json) => g.group_id === 1))).toBe(true)
  })

  it('live lists: `1X2` and `1 -1.5` spellings, production live values, some rows without odds but with a counter', async () => {
    const live = rows((await feed(sim, '/v1/events/1/0/sub/50/live/en')).body)
    expect(live.length).toBeGreaterThan(0)
    for (const x of live) {
      expect(Object.keys(x)).toEqual(MATCH_KEYS)
      expect(x.score_period).toMatch(/^\d+:\d+(;\d+:\d+)*$/)
      expect(x.va === null || x.va === 1).toBe(true)
      expect(x.vi === null || typeof x.vi === 'string').toBe(true)
      expect(x.zp === null || typeof x.zp === 'number').toBe(true)
      for (const s of x.stat_list) expect([typeof s.opp1, typeof s.opp2]).toEqual(['string', 'string'])
      for (const g of x.game_oc_list) {
        if (g.group_id === 1) expect(g.group_name).toBe('1X2')
        if (g.group_id === 2) for (const oc of g.oc_list) expect(oc.oc_name).toMatch(/^[12] -?[0-9.]+$/)
      }
    }
    const all = [...live, ...rows((await feed(sim, '/v1/events/2/0/sub/50/live/en')).body), ...rows((await feed(sim, '/v1/events/3/0/sub/50/live/en')).body)]
    expect(all.some((x) => x.period_name === 'period')).toBe(true)
    expect(all.some((x) => x.zp === x.game_id) && all.some((x) => x.zp === null)).toBe(true)
    expect(all.some((x) => x.game_oc_list.length === 0 && x.game_oc_counter > 0)).toBe(true)
  })

  it('every successful answer carries X-Key-Expires (ISO-8601 UTC with milliseconds)', async () => {
    const res = await fetch(`${sim.feedApiUrl}/v1/sports/line/en`, { headers: { Package: 'demo-key' } })
    expect(res.headers.get('x-key-expires')).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/)
    expect(Date.parse(res.headers.get('x-key-expires')!)).toBe(START_MS + 30 * 86_400_000)
    const limited = await fetch(`${sim.feedApiUrl}/v1/sports/line/en`, { headers: { Package: 'demo-key-limited' } })
    expect(Date.parse(limited.headers.get('x-key-expires')!)).toBe(START_MS + 12 * 86_400_000)
    const gone = await fetch(`${sim.feedApiUrl}/v1/event/1/group/line/en`, { headers: { Package: 'demo-key' } })
    expect(gone.headers.get('x-key-expires')).not.toBeNull()
    const error = await fetch(`${sim.feedApiUrl}/v1/sports/line/xx`, { headers: { Package: 'demo-key' } })
    expect(error.headers.get('x-key-expires')).toBeNull()
  })

  it('odds=false drops game_oc_list but keeps game_oc_counter and the other fields', async () => {
    const a = rows((await feed(sim, '/v1/events/1/0/sub/50/line/en')).body)
    const b = rows((await feed(sim, '/v1/events/1/0/sub/50/line/en?odds=false')).body)
    expect(b.map((m) => m.game_id)).toEqual(a.map((m) => m.game_id))
    for (const [i, m] of b.entries()) {
      expect(m).not.toHaveProperty('game_oc_list')
      expect(m.game_oc_counter).toBe(a[i].game_oc_counter)
      const { game_oc_list: _drop, ...rest } = a[i]
      expect(m).toEqual(rest)
    }
    expect(JSON.stringify(b).length * 2).toBeLessThan(JSON.stringify(a).length)
  })

  it('a tournament returns all its matches; live returns all live matches; esports need cybersport=true', async () => {
    const menu = await feed(sim, '/v1/menu/line/en')
    const tour = menu.body.find((s: Json) => s.id === 1).sub.flatMap((c: Json) => c.sub).sort((x: Json, y: Json) => y.counter - x.counter)[0]
    const one = await feed(sim, `/v1/events/1/${tour.id}/sub/50/line/en`)
    expect(one.body).toHaveLength(1)
    expect(one.body[0].events_list).toHaveLength(tour.counter)
    expect(tour.counter).toBeGreaterThan(50)
    expect((await feed(sim, '/v1/events/3/1001/sub/50/line/en')).body).toEqual([])

    const liveMenu = await feed(sim, '/v1/menu/live/en')
    for (const sport of liveMenu.body) {
      const live = rows((await feed(sim, `/v1/events/${sport.id}/0/sub/50/live/en`)).body)
      expect(live).toHaveLength(sport.counter)
      for (const m of live) {
        expect(m.score_full).toMatch(/^\d+:\d+$/)
        expect(typeof m.timer).toBe('number')
        expect(m.period_name).not.toBe('')
      }
    }
    const esports = await feed(sim, '/v1/events/40/0/sub/50/line/en?cybersport=true')
    const cyberMenu = await feed(sim, '/v1/menu/line/en?cybersport=true')
    expect(rows(esports.body)).toHaveLength(cyberMenu.body.find((s: Json) => s.id === 40).counter)
    expect((await feed(sim, '/v1/events/40/0/sub/50/line/en')).body).toEqual([])
  })
})

describe('top selections and search', () => {
  it('topmatches: page /v1/topmathes, up to 10, short card without odds unless full=true', async () => {
    for (const type of ['line', 'live']) {
      const r = await feed(sim, `/v1/topmatches/${type}/en`)
      expect(r.page).toBe('/v1/topmathes')
      expect(r.body.length).toBeGreaterThan(0)
      expect(r.body.length).toBeLessThanOrEqual(10)
      for (const m of r.body) {
        expect(Object.keys(m)).toEqual(['sgame_id', 'stat_id', 'game_id', 'game_mid', 'game_start', 'tournament_name', 'opp_1_name', 'opp_2_name', 'opp_1_icon', 'opp_2_icon', 'sport_id', 'sport_name', 'score_full', 'period_name', 'timer', 'va', 'vi', 'zp'])
        expect(m.game_mid).toBe(m.game_id)
        expect([40, 85]).not.toContain(m.sport_id)
      }
      const full = await feed(sim, `/v1/topmatches/${type}/en?full=true`)
      expect(full.body.map((m: Json) => m.game_id)).toEqual(r.body.map((m: Json) => m.game_id))
      for (const m of full.body) {
        expect(m).toHaveProperty('country_id')
        expect(m).toHaveProperty('tournament_id')
        expect(m.sub_games).toEqual([])
        expect(m.event_plan).toEqual([])
        expect(Array.isArray(m.game_oc_list[0]?.oc_list[0])).toBe(false)
        // Top lists come in outcome-type order (the third pointer field), with `1X2` spelled upper case.
        for (const g of m.game_oc_list) {
          const types = g.oc_list.map((oc: Json) => Number(oc.oc_pointer.split('|')[2]))
          expect(types).toEqual([...types].sort((a: number, b: number) => a - b))
          if (g.group_id === 1) expect(g.group_name).toBe('1X2')
        }
      }
      expect(full.body.some((m: Json) => m.game_oc_list.length > 0)).toBe(true)
      const noOdds = await feed(sim, `/v1/topmatches/${type}/en?full=true&odds=false`)
      for (const m of noOdds.body) {
        expect(m).not.toHaveProperty('game_oc_list')
        expect(m).toHaveProperty('game_oc_counter')
      }
    }
    const line = await feed(sim, '/v1/topmatches/line/en')
    const live = await feed(sim, '/v1/topmatches/live/en')
    expect(line.body.map((m: Json) => m.game_id)).not.toEqual(live.body.map((m: Json) => m.game_id))
  })

  it('toplist: Prematch of one sport, up to 10, stat_list empty with full=true', async () => {
    const r = await feed(sim, '/v1/toplist/1/en')
    expect(r.page).toBe('/v1/toplist')
    expect(r.body).toHaveLength(10)
    expect(r.body.every((m: Json) => m.sport_id === 1 && m.timer === 0 && m.score_full === '0:0')).toBe(true)
    const full = await feed(sim, '/v1/toplist/1/en?full=true')
    for (const m of full.body) {
      expect(m.stat_list).toEqual([])
      expect(m.sub_games).toEqual([])
      expect(m.game_oc_list.length).toBeGreaterThan(0)
    }
    const liveIds = new Set(rows((await feed(sim, '/v1/events/1/0/sub/50/live/en')).body).map((m) => m.game_id))
    expect(r.body.some((m: Json) => liveIds.has(m.game_id))).toBe(false)
  })

  it('topchampionships: up to 12, popularity order, no esports, counters, unknown type → []', async () => {
    const r = await feed(sim, '/v1/topchampionships/line/en')
    expect(r.page).toBe('/v1/topchampionships')
    expect(r.body.length).toBe(12)
    expect(r.body.map((c: Json) => c.position)).toEqual(Array.from({ length: 12 }, (_, i) => i + 1))
    const menu = await feed(sim, '/v1/menu/line/en')
    const counterOf = new Map(menu.body.flatMap((s: Json) => s.sub.flatMap((c: Json) => c.sub.map((t: Json) => [t.id, t.counter]))))
    for (const c of r.body) {
      expect([40, 85]).not.toContain(c.sport_id)
      expect(c.counter).toBe(counterOf.get(c.tournament_id))
      const ev = await feed(sim, `/v1/events/${c.sport_id}/${c.tournament_id}/sub/50/line/en`)
      expect(rows(ev.body)).toHaveLength(c.counter)
    }
    expect(r.body[0]).toMatchObject({ tournament_id: 1009, tournament_name: 'Champions League', sport_name: 'Football', country_id: 223, country_name: 'Europe' })
    const live = await feed(sim, '/v1/topchampionships/live/ru')
    expect(live.body.length).toBeGreaterThan(0)
    const unknown = await feed(sim, '/v1/topchampionships/soon/en')
    expect(unknown.http).toBe(200)
    expect(unknown.status).toBe(1)
    expect(unknown.body).toEqual([])
  })

  it('search: participant names in the lang, URL-encoded, empty result is success', async () => {
    const en = await feed(sim, '/v1/search/line/en/FC%20London')
    expect(en.page).toBe('/v1/search')
    expect(en.body.length).toBeGreaterThan(0)
    for (const m of en.body) {
      expect(Object.keys(m)).toEqual(['sgame_id', 'stat_id', 'game_id', 'game_mid', 'game_start', 'tournament_id', 'tournament_name', 'opp_1_name', 'opp_2_name', 'opp_1_icon', 'opp_2_icon', 'sport_id', 'sport_name', 'score_full', 'period_name', 'timer', 'country_id', 'country_name'])
      expect(`${m.opp_1_name} ${m.opp_2_name}`).toContain('FC London')
      expect(m).toHaveProperty('tournament_id')
      expect(m).toHaveProperty('country_id')
      expect(m).toHaveProperty('country_name')
      for (const absent of ['game_oc_list', 'stat_list', 'sub_games', 'event_plan', 'va', 'vi', 'zp']) expect(m).not.toHaveProperty(absent)
    }
    const ru = await feed(sim, `/v1/search/line/ru/${encodeURIComponent('ФК Лондон')}`)
    expect(ru.body.map((m: Json) => m.game_id)).toEqual(en.body.map((m: Json) => m.game_id))
    expect(ru.body[0].opp_1_name + ru.body[0].opp_2_name).toContain('Лондон')
    const none = await feed(sim, '/v1/search/line/en/zzzz%20nobody')
    expect(none).toMatchObject({ http: 200, status: 1, body: [] })
    const liveHits = await feed(sim, '/v1/search/live/en/a')
    expect(liveHits.body.every((m: Json) => m.score_full !== undefined)).toBe(true)
  })
})
