/**
 * `desk doctor --json` against a loopback server answering with the vendor's own captures: the real
 * shapes (envelope, login, balance, `/v1/account`, the feed's headers) read without a shape error,
 * and the one thing the captures cannot be today (their dates are the day they were captured) is
 * named once, as the clock's fault, never as a transport or shape failure.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DOCTOR_CHECK_IDS } from '../../../src-shared/vocabulary/doctor.js'
import { openProfileStore } from '../../../src-main/core/profiles/index.js'
import { captureServerAvailable, startCaptureServer, type CaptureServer } from '../../support/capture-server.js'
import { run } from '../../unit/cli/helpers.js'

const NAME = 'Vendor captures'
interface JsonCheck { id: string; verdict: string; figure: string | null; advice: string | null }

const available = captureServerAvailable()
let server: CaptureServer
let dataDir: string
let home: string

beforeAll(async () => {
  if (!available.ok) return
  server = await startCaptureServer()
  dataDir = mkdtempSync(join(tmpdir(), 'desk-doctor-captures-'))
  home = mkdtempSync(join(tmpdir(), 'desk-doctor-captures-home-'))
  const store = openProfileStore({ dataDir })
  const profile = store.profiles.save({
    name: NAME, environment: 'custom', couponBaseUrl: server.couponBaseUrl, feedApiUrl: server.feedApiUrl, cdnUrl: server.cdnUrl, username: server.login.username,
    language: 'en', legacyMode: false, timeZone: 'utc', listener: { enabled: false, host: '127.0.0.1', port: 0, path: '/callbacks' },
  })
  store.profiles.setSecret(profile.id, 'password', server.login.password)
  store.profiles.setSecret(profile.id, 'feedApiKey', 'capture-key')
})

afterAll(async () => {
  await server?.close()
  if (dataDir) rmSync(dataDir, { recursive: true, force: true })
  if (home) rmSync(home, { recursive: true, force: true })
})

describe.skipIf(!available.ok)("desk doctor on the vendor's captures", () => {
  it('reads every real answer: sign-in, account, balance and the feed key pass; nothing is a transport or shape failure', async () => {
    const r = await run(['doctor', '--json', '--profile', NAME, '--data-dir', dataDir], { env: {}, homeDir: home })
    const report = r.json<{ profile: string; checks: JsonCheck[] }>()
    expect(report.profile).toBe(NAME)
    expect(report.checks.map((c) => c.id).sort()).toEqual([...DOCTOR_CHECK_IDS].sort())
    const byId = new Map(report.checks.map((c) => [c.id, c]))
    const summary = JSON.stringify(report.checks, null, 1)
    for (const id of ['coupons.health', 'coupons.login', 'coupons.account', 'coupons.balance', 'feed.key']) expect(byId.get(id)?.verdict, `${id}\n${summary}`).toBe('pass')
    // The captured balance, as the capture says it.
    expect(byId.get('coupons.balance')?.figure).toMatch(/\d/)
    // A switched-off listener is a warning, and its test deliveries are not sent.
    expect(byId.get('listener.bound')?.verdict).toBe('warn')
    // Exit 3 would mean a transport (or shape) failure: the captures are production's own answers.
    expect(r.code, summary).not.toBe(3)
    for (const c of report.checks) if (c.verdict === 'fail') expect(c.advice, `${c.id} says what to do`).toMatch(/\w/)
    // The captured answers carry the date they were captured on: the service's clock is months behind
    // this machine's. That is one fault, named once by the clock check; the key, which the service
    // itself calls active with 30 days left, is not also "expired" by this machine's calendar.
    expect(report.checks.filter((c) => c.verdict === 'fail').map((c) => c.id), summary).toEqual(['clock.offset'])
    expect(byId.get('feed.keyExpiry')?.verdict, summary).toBe('pass')
    expect(byId.get('feed.keyExpiry')?.figure).toMatch(/account 30\b/)
  })
})
