import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createFeedClient, createFeedScheduler, type FeedRequestSpec, type FeedUpdate } from '../../../src-main/core/feed/index.js'
import { createFeedWatches } from '../../../src-main/core/desk/feed-watches.js'
import { createConnectionMonitor } from '../../../src-main/core/desk/connection.js'
import { createLogger, createMemorySink } from '../../../src-main/core/shared/log.js'
import { DeskError } from '../../../src-main/core/shared/errors.js'
import type { DeskEventBody } from '../../../src-shared/contract.js'
import { createFakeTime } from './fake-time.js'

/** Issue 8 item 14 (scheduler part): failures in the feed scheduler are logged and surfaced, never swallowed. */
const S = 1000
const menuLive: FeedRequestSpec = { method: 'menu', type: 'live', lang: 'en' }

function memoryLogger() {
  const sink = createMemorySink()
  return { logger: createLogger({ sink, level: 'debug' }), lines: sink.lines }
}

describe('feed scheduler failures are not swallowed', () => {
  it('a listener that throws is logged with its key and reported; polling and the other listeners go on', async () => {
    const time = createFakeTime()
    const { logger, lines } = memoryLogger()
    const internal: Array<[string, string, string]> = []
    let n = 0
    const scheduler = createFeedScheduler({
      clock: time.clock,
      timers: time.timers,
      logger,
      onInternalError: (what, key, error) => internal.push([what, key, (error as Error).message]),
      run: async () => ({ n: ++n }),
    })
    const seen: FeedUpdate[] = []
    scheduler.watch(menuLive, () => {
      throw new Error('renderer bridge closed')
    })
    scheduler.watch(menuLive, (u) => seen.push(u))
    await time.advance(45 * S)
    expect(seen.length).toBeGreaterThanOrEqual(2)
    expect(internal.length).toBeGreaterThanOrEqual(2)
    expect(internal[0]).toEqual(['listener', expect.stringContaining('menu'), 'renderer bridge closed'])
    expect(lines.some((l) => l.includes('feed listener failed') && l.includes('renderer bridge closed'))).toBe(true)
    scheduler.stop()
  })

  it('a request failing with a bug (not a DeskError) is an internal error; a feed failure is a warning', async () => {
    const time = createFakeTime()
    const { logger, lines } = memoryLogger()
    const internal: string[] = []
    let calls = 0
    const scheduler = createFeedScheduler({
      clock: time.clock,
      timers: time.timers,
      logger,
      onInternalError: (what) => internal.push(what),
      run: async () => {
        calls++
        if (calls === 1) throw new TypeError("Cannot read properties of undefined (reading 'items')")
        throw new DeskError('feed_http', 'HTTP 503', { status: 503 })
      },
    })
    const updates: FeedUpdate[] = []
    scheduler.watch(menuLive, (u) => updates.push(u))
    await time.advance(30 * S)
    expect(updates.map((u) => (u.ok ? 'ok' : u.error.code))).toEqual(['feed_error', 'feed_http'])
    expect(internal).toEqual(['request'])
    expect(lines.filter((l) => l.includes('feed request failed unexpectedly'))).toHaveLength(1)
    expect(lines.filter((l) => l.includes('feed request failed') && l.includes('HTTP 503'))).toHaveLength(1)
    scheduler.stop()
  })

  it('a failing onInternalError hook is logged too, and nothing escapes', async () => {
    const time = createFakeTime()
    const { logger, lines } = memoryLogger()
    const scheduler = createFeedScheduler({
      clock: time.clock,
      timers: time.timers,
      logger,
      onInternalError: () => {
        throw new Error('hook broke')
      },
      run: async () => 1,
    })
    scheduler.watch(menuLive, () => {
      throw new Error('listener broke')
    })
    await time.advance(1 * S)
    expect(lines.some((l) => l.includes('hook broke'))).toBe(true)
    scheduler.stop()
  })
})

describe('feed watches surface internal failures on the feed indicator', () => {
  let server: Server
  let baseURL: string
  beforeAll(async () => {
    server = createServer((_req, res) => res.writeHead(200, { 'content-type': 'application/json' }).end('{"status":1,"page":"/v1/menu","body":[]}'))
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    baseURL = `http://127.0.0.1:${(server.address() as AddressInfo).port}/feed`
  })
  afterAll(async () => {
    server.closeAllConnections()
    await new Promise((resolve) => server.close(resolve))
  })

  it('an update that cannot be delivered is logged and turns the feed indicator to degraded', async () => {
    const indicator: DeskEventBody[] = []
    const connection = createConnectionMonitor((e) => indicator.push(e))
    const { logger, lines } = memoryLogger()
    const watches = createFeedWatches({
      feed: createFeedClient({ baseURL, apiKey: 'k' }),
      lang: 'en',
      cdn: 'http://cdn.test',
      clock: { now: () => Date.now() },
      connection,
      logger,
    })
    // The event hub fails (a subscriber bug): the update is lost, but not silently.
    const down = () => {
      throw new Error('event hub down')
    }
    watches.open({ name: 'feed.menu', lineType: 'live' }, { snapshot: down, delta: down, state: () => undefined })
    await expect.poll(() => indicator.some((e) => e.type === 'connection.changed' && e.state === 'degraded'), { timeout: 5000 }).toBe(true)
    const degraded = indicator.find((e) => e.type === 'connection.changed' && e.state === 'degraded') as Extract<DeskEventBody, { type: 'connection.changed' }>
    expect(degraded.service).toBe('feed')
    expect(degraded.reason).toEqual({ code: 'feed_update_failed', detail: expect.stringMatching(/event hub down/) })
    expect(lines.some((l) => l.includes('feed listener failed'))).toBe(true)
    watches.dispose()
  })
})
