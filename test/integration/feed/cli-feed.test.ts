/** `desk feed account|calendar|events|event` in-process against the loopback server of the vendor's captures. */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { TournamentEventsDto } from '../../../src-shared/contract.js'
import { keyExpiryWarning, type FeedAccount } from '../../../src-main/core/feed/index.js'
import { run } from '../../unit/cli/helpers.js'
import { HAVE_FEED_CAPTURES, SKIP_MESSAGE } from '../../unit/feed/captures.js'
import { FINISHED_GAME, startCaptureServer, type CaptureServer } from './capture-server.js'

let server: CaptureServer
let dataDir: string
let flags: string[]
const env = (key = 'good-key') => ({ DESK_FEED_KEY: key })

describe.skipIf(!HAVE_FEED_CAPTURES)(`desk feed on the vendor's captures${HAVE_FEED_CAPTURES ? '' : ` (${SKIP_MESSAGE})`}`, () => {
  beforeAll(async () => {
    server = await startCaptureServer()
    dataDir = mkdtempSync(join(tmpdir(), 'desk-feed-cli-'))
    flags = ['--data-dir', dataDir, '--feed-url', server.baseURL, '--cdn-url', 'http://cdn.test', '--coupon-url', 'http://127.0.0.1:9']
  })
  afterAll(async () => {
    await server?.close()
    rmSync(dataDir, { recursive: true, force: true })
  })

  it('feed account: a table with the key, expiry, sports, languages, allowed addresses and usage; --json the typed account', async () => {
    const table = await run(['feed', 'account', ...flags], { env: env() })
    expect(table.code).toBe(0)
    expect(table.stderr).toBe('')
    for (const text of ['…c55f', '(this key)', 'test / active', 'all', 'ru, en', 'enforce', '198.51.100.0/24', '*.example.com', '10-04: 7', '203.0.113.7', 'this key expires']) expect(table.stdout).toContain(text)
    expect(server.hits.at(-1)).toMatchObject({ path: '/v1/account' })
    const json = await run(['feed', 'account', '--json', ...flags], { env: env() })
    const account = json.json<FeedAccount>()
    expect(account.keys[0]).toMatchObject({ key: '…c55f', sports: 'all', languages: ['ru', 'en'], allowedIps: ['203.0.113.7', '198.51.100.0/24'] })
    expect(account.keyExpiresAtMs).toBe(Date.UTC(2026, 10, 3, 14, 34, 23, 479))
    // The capture's expiry is a fixed date: what is flagged depends on today and the horizon.
    const state = keyExpiryWarning(account.keys[0].expiresAtMs, Date.now(), 100_000)
    const warned = await run(['feed', 'account', '--warn-days', '100000', ...flags], { env: env() })
    expect(warned.stdout).toContain(state === 'expired' ? '(EXPIRED)' : 'expires soon')
    if (keyExpiryWarning(account.keys[0].expiresAtMs, Date.now(), 0) === 'ok') {
      expect((await run(['feed', 'account', '--warn-days', '0', ...flags], { env: env() })).stdout).not.toMatch(/expires soon|EXPIRED/)
    }
  })

  it('feed calendar: --hours or --day, the documented route, the window in Kyiv time', async () => {
    const hours = await run(['feed', 'calendar', '--sport', '1', '--hours', '4', ...flags], { env: env() })
    expect(hours.code).toBe(0)
    expect(server.hits.at(-1)).toMatchObject({ path: '/v1/events/1/0/sub/50/line/4/0/en' })
    expect(hours.stdout).toContain('next 4 hours')
    expect(hours.stdout).toContain('Europe/Kyiv')
    expect(hours.stdout).toContain('Kazakhstan – Faroe Islands')
    const day = await run(['feed', 'calendar', '--sport', '1', '--tournament', '1706694', '--day', '2', '--no-odds', '--json', ...flags], { env: env() })
    expect(server.hits.at(-1)).toMatchObject({ path: '/v1/events/1/1706694/sub/50/line/0/2/en', query: '?odds=false' })
    const body = day.json<{ period: unknown; fromMs: number; toMs: number; tournaments: TournamentEventsDto[] }>()
    expect(body.period).toEqual({ day: 2 })
    expect([23, 24, 25]).toContain((body.toMs - body.fromMs) / 3_600_000)
    expect(body.tournaments[0].matches[0]).toMatchObject({ gameId: 758182302, markets: null })
  })

  it('feed calendar refuses a missing, doubled or out-of-range period (exit 2) without a request', async () => {
    const before = server.hits.length
    for (const args of [[], ['--hours', '4', '--day', '1'], ['--hours', '3'], ['--day', '6']]) {
      const r = await run(['feed', 'calendar', '--sport', '1', ...args, ...flags], { env: env() })
      expect(r.code, args.join(' ')).toBe(2)
    }
    expect(server.hits.length).toBe(before)
  })

  it.each([
    ['invalid-key', 200, 4, 'feed_key_invalid'],
    ['key-expired', 403, 4, 'feed_key_expired'],
    ['access-denied', 403, 4, 'feed_access_denied'],
    ['language-not-in-package', 400, 4, 'feed_language_not_allowed'],
    ['invalid-language', 400, 2, 'feed_invalid_language'],
    ['wrong-type', 200, 2, 'feed_wrong_line_type'],
  ])('an error answer %s (HTTP %i) exits %i with its code and the vendor text', async (file, status, exit, code) => {
    const r = await run(['feed', 'events', '--sport', '1', ...flags], { env: env(`err/${file}/${status}`) })
    expect(r.code).toBe(exit)
    expect(r.stderr).toContain(`error ${code}:`)
    expect(r.stderr).not.toContain('envelope')
    expect(r.stderr).not.toContain(`err/${file}`)
  })

  it('an unknown error code exits 1 with the raw code and text', async () => {
    const r = await run(['feed', 'account', ...flags], { env: env('code/429/200') })
    expect(r.code).toBe(1)
    expect(r.stderr).toContain('error feed_error:')
    expect(r.stderr).toContain('feed error 429: Too many requests, slow down')
  })

  it('events and event on real answers: no warning line, handicap and total pointers shown', async () => {
    const events = await run(['feed', 'events', '--sport', '1', '--live', ...flags], { env: env() })
    expect(events.code).toBe(0)
    expect(events.stderr).toBe('')
    const event = await run(['feed', 'event', '730321837', ...flags], { env: env() })
    expect(event.stderr).toBe('')
    expect(event.stdout).toMatch(/line#730321837#9898#12037#1\.0E-4#/)
    expect(event.stdout).toMatch(/line#730321837#\d+#\d+#-1\.25#/)
    const gone = await run(['feed', 'event', String(FINISHED_GAME), ...flags], { env: env() })
    expect(gone.code).toBe(0)
    expect(gone.stdout).toContain('Game id finished')
  })
})
