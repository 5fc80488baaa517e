import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { captureText } from '../../support/captures.js'
import { captureServerAvailable, PLACEMENT_ANSWERS, startCaptureServer, type CaptureServer, type PlacementAnswer } from '../../support/capture-server.js'

/** The capture server answers each captured route with the capture's bytes, and the rest as production would. */
const available = captureServerAvailable()
if (!available.ok) console.warn(available.message)

let server: CaptureServer
beforeAll(async () => {
  if (available.ok) server = await startCaptureServer()
})
afterAll(() => server?.close())

const feed = (path: string, key: string | null = 'any-key') => fetch(`${server.feedApiUrl}${path}`, { headers: key ? { Package: key } : {} })
async function token(): Promise<string> {
  const answer = await fetch(`${server.couponBaseUrl}/api/partner/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(server.login) })
  return ((await answer.json()) as { body: { token: string } }).body.token
}

describe.skipIf(!available.ok)('the capture server', () => {
  const FEED: Array<[string, string]> = [
    ['/v1/menu/line/en', 'menu.line.en'],
    ['/v1/sports/live/en', 'sports.live.en'],
    ['/v1/countries/1/line/en', 'countries.sport-1.line.en'],
    ['/v1/tournaments/1/1/live/en', 'tournaments.sport-1.country-1.live.en'],
    ['/v1/events/1/0/sub/50/live/en', 'events.sport-1.tournament-0.sub-50.live.en'],
    ['/v1/event/730321837/group/line/en', 'event.game-730321837.group.line.en'],
    ['/v1/search/line/en/Manchester', 'search.query-manchester.line.en'],
    ['/v1/toplist/1/en?full=true', 'toplist.full.sport-1.line.en'],
    ['/v1/topmatches/live/en', 'topmatches.live.en'],
    ['/v1/account', 'account'],
    ['/v1/events/1/0/sub/50/line/0/1/en', 'events-by-period.calendar'],
    ['/v1/events/1/0/sub/50/line/0/6/en', 'events-by-period.empty'],
  ]
  for (const [path, name] of FEED) {
    it(`feed ${path} → ${name}`, async () => {
      const answer = await feed(path)
      expect(answer.status).toBe(200)
      expect(answer.headers.get('x-key-expires')).toMatch(/^\d{4}-\d\d-\d\dT/)
      expect(await answer.text()).toBe(captureText('feed', name))
    })
  }

  it('feed: an unknown game, search text, language, type, route or a missing key answer as production does', async () => {
    expect(await (await feed('/v1/event/1/group/line/en')).text()).toBe(captureText('feed-errors', 'game-not-found'))
    expect(await (await feed('/v1/search/line/en/nobody')).json()).toEqual({ status: 1, page: '/v1/search', body: [] })
    expect(await (await feed('/v1/menu/line/xx')).text()).toBe(captureText('feed-errors', 'language-not-in-package'))
    expect(await (await feed('/v1/menu/soon/en')).text()).toBe(captureText('feed-errors', 'wrong-type'))
    expect(await (await feed('/v1/menu/line/en', null)).text()).toBe(captureText('feed-errors', 'missing-key'))
    const unknown = await feed('/v1/topchampionships/line/en')
    expect([unknown.status, await unknown.json()]).toEqual([404, { error_code: 404, error_message: 'Unknown method' }])
  })

  it('coupons: login with the captured credentials only, protected routes need its token', async () => {
    const wrong = await fetch(`${server.couponBaseUrl}/api/partner/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ ...server.login, password: 'x' }) })
    expect(await wrong.text()).toBe(captureText('coupon', 'login-wrong-credentials'))
    expect((await fetch(`${server.couponBaseUrl}/api/partner/balance`)).status).toBe(401)
    const auth = { authorization: `Bearer ${await token()}` }
    expect(await (await fetch(`${server.couponBaseUrl}/api/partner/balance`, { headers: auth })).text()).toBe(captureText('coupon', 'balance'))
    expect(await (await fetch(`${server.couponBaseUrl}/api/partner/coupons/get?coupon_code=000000000001`, { headers: auth })).text()).toBe(captureText('coupon', 'get-not-found'))
    expect(await (await fetch(`${server.couponBaseUrl}/api/partner/health`)).text()).toBe(captureText('coupon', 'health'))
  })

  it('placement answers the chosen capture once each, then the captured success', async () => {
    const auth = { authorization: `Bearer ${await token()}`, 'content-type': 'application/json' }
    const chosen: PlacementAnswer[] = ['507', '501-increased', '503']
    server.placements.push(...chosen)
    const place = async () => (await fetch(`${server.couponBaseUrl}/api/partner/coupons/place`, { method: 'POST', headers: auth, body: captureText('coupon', 'place-request-single') })).text()
    for (const answer of [...chosen, 'success-single'] as const) expect(await place()).toBe(captureText('coupon', PLACEMENT_ANSWERS[answer]))
    const asked = server.requests.filter((r) => r.path === '/api/partner/coupons/place')
    expect(asked).toHaveLength(4)
    expect(JSON.parse(asked[0].body)).toEqual(JSON.parse(captureText('coupon', 'place-request-single')))
  })
})
