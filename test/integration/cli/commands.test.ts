/**
 * `desk` commands run in-process (runCli with a captured io) against a real simulator over HTTP.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { CouponDto, EventResultDto, MatchDto, SportNode, TournamentEventsDto } from '../../../src-shared/contract.js'
import { startSimulator, type RunningSimulator } from '../../../src-main/core/simulator/server.js'
import { run } from '../../unit/cli/helpers.js'

let sim: RunningSimulator
let dataDir: string
let urls: string[]
let pointer: string
let pointer2: string
const env = { DESK_PASSWORD: 'demo' }

beforeAll(async () => {
  sim = await startSimulator({ port: 0, clockTickMs: 0, seed: 1 })
  dataDir = mkdtempSync(join(tmpdir(), 'desk-cli-cmd-'))
  urls = ['--data-dir', dataDir, '--coupon-url', sim.couponBaseUrl, '--feed-url', sim.feedApiUrl, '--cdn-url', sim.cdnUrl]
})
afterAll(async () => {
  await sim?.close()
  rmSync(dataDir, { recursive: true, force: true })
})

const sim_ = (path: string, body: unknown) =>
  fetch(`${sim.couponBaseUrl}/__sim${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })

describe('desk feed', () => {
  it('menu → SportNode[]; events → TournamentEventsDto[] with pointers; event; search', async () => {
    const menu = await run(['feed', 'menu', '--json', ...urls], { env })
    expect(menu.code, menu.stderr).toBe(0)
    const sports = menu.json<SportNode[]>()
    expect(Array.isArray(sports) && sports.length).toBeGreaterThan(0)
    expect(sports[0]!.iconUrl).toContain(sim.cdnUrl)
    const sportId = sports[0]!.id

    const events = await run(['feed', 'events', '--sport', String(sportId), '--json', ...urls], { env })
    expect(events.code, events.stderr).toBe(0)
    const matches = events.json<TournamentEventsDto[]>().flatMap((t) => t.matches)
    const withOdds = matches.filter((m) => m.markets?.[0]?.columns.flat().some((o) => !o.blocked && o.pointer))
    expect(withOdds.length).toBeGreaterThan(1)
    const pick = (m: MatchDto) => m.markets![0]!.columns.flat().find((o) => !o.blocked && o.pointer)!.pointer
    pointer = pick(withOdds[0]!)
    pointer2 = pick(withOdds[1]!)
    expect(pointer).toMatch(/^line#\d+#\d+#\d+#[-\d.]+#[\d.]+/)

    const event = await run(['feed', 'event', String(withOdds[0]!.gameId), '--json', ...urls], { env })
    expect(event.code, event.stderr).toBe(0)
    const result = event.json<EventResultDto>()
    expect(result.kind).toBe('match')

    const search = await run(['feed', 'search', withOdds[0]!.opp1.slice(0, 5), '--json', ...urls], { env })
    expect(search.code, search.stderr).toBe(0)
    expect(Array.isArray(search.json<MatchDto[]>())).toBe(true)

    const table = await run(['feed', 'events', '--sport', String(sportId), ...urls], { env })
    expect(table.stdout).toContain('main market')
    expect((await run(['feed', 'event', 'abc', ...urls], { env })).code).toBe(2)
  })
})

describe('desk place / coupons', () => {
  it('place without --yes prints the plan, sends nothing and exits 2', async () => {
    const r = await run(['place', '--pointer', pointer, '--amount', '5', '--json', ...urls], { env })
    expect(r.code).toBe(2)
    expect(r.json()).toMatchObject({ dryRun: true, pointers: [pointer], amount: 5, coupons: 1, total: 5, mode: 'reject' })
    expect(r.stderr).toMatch(/^error not_confirmed: /)
    const active = await run(['coupons', 'active', '--json', ...urls], { env })
    expect(active.json<CouponDto[]>()).toEqual([])
  })

  it('places with --yes, then reads it back through get / active / results', async () => {
    const placed = await run(['place', '--pointer', pointer, '--pointer', pointer2, '--amount', '5', '--multi', '--yes', '--json', ...urls], { env })
    expect(placed.code, placed.stderr).toBe(0)
    const dto = placed.json<{ outcome: string; coupons: CouponDto[] }>()
    expect(dto.outcome).toBe('placed')
    expect(dto.coupons).toHaveLength(2)
    const code = dto.coupons[0]!.couponCode

    const get = await run(['coupons', 'get', code, '--json', ...urls], { env })
    expect(get.code).toBe(0)
    expect(get.json<CouponDto>()).toMatchObject({ couponCode: code, amount: 5, status: 0 })

    const active = await run(['coupons', 'active', '--json', ...urls], { env })
    expect(active.json<CouponDto[]>().map((c) => c.couponCode).sort()).toEqual(dto.coupons.map((c) => c.couponCode).sort())

    const byIds = await run(['coupons', 'results', '--ids', `${code},000000000000`, '--json', ...urls], { env })
    expect(byIds.json<CouponDto[]>().map((c) => c.couponCode)).toEqual([code])
    const now = sim.clock.now()
    const byPeriod = await run(['coupons', 'results', '--from', String(now - 60_000), '--to', String(now + 60_000), '--json', ...urls], { env })
    expect(byPeriod.json<CouponDto[]>()).toHaveLength(2)
    const calculated = await run(['coupons', 'calculated', '--minutes', '10', '--json', ...urls], { env })
    expect(calculated.json<CouponDto[]>()).toEqual([])

    const balance = await run(['balance', '--json', ...urls], { env })
    expect(balance.json<{ balance: number }>().balance).toBe(10000 - 10)
    const table = await run(['coupons', 'active', ...urls], { env })
    expect(table.stdout).toContain(code)
    expect(table.stdout).toContain('2 coupon(s)')
  })

  it('a rejected placement prints the rejection and exits 1', async () => {
    const stale = pointer.replace(/#([\d.]+)$/, '#987.5')
    const r = await run(['place', '--pointer', stale, '--amount', '5', '--yes', '--json', ...urls], { env })
    expect(r.code).toBe(1)
    expect(r.json()).toMatchObject({ outcome: 'rejected', errorCode: 501, changes: [{ status: 'rejected' }] })
    expect(r.stderr).toMatch(/^error coupon_business: placement rejected: .*\n$/)
  })

  it('an unknown outcome is resolved by lookup, never resent', async () => {
    expect((await sim_('/faults', { placement: 'error-500-after-commit' })).ok).toBe(true)
    const before = (await run(['coupons', 'active', '--json', ...urls], { env })).json<CouponDto[]>().length
    const r = await run(['place', '--pointer', pointer, '--amount', '3', '--yes', '--json', ...urls], { env })
    expect(r.code, r.stderr).toBe(0)
    const out = r.json<{ outcome: string; attemptId: string; resolution: { outcome: string; coupons: CouponDto[] } }>()
    expect(out.outcome).toBe('unknown')
    expect(out.attemptId).toBeTruthy()
    expect(out.resolution.outcome).toBe('placed')
    expect(out.resolution.coupons[0]!.amount).toBe(3)
    const after = (await run(['coupons', 'active', '--json', ...urls], { env })).json<CouponDto[]>().length
    expect(after).toBe(before + 1)
  })

  it('local validation refuses before sending (exit 2)', async () => {
    const r = await run(['place', '--pointer', 'not-a-pointer', '--amount', '1', '--yes', ...urls], { env })
    expect(r.code).toBe(2)
    expect(r.stderr).toMatch(/^error coupon_invalid: /)
    expect((await run(['place', '--pointer', pointer, '--amount', '-1', ...urls], { env })).code).toBe(2)
  })

  it('the stake rule of the console: 0.001 and -50 are refused before sending, a decimal comma is read', async () => {
    const before = (await run(['coupons', 'active', '--json', ...urls], { env })).json<CouponDto[]>().length
    const subCent = await run(['place', '--pointer', pointer, '--amount', '0.001', '--yes', ...urls], { env })
    expect(subCent.code).toBe(2)
    expect(subCent.stderr).toMatch(/^error coupon_invalid: .*more than 2 decimals/)
    const negative = await run(['place', '--pointer', pointer, '--amount', '-50', '--yes', ...urls], { env })
    expect(negative.code).toBe(2)
    expect(negative.stderr).toContain('cannot be negative')
    expect((await run(['coupons', 'active', '--json', ...urls], { env })).json<CouponDto[]>()).toHaveLength(before)
    const comma = await run(['place', '--pointer', pointer, '--amount', '12,5', '--json', ...urls], { env })
    expect(comma.json<{ amount: number; dryRun: boolean }>()).toMatchObject({ dryRun: true, amount: 12.5 })
  })
})

describe('desk exit codes', () => {
  it('business error: unknown coupon → 1; with --json the error is the one document on stdout', async () => {
    const r = await run(['coupons', 'get', '000000000000', '--json', ...urls], { env })
    expect(r.code).toBe(1)
    expect(r.json()).toEqual({ code: 'coupon_business', message: expect.stringContaining('471'), error_code: 471, changes: [] })
    expect(r.stderr).toMatch(/^error coupon_business: .*471.*\n$/)
    const text = await run(['coupons', 'get', '000000000000', ...urls], { env })
    expect(text.code).toBe(1)
    expect(text.stdout).toBe('')
  })

  it('--json failures of every class print exactly one error document, same exit codes, no secret', async () => {
    const auth = await run(['balance', '--json', ...urls], { env: { DESK_PASSWORD: 'Not-The-Pw-77' } })
    expect(auth.code).toBe(4)
    expect(auth.json()).toMatchObject({ code: 'auth_failed', changes: [] })
    expect(auth.stdout).not.toContain('Not-The-Pw-77')
    const transport = await run(['balance', '--json', '--data-dir', dataDir, '--coupon-url', 'http://127.0.0.1:9', '--feed-url', 'http://127.0.0.1:9'], { env })
    expect(transport.code).toBe(3)
    expect(transport.json()).toMatchObject({ code: 'coupon_network', error_code: null, changes: [] })
    const usage = await run(['balance', '--json', '--profile', 'ghost', '--data-dir', dataDir])
    expect(usage.code).toBe(2)
    expect(usage.json()).toMatchObject({ code: 'profile_not_found', error_code: null })
    const badUrl = await run(['balance', '--json', '--coupon-url', 'ftp://x', '--data-dir', dataDir])
    expect(badUrl.code).toBe(2)
    expect(badUrl.json()).toMatchObject({ code: 'usage' })
    // a command that printed its own document (a rejected placement) is not followed by a second one
    const stale = pointer.replace(/#([\d.]+)$/, '#987.5')
    const rejected = await run(['place', '--pointer', stale, '--amount', '5', '--yes', '--json', ...urls], { env })
    expect(rejected.code).toBe(1)
    expect(rejected.json()).toMatchObject({ outcome: 'rejected' })
  })

  it('authentication / account state → 4, password never echoed', async () => {
    const bad = await run(['balance', ...urls], { env: { DESK_PASSWORD: 'Not-The-Pw-77' } })
    expect(bad.code).toBe(4)
    expect(bad.stderr).toMatch(/^error auth_failed: /)
    expect(bad.stderr).not.toContain('Not-The-Pw-77')
    const disabled = await run(['login', '--username', 'disabled', ...urls], { env })
    expect(disabled.code).toBe(4)
    expect(disabled.stderr).toMatch(/^error account_disabled: /)
  })

  it('login prints public session info only', async () => {
    const r = await run(['login', '--json', ...urls], { env })
    expect(r.code).toBe(0)
    const info = r.json<{ username: string; tokenTail: string }>()
    expect(info.username).toBe('demo')
    expect(info.tokenTail.length).toBeLessThanOrEqual(5)
    expect(r.stdout).not.toMatch(/eyJ/)
  })

  it('transport error (nothing listening) → 3', async () => {
    const r = await run(['balance', '--data-dir', dataDir, '--coupon-url', 'http://127.0.0.1:9', '--feed-url', 'http://127.0.0.1:9'], { env })
    expect(r.code).toBe(3)
    expect(r.stderr).toMatch(/^error coupon_network: /)
  })

  it('missing password on a custom profile without a TTY → 4; a prompt answer is used', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'desk-cli-prompt-'))
    const add = ['profiles', 'add', '--name', 'Sim', '--coupon-url', sim.couponBaseUrl, '--feed-url', sim.feedApiUrl, '--cdn-url', sim.cdnUrl, '--username', 'demo', '--use', '--data-dir', dir]
    expect((await run(add)).code).toBe(0)
    const none = await run(['balance', '--data-dir', dir])
    expect(none.code).toBe(4)
    expect(none.stderr).toMatch(/^error missing_secret: .*DESK_PASSWORD/)
    const prompted = await run(['balance', '--json', '--data-dir', dir], { prompt: () => 'demo' })
    expect(prompted.code, prompted.stderr).toBe(0)
    rmSync(dir, { recursive: true, force: true })
  })
})

describe('desk --legacy and --profile', () => {
  it('reads through the legacy routes with --legacy', async () => {
    const active = await run(['coupons', 'active', '--legacy', '--json', ...urls], { env })
    expect(active.code, active.stderr).toBe(0)
    const coupons = active.json<CouponDto[]>()
    expect(coupons.length).toBeGreaterThan(0)
    const missing = await run(['coupons', 'get', '000000000000', '--legacy', ...urls], { env })
    expect(missing.code).toBe(1)
    expect(missing.stderr).toMatch(/561/)
  })

  it('--profile picks a non-active profile by name; unknown names are usage errors', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'desk-cli-pick-'))
    const add = ['profiles', 'add', '--name', 'Other', '--coupon-url', sim.couponBaseUrl, '--feed-url', sim.feedApiUrl, '--cdn-url', sim.cdnUrl, '--username', 'demo2', '--data-dir', dir]
    expect((await run(add, { env: { DESK_PASSWORD: 'demo' } })).code).toBe(0)
    const login = await run(['login', '--profile', 'other', '--json', '--data-dir', dir])
    expect(login.code, login.stderr).toBe(0)
    expect(login.json<{ username: string; profile: string }>()).toMatchObject({ username: 'demo2', profile: 'Other' })
    const unknown = await run(['balance', '--profile', 'ghost', '--data-dir', dir])
    expect(unknown.code).toBe(2)
    expect(unknown.stderr).toMatch(/^error profile_not_found: /)
    rmSync(dir, { recursive: true, force: true })
  })
})

describe('desk with the Demo profile and no URLs', () => {
  it('starts the embedded simulator and stops it before returning', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'desk-cli-demo-'))
    const started: RunningSimulator[] = []
    let closed = 0
    const contextOptions = {
      startSimulator: async () => {
        const s = await startSimulator({ port: 0, clockTickMs: 0, seed: 1, matches: 40 })
        started.push(s)
        return { ...s, close: async () => void (closed++, await s.close()) }
      },
    }
    const r = await run(['balance', '--json', '--data-dir', dir], { contextOptions })
    expect(r.code, r.stderr).toBe(0)
    expect(r.json<{ balance: number }>().balance).toBe(10000)
    expect(started).toHaveLength(1)
    expect(closed).toBe(1)
    // Profile commands never start it.
    expect((await run(['profiles', '--data-dir', dir], { contextOptions })).code).toBe(0)
    expect(started).toHaveLength(1)
    rmSync(dir, { recursive: true, force: true })
  })
})
