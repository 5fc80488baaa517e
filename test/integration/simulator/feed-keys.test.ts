import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { RunningSimulator } from '../../../src-main/core/simulator/server.js'
import { control, feed, START_MS, startFeedSim, type Json } from './feed-helpers.js'

/** Production's error answers and key states (../shared/real-captures/feed-errors), and `/v1/account`. */
let sim: RunningSimulator
beforeAll(async () => {
  sim = await startFeedSim({ matches: 200 })
})
afterAll(async () => {
  await sim?.close()
})

const DAY = 86_400_000

describe('error answers: {error_code, error_message} and nothing else', () => {
  it.each([
    [null, 'Missing Package header'],
    ['', 'Missing Package header'],
    ['nope', 'Invalid Package'],
    ['__proto__', 'Invalid Package'],
    ['DEMO-KEY', 'Invalid Package'],
    ['demo-key-expired', 'Package has expired'],
    ['demo-key-blocked', 'Package is blocked'],
    ['demo-key-future', 'Package is not active yet'],
    ['demo-key-ip', 'Access from IP 127.0.0.1 is not allowed for this Package'],
  ])('key %s → %s (HTTP 401)', async (key, message) => {
    const r = await feed(sim, '/v1/menu/line/en', key)
    expect(r.raw).toEqual({ error_code: 100, error_message: message })
    expect(r.http).toBe(401)
  })

  it('a site key refuses pages of other sites and lets its own and server-side calls through', async () => {
    const call = async (origin?: string): Promise<Json> =>
      (await fetch(`${sim.feedApiUrl}/v1/sports/line/en`, { headers: { Package: 'demo-key-site', ...(origin ? { Origin: origin } : {}) } })).json()
    expect(await call('https://evil.test')).toEqual({ error_code: 100, error_message: 'Access from site evil.test is not allowed for this Package' })
    expect((await call('https://app.example.com')).status).toBe(1)
    expect((await call('https://example.com')).status).toBe(1)
    expect((await call()).status).toBe(1)
  })

  it('languages: vendor codes, per key; unknown code "Invalid language", outside the key "not available"', async () => {
    expect((await feed(sim, '/v1/sports/line/ua')).status).toBe(1)
    const unknown = await feed(sim, '/v1/sports/line/xx')
    expect(unknown.raw).toEqual({ error_code: 100, error_message: 'Invalid language' })
    expect(unknown.http).toBe(400)
    const notInKey = await feed(sim, '/v1/sports/line/ru', 'demo-key-limited')
    expect(notInKey.raw).toEqual({ error_code: 100, error_message: 'The language is not available in your package.' })
    expect(notInKey.http).toBe(403)
    // A vendor code the demo key does not hold (`cn`) is a permission problem, not a bad request.
    expect((await feed(sim, '/v1/sports/line/cn')).raw.error_message).toBe('The language is not available in your package.')
  })

  it('a type other than live/line is code 90 (topchampionships keeps its empty list)', async () => {
    for (const path of ['/v1/search/prematch/en/a', '/v1/menu/soon/en', '/v1/events/1/0/sub/50/both/en', '/v1/event/1/group/x/en']) {
      const r = await feed(sim, path)
      expect(r.raw, path).toEqual({ error_code: 90, error_message: 'Wrong data type (accept only live or line)' })
    }
    expect((await feed(sim, '/v1/topchampionships/soon/en')).raw).toEqual({ status: 1, page: '/v1/topchampionships', body: [] })
  })

  it('bad parameters are 400 and unknown methods 404, in the same two-key shape', async () => {
    for (const path of ['/v1/events/1/0/flat/50/line/en', '/v1/events/1/0/sub/20/line/en', '/v1/events/x/0/sub/50/line/en', '/v1/event/1/list/line/en', '/v1/events/1/0/sub/50/line/en?odds=maybe']) {
      const r = await feed(sim, path)
      expect(r.http, path).toBe(400)
      expect(Object.keys(r.raw)).toEqual(['error_code', 'error_message'])
    }
    for (const path of ['/v1/calendar/line/en', '/v1/menu/line', '/v2/menu/line/en']) {
      const r = await feed(sim, path)
      expect(r.http, path).toBe(404)
      expect(Object.keys(r.raw)).toEqual(['error_code', 'error_message'])
    }
  })

  it('a run can answer every error with one HTTP status (production does not define it)', async () => {
    const flat = await startFeedSim({ matches: 20, feedErrorStatus: 200 })
    try {
      const r = await feed(flat, '/v1/menu/line/en', 'demo-key-expired')
      expect([r.http, r.raw]).toEqual([200, { error_code: 100, error_message: 'Package has expired' }])
      expect((await feed(flat, '/v1/sports/line/xx')).http).toBe(200)
    } finally {
      await flat.close()
    }
  })
})

describe('key expiry', () => {
  it('a key expires on the simulated clock and the control API moves expiry and start', async () => {
    const local = await startFeedSim({ matches: 20, feedKeys: { 'demo-key': { expiresAt: START_MS + 2 * DAY } } })
    try {
      const res = await fetch(`${local.feedApiUrl}/v1/sports/line/en`, { headers: { Package: 'demo-key' } })
      expect(res.headers.get('x-key-expires')).toBe(new Date(START_MS + 2 * DAY).toISOString())
      await control(local, 'POST', '/clock/advance', { ms: 2 * DAY })
      expect((await feed(local, '/v1/sports/line/en')).raw.error_message).toBe('Package has expired')
      const renewed = await control(local, 'POST', '/feed/keys/demo-key', { expiresAt: '2027-01-01T00:00:00.000Z' })
      expect(renewed.json).toMatchObject({ key: 'demo-key', expiresAt: '2027-01-01T00:00:00.000Z' })
      const again = await fetch(`${local.feedApiUrl}/v1/sports/line/en`, { headers: { Package: 'demo-key' } })
      expect(again.headers.get('x-key-expires')).toBe('2027-01-01T00:00:00.000Z')
      await control(local, 'POST', '/feed/keys/demo-key', { status: 'paused' })
      expect((await feed(local, '/v1/sports/line/en')).raw.error_message).toBe('Package is blocked')
      expect((await control(local, 'POST', '/feed/keys/demo-key', { expiresAt: 'tomorrow' })).status).toBe(400)
      const listed = await control(local, 'GET', '/feed/keys')
      expect(listed.json.keys.map((k: Json) => k.key)).toContain('demo-key-future')
    } finally {
      await local.close()
    }
  })
})

describe('GET /v1/account', () => {
  it("has production's shape and counts this key's requests per Kyiv day", async () => {
    const local = await startFeedSim({ matches: 20 })
    try {
      for (let i = 0; i < 3; i++) await feed(local, '/v1/sports/line/en')
      const r = await feed(local, '/v1/account')
      expect(r.page).toBe('/v1/account')
      expect(Object.keys(r.body)).toEqual(['client', 'your_ip', 'keys'])
      expect(Object.keys(r.body.client)).toEqual(['public_id', 'name'])
      expect(r.body.your_ip).toBe('127.0.0.1')
      const current = r.body.keys.find((k: Json) => k.current)
      expect(Object.keys(current)).toEqual([
        'key', 'current', 'type', 'status', 'label', 'starts_at', 'expires_at', 'days_left', 'active', 'sports', 'languages',
        'last_used_at', 'access_mode', 'allowed_ips', 'allowed_domains', 'usage_7d',
      ])
      expect(current).toMatchObject({ key: '…-key', type: 'test', status: 'active', starts_at: null, days_left: 30, active: true, sports: 'all', access_mode: 'off' })
      expect(current.expires_at).toBe(new Date(START_MS + 30 * DAY).toISOString())
      expect(current.languages).toContain('ua')
      expect(current.usage_7d).toHaveLength(7)
      expect(current.usage_7d[6]).toEqual({ date: '2026-11-21', requests: 4 })
      expect(current.usage_7d[0].date).toBe('2026-11-15')
      expect(r.body.keys.filter((k: Json) => k.current)).toHaveLength(1)
      const limited = r.body.keys.find((k: Json) => k.key === '…ited')
      expect(limited).toMatchObject({ type: 'prod', sports: [1, 3, 4], languages: ['en'], access_mode: 'monitor', last_used_at: null })
      expect(limited.allowed_ips).toEqual(['203.0.113.7', '198.51.100.0/24'])
      const future = r.body.keys.find((k: Json) => k.label === 'starts in two days')
      expect(future).toMatchObject({ active: false, starts_at: new Date(START_MS + 2 * DAY).toISOString() })
      // A request after Kyiv midnight counts for the next day (22:00 UTC = 00:00 Kyiv in winter).
      await control(local, 'POST', '/clock/advance', { ms: 10 * 3_600_000 })
      const next = (await feed(local, '/v1/account')).body.keys.find((k: Json) => k.current)
      expect(next.usage_7d.slice(-2)).toEqual([{ date: '2026-11-21', requests: 4 }, { date: '2026-11-22', requests: 1 }])
    } finally {
      await local.close()
    }
  })
})
