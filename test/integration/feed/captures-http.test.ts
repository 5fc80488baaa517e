import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { eventResultToDto, eventsToDto, matchToDto } from '../../../src-main/core/desk/map-feed.js'
import { feedTools } from '../../../src-main/core/desk/feed-watches.js'
import { createFeedClient, findLiveSuccessor, readOcPointer, type FeedClient, type FeedWarning, type MatchSummary, type Outcome, type LineType } from '../../../src-main/core/feed/index.js'
import { DeskError } from '../../../src-main/core/shared/errors.js'
import { HAVE_FEED_CAPTURES, SKIP_MESSAGE } from '../../unit/feed/captures.js'
import { FINISHED_GAME, KEY_EXPIRES, NOT_FOUND_GAME, startCaptureServer, type CaptureServer } from './capture-server.js'

/** The feed client over real HTTP against a loopback server answering with the vendor's captures. */
let server: CaptureServer
let client: FeedClient
const seenExpiries: number[] = []
const EXPIRES_MS = Date.UTC(2026, 10, 3, 14, 34, 23, 479)
const tools = feedTools('http://cdn.test')

const make = (apiKey: string, extra: Partial<Parameters<typeof createFeedClient>[0]> = {}) => createFeedClient({ baseURL: server.baseURL, apiKey, ...extra })

async function failure(promise: Promise<unknown>): Promise<DeskError> {
  const error = await promise.then(() => undefined, (e: unknown) => e)
  expect(error).toBeInstanceOf(DeskError)
  return error as DeskError
}

/** Open (not blocked) outcomes, and those of them the UI can put on a coupon (its pointer builder). */
function figures(matches: MatchSummary[]): { bettable: number; open: number } {
  const open = matches.flatMap((m) => (m.markets ?? []).flatMap((mk) => mk.outcomes.filter((o) => !o.oc_block).map((o) => ({ o, lineType: m.lineType }))))
  const bettable = ({ o, lineType }: { o: Outcome; lineType: LineType }) => {
    const parts = o.oc_pointer === null ? null : readOcPointer(o.oc_pointer)
    return parts !== null && tools.pointer(parts, o, lineType) !== null
  }
  return { bettable: open.filter(bettable).length, open: open.length }
}

describe.skipIf(!HAVE_FEED_CAPTURES)(`feed client over HTTP on the vendor's captures${HAVE_FEED_CAPTURES ? '' : ` (${SKIP_MESSAGE})`}`, () => {
  beforeAll(async () => {
    server = await startCaptureServer()
    client = make('good-key', { onKeyExpires: (ms) => seenExpiries.push(ms) })
  })
  afterAll(async () => {
    await server?.close()
  })

  it('every navigation, list and match answer: no warning, X-Key-Expires on each, reported once', async () => {
    const warnings: FeedWarning[] = []
    const answers = [
      ...(['live', 'line'] as const).flatMap((t) => [
        client.menu(t, 'en'),
        client.sports(t, 'en'),
        client.countries(1, t, 'en'),
        client.tournaments(1, 1, t, 'en'),
        client.topMatches(t, 'en'),
        client.topMatches(t, 'en', { full: true }),
        client.events(1, 0, t, 'en'),
      ]),
      client.topList(1, 'en'),
      client.topList(1, 'en', { full: true }),
      client.search('line', 'en', 'Manchester'),
      client.search('live', 'en', 'Perth'),
    ]
    for (const answer of await Promise.all(answers)) {
      expect(answer.items.length).toBeGreaterThan(0)
      expect(answer.keyExpiresAtMs).toBe(EXPIRES_MS)
      warnings.push(...answer.warnings)
    }
    for (const [id, type] of [[730321837, 'line'], [746146992, 'live']] as const) {
      const result = await client.event(id, type, 'en')
      expect(result.kind).toBe('match')
      if (result.kind === 'match') warnings.push(...result.warnings)
      expect(result.keyExpiresAtMs).toBe(EXPIRES_MS)
    }
    expect(warnings).toEqual([])
    expect(seenExpiries).toEqual([EXPIRES_MS])
    expect(server.hits.every((h) => h.key === 'good-key')).toBe(true)
  })

  it('before/after figures: every open outcome bettable, and the DTOs carry the pointers', async () => {
    const list = async (type: 'live' | 'line') => (await client.events(1, 0, type, 'en')).items.flatMap((t) => t.matches)
    const one = async (id: number, type: 'live' | 'line') => {
      const result = await client.event(id, type, 'en')
      if (result.kind !== 'match') throw new Error('expected a match')
      return [result.match]
    }
    // Before this change: 53/89, 40/110, 103/185, 97/444.
    expect(figures(await list('live'))).toEqual({ bettable: 89, open: 89 })
    expect(figures(await list('line'))).toEqual({ bettable: 110, open: 110 })
    expect(figures(await one(746146992, 'live'))).toEqual({ bettable: 185, open: 185 })
    expect(figures(await one(730321837, 'line'))).toEqual({ bettable: 444, open: 444 })
    const top = (await client.topMatches('live', 'en', { full: true })).items
    expect(figures(top).bettable).toBe(figures(top).open)
    // The UI's DTOs: an open outcome is never shown as blocked for want of a pointer.
    const dto = eventResultToDto(await client.event(730321837, 'line', 'en'), tools)
    if (dto.kind !== 'match') throw new Error('expected a match')
    const outcomes = dto.match.markets!.flatMap((m) => m.columns.flat())
    expect(outcomes.filter((o) => o.pointer === '')).toEqual([])
    expect(outcomes.some((o) => o.pointer === 'line#730321837#9898#12037#1.0E-4#' + o.rate)).toBe(true)
    expect(eventsToDto((await client.events(1, 0, 'live', 'en')).items, tools).flatMap((t) => t.matches).every((m) => m.mainGameId === null)).toBe(true)
    expect(top.map((m) => matchToDto(m, tools)).length).toBe(top.length)
  })

  it.each([200, 400, 401, 403, 500])('error bodies are typed by error_code under HTTP %i and never retried', async (status) => {
    const cases = [
      ['invalid-key', 'feed_key_invalid', 'auth'],
      ['key-expired', 'feed_key_expired', 'auth'],
      ['ip-not-allowed', 'feed_ip_not_allowed', 'auth'],
      ['access-denied', 'feed_access_denied', 'permission'],
      ['language-not-in-package', 'feed_language_not_allowed', 'permission'],
      ['invalid-language', 'feed_invalid_language', 'usage'],
      ['wrong-type', 'feed_wrong_line_type', 'usage'],
    ]
    for (const [file, code, category] of cases) {
      const before = server.hits.length
      const e = await failure(make(`err/${file}/${status}`, { retries: 2, retryDelayMs: 1 }).events(1, 0, 'live', 'en'))
      expect(e).toMatchObject({ code, status, retry: 'never', data: { category } })
      expect(e.message).not.toMatch(/envelope/)
      expect(server.hits.length - before).toBe(1)
    }
  })

  it('event messages: Game id finished and Game not found, with the reason and the raw text', async () => {
    const finished = await client.event(FINISHED_GAME, 'line', 'en')
    expect(finished).toMatchObject({ kind: 'gone', gameId: FINISHED_GAME, lineType: 'line', reason: 'finished', message: 'Game id finished', keyExpiresAtMs: EXPIRES_MS })
    const missing = await client.event(NOT_FOUND_GAME, 'live', 'en')
    expect(missing).toMatchObject({ kind: 'gone', reason: 'not_found', message: 'Game not found' })
  })

  it('account: typed, camelCase, stamped', async () => {
    const account = await client.account()
    expect(server.hits.at(-1)).toMatchObject({ path: '/v1/account', query: '' })
    expect(account).toMatchObject({ yourIp: '203.0.113.7', keyExpiresAtMs: EXPIRES_MS, warnings: [] })
    expect(account.keys[0]).toMatchObject({ key: '…c55f', type: 'test', status: 'active', sports: 'all', languages: ['ru', 'en'], daysLeft: 30 })
  })

  it('calendar: the documented route for hours and days, same shape as events', async () => {
    const hours = await client.calendar(1, 0, { hours: 6 }, 'en', { odds: false })
    expect(server.hits.at(-1)).toMatchObject({ path: '/v1/events/1/0/sub/50/line/6/0/en', query: '?odds=false' })
    expect(hours.items[0].matches[0]).toMatchObject({ gameId: 758182302, lineType: 'line', markets: null, oddsCounter: 1261 })
    expect(hours.keyExpiresAtMs).toBe(EXPIRES_MS)
    await client.calendar(1, 1706694, { day: 3 }, 'en')
    expect(server.hits.at(-1)).toMatchObject({ path: '/v1/events/1/1706694/sub/50/line/0/3/en', query: '' })
    const before = server.hits.length
    await expect(client.calendar(1, 0, { day: 6 } as never, 'en')).rejects.toMatchObject({ code: 'feed_params' })
    await expect(client.calendar(1, 0, { hours: 3 } as never, 'en')).rejects.toMatchObject({ code: 'feed_params' })
    expect(server.hits.length).toBe(before)
  })

  it('X-Key-Expires: milliseconds optional, an unparsable or missing header is null, a change is reported', async () => {
    const seen: number[] = []
    const noMs = await make(`expires/${encodeURIComponent('2027-01-02T03:04:05Z')}`, { onKeyExpires: (ms) => seen.push(ms) }).sports('live', 'en')
    expect(noMs.keyExpiresAtMs).toBe(Date.UTC(2027, 0, 2, 3, 4, 5))
    expect((await make('expires/tomorrow').sports('live', 'en')).keyExpiresAtMs).toBeNull()
    expect((await make('expires/-').sports('live', 'en')).keyExpiresAtMs).toBeNull()
    expect(seen).toEqual([Date.UTC(2027, 0, 2, 3, 4, 5)])
    expect(KEY_EXPIRES).toBe(new Date(EXPIRES_MS).toISOString())
  })

  it('findLiveSuccessor: the live match with the same participants, by id, else by name', async () => {
    const live = (await client.events(1, 0, 'live', 'en')).items.flatMap((t) => t.matches)
    const target = live.find((m) => m.opp1.id !== null && m.opp2.id !== null)!
    // The Prematch card of that match, as the line list had it (another id, another tournament row).
    const prematch: MatchSummary = { ...target, lineType: 'line', gameId: 1, key: 'line:1' }
    expect(await findLiveSuccessor(client, prematch, 'en')).toBe(target.gameId)
    expect(server.hits.at(-1)).toMatchObject({ path: '/v1/events/1/0/sub/50/live/en', query: '?odds=false' })
    const byName = { ...prematch, opp1: { ...prematch.opp1, id: null, name: ` ${target.opp1.name.toUpperCase()} ` }, opp2: { ...prematch.opp2, id: null } }
    expect(await findLiveSuccessor(client, byName, 'en')).toBe(target.gameId)
    const otherId = { ...prematch, opp1: { ...prematch.opp1, id: 1 } }
    expect(await findLiveSuccessor(client, otherId, 'en')).toBeNull()
    const before = server.hits.length
    expect(await findLiveSuccessor(client, { ...prematch, lineType: 'live' }, 'en')).toBeNull()
    expect(await findLiveSuccessor(client, { ...prematch, sportId: null }, 'en')).toBeNull()
    expect(server.hits.length).toBe(before)
  })
})
