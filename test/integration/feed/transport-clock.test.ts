/**
 * The feed client's retries wait on the injected clock (not on wall-clock timers), and its attempts
 * are logged without the API key.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { createFeedClient } from '../../../src-main/core/feed/index.js'
import { createSimulatedClock } from '../../../src-main/core/shared/clock.js'
import { createLogger, createMemorySink } from '../../../src-main/core/shared/log.js'
import { createRedactor } from '../../../src-main/core/shared/redact.js'
import { startLoopback, type Loopback } from '../../support/loopback.js'
import { expectRetryWaitOnClock, waitForRetryWait } from '../../support/retry-wait.js'

let server: Loopback
let baseURL: string
let script: Array<{ status: number; body: string }> = []
let hits = 0
const ok = JSON.stringify({ status: 1, page: '/v1/sports', body: [{ id: 1, name: 'Football', counter: 2 }] })

beforeAll(async () => {
  server = await startLoopback((_req, res) => {
    hits++
    const step = script.shift() ?? { status: 200, body: ok }
    res.writeHead(step.status, { 'content-type': 'application/json' })
    res.end(step.body)
  })
  baseURL = `${server.origin}/feed`
})
afterAll(async () => {
  await server.close()
})
beforeEach(() => {
  script = []
  hits = 0
})

describe('feed transport on the injected clock', () => {
  it('a retry after a 5xx waits retryDelayMs of the injected clock, doubling up to 8×', async () => {
    const clock = createSimulatedClock()
    script = [
      { status: 503, body: 'busy' },
      { status: 502, body: 'busy' },
    ]
    const pending = createFeedClient({ baseURL, apiKey: 'k', clock, retries: 2, retryDelayMs: 5_000, timeoutMs: 60_000 }).sports('line', 'en')
    await expectRetryWaitOnClock(clock, 5_000, () => hits, 1)
    await waitForRetryWait(clock, 10_000)
    expect(hits).toBe(2)
    await clock.advance(10_000)
    const result = await pending
    expect(result.items.map((s) => s.id)).toEqual([1])
    expect(hits).toBe(3)
    expect(result.fetchedAtMs).toBe(1_000_000 + 15_000)
  })

  it('logs one line per attempt and a warn per retry, never the Package key', async () => {
    const sink = createMemorySink()
    const logger = createLogger({ sink, level: 'debug', redactor: createRedactor() })
    script = [{ status: 500, body: '{}' }]
    await createFeedClient({ baseURL, apiKey: 'FEED-key-31337', logger, retries: 1, retryDelayMs: 1 }).sports('live', 'en', { cybersport: true })
    const lines = sink.lines.map((l) => JSON.parse(l) as Record<string, unknown>)
    expect(lines.map((l) => `${l.level} ${l.msg} ${l.path}`)).toEqual([
      'debug http attempt /v1/sports/live/en',
      'warn http retry /v1/sports/live/en',
      'debug http attempt /v1/sports/live/en',
    ])
    expect(sink.lines.join('\n')).not.toMatch(/FEED-key-31337|cybersport/)
  })
})
