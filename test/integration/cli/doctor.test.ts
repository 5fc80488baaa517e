/**
 * `desk doctor --json` against the simulator: each fault of the environment is planted in turn on one
 * running simulator (and the profile's own listener and vault), and the report names exactly that fault,
 * with its verdict and the exit code its kind gives; every other check passes or is skipped because it
 * needs the failing one. A healthy environment passes every check and exits 0. The run of the healthy
 * case is a real process (one JSON document on stdout); the others run the same program in-process.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import type { MatchDto, TournamentEventsDto } from '../../../src-shared/contract.js'
import { DOCTOR_CHECK_IDS, type DoctorCheckId } from '../../../src-shared/vocabulary/doctor.js'
import { createCallbackListener, type CallbackListener } from '../../../src-main/core/callbacks/index.js'
import { couponSnapshot, toCoupon } from '../../../src-main/core/coupons/index.js'
import { ensurePrivateDatabase, historyFileOf, openProfileStore, type NodeProfileStore, type Profile } from '../../../src-main/core/profiles/index.js'
import { startSimulator, type RunningSimulator } from '../../../src-main/core/simulator/server.js'
import { openTimelineStore, type TimelineStore } from '../../../src-main/core/timeline/index.js'
import { run } from '../../unit/cli/helpers.js'
import { killAllAndCheck, runToEnd } from '../callbacks/cli-process.js'

const SIM_SECRET = 'doctor-sim-secret'
const NAME = 'Sim client'
const DAY = 24 * 3600 * 1000

interface JsonCheck { id: DoctorCheckId; verdict: string; figure: string | null; advice: string | null }
interface JsonReport { profile: string; checks: JsonCheck[] }

let sim: RunningSimulator
let dataDir: string
let home: string
let store: NodeProfileStore
let profile: Profile
let history: TimelineStore
let listener: CallbackListener | null = null
let listenerPort = 0
let pointers: string[] = []
let originalLanguages: string[] = []

const sim$ = (path: string, body?: unknown) =>
  fetch(`${sim.couponBaseUrl}/__sim${path}`, body === undefined ? {} : { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }).then(async (r) => {
    expect(r.status, `${path}: ${await r.clone().text()}`).toBe(200)
    return r.json() as Promise<Record<string, unknown>>
  })

async function startListener(secret: string): Promise<string> {
  listener = createCallbackListener({ host: '127.0.0.1', port: listenerPort, path: '/callbacks', secret, store: history })
  const { url } = await listener.start()
  listenerPort = Number(new URL(url).port)
  return url
}
async function stopListener(): Promise<void> {
  await listener?.stop()
  listener = null
}

async function doctor(): Promise<{ code: number; report: JsonReport }> {
  const r = await run(['doctor', '--json', '--profile', NAME, '--data-dir', dataDir], { env: {}, homeDir: home })
  return { code: r.code, report: r.json<JsonReport>() }
}

/** Exactly `id` is named, with `verdict`; every other check passed or was skipped for needing a check that did not pass. */
function expectOnly(result: { code: number; report: JsonReport }, id: DoctorCheckId, verdict: 'fail' | 'warn', exit: number): JsonCheck {
  const { report, code } = result
  const named = report.checks.filter((c) => c.verdict === 'fail' || c.verdict === 'warn')
  expect(named.map((c) => [c.id, c.verdict]), JSON.stringify(report.checks, null, 1)).toEqual([[id, verdict]])
  expect(report.checks[0]!.id, 'the fault comes first').toBe(id)
  expect(report.checks.every((c) => c.verdict === 'pass' || c.verdict === 'skip' || c.id === id)).toBe(true)
  expect(code).toBe(exit)
  const check = named[0]!
  expect(check.advice, 'a fault says what to do').toMatch(/\w/)
  return check
}

function expectAllPass(result: { code: number; report: JsonReport }): void {
  const bad = result.report.checks.filter((c) => c.verdict !== 'pass')
  expect(bad, JSON.stringify(bad, null, 1)).toEqual([])
  expect(result.report.checks.map((c) => c.id).sort()).toEqual([...DOCTOR_CHECK_IDS].sort())
  expect(result.code).toBe(0)
}

const patchKey = (patch: Record<string, unknown>) => sim$('/feed/keys/demo-key', patch)
const healthyKey = () =>
  patchKey({ status: 'active', startsAt: null, expiresAt: Date.now() + 30 * DAY, accessMode: 'off', allowedIps: [], allowedDomains: [], languages: originalLanguages, sports: 'all' })

async function place(callbackUrl: string, pointer: string): Promise<string> {
  const r = await run(['place', '--pointer', pointer, '--amount', '10', '--yes', '--json', '--callback-url', callbackUrl, '--profile', NAME, '--data-dir', dataDir], { env: {}, homeDir: home })
  expect(r.code, r.stderr).toBe(0)
  return r.json<{ coupons: Array<{ couponCode: string }> }>().coupons[0]!.couponCode
}

async function settleAndWaitFor(code: string, status: number): Promise<void> {
  await sim$(`/coupons/${code}/settle`, { result: 'lose' })
  await vi.waitFor(
    async () => {
      const log = (await sim$('/callbacks/deliveries')) as { deliveries: Array<{ couponCodes: string[]; status: number | null }> }
      expect(log.deliveries.filter((d) => d.couponCodes.includes(code)).map((d) => d.status)).toContain(status)
    },
    { timeout: 15_000, interval: 50 },
  )
}

beforeAll(async () => {
  sim = await startSimulator({ port: 0, seed: 5, callbackSecret: SIM_SECRET, matches: 40, variations: 'none' })
  dataDir = mkdtempSync(join(tmpdir(), 'desk-doctor-'))
  home = mkdtempSync(join(tmpdir(), 'desk-doctor-home-'))
  store = openProfileStore({ dataDir })
  profile = store.profiles.save({
    name: NAME, environment: 'custom', couponBaseUrl: sim.couponBaseUrl, feedApiUrl: sim.feedApiUrl, cdnUrl: sim.cdnUrl, username: 'demo',
    language: 'en', legacyMode: false, timeZone: 'utc', listener: { enabled: true, host: '127.0.0.1', port: 0, path: '/callbacks' },
  })
  store.profiles.setSecret(profile.id, 'password', 'demo')
  store.profiles.setSecret(profile.id, 'feedApiKey', 'demo-key')
  store.profiles.setSecret(profile.id, 'callbackSecret', SIM_SECRET)
  history = openTimelineStore(ensurePrivateDatabase(historyFileOf(dataDir, profile.id), dataDir))
  await startListener(SIM_SECRET)
  // The listener's port is kept in the profile, as the console keeps it: coupons carry this address.
  const { createdAt: _c, ...saved } = store.profiles.get(profile.id)
  store.profiles.save({ ...saved, listener: { ...saved.listener, port: listenerPort } })
  const { keys } = (await sim$('/feed/keys')) as { keys: Array<{ key: string; languages: string[] }> }
  originalLanguages = keys.find((k) => k.key === 'demo-key')!.languages
  expect(originalLanguages).toContain('en')
  const events = await run(['feed', 'events', '--sport', '1', '--json', '--profile', NAME, '--data-dir', dataDir], { env: {}, homeDir: home })
  expect(events.code, events.stderr).toBe(0)
  pointers = events
    .json<TournamentEventsDto[]>()
    .flatMap((t) => t.matches as MatchDto[])
    .map((m) => m.markets?.[0]?.columns.flat().find((o) => !o.blocked && o.pointer)?.pointer)
    .filter((p): p is string => Boolean(p))
  expect(pointers.length).toBeGreaterThan(2)
}, 60_000)

afterAll(async () => {
  const left = await killAllAndCheck()
  await stopListener()
  history?.close()
  await sim?.close()
  rmSync(dataDir, { recursive: true, force: true })
  rmSync(home, { recursive: true, force: true })
  expect(left, 'child processes left running').toEqual([])
})

describe('desk doctor --json names exactly the planted fault', () => {
  it('healthy: every check passes and the process exits 0 with one JSON document of exactly profile and checks', async () => {
    const r = await runToEnd(['doctor', '--json', '--profile', NAME, '--data-dir', dataDir], { HOME: home, PARTNER_DESK_HOME: '', DESK_COUPON_URL: '', DESK_FEED_URL: '', DESK_CDN_URL: '', DESK_USERNAME: '', DESK_PASSWORD: '', DESK_FEED_KEY: '', DESK_CALLBACK_SECRET: '' })
    const report = JSON.parse(r.stdout) as JsonReport
    expect(Object.keys(report)).toEqual(['profile', 'checks'])
    expect(report.profile).toBe(NAME)
    for (const c of report.checks) expect(Object.keys(c)).toEqual(['id', 'verdict', 'figure', 'advice'])
    expectAllPass({ code: r.code ?? -1, report })
  }, 30_000)

  it('wrong password: the sign-in fails (auth, exit 4); what needs a session is skipped', async () => {
    store.profiles.setSecret(profile.id, 'password', 'not-the-password')
    try {
      const c = expectOnly(await doctor(), 'coupons.login', 'fail', 4)
      expect(c.figure).toMatch(/1003/)
    } finally {
      store.profiles.setSecret(profile.id, 'password', 'demo')
    }
  })

  for (const [state, code] of [['disabled', 1004], ['expired', 1006]] as const) {
    it(`${state} account: the account check fails with ${code} (exit 4)`, async () => {
      await sim$('/accounts/demo/state', { state })
      try {
        const c = expectOnly(await doctor(), 'coupons.account', 'fail', 4)
        expect(c.figure).toContain(String(code))
      } finally {
        await sim$('/accounts/demo/state', { state: 'active' })
      }
    })
  }

  it('no balance: the account check fails with 1007 (exit 4)', async () => {
    const before = ((await sim$('/accounts')) as { accounts: Array<{ username: string; balance: number }> }).accounts.find((a) => a.username === 'demo')!.balance
    await sim$('/accounts/demo/balance', { balance: 0 })
    try {
      const c = expectOnly(await doctor(), 'coupons.account', 'fail', 4)
      expect(c.figure).toMatch(/no balance.*1007/)
    } finally {
      await sim$('/accounts/demo/balance', { balance: before })
    }
  })

  const keyFaults: Array<[string, Record<string, unknown>, DoctorCheckId, RegExp]> = [
    ['expired key', { expiresAt: Date.now() - DAY }, 'feed.key', /key expired/],
    ['blocked key', { status: 'paused' }, 'feed.key', /key blocked/],
    ['key not yet active', { startsAt: Date.now() + 2 * DAY }, 'feed.key', /key not active yet/],
    ['IP not allowed', { accessMode: 'enforce', allowedIps: ['203.0.113.7', '198.51.100.0/24'] }, 'feed.address', /127\.0\.0\.1/],
    ['language not in the key', { languages: ['ru', 'de'] }, 'feed.language', /language en \(key: ru,de\)/],
  ]
  for (const [name, patch, id, figure] of keyFaults) {
    it(`${name}: ${id} fails (auth, exit 4)`, async () => {
      await patchKey(patch)
      try {
        const c = expectOnly(await doctor(), id, 'fail', 4)
        expect(c.figure).toMatch(figure)
      } finally {
        await healthyKey()
      }
    })
  }

  it('a key expiring within the warning days warns (exit 1)', async () => {
    await patchKey({ expiresAt: Date.now() + 3 * DAY })
    try {
      const c = expectOnly(await doctor(), 'feed.keyExpiry', 'warn', 1)
      expect(c.figure).toMatch(/^2\.9 days left/)
    } finally {
      await healthyKey()
    }
  })

  it('service clock 45 s ahead: the clock offset fails (exit 1)', async () => {
    await sim$('/clock/offset', { ms: 45_000 })
    try {
      const c = expectOnly(await doctor(), 'clock.offset', 'fail', 1)
      const ms = Number(/clock \+(\d+) ms/.exec(c.figure ?? '')?.[1])
      expect(Math.abs(ms - 45_000)).toBeLessThan(1_000)
    } finally {
      await sim$('/clock/offset', { ms: 0 })
    }
  })

  it('listener down: the listener check fails (transport, exit 3); the test deliveries are skipped', async () => {
    await stopListener()
    try {
      const result = await doctor()
      expectOnly(result, 'listener.bound', 'fail', 3)
      for (const id of ['listener.signed', 'listener.unsigned', 'listener.reachable'] as const) expect(result.report.checks.find((c) => c.id === id)!.verdict).toBe('skip')
    } finally {
      await startListener(SIM_SECRET)
    }
  })

  it('coupons carrying another callback URL: counted (warn, exit 1)', async () => {
    const code = await place('http://127.0.0.1:9/elsewhere', pointers[0]!)
    try {
      const c = expectOnly(await doctor(), 'coupons.callbackUrl', 'warn', 1)
      expect(c.figure).toBe('1 open coupons call back elsewhere')
    } finally {
      // Settled and taken in as a poll would (its callback goes nowhere): no longer open.
      await sim$(`/coupons/${code}/settle`, { result: 'lose' })
      history.recordPollSnapshot(couponSnapshot(toCoupon((await sim$(`/coupons/${code}`)).coupon, 'new')))
    }
    expectAllPass(await doctor())
  })

  it('wrong callback secret: a settlement refused for its signature fails the secret check (exit 1); the test deliveries are never stored', async () => {
    // The profile (and so its listener) holds another secret than the one the service signs with.
    store.profiles.setSecret(profile.id, 'callbackSecret', 'a-stale-secret')
    await stopListener()
    const url = await startListener('a-stale-secret')
    const code = await place(url, pointers[1]!)
    await settleAndWaitFor(code, 401)
    const rowsBefore = history.deliveries({ limit: 100 }).items.length
    expect(rowsBefore).toBe(1)
    const c = expectOnly(await doctor(), 'listener.secret', 'fail', 1)
    expect(c.figure).toBe('1 refused for their signature in 24 h')
    // The signed and the unsigned probe went through the listener's real path, and nothing was kept.
    expect(history.deliveries({ limit: 100 }).items.length).toBe(rowsBefore)

    // Fixed: the service's secret stored, a later delivery accepted; the refusal is history, not a fault.
    store.profiles.setSecret(profile.id, 'callbackSecret', SIM_SECRET)
    await stopListener()
    await startListener(SIM_SECRET)
    const next = await place(listener!.url!, pointers[2]!)
    await settleAndWaitFor(next, 200)
    expectAllPass(await doctor())
  }, 30_000)

  it('without --json: one line per check, the fault first with what it measured and what to do; a bad flag is a usage error', async () => {
    await patchKey({ languages: ['ru'] })
    try {
      const r = await run(['doctor', '--profile', NAME, '--data-dir', dataDir], { env: {}, homeDir: home })
      expect(r.code).toBe(4)
      const lines = r.stdout.trim().split('\n')
      expect(lines[0]).toBe(`doctor: profile "${NAME}"`)
      expect(lines).toHaveLength(1 + DOCTOR_CHECK_IDS.length)
      expect(lines[1]).toMatch(/^FAIL {2}feed language +language en \(key: ru\) — Pick one of the key's languages/)
      expect(lines.slice(2).every((l) => /^(PASS|SKIP) /.test(l))).toBe(true)
    } finally {
      await healthyKey()
    }
    const bad = await run(['doctor', '--warn-days', 'soon', '--profile', NAME, '--data-dir', dataDir], { env: {}, homeDir: home })
    expect(bad.code).toBe(2)
  })
})
