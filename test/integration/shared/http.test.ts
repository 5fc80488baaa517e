/**
 * The shared outbound HTTP layer against a real loopback server: per-attempt timeout, read retries
 * (Retry-After on the injected clock, 429), `never` calls sent exactly once, the streamed size cap,
 * network failure mapping and what the logger port receives.
 */
import type { IncomingMessage, ServerResponse } from 'node:http'
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { createSimulatedClock } from '../../../src-main/core/shared/clock.js'
import { expectDeskError } from '../../support/desk-error.js'
import { createHttpClient, type HttpClientOptions } from '../../../src-main/core/shared/http.js'
import { createLogger, createMemorySink } from '../../../src-main/core/shared/log.js'
import { createRedactor } from '../../../src-main/core/shared/redact.js'
import { startLoopback, type Loopback } from '../../support/loopback.js'
import { expectRetryWaitOnClock, waitForRetryWait } from '../../support/retry-wait.js'

type Step = { status: number; body?: string; headers?: Record<string, string> } | 'hang' | 'drop' | { stream: number }
interface Hit {
  method: string
  url: string
  headers: IncomingMessage['headers']
  body: string
  /** The client hung up before the answer was finished. */
  aborted: boolean
}

let server: Loopback
let baseURL: string
let script: Step[] = []
let hits: Hit[] = []
const CHUNK = Buffer.alloc(64 * 1024, 0x20)

function streamBody(res: ServerResponse, size: number): void {
  res.writeHead(200, { 'content-type': 'application/json' })
  let left = size
  const pump = () => {
    while (left > 0 && !res.destroyed) {
      left -= CHUNK.length
      if (!res.write(CHUNK)) return void res.once('drain', pump)
    }
    res.end()
  }
  pump()
}

beforeAll(async () => {
  server = await startLoopback((req, res) => {
    let body = ''
    req.on('data', (c: Buffer) => (body += c.toString()))
    req.on('end', () => {
      const hit: Hit = { method: req.method ?? '', url: req.url ?? '', headers: req.headers, body, aborted: false }
      hits.push(hit)
      res.on('close', () => (hit.aborted = !res.writableFinished))
      const step = script.shift() ?? { status: 200, body: '{"ok":true}' }
      if (step === 'hang') return
      if (step === 'drop') return void req.socket.destroy()
      if ('stream' in step) return streamBody(res, step.stream)
      res.writeHead(step.status, { 'content-type': 'application/json', ...step.headers })
      res.end(step.body ?? '')
    })
  })
  baseURL = `${server.origin}/api`
})
afterAll(async () => {
  await server.close()
})
beforeEach(() => {
  script = []
  hits = []
})

const client = (extra: Partial<HttpClientOptions> = {}) =>
  createHttpClient({ name: 'test', codes: { timeout: 'feed_timeout', network: 'feed_network', too_large: 'feed_too_large' }, baseURL, retries: 2, retryDelayMs: 5, timeoutMs: 2_000, ...extra })

describe('shared HTTP layer: call classes', () => {
  it('a read that times out is retried under a fresh timeout and succeeds', async () => {
    script = ['hang', { status: 200, body: '"late ok"' }]
    const answer = await client({ timeoutMs: 500 }).request({ method: 'GET', path: '/x', retry: 'read' })
    expect(answer).toMatchObject({ status: 200, text: '"late ok"', attempts: 2 })
    expect(hits).toHaveLength(2)
  })

  it('every attempt times out on its own: 1 + retries requests, then the caller’s timeout code', async () => {
    script = ['hang', 'hang', 'hang']
    const e = await expectDeskError(client({ timeoutMs: 200 }).request({ method: 'GET', path: '/x', retry: 'read' }))
    expect(e).toMatchObject({ code: 'feed_timeout', retry: 'safe', data: { attempts: 3, sent: 'maybe' } })
    expect(hits).toHaveLength(3)
  })

  it('the per-attempt timeout runs on the injected clock: a hung attempt ends when the clock says so', async () => {
    const clock = createSimulatedClock()
    script = ['hang']
    const pending = expectDeskError(client({ clock, timeoutMs: 60_000, retries: 0 }).request({ method: 'GET', path: '/x', retry: 'read' }))
    await vi.waitFor(() => expect(hits).toHaveLength(1), { timeout: 2_000, interval: 5 })
    await clock.advance(59_999)
    await vi.waitFor(() => expect(clock.pendingDelays()).toEqual([1]), { timeout: 2_000, interval: 5 })
    await clock.advance(1)
    const e = await pending
    expect(e).toMatchObject({ code: 'feed_timeout', data: { attempts: 1, sent: 'maybe' } })
    await vi.waitFor(() => expect(hits[0].aborted).toBe(true), { timeout: 2_000, interval: 10 })
  })

  it('a read after 503 + Retry-After waits on the injected clock, then retries', async () => {
    const clock = createSimulatedClock()
    script = [{ status: 503, body: 'busy', headers: { 'retry-after': '5' } }, { status: 200, body: '"ok"' }]
    const pending = client({ clock, retryDelayMs: 1 }).request({ method: 'GET', path: '/x', retry: 'read' })
    await expectRetryWaitOnClock(clock, 5_000, () => hits.length, 1)
    const answer = await pending
    expect(answer).toMatchObject({ status: 200, attempts: 2 })
    expect(hits).toHaveLength(2)
    expect(answer.sentAt).toBe(1_000_000 + 5_000)
  })

  it('a Retry-After above the cap waits only the cap', async () => {
    const clock = createSimulatedClock()
    script = [{ status: 429, headers: { 'retry-after': '3600' } }, { status: 200, body: '"ok"' }]
    const pending = client({ clock, maxRetryAfterMs: 3_000 }).request({ method: 'GET', path: '/x', retry: 'read' })
    await waitForRetryWait(clock, 3_000)
    await clock.advance(3_000)
    expect(await pending).toMatchObject({ status: 200, attempts: 2 })
  })

  it('429 is retried with the doubling backoff; the last answer is returned when retries run out', async () => {
    script = [{ status: 429 }, { status: 429 }, { status: 429, body: 'slow down' }]
    const answer = await client().request({ method: 'GET', path: '/x', retry: 'read' })
    expect(answer).toMatchObject({ status: 429, text: 'slow down', attempts: 3 })
    expect(hits).toHaveLength(3)
  })

  it('a 4xx other than 429 is an answer, not retried', async () => {
    script = [{ status: 404, body: 'nope' }]
    expect(await client().request({ method: 'GET', path: '/x', retry: 'read' })).toMatchObject({ status: 404, attempts: 1 })
    expect(hits).toHaveLength(1)
  })

  it('a `never` call is sent exactly once after a 503 with Retry-After', async () => {
    script = [{ status: 503, headers: { 'retry-after': '0' } }, { status: 200 }]
    const answer = await client().request({ method: 'POST', path: '/place', body: { amount: 5 }, retry: 'never' })
    expect(answer.status).toBe(503)
    expect(hits).toHaveLength(1)
    expect(JSON.parse(hits[0].body)).toEqual({ amount: 5 })
  })

  it('a `never` call whose connection drops after sending fails once, outcome unknown (sent: maybe, retry never)', async () => {
    script = ['drop', { status: 200 }]
    const e = await expectDeskError(client().request({ method: 'POST', path: '/place', body: {}, retry: 'never' }))
    expect(e).toMatchObject({ code: 'feed_network', retry: 'never', data: { sent: 'maybe', attempts: 1 } })
    expect(hits).toHaveLength(1)
  })

  it('a `never` call that times out is not sent again', async () => {
    script = ['hang', { status: 200 }]
    const e = await expectDeskError(client({ timeoutMs: 200 }).request({ method: 'POST', path: '/place', body: {}, retry: 'never' }))
    expect(e).toMatchObject({ code: 'feed_timeout', retry: 'never' })
    expect(hits).toHaveLength(1)
  })

  it('a refused connection is the network code, marked as never sent', async () => {
    const closed = await startLoopback(() => undefined)
    await closed.close()
    const c = createHttpClient({ name: 'test', codes: { timeout: 'coupon_timeout', network: 'coupon_network', too_large: 'coupon_too_large' }, baseURL: closed.origin, retries: 1, retryDelayMs: 1 })
    const e = await expectDeskError(c.request({ method: 'GET', path: '/x', retry: 'read' }))
    expect(e).toMatchObject({ code: 'coupon_network', retry: 'safe', data: { sent: 'no', attempts: 2 } })
    expect(e.message).toMatch(/ECONNREFUSED/)
  })

  it('sends the query, the JSON body and the headers; the base path is kept', async () => {
    await client({ headers: { Package: 'k' } }).request({ method: 'POST', path: '/v1/x', query: { a: 1, b: 'two words' }, body: { n: 1 }, headers: { Authorization: 'Bearer t' }, retry: 'read' })
    expect(hits[0]).toMatchObject({ method: 'POST', url: '/api/v1/x?a=1&b=two+words', body: '{"n":1}' })
    expect(hits[0].headers).toMatchObject({ package: 'k', authorization: 'Bearer t', accept: 'application/json', 'content-type': 'application/json' })
  })
})

describe('shared HTTP layer: size cap', () => {
  it('a chunked body over the cap fails with the too-large code and the connection is dropped', async () => {
    script = [{ stream: 64 * 1024 * 1024 }]
    const e = await expectDeskError(client({ maxResponseBytes: 256 * 1024 }).request({ method: 'GET', path: '/big', retry: 'read' }))
    expect(e).toMatchObject({ code: 'feed_too_large', retry: 'never', status: 200, data: { limitBytes: 256 * 1024 } })
    expect(hits).toHaveLength(1)
    await vi.waitFor(() => expect(hits[0].aborted).toBe(true), { timeout: 2_000, interval: 10 })
  })

  it('an announced length over the cap is refused before reading; under the cap is read whole', async () => {
    script = [{ status: 200, body: 'x'.repeat(2_000) }, { status: 200, body: 'y'.repeat(900) }]
    const e = await expectDeskError(client({ maxResponseBytes: 1_000 }).request({ method: 'GET', path: '/big', retry: 'read' }))
    expect(e.data).toMatchObject({ limitBytes: 1_000, seenBytes: 2_000 })
    expect((await client({ maxResponseBytes: 1_000 }).request({ method: 'GET', path: '/ok', retry: 'read' })).text).toHaveLength(900)
  })
})

describe('shared HTTP layer: logger port', () => {
  it('one debug line per attempt, a warn per retry; no query string, header or body reaches the log', async () => {
    const sink = createMemorySink()
    const logger = createLogger({ sink, level: 'debug', redactor: createRedactor() })
    script = [{ status: 503 }, { status: 200, body: '"ok"' }]
    await client({ logger, headers: { Package: 'PKG-feed-key-4711' } }).request({
      method: 'POST',
      path: '/v1/thing',
      query: { api_key: 'QRY-key-0815', user: 'bob' },
      body: { password: 'BODY-pass-9999' },
      headers: { Authorization: 'Bearer TOKEN-abc-123' },
      retry: 'read',
    })
    const lines = sink.lines.map((l) => JSON.parse(l) as Record<string, unknown>)
    expect(lines.map((l) => `${l.level} ${l.msg}`)).toEqual(['debug http attempt', 'warn http retry', 'debug http attempt'])
    expect(lines[0]).toMatchObject({ service: 'test', method: 'POST', path: '/v1/thing', attempt: 1, status: 503 })
    expect(lines[1]).toMatchObject({ attempt: 1, reason: 'HTTP 503' })
    const all = sink.lines.join('\n')
    for (const secret of ['PKG-feed-key-4711', 'QRY-key-0815', 'bob', 'BODY-pass-9999', 'TOKEN-abc-123', '?']) expect(all).not.toContain(secret)
  })

  it('a `never` call that fails after sending logs a warn that the outcome is unknown', async () => {
    const sink = createMemorySink()
    script = ['drop']
    await expectDeskError(client({ logger: createLogger({ sink, level: 'warn', redactor: createRedactor() }) }).request({ method: 'POST', path: '/place', retry: 'never' }))
    expect(sink.lines.map((l) => JSON.parse(l).msg)).toEqual(['http call not repeated: outcome unknown'])
  })
})
