import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startSimulator, type RunningSimulator } from '../../../src-main/core/simulator/server.js'
import {
  buildCouponPointer,
  countryIconUrl,
  createFeedClient,
  parseOcPointer,
  sportIconUrl,
  teamIconUrl,
  tournamentIconUrl,
  type FeedClient,
  type FeedWarning,
  type Match,
} from '../../../src-main/core/feed/index.js'
import { DeskError } from '../../../src-main/core/shared/errors.js'

let sim: RunningSimulator
let full: FeedClient
let limited: FeedClient
const requested: string[] = []
const warnings: FeedWarning[] = []

/** Counts every request the clients really send (path only; never the key). */
const countingFetch: typeof fetch = (input, init) => {
  requested.push(new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url).pathname)
  return fetch(input, init)
}

function keep<T extends { warnings: FeedWarning[] }>(result: T): T {
  warnings.push(...result.warnings)
  return result
}

beforeAll(async () => {
  sim = await startSimulator({ port: 0, clockTickMs: 0, seed: 1 })
  full = createFeedClient({ baseURL: sim.feedApiUrl, apiKey: 'demo-key', fetch: countingFetch })
  limited = createFeedClient({ baseURL: sim.feedApiUrl, apiKey: 'demo-key-limited', fetch: countingFetch })
})

afterAll(async () => {
  await sim?.close()
})

async function expectDeskError(promise: Promise<unknown>, code: string, status?: number): Promise<DeskError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  )
  expect(error).toBeInstanceOf(DeskError)
  expect((error as DeskError).code).toBe(code)
  if (status !== undefined) expect((error as DeskError).status).toBe(status)
  return error as DeskError
}

describe('navigation', () => {
  it('menu: hierarchy with counters that add up and countryId on every tournament', async () => {
    for (const type of ['line', 'live'] as const) {
      const menu = keep(await full.menu(type, 'en'))
      expect(menu.items.length).toBeGreaterThan(0)
      for (const sport of menu.items) {
        expect(sport.countries).not.toBeNull()
        expect(sport.counter).toBe(sport.countries!.reduce((n, c) => n + c.counter, 0))
        for (const country of sport.countries!) {
          expect(country.sportId).toBe(sport.id)
          expect(country.counter).toBe(country.tournaments!.reduce((n, t) => n + t.counter, 0))
          for (const t of country.tournaments!) expect(t.countryId).toBe(country.id)
        }
      }
    }
  })

  it('menu and sports with cybersport list only esports; sports/countries/tournaments agree with menu', async () => {
    const menu = keep(await full.menu('line', 'en'))
    const cyber = keep(await full.menu('line', 'en', { cybersport: true }))
    const menuIds = new Set(menu.items.map((s) => s.id))
    expect(cyber.items.length).toBeGreaterThan(0)
    for (const s of cyber.items) expect(menuIds.has(s.id)).toBe(false)

    const sports = keep(await full.sports('line', 'en'))
    expect(sports.items.map((s) => [s.id, s.counter])).toEqual(menu.items.map((s) => [s.id, s.counter]))
    expect(sports.items.every((s) => s.countries === null)).toBe(true)

    const football = menu.items.find((s) => s.id === 1)!
    const countries = keep(await full.countries(1, 'line', 'en'))
    expect(countries.items.map((c) => [c.id, c.counter, c.sportId, c.tournaments])).toEqual(football.countries!.map((c) => [c.id, c.counter, 1, null]))

    const england = football.countries![0]
    const tournaments = keep(await full.tournaments(1, england.id, 'line', 'en'))
    expect(tournaments.items.map((t) => [t.id, t.name, t.counter, t.countryId])).toEqual(england.tournaments!.map((t) => [t.id, t.name, t.counter, t.countryId]))
  })

  it('ru names with the full key', async () => {
    const ru = keep(await full.sports('line', 'ru'))
    expect(ru.items.find((s) => s.id === 1)?.name).toBe('Футбол')
  })
})

describe('top selections', () => {
  it('topmatches: short cards (page is the misspelled /v1/topmathes), full, full without odds', async () => {
    for (const type of ['line', 'live'] as const) {
      const short = keep(await full.topMatches(type, 'en'))
      expect(short.items.length).toBeGreaterThan(0)
      expect(short.items.length).toBeLessThanOrEqual(10)
      for (const m of short.items) {
        expect(m.lineType).toBe(type)
        expect(m.markets).toBeNull()
        expect(m.countryId).toBeNull()
      }
    }
    const extended = keep(await full.topMatches('line', 'en', { full: true }))
    expect(extended.items.every((m) => Array.isArray(m.markets) && m.countryId !== null && m.tournamentId !== null)).toBe(true)
    expect(extended.items.some((m) => m.outcomeCount > 0)).toBe(true)
    const noOdds = keep(await full.topMatches('line', 'en', { full: true, odds: false }))
    expect(noOdds.items.every((m) => m.markets === null && m.countryId !== null && m.oddsCounter !== null)).toBe(true)
  })

  it('toplist: Prematch of one sport, short and full', async () => {
    const short = keep(await full.topList(1, 'en'))
    expect(short.items.length).toBeGreaterThan(0)
    expect(short.items.length).toBeLessThanOrEqual(10)
    expect(short.items.every((m) => m.sportId === 1 && m.lineType === 'line' && m.key === `line:${m.gameId}`)).toBe(true)
    const extended = keep(await full.topList(1, 'en', { full: true }))
    expect(extended.items.every((m) => Array.isArray(m.markets))).toBe(true)
  })

  it('topchampionships: up to 12 with positions; their matches come from events', async () => {
    for (const type of ['line', 'live'] as const) {
      const champs = keep(await full.topChampionships(type, 'en'))
      expect(champs.items.length).toBeGreaterThan(0)
      expect(champs.items.length).toBeLessThanOrEqual(12)
      expect(champs.items.map((c) => c.position)).toEqual(champs.items.map((_, i) => i + 1))
      const first = champs.items[0]
      const events = keep(await full.events(first.sportId!, first.tournamentId, type, 'en'))
      expect(events.items.flatMap((t) => t.matches).length).toBeGreaterThan(0)
      expect(events.items.every((t) => t.tournamentId === first.tournamentId)).toBe(true)
    }
  })
})

describe('search', () => {
  it('finds by a text with a space, and by Cyrillic text in ru', async () => {
    const top = keep(await full.topMatches('line', 'en', { full: true }))
    const target = top.items.find((m) => m.opp1.name.includes(' '))!
    const withSpace = target.opp1.name
    const hits = keep(await full.search('line', 'en', ` ${withSpace} `))
    expect(hits.items.some((m) => m.gameId === target.gameId)).toBe(true)
    expect(requested.at(-1)).toBe(`/feed/v1/search/line/en/${withSpace.replace(/ /g, '%20')}`)

    const ruEvent = await full.event(target.gameId, 'line', 'ru')
    if (ruEvent.kind !== 'match') throw new Error('expected a match')
    const ruName = ruEvent.match.opp1.name
    expect(ruName).toMatch(/[А-Яа-яЁё]/)
    const ruHits = keep(await full.search('line', 'ru', ruName.slice(0, Math.max(3, ruName.length - 1))))
    expect(ruHits.items.some((m) => m.gameId === target.gameId)).toBe(true)
    expect(requested.at(-1)).toMatch(/^\/feed\/v1\/search\/line\/ru\/(%[0-9A-F]{2})+/)
  })

  it('no result is an empty list; blank text sends no request', async () => {
    expect((await full.search('line', 'en', 'zzzz-no-such-team')).items).toEqual([])
    const before = requested.length
    expect((await full.search('line', 'en', '   ')).items).toEqual([])
    expect((await full.search('live', 'en', '')).items).toEqual([])
    expect(requested.length).toBe(before)
  })
})

describe('events and event', () => {
  it('events: Top 50 by default, match=all gives the full line, odds=false drops markets but keeps the counter', async () => {
    const top = keep(await full.events(1, 0, 'line', 'en'))
    const topMatches = top.items.flatMap((t) => t.matches)
    expect(topMatches.length).toBeGreaterThan(0)
    expect(topMatches.length).toBeLessThanOrEqual(50)
    expect(topMatches.every((m) => Array.isArray(m.markets) && m.subGames.length === 0 && m.eventPlan.length === 0)).toBe(true)
    const all = keep(await full.events(1, 0, 'line', 'en', { match: 'all' }))
    expect(all.items.flatMap((t) => t.matches).length).toBeGreaterThan(topMatches.length)
    const noOdds = keep(await full.events(1, 0, 'line', 'en', { odds: false }))
    const bare = noOdds.items.flatMap((t) => t.matches)
    expect(bare.every((m) => m.markets === null && typeof m.oddsCounter === 'number')).toBe(true)
    const live = keep(await full.events(1, 0, 'live', 'en'))
    expect(live.items.flatMap((t) => t.matches).every((m) => m.lineType === 'live')).toBe(true)
    const cyber = keep(await full.events(40, 0, 'line', 'en', { cybersport: true }))
    expect(cyber.items.flatMap((t) => t.matches).every((m) => m.sportId === 40)).toBe(true)
  })

  it('event: markets in columns, odds=false, sub-games point to their main match, pointers resolve in the feed', async () => {
    const top = keep(await full.events(1, 0, 'line', 'en'))
    const row = top.items.flatMap((t) => t.matches).find((m) => m.outcomeCount > 0)!
    const result = await full.event(row.gameId, 'line', 'en')
    if (result.kind !== 'match') throw new Error('expected a match')
    warnings.push(...result.warnings)
    const m: Match = result.match
    expect(m.key).toBe(`line:${row.gameId}`)
    expect(m.markets!.length).toBeGreaterThanOrEqual(row.markets!.length)
    for (const market of m.markets!) expect(market.outcomes).toEqual(market.columns.flat())
    const outcome = m.markets!.flatMap((mk) => mk.outcomes).find((o) => !o.oc_block)!
    const pointer = buildCouponPointer(outcome, 'line')
    const parts = parseOcPointer(outcome.oc_pointer)!
    expect(pointer).toBe(`line#${parts.gameId}#${parts.groupId}#${parts.typeId}#${parts.param}#${outcome.oc_rate}`)
    // The parameter text travels verbatim from oc_pointer into the coupon pointer.
    expect(pointer.split('#')[4]).toBe(outcome.oc_pointer!.split('|')[3])

    const bare = await full.event(row.gameId, 'line', 'en', { odds: false })
    if (bare.kind !== 'match') throw new Error('expected a match')
    expect(bare.match.markets).toBeNull()
    expect(bare.match.oddsCounter).toBe(m.oddsCounter)

    const parent = m.subGames.length > 0 ? m : undefined
    const world = (await (await fetch(`${sim.couponBaseUrl}/__sim/world`)).json()) as { line: { sampleWithSubGames: { gameId: number; subGameIds: number[] } | null } }
    const withSubs = parent ? { gameId: parent.gameId, subGameIds: parent.subGames.map((s) => s.gameId!) } : world.line.sampleWithSubGames!
    const sub = await full.event(withSubs.subGameIds[0], 'line', 'en')
    if (sub.kind !== 'match') throw new Error('expected a sub-match')
    expect(sub.match.mainGameId).toBe(withSubs.gameId)
  })

  it('event for an id that is not served answers gone (status 1 + message)', async () => {
    const gone = await full.event(999_999_999, 'line', 'en')
    expect(gone).toMatchObject({ kind: 'gone', gameId: 999_999_999, lineType: 'line', reason: 'not_found' })
    if (gone.kind === 'gone') expect(gone.message.length).toBeGreaterThan(0)
  })
})

describe('keys and errors', () => {
  it('the limited key sees only its sports, everywhere', async () => {
    const allowed = new Set((await limited.sports('line', 'en')).items.map((s) => s.id))
    const everything = (await full.sports('line', 'en')).items.map((s) => s.id)
    expect(allowed.size).toBeGreaterThan(0)
    expect(allowed.size).toBeLessThan(everything.length)
    for (const m of (await limited.topMatches('line', 'en')).items) expect(allowed.has(m.sportId!)).toBe(true)
    for (const c of (await limited.topChampionships('line', 'en')).items) expect(allowed.has(c.sportId!)).toBe(true)
    const outside = everything.find((id) => !allowed.has(id))!
    // Production answers `Access denied` for a sport outside the plan; an empty list also keeps it out.
    const answer = await limited.events(outside, 0, 'line', 'en').then((l) => l.items, (e: DeskError) => e.code)
    expect([[], 'feed_access_denied']).toContainEqual(answer)
  })

  it('ru on the limited key, an unknown key and a language outside the key are typed feed errors, not retried', async () => {
    const before = requested.length
    const e = await expectDeskError(limited.menu('line', 'ru'), 'feed_language_not_allowed')
    expect(e.data).toMatchObject({ errorCode: 100, category: 'permission' })
    expect(requested.length).toBe(before + 1)
    const stranger = createFeedClient({ baseURL: sim.feedApiUrl, apiKey: 'no-such-key', fetch: countingFetch, retries: 2 })
    await expectDeskError(stranger.menu('line', 'en'), 'feed_key_invalid')
    // `xx` is no vendor code: Invalid language (usage), or not in the package (permission)
    const bad = await full.menu('line', 'xx').then(() => undefined, (x: unknown) => x)
    expect(bad).toBeInstanceOf(DeskError)
    expect(['feed_language_not_allowed', 'feed_invalid_language']).toContain((bad as DeskError).code)
    expect(requested.length).toBe(before + 3)
  })

  it('bad arguments fail before any request', async () => {
    const before = requested.length
    await expectDeskError(full.menu('prematch' as never, 'en'), 'feed_params')
    await expectDeskError(full.event(-1, 'line', 'en'), 'feed_params')
    await expectDeskError(full.countries(1.5, 'line', 'en'), 'feed_params')
    await expectDeskError(full.menu('line', '../x'), 'feed_params')
    expect(requested.length).toBe(before)
  })
})

describe('icons', () => {
  it('built URLs are served by the simulated CDN', async () => {
    const top = (await full.topMatches('line', 'en', { full: true })).items[0]
    const urls = [sportIconUrl(sim.cdnUrl, top.sportId), countryIconUrl(sim.cdnUrl, top.countryId), tournamentIconUrl(sim.cdnUrl, top.tournamentId), teamIconUrl(sim.cdnUrl, top.opp1.icon)]
    for (const url of urls) {
      expect(url).not.toBeNull()
      const res = await fetch(url!)
      expect(res.status, url!).toBe(200)
      expect(res.headers.get('content-type')).toBe('image/webp')
    }
  })
})

describe('normalisation over the whole simulated feed', () => {
  it('no response of this file produced a warning', () => {
    expect(warnings).toEqual([])
  })
})
