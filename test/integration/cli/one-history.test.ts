/**
 * One history per profile, whichever command writes or reads it: `desk listen`, `desk place` and
 * `desk timeline` run as real processes in ONE data folder against the simulator, with the same flags,
 * meet in one history; a won coupon's callback reaches the listener and its credit (`realWin`) is in
 * `desk timeline --json`. Ad-hoc URL flags never write into Demo, and a named profile never into theirs.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import type { CouponDto, MatchDto, TournamentEventsDto } from '../../../src-shared/contract.js'
import { startSimulator, type RunningSimulator } from '../../../src-main/core/simulator/server.js'
import { openTimelineStore } from '../../../src-main/core/timeline/index.js'
import { run } from '../../unit/cli/helpers.js'
import { killAllAndCheck, runCli, runToEnd, waitReady } from '../callbacks/cli-process.js'
import { snap } from '../callbacks/helpers.js'

const SECRET = 'one-history-secret'
let sim: RunningSimulator
let dataDir: string
let home: string
const pointers: string[] = []

interface Entry {
  kind: string
  couponCode: string | null
  source: string
  data: Record<string, unknown>
}

beforeAll(async () => {
  sim = await startSimulator({ port: 0, seed: 3, callbackSecret: SECRET, matches: 60 })
  dataDir = mkdtempSync(join(tmpdir(), 'desk-one-history-'))
  home = mkdtempSync(join(tmpdir(), 'desk-one-history-home-'))
  const events = await run(['feed', 'events', '--sport', '1', '--json', '--data-dir', mkdtempSync(join(tmpdir(), 'desk-one-history-feed-')), ...urls()], { env: { DESK_PASSWORD: 'demo' } })
  expect(events.code, events.stderr).toBe(0)
  for (const m of events.json<TournamentEventsDto[]>().flatMap((t) => t.matches) as MatchDto[]) {
    const open = m.markets?.[0]?.columns.flat().find((o) => !o.blocked && o.pointer)
    if (open) pointers.push(open.pointer)
  }
  expect(pointers.length).toBeGreaterThan(2)
}, 30_000)

afterAll(async () => {
  const left = await killAllAndCheck()
  await sim?.close()
  rmSync(dataDir, { recursive: true, force: true })
  rmSync(home, { recursive: true, force: true })
  expect(left, 'child processes left running').toEqual([])
})

function urls(username?: string): string[] {
  return ['--coupon-url', sim.couponBaseUrl, '--feed-url', sim.feedApiUrl, '--cdn-url', sim.cdnUrl, ...(username ? ['--username', username] : [])]
}

/** Only the data dir and HOME of this test: nothing from the developer's own environment leaks in. */
const env = (extra: Record<string, string> = {}) => ({ HOME: home, PARTNER_DESK_HOME: '', DESK_COUPON_URL: '', DESK_FEED_URL: '', DESK_CDN_URL: '', DESK_USERNAME: '', ...extra })

async function timeline(args: string[]): Promise<{ entries: Entry[]; stderr: string }> {
  const r = await runToEnd(['timeline', '--json', '--data-dir', dataDir, ...args], env())
  expect(r.code, r.stderr).toBe(0)
  return { entries: JSON.parse(r.stdout) as Entry[], stderr: r.stderr }
}

async function placeOne(pointer: string, callbackUrl: string, args: string[]): Promise<CouponDto> {
  const r = await runToEnd(['place', '--pointer', pointer, '--amount', '10', '--yes', '--json', '--callback-url', callbackUrl, '--data-dir', dataDir, ...args], env({ DESK_PASSWORD: 'demo' }))
  expect(r.code, r.stderr).toBe(0)
  const placed = JSON.parse(r.stdout) as { outcome: string; coupons: CouponDto[] }
  expect(placed.outcome).toBe('placed')
  return placed.coupons[0]!
}

/** Settles the coupon won through the simulator and waits until its callback was acknowledged (stored). */
async function settleWon(code: string): Promise<number> {
  const answer = await fetch(`${sim.couponBaseUrl}/__sim/coupons/${code}/settle`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"result":"win"}' })
  expect(answer.status).toBe(200)
  await vi.waitFor(
    async () => {
      const log = (await (await fetch(`${sim.couponBaseUrl}/__sim/callbacks/deliveries`)).json()) as { deliveries: Array<{ couponCodes: string[]; status: number | null }> }
      expect(log.deliveries.filter((d) => d.couponCodes.includes(code)).map((d) => d.status)).toContain(200)
    },
    { timeout: 20_000, interval: 100 },
  )
  const state = (await (await fetch(`${sim.couponBaseUrl}/__sim/coupons/${code}`)).json()) as { coupon: { real_win?: number; realWin?: number } }
  const realWin = Number(state.coupon.real_win ?? state.coupon.realWin)
  expect(realWin).toBeGreaterThan(10)
  return realWin
}

const codesOf = (entries: Entry[]) => [...new Set(entries.map((e) => e.couponCode))]

describe('one history per profile: desk listen, place and timeline in one data folder', () => {
  let adhocCode = ''

  it('the same ad-hoc URL flags: the placement and the won callback meet in one history, shown by `desk timeline --json`; Demo gets nothing', async () => {
    const listener = runCli(['listen', '--port', '0', '--data-dir', dataDir, ...urls('demo')], env({ DESK_CALLBACK_SECRET: SECRET }))
    const ready = await waitReady(listener)
    expect(Object.keys(ready)).toEqual(['event', 'url'])

    const coupon = await placeOne(pointers[0]!, ready.url, urls('demo'))
    adhocCode = coupon.couponCode
    const realWin = await settleWon(adhocCode)

    const { entries, stderr } = await timeline(urls('demo'))
    const mine = entries.filter((e) => e.couponCode === adhocCode)
    expect(mine.map((e) => [e.kind, e.source])).toEqual([
      ['coupon_placed', 'placement'],
      ['settled', 'callback'],
    ])
    // The credit: the payout the service reported, as the ledger takes it.
    expect(mine[1]!.data).toMatchObject({ realWin, ledger: { kind: 'credit', amount: realWin } })
    expect(stderr).toMatch(/^history: profile ".*\(ad hoc\)" \(adhoc-[0-9a-f]{16}; /m)

    // The listener said which history it writes (stderr), and it is that one.
    listener.signal('SIGTERM')
    expect((await listener.exit).code).toBe(0)
    const said = listener.stderr().split('\n').find((l) => l.includes('"msg":"history"'))
    expect(said, listener.stderr()).toBeDefined()
    const file = (JSON.parse(said!) as { file: string; how: string }).file
    expect(JSON.parse(said!)).toMatchObject({ how: 'adhoc' })
    const store = openTimelineStore(file)
    expect(codesOf(store.query().items)).toEqual([adhocCode])
    store.close()

    // Never Demo: neither the placement nor the credit is in Demo's history, and no data-dir file was written.
    expect((await timeline(['--profile', 'Demo'])).entries).toEqual([])
    expect((await timeline([])).entries).toEqual([])
    expect(existsSync(join(dataDir, 'timeline.sqlite'))).toBe(false)
  }, 120_000)

  it('no URL flags: listen, place and timeline all use the active profile; its history and the ad-hoc one never mix', async () => {
    const add = await runToEnd(
      ['profiles', 'add', '--name', 'Desk Two', ...urls('demo2'), '--use', '--json', '--data-dir', dataDir],
      env({ DESK_PASSWORD: 'demo', DESK_FEED_KEY: 'demo-key', DESK_CALLBACK_SECRET: SECRET }),
    )
    expect(add.code, add.stderr).toBe(0)
    const profileId = (JSON.parse(add.stdout) as { id: string }).id

    const listener = runCli(['listen', '--port', '0', '--data-dir', dataDir], env({ DESK_CALLBACK_SECRET: SECRET }))
    const ready = await waitReady(listener)
    const coupon = await placeOne(pointers[1]!, ready.url, [])
    const realWin = await settleWon(coupon.couponCode)
    listener.signal('SIGTERM')
    expect((await listener.exit).code).toBe(0)
    expect(listener.stderr()).toContain(`"profileId":"${profileId}"`)

    const active = await timeline([])
    expect(active.entries.map((e) => [e.couponCode, e.kind])).toEqual([
      [coupon.couponCode, 'coupon_placed'],
      [coupon.couponCode, 'settled'],
    ])
    expect(active.entries[1]!.data).toMatchObject({ realWin, ledger: { kind: 'credit', amount: realWin } })
    expect(active.stderr).toContain(`(${profileId}; the active profile)`)
    // The same history by name, and the same one when the flags name this profile's own client.
    expect((await timeline(['--profile', 'Desk Two'])).entries).toEqual(active.entries)
    expect((await timeline(urls('demo2'))).entries).toEqual(active.entries)

    // The ad-hoc client's history is still only its own coupon; Demo's is still empty.
    expect(codesOf((await timeline(urls('demo'))).entries)).toEqual([adhocCode])
    expect((await timeline(['--profile', 'Demo'])).entries).toEqual([])
  }, 120_000)

  it('saving the ad-hoc client as a profile keeps its history: the profile takes it over, the same flags then find it there', async () => {
    const before = (await timeline(urls('demo'))).entries
    expect(codesOf(before)).toEqual([adhocCode])
    const add = await run(['profiles', 'add', '--name', 'Saved client', ...urls('demo'), '--json', '--data-dir', dataDir], { env: { DESK_PASSWORD: 'demo', DESK_FEED_KEY: 'demo-key', DESK_CALLBACK_SECRET: SECRET } })
    expect(add.code, add.stderr).toBe(0)
    const id = add.json<{ id: string }>().id
    const named = await run(['timeline', '--json', '--profile', 'Saved client', '--data-dir', dataDir])
    expect(named.json<Entry[]>()).toEqual(before)
    expect(named.stderr).toMatch(/took over the history this client had without a profile name/)
    const sameFlags = await timeline(urls('demo'))
    expect(sameFlags.entries).toEqual(before)
    expect(sameFlags.stderr).toContain(`(${id}; the saved profile with this coupon URL and username)`)
  }, 60_000)
})

describe('an old data-dir history (`desk listen` without --profile before)', () => {
  it('is taken over by the active profile when it has none, once, the old file kept beside it; otherwise it is said', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'desk-legacy-history-'))
    try {
      const old = openTimelineStore(join(dir, 'timeline.sqlite'))
      old.recordPlacement([snap({ coupon_code: '000000000321', amount: 5, status: 0, events_data: [] })])
      old.close()
      const first = await run(['timeline', '--json', '--data-dir', dir])
      expect(first.code, first.stderr).toBe(0)
      expect(first.json<Entry[]>().map((e) => e.couponCode)).toEqual(['000000000321'])
      expect(first.stderr).toMatch(/took over 1 entries of .*timeline\.sqlite/)
      expect(existsSync(join(dir, 'timeline.sqlite'))).toBe(false)
      expect(existsSync(join(dir, 'timeline.sqlite.moved-to-demo'))).toBe(true)
      const again = await run(['timeline', '--json', '--data-dir', dir])
      expect(again.json<Entry[]>().map((e) => e.couponCode)).toEqual(['000000000321'])
      expect(again.stderr).not.toMatch(/took over/)

      // A second old file while the profile has its own history: not merged, said with how to read it.
      const another = openTimelineStore(join(dir, 'timeline.sqlite'))
      another.recordPlacement([snap({ coupon_code: '000000000322', amount: 5, status: 0, events_data: [] })])
      another.close()
      const kept = await run(['timeline', '--json', '--data-dir', dir])
      expect(kept.json<Entry[]>().map((e) => e.couponCode)).toEqual(['000000000321'])
      expect(kept.stderr).toMatch(/is not part of this history; read it with `desk timeline --history-file .*timeline\.sqlite`/)
      const read = await run(['timeline', '--json', '--history-file', join(dir, 'timeline.sqlite')])
      expect(read.json<Entry[]>().map((e) => e.couponCode)).toEqual(['000000000322'])
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })
})
