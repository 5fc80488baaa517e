import { createServer, type IncomingHttpHeaders, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { createFeedClient } from '../../../src-main/core/feed/index.js'
import { expectDeskError } from '../../support/desk-error.js'

/**
 * Transport behaviour only (retry, timeout, envelope checks): a tiny scripted server answers here.
 * The vendor's real answers (captures) are served in captures-http.test.ts.
 */
type Step = { status: number; body: string } | 'hang'
let script: Step[] = []
let hits: Array<{ url: string; headers: IncomingHttpHeaders }> = []
let server: Server
let baseURL: string
const ok = (body: unknown) => ({ status: 200, body: JSON.stringify({ status: 1, page: '/v1/sports', body }) })
const hanging: Array<() => void> = []

beforeAll(async () => {
  server = createServer((req, res) => {
    hits.push({ url: req.url ?? '', headers: req.headers })
    const step = script.shift() ?? { status: 500, body: 'script exhausted' }
    if (step === 'hang') {
      hanging.push(() => res.destroy())
      return
    }
    res.writeHead(step.status, { 'content-type': 'application/json' })
    res.end(step.body)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  baseURL = `http://127.0.0.1:${(server.address() as AddressInfo).port}/feed`
})

afterAll(async () => {
  for (const close of hanging) close()
  server.closeAllConnections()
  await new Promise<void>((resolve) => server.close(() => resolve()))
})

beforeEach(() => {
  script = []
  hits = []
})

const client = (extra: Partial<Parameters<typeof createFeedClient>[0]> = {}) => createFeedClient({ baseURL, apiKey: 'test-key', retryDelayMs: 5, ...extra })

describe('feed transport', () => {
  it('sends the Package header and Accept json on the documented path', async () => {
    script = [ok([{ id: 1, name: 'Football', counter: 2 }])]
    const result = await client().sports('live', 'en', { cybersport: true })
    expect(result.items.map((s) => s.id)).toEqual([1])
    expect(hits[0].url).toBe('/feed/v1/sports/live/en?cybersport=true')
    expect(hits[0].headers.package).toBe('test-key')
    expect(hits[0].headers.accept).toContain('application/json')
  })

  it('topmatches answers with page /v1/topmathes: accepted, never used', async () => {
    script = [{ status: 200, body: JSON.stringify({ status: 1, page: '/v1/topmathes', body: [{ game_id: 5, opp_1_name: 'A', opp_2_name: 'B' }] }) }]
    const result = await client().topMatches('live', 'en', { full: true, odds: false })
    expect(result.items.map((m) => m.key)).toEqual(['live:5'])
    expect(hits[0].url).toBe('/feed/v1/topmatches/live/en?full=true&odds=false')
  })

  it('by default does not retry: one request, the 5xx is reported (the scheduler owns the backoff)', async () => {
    script = [{ status: 503, body: '{"message":"maintenance"}' }, ok([])]
    const e = await expectDeskError(createFeedClient({ baseURL, apiKey: 'test-key' }).sports('line', 'en'))
    expect(e).toMatchObject({ code: 'feed_http', status: 503, retry: 'safe' })
    expect(e.message).toContain('maintenance')
    expect(hits).toHaveLength(1)
  })

  it('with retries set, retries a 5xx after the doubling delay, then succeeds', async () => {
    script = [{ status: 503, body: '{}' }, { status: 502, body: 'bad gateway' }, ok([])]
    const t0 = Date.now()
    const result = await client({ retries: 2, retryDelayMs: 40 }).sports('line', 'en')
    expect(result.items).toEqual([])
    expect(hits).toHaveLength(3)
    // 40 ms then 80 ms: never faster than the configured schedule
    expect(Date.now() - t0).toBeGreaterThanOrEqual(115)
  })

  it('gives up after the configured retries with feed_http and the status', async () => {
    script = [{ status: 503, body: '{}' }, { status: 503, body: '{}' }, { status: 503, body: '{"message":"maintenance"}' }]
    const e = await expectDeskError(client({ retries: 2 }).sports('line', 'en'))
    expect(e).toMatchObject({ code: 'feed_http', status: 503, retry: 'safe' })
    expect(e.message).toContain('maintenance')
    expect(hits).toHaveLength(3)
  })

  it('never retries an error body, even with retries set and a 5xx status', async () => {
    script = [{ status: 500, body: JSON.stringify({ error_code: 100, error_message: 'Invalid Package' }) }, ok([])]
    const e = await expectDeskError(client({ retries: 2 }).sports('line', 'en'))
    expect(e).toMatchObject({ code: 'feed_key_invalid', status: 500, retry: 'never' })
    expect(hits).toHaveLength(1)
  })

  it('never retries a 4xx (including 408/429 which ofetch would retry by default)', async () => {
    for (const status of [400, 401, 404, 408, 429]) {
      hits = []
      script = [{ status, body: JSON.stringify({ status: 0, body: null, message: 'nope' }) }, ok([])]
      const e = await expectDeskError(client({ retries: 2 }).sports('line', 'en'))
      expect(e).toMatchObject({ code: 'feed_http', status })
      expect(hits).toHaveLength(1)
      script = []
    }
  })

  it('a timeout is feed_timeout; a retry after a timeout gets a fresh timeout and can succeed', async () => {
    script = ['hang']
    const e = await expectDeskError(client({ timeoutMs: 150, retries: 0 }).sports('line', 'en'))
    expect(e.code).toBe('feed_timeout')
    hits = []
    script = ['hang', ok([{ id: 3, name: 'Basketball', counter: 1 }])]
    const result = await client({ timeoutMs: 150, retries: 1 }).sports('line', 'en')
    expect(result.items.map((s) => s.id)).toEqual([3])
    expect(hits).toHaveLength(2)
  })

  it('a refused connection is feed_network', async () => {
    const e = await expectDeskError(createFeedClient({ baseURL: 'http://127.0.0.1:1/feed', apiKey: 'k', retries: 0 }).sports('line', 'en'))
    expect(e.code).toBe('feed_network')
  })

  it('status ≠ 1 with HTTP 200 is never a success', async () => {
    for (const status of [0, 2, '1x', null]) {
      script = [{ status: 200, body: JSON.stringify({ status, page: '/v1/sports', body: [], message: 'limit' }) }]
      const e = await expectDeskError(client().sports('line', 'en'))
      expect(e.code).toBe('feed_status')
    }
  })

  it('non-JSON, a non-envelope and a wrong body container are feed_shape', async () => {
    script = [{ status: 200, body: '<html>oops</html>' }, { status: 200, body: '[1,2]' }, ok({ not: 'a list' })]
    for (let i = 0; i < 3; i++) expect((await expectDeskError(client().sports('line', 'en'))).code).toBe('feed_shape')
  })

  it('the API key never appears in an error message', async () => {
    script = [{ status: 401, body: JSON.stringify({ status: 0, message: 'Unknown API key' }) }]
    const e = await expectDeskError(client({ apiKey: 'secret-key-123' }).sports('line', 'en'))
    expect(e.message).not.toContain('secret-key-123')
  })
})
