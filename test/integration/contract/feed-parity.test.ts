import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startSimulator, type RunningSimulator } from '../../../src-main/core/simulator/server.js'
import { captureJson, captureNames, haveCaptures, skipMessage } from '../../support/captures.js'
import { parityDifferences, type Allowance } from './parity.js'

/**
 * The simulated feed answers with production's shapes: per endpoint, the keys and value types of
 * the simulator's answers are compared with the vendor's captures (line and live merged where both
 * exist), so the simulator cannot drift from production again.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = any

const HAVE = haveCaptures('feed') && haveCaptures('feed-errors')
if (!HAVE) console.warn(skipMessage('feed'))

/** Facts of the notes the cut excerpts do not show (full answers, live matches, sub-matches). */
const MATCH_ALLOWANCES: Allowance[] = [
  { path: '*stat_list[]*', why: 'live matches carry stat_list items ({id, name, opp1, opp2}, string values); the excerpts may hold none' },
  { path: '*sub_games[]*', why: 'sub_games items {game_id, game_num, game_name} exist in full answers' },
  { path: '*event_plan[]*', why: 'event_plan items exist for group matches (spec)' },
  { path: '*.va', kinds: ['number', 'null'], why: 'va is null or 1 (notes)' },
  { path: '*.vi', kinds: ['string', 'null'], why: 'vi is null or a string (notes)' },
  { path: '*.zp', kinds: ['number', 'null'], why: 'zp is null, equal to game_id or another number (notes)' },
  { path: '*.op_id', kinds: ['number', 'null'], why: 'op_id is an integer in player markets (notes)' },
  { path: '*.oc_size', kinds: ['number', 'string'], why: 'oc_size is 0 (number) or a string, both inside one market (notes)' },
  { path: '*.finale', kinds: ['boolean', 'null'], why: 'finale is boolean or null (spec)' },
  { path: '*.game_plan', kinds: ['null', 'object', 'array', 'string', 'number'], why: 'reserved, any or null (spec)' },
  { path: '*stat_list_extra[]*', why: 'reserved (spec)' },
  { path: '*opp_?_ids[]', kinds: ['number'], why: 'arrays of participant ids' },
]

describe.skipIf(!HAVE)("simulated feed vs the vendor's captures: same keys, same value types", () => {
  let sim: RunningSimulator
  const get = async (path: string, key: string | null = 'demo-key'): Promise<{ status: number; json: Json; expires: string | null }> => {
    const res = await fetch(`${sim.feedApiUrl}${path}`, { headers: key === null ? {} : { Package: key } })
    return { status: res.status, json: await res.json(), expires: res.headers.get('x-key-expires') }
  }
  const both = async (path: (t: 'line' | 'live') => string) => [(await get(path('line'))).json, (await get(path('live'))).json]
  const caps = (...names: string[]) => names.map((n) => captureJson('feed', n))
  const expectParity = (simulator: Json[], captures: Json[], allowances: Allowance[] = MATCH_ALLOWANCES) => {
    expect(parityDifferences(simulator, captures, allowances)).toEqual([])
  }

  beforeAll(async () => {
    sim = await startSimulator({ port: 0, clockTickMs: 0, timeScale: 0, seed: 7, variations: 'none', startMs: Date.UTC(2026, 10, 21, 12, 0, 0) })
  })
  afterAll(() => sim?.close())

  it('menu, sports, countries', async () => {
    expectParity(await both((t) => `/v1/menu/${t}/en`), caps('menu.line.en.json', 'menu.live.en.json'))
    expectParity(await both((t) => `/v1/sports/${t}/en`), caps('sports.line.en.json', 'sports.live.en.json'))
    expectParity(await both((t) => `/v1/countries/1/${t}/en`), caps('countries.sport-1.line.en.json', 'countries.sport-1.live.en.json'))
  })

  it('tournaments', async () => {
    const answers: Json[] = []
    for (const t of ['line', 'live'] as const) {
      const country = (await get(`/v1/countries/1/${t}/en`)).json.body[0].id
      answers.push((await get(`/v1/tournaments/1/${country}/${t}/en`)).json)
    }
    expectParity(answers, caps('tournaments.sport-1.country-1.line.en.json', 'tournaments.sport-1.country-1.live.en.json'))
  })

  it('events (line and live)', async () => {
    expectParity(await both((t) => `/v1/events/1/0/sub/50/${t}/en`), caps('events.sport-1.tournament-0.sub-50.line.en.json', 'events.sport-1.tournament-0.sub-50.live.en.json'))
  })

  it('event (a line and a live match)', async () => {
    const ids = await Promise.all(
      (['line', 'live'] as const).map(async (t) => ({ t, id: (await get(`/v1/events/1/0/sub/50/${t}/en`)).json.body[0].events_list[0].game_id as number })),
    )
    const answers = await Promise.all(ids.map(async ({ t, id }) => (await get(`/v1/event/${id}/group/${t}/en`)).json))
    expectParity(answers, caps('event.game-730321837.group.line.en.json', 'event.game-746146992.group.live.en.json'))
  })

  it('top matches, short and full; top list, short and full', async () => {
    expectParity(await both((t) => `/v1/topmatches/${t}/en`), caps('topmatches.line.en.json', 'topmatches.live.en.json'))
    expectParity(await both((t) => `/v1/topmatches/${t}/en?full=true`), caps('topmatches.full.line.en.json', 'topmatches.full.live.en.json'))
    expectParity([(await get('/v1/toplist/1/en')).json], caps('toplist.sport-1.line.en.json'))
    expectParity([(await get('/v1/toplist/1/en?full=true')).json], caps('toplist.full.sport-1.line.en.json'))
  })

  it('search (line and live)', async () => {
    const answers: Json[] = []
    for (const t of ['line', 'live'] as const) {
      const name = (await get(`/v1/events/1/0/sub/50/${t}/en`)).json.body[0].events_list[0].opp_1_name as string
      const found = (await get(`/v1/search/${t}/en/${encodeURIComponent(name.slice(0, 6))}`)).json
      expect(found.body.length, `search for ${name}`).toBeGreaterThan(0)
      answers.push(found)
    }
    expectParity(answers, caps('search.query-manchester.line.en.json', 'search.query-perth.live.en.json'))
  })

  it('match calendar: the shape of events', async () => {
    const calendar = (await get('/v1/events/1/0/sub/50/line/12/0/en')).json
    expect(calendar.body.length).toBeGreaterThan(0)
    expectParity([calendar], caps('events-by-period.calendar.json', 'events.sport-1.tournament-0.sub-50.line.en.json'))
    expectParity([(await get('/v1/events/1/0/sub/50/line/0/6/en')).json], caps('events-by-period.empty.json'))
  })

  it('account', async () => {
    expectParity([(await get('/v1/account')).json], caps('account.json'), [
      { path: 'body.keys[].starts_at', kinds: ['string'], why: 'a key with a start date has one (ISO-8601 like expires_at)' },
      { path: 'body.keys[].sports', kinds: ['array'], why: '"all" or the sport ids (notes)' },
      { path: 'body.keys[].sports[]', why: 'sport ids of a limited key (notes)' },
      { path: 'body.keys[].last_used_at', kinds: ['null'], why: 'a key never used yet' },
    ])
  })

  it('every successful answer carries X-Key-Expires (ISO-8601 UTC)', async () => {
    for (const path of ['/v1/menu/line/en', '/v1/events/1/0/sub/50/live/en', '/v1/account']) {
      const { status, expires } = await get(path)
      expect(status, path).toBe(200)
      expect(expires, path).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/)
    }
  })

  it("error answers: production's shape and wording for every documented error", async () => {
    const answers: Record<string, Json> = {
      'missing-key.json': (await get('/v1/menu/line/en', null)).json,
      'invalid-key.json': (await get('/v1/menu/line/en', 'not-a-key')).json,
      'key-expired.json': (await get('/v1/menu/line/en', 'demo-key-expired')).json,
      'key-blocked.json': (await get('/v1/menu/line/en', 'demo-key-blocked')).json,
      'key-not-active-yet.json': (await get('/v1/menu/line/en', 'demo-key-future')).json,
      'ip-not-allowed.json': (await get('/v1/menu/line/en', 'demo-key-ip')).json,
      'access-denied.json': (await get('/v1/events/2/0/sub/50/line/en', 'demo-key-limited')).json,
      'language-not-in-package.json': (await get('/v1/menu/line/ru', 'demo-key-limited')).json,
      'invalid-language.json': (await get('/v1/menu/line/xx')).json,
      'wrong-type.json': (await get('/v1/search/nope/en/abc')).json,
    }
    const errorCaptures = captureNames('feed-errors').filter((n) => !n.startsWith('game-'))
    expect(Object.keys(answers).sort()).toEqual(errorCaptures)
    for (const [name, answer] of Object.entries(answers)) {
      const real = captureJson('feed-errors', name)
      expect(parityDifferences([answer], [real], []), name).toEqual([])
      expect(answer.error_code, name).toBe(real.error_code)
      const wording = (text: string) => text.replace(/\d{1,3}(\.\d{1,3}){3}/g, '<ip>')
      expect(wording(answer.error_message), name).toBe(wording(real.error_message))
    }
  })

  it("event messages: 'Game not found' and 'Game id finished'", async () => {
    const notFound = (await get('/v1/event/999999999/group/line/en')).json
    expect(notFound).toEqual(captureJson('feed-errors', 'game-not-found.json'))
    const lineId = (await get('/v1/events/1/0/sub/50/line/en')).json.body[0].events_list[0].game_id as number
    const started = await fetch(`${sim.couponBaseUrl}/__sim/matches/${lineId}/start`, { method: 'POST' })
    expect(started.status).toBe(200)
    const finished = (await get(`/v1/event/${lineId}/group/line/en`)).json
    expect(finished).toEqual(captureJson('feed-errors', 'game-finished.json'))
  })
})
