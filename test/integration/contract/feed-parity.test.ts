import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startSimulator, type RunningSimulator } from '../../../src-main/core/simulator/server.js'
import { TOURNAMENT_BY_ID } from '../../../src-main/core/simulator/world/catalog.js'
import { captureJson, captureNames, captureValue, haveCaptures, skipMessage, type CaptureFolder } from '../../support/captures.js'
import { answerOf, type Answer } from './answers.js'
import { CALENDAR_SHAPE, FEED_ALLOWANCES } from './feed-allowances.js'
import { shapeDifferences, type LineType } from './parity.js'

/**
 * The simulated feed answers in production's shapes: per endpoint and per line type, keys, kinds
 * and presence of the simulator's answers against the vendor's captures (parity.ts), excused only
 * by the cited facts of feed-allowances.ts. Every capture of feed/ and feed-errors/ is compared.
 */
const HAVE = haveCaptures('feed') && haveCaptures('feed-errors')
if (!HAVE) console.warn(skipMessage('feed'))

const LINE_TYPES: LineType[] = ['line', 'live']
const EVENT_CAPTURE: Record<LineType, string> = { line: 'event.game-730321837.group.line.en.json', live: 'event.game-746146992.group.live.en.json' }
/**
 * The captured top lists hold football (and esports, which the simulator keeps out of top lists), no
 * set sport: a tennis match's `pitch` (the serving side's id) has no capture and no note to hold it
 * against. A key that opens football only compares like with like.
 */
const FOOTBALL_KEY = 'demo-key-football'

describe.skipIf(!HAVE)("simulated feed vs the vendor's captures: same keys, kinds and presence", () => {
  let sim: RunningSimulator
  const compared = new Set<string>()
  const comparedEndpoints = new Set<string>()
  const endpointKey = (endpoint: string, lineType?: LineType) => `${endpoint}${lineType ? ` [${lineType}]` : ''}`
  const get = async (path: string, key: string | null = 'demo-key'): Promise<Answer> =>
    answerOf(await fetch(`${sim.feedApiUrl}${path}`, { headers: key === null ? {} : { Package: key } }))
  const expectShape = (endpoint: string, lineType: LineType | undefined, answers: Answer[], captures: string[], folder: CaptureFolder = 'feed') => {
    for (const name of captures) compared.add(`${folder}/${name}`)
    comparedEndpoints.add(endpointKey(endpoint, lineType))
    const production = captures.map((name) => captureValue(folder, name))
    expect(shapeDifferences({ endpoint, lineType, simulator: answers.map((a) => a.value), production, allowances: FEED_ALLOWANCES })).toEqual([])
  }
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  const listMatches = async (t: LineType): Promise<any[]> => (await get(`/v1/events/1/0/sub/50/${t}/en`)).json.body.flatMap((g: any) => g.events_list)

  beforeAll(async () => {
    sim = await startSimulator({
      port: 0, clockTickMs: 0, timeScale: 0, seed: 7, variations: 'none', startMs: Date.UTC(2026, 10, 21, 12, 0, 0),
      feedKeys: { [FOOTBALL_KEY]: { sports: [1], label: 'football only' } },
    })
  })
  afterAll(() => sim?.close())

  it.each(LINE_TYPES)('menu, sports, countries, tournaments [%s]', async (t) => {
    expectShape('feed menu', t, [await get(`/v1/menu/${t}/en`)], [`menu.${t}.en.json`])
    expectShape('feed sports', t, [await get(`/v1/sports/${t}/en`)], [`sports.${t}.en.json`])
    const countries = await get(`/v1/countries/1/${t}/en`)
    expectShape('feed countries', t, [countries], [`countries.sport-1.${t}.en.json`])
    expectShape('feed tournaments', t, [await get(`/v1/tournaments/1/${countries.json.body[0].id}/${t}/en`)], [`tournaments.sport-1.country-1.${t}.en.json`])
  })

  it.each(LINE_TYPES)('events [%s]', async (t) => {
    expectShape('feed events', t, [await get(`/v1/events/1/0/sub/50/${t}/en`)], [`events.sport-1.tournament-0.sub-50.${t}.en.json`])
  })

  it.each(LINE_TYPES)('event [%s]: league matches like the captured ones, and sub-matches of theirs', async (t) => {
    // The captured matches are league games: a group-stage match carries `event_plan` items, which
    // no capture and no fact of the notes shows, so the gate has nothing to hold them against.
    const league = (await listMatches(t)).filter((m) => TOURNAMENT_BY_ID.get(m.tournament_id)?.groupStage === false).slice(0, 12)
    const mains = await Promise.all(league.map((m) => get(`/v1/event/${m.game_id}/group/${t}/en`)))
    const subIds: number[] = mains.flatMap((a) => a.json.body.sub_games.slice(0, 2).map((s: { game_id: number }) => s.game_id)).slice(0, 8)
    const subs = await Promise.all(subIds.map((id) => get(`/v1/event/${id}/group/${t}/en`)))
    expect(subs.length, 'sub-matches to compare').toBeGreaterThan(0)
    for (const sub of subs) {
      expect(sub.json.body.game_mid, 'a sub-match: game_mid set and not its own id').not.toBe(sub.json.body.game_id)
      expect(league.map((m) => m.game_id)).toContain(sub.json.body.game_mid)
    }
    expectShape('feed event', t, [...mains, ...subs], [EVENT_CAPTURE[t]])
  })

  it.each(LINE_TYPES)('top matches, short and full [%s]', async (t) => {
    expectShape('feed topmatches', t, [await get(`/v1/topmatches/${t}/en`, FOOTBALL_KEY)], [`topmatches.${t}.en.json`])
    expectShape('feed topmatches full', t, [await get(`/v1/topmatches/${t}/en?full=true`, FOOTBALL_KEY)], [`topmatches.full.${t}.en.json`])
  })

  it('top list, short and full (Prematch only)', async () => {
    expectShape('feed toplist', 'line', [await get('/v1/toplist/1/en')], ['toplist.sport-1.line.en.json'])
    expectShape('feed toplist full', 'line', [await get('/v1/toplist/1/en?full=true')], ['toplist.full.sport-1.line.en.json'])
  })

  it.each(LINE_TYPES)('search [%s]', async (t) => {
    // Words of participants' names, as the captured queries are (`manchester`, `perth`); several queries make one sample.
    const words = [...new Set((await listMatches(t)).flatMap((m) => [m.opp_1_name, m.opp_2_name]).map((n: string) => n.split(' ')[0]))].slice(0, 8)
    const answers = await Promise.all(words.map((w) => get(`/v1/search/${t}/en/${encodeURIComponent(w)}`)))
    expect(answers.reduce((n, a) => n + a.json.body.length, 0), `hits for ${words.join(', ')}`).toBeGreaterThan(5)
    expectShape('feed search', t, answers, [t === 'line' ? 'search.query-manchester.line.en.json' : 'search.query-perth.live.en.json'])
  })

  it("match calendar: the shape of Prematch events (notes), and every key the calendar capture shows", async () => {
    const calendar = await get('/v1/events/1/0/sub/50/line/12/0/en')
    expect(calendar.json.body.length).toBeGreaterThan(0)
    expect(CALENDAR_SHAPE.line).toBe(71)
    expectShape('feed calendar', 'line', [calendar], ['events.sport-1.tournament-0.sub-50.line.en.json'])
    // The published calendar example prints five keys of each match; all of them, as they are there.
    compared.add('feed/events-by-period.calendar.json')
    const againstExample = shapeDifferences({ endpoint: 'feed calendar', lineType: 'line', simulator: [calendar.value], production: [captureValue('feed', 'events-by-period.calendar.json')] })
    expect(againstExample.filter((d) => !d.includes("not in production's answers"))).toEqual([])
    expectShape('feed calendar', 'line', [await get('/v1/events/1/0/sub/50/line/0/6/en')], ['events-by-period.empty.json'])
  })

  it('account', async () => {
    expectShape('feed account', undefined, [await get('/v1/account')], ['account.json'])
  })

  it('every successful answer carries X-Key-Expires (ISO-8601 UTC)', async () => {
    for (const path of ['/v1/menu/line/en', '/v1/events/1/0/sub/50/live/en', '/v1/account']) {
      const { status, headers } = await get(path)
      expect(status, path).toBe(200)
      expect(headers.get('x-key-expires'), path).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/)
    }
  })

  it("error answers: production's shape and wording for every documented error", async () => {
    const answers: Record<string, Answer> = {
      'missing-key.json': await get('/v1/menu/line/en', null),
      'invalid-key.json': await get('/v1/menu/line/en', 'not-a-key'),
      'key-expired.json': await get('/v1/menu/line/en', 'demo-key-expired'),
      'key-blocked.json': await get('/v1/menu/line/en', 'demo-key-blocked'),
      'key-not-active-yet.json': await get('/v1/menu/line/en', 'demo-key-future'),
      'ip-not-allowed.json': await get('/v1/menu/line/en', 'demo-key-ip'),
      'access-denied.json': await get('/v1/events/2/0/sub/50/line/en', 'demo-key-limited'),
      'language-not-in-package.json': await get('/v1/menu/line/ru', 'demo-key-limited'),
      'invalid-language.json': await get('/v1/menu/line/xx'),
      'wrong-type.json': await get('/v1/search/nope/en/abc'),
    }
    expect(Object.keys(answers).sort()).toEqual(captureNames('feed-errors').filter((n) => !n.startsWith('game-')))
    const wording = (text: string) => text.replace(/\d{1,3}(\.\d{1,3}){3}/g, '<ip>')
    for (const [name, answer] of Object.entries(answers)) {
      expectShape(`feed error ${name}`, undefined, [answer], [name], 'feed-errors')
      const real = captureJson('feed-errors', name)
      expect(answer.json.error_code, name).toBe(real.error_code)
      expect(wording(answer.json.error_message), name).toBe(wording(real.error_message))
    }
  })

  it("event messages: 'Game not found' and 'Game id finished', exactly as captured", async () => {
    const notFound = await get('/v1/event/999999999/group/line/en')
    expectShape('feed event gone', 'line', [notFound], ['game-not-found.json'], 'feed-errors')
    expect(notFound.json).toEqual(captureJson('feed-errors', 'game-not-found.json'))
    const lineId = (await listMatches('line'))[0].game_id as number
    expect((await fetch(`${sim.couponBaseUrl}/__sim/matches/${lineId}/start`, { method: 'POST' })).status).toBe(200)
    const finished = await get(`/v1/event/${lineId}/group/line/en`)
    expectShape('feed event gone', 'line', [finished], ['game-finished.json'], 'feed-errors')
    expect(finished.json).toEqual(captureJson('feed-errors', 'game-finished.json'))
  })

  it('compared every capture of feed/ and feed-errors/; every allowance is for an endpoint compared', () => {
    expect(FEED_ALLOWANCES.filter((a) => !comparedEndpoints.has(endpointKey(a.endpoint, a.lineType))).map((a) => a.path)).toEqual([])
    const present = [...captureNames('feed').map((n) => `feed/${n}`), ...captureNames('feed-errors').map((n) => `feed-errors/${n}`)]
    expect([...compared].sort()).toEqual(present.sort())
  })
})
