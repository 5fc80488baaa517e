import { existsSync, mkdirSync, writeFileSync } from 'node:fs'
import { dirname } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { OverviewRowDto } from '../../../src-shared/contract.js'
import { timelineFile } from '../../../src-main/core/desk/index.js'
import { doctorFileOf } from '../../../src-main/core/desk/overview/index.js'
import { startSimulator, type RunningSimulator } from '../../../src-main/core/simulator/server.js'
import { openTimelineStore } from '../../../src-main/core/timeline/index.js'
import { fillTimeline } from '../../support/timeline-fill.js'
import { startCountingProxy, type CountingProxy } from './counting-proxy.js'
import { createHarness, type Harness } from './helpers.js'

/**
 * The Overview against the simulator: Demo (active, embedded simulator) and two client profiles on a
 * separate simulator, one of them behind a proxy that stops answering. The other rows keep being read.
 */
const POLL_MS = 300
const TIMEOUT_MS = 1200

let sim: RunningSimulator
let proxy: CountingProxy
let h: Harness
let alphaId = ''
let bravoId = ''

const save = (name: string, url: string, username: string) => {
  const saved = h.profiles.save({
    name,
    environment: 'custom',
    couponBaseUrl: url,
    feedApiUrl: `${url}/feed`,
    cdnUrl: sim.cdnUrl,
    username,
    language: 'en',
    legacyMode: false,
    timeZone: 'utc',
    listener: { enabled: false, host: '127.0.0.1', port: 0, path: '/callbacks' },
  })
  h.profiles.setSecret(saved.id, 'password', 'demo')
  h.profiles.setSecret(saved.id, 'feedApiKey', 'demo-key-limited')
  return saved.id
}

beforeAll(async () => {
  sim = await startSimulator({ port: 0, clockTickMs: 0, seed: 3 })
  proxy = await startCountingProxy(sim.couponBaseUrl)
  h = await createHarness({ overviewPollMs: POLL_MS, overviewTimeoutMs: TIMEOUT_MS })
  alphaId = save('Alpha', proxy.url, 'demo')
  bravoId = save('Bravo', sim.couponBaseUrl, 'small')
})
afterAll(async () => {
  proxy?.release()
  await h?.close()
  await proxy?.close()
  await sim?.close()
})

/** The rows a subscription holds now: its snapshot with every delta after it applied. */
function rowsOf(subscriptionId: string, snapshot: OverviewRowDto[]): Map<string, OverviewRowDto> {
  const rows = new Map(snapshot.map((r) => [r.profileId, r]))
  for (const e of h.events) {
    if (e.type === 'watch.snapshot' && e.subscriptionId === subscriptionId && e.topic === 'overview') {
      rows.clear()
      for (const r of e.snapshot as OverviewRowDto[]) rows.set(r.profileId, r)
    }
    if (e.type !== 'watch.delta' || e.subscriptionId !== subscriptionId || e.topic !== 'overview') continue
    const d = e.delta as { upsert: OverviewRowDto[]; remove: string[] }
    for (const r of d.upsert) rows.set(r.profileId, r)
    for (const id of d.remove) rows.delete(id)
  }
  return rows
}

async function until<T>(what: string, probe: () => T | null | undefined | false, timeoutMs = 10_000): Promise<T> {
  const end = Date.now() + timeoutMs
  for (;;) {
    const value = probe()
    if (value) return value
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`)
    await new Promise((resolve) => setTimeout(resolve, 25))
  }
}

describe('overview: every profile on one screen', () => {
  let subscriptionId = ''
  let snapshot: OverviewRowDto[] = []
  const row = (id: string) => rowsOf(subscriptionId, snapshot).get(id)

  it('lists every profile at once and reads each one with its own client', async () => {
    // A history with settlements for Bravo and a doctor report, as other parts of the desk leave them.
    const bravoHistory = timelineFile(h.dataDir, bravoId)
    mkdirSync(dirname(bravoHistory), { recursive: true })
    openTimelineStore(bravoHistory).close()
    fillTimeline(bravoHistory, 4, Date.UTC(2026, 10, 1))
    writeFileSync(doctorFileOf(h.dataDir, bravoId), JSON.stringify({ profileId: bravoId, profileName: 'Bravo', at: 1_790_000_000_000, verdict: 'warn', checks: [] }))

    const subscribed = await h.subscribe({ name: 'overview' })
    subscriptionId = subscribed.subscriptionId
    snapshot = (subscribed.snapshot ?? []) as OverviewRowDto[]
    expect(snapshot.map((r) => r.profileName).sort()).toEqual(['Alpha', 'Bravo', 'Demo'])
    expect(snapshot.find((r) => r.profileId === 'demo')?.active).toBe(true)

    const bravo = await until('Bravo read', () => (row(bravoId)?.readAt ? row(bravoId) : null))
    expect(bravo.balance).toBe(20)
    expect(bravo).toMatchObject({ activeCoupons: 0, openStake: 0, potentialPayout: 0, stale: false, error: null, session: 'signed-in', listener: 'disabled', environment: 'real' })
    // fillTimeline: the second coupon (odd index) lost its stake; newest settlement first.
    expect(bravo.lastSettlement).toMatchObject({ couponCode: '900000000001', result: 'lost', amount: 0 })
    expect(bravo.doctor).toEqual({ verdict: 'warn', at: 1_790_000_000_000 })
    const alpha = await until('Alpha read', () => (row(alphaId)?.readAt ? row(alphaId) : null))
    expect(alpha.balance).toBeGreaterThan(0)
    expect(alpha.doctor).toBeNull()
    expect(alpha.lastSettlement).toBeNull()
    // demo-key-limited expires in 12 days: one account read when the overview opened.
    await until('feed key days', () => row(alphaId)?.feedKeyDaysLeft === 11 || row(alphaId)?.feedKeyDaysLeft === 12)
    expect(proxy.count('GET', '/v1/account')).toBe(1)
    const demo = await until('Demo read', () => (row('demo')?.readAt ? row('demo') : null))
    expect(demo).toMatchObject({ active: true, environment: 'demo', stale: false })
    // Looking at a profile never creates a history for it.
    expect(existsSync(timelineFile(h.dataDir, alphaId))).toBe(false)
  })

  it('a profile that stops answering turns stale with its error; the others stay fresh', async () => {
    proxy.hold(() => true)
    const stale = await until('Alpha stale', () => (row(alphaId)?.stale ? row(alphaId) : null), 10_000)
    expect(stale.error?.code).toBe('coupon_timeout')
    expect(stale.balance).toBeGreaterThan(0) // the last known figures are kept
    const staleAt = stale.readAt!
    // While Alpha hangs, Bravo and Demo are read again (later than Alpha's last good read).
    await until('Bravo fresh', () => (row(bravoId)?.readAt ?? 0) > Date.now() - POLL_MS * 3 && !row(bravoId)?.stale)
    await until('Demo fresh', () => (row('demo')?.readAt ?? 0) > staleAt && !row('demo')?.stale)
    expect(row(alphaId)?.readAt).toBe(staleAt)
    proxy.release()
    await until('Alpha fresh again', () => row(alphaId)?.stale === false && (row(alphaId)?.readAt ?? 0) > staleAt)
  })

  it('a profile added while open joins; reads stop when the last subscriber leaves', async () => {
    const charlie = save('Charlie', sim.couponBaseUrl, 'demo2')
    const added = await until('Charlie read', () => (row(charlie)?.readAt ? row(charlie) : null))
    expect(added.balance).toBe(10000)
    h.profiles.remove(charlie)
    await until('Charlie removed', () => !rowsOf(subscriptionId, snapshot).has(charlie))

    const reads = () => ['GET', 'POST'].reduce((n, m) => n + proxy.count(m, '/coupons/active') + proxy.count(m, '/balance'), 0)
    expect(reads()).toBeGreaterThan(2)
    await h.core.handlers.watch.unsubscribe({ subscriptionId })
    // A read set off just before the last subscriber left (still signing in or finding its endpoints,
    // so not yet in flight at the proxy) may reach the service after it: wait until the count has held
    // for a whole interval with nothing in flight (reads that went on polling never would), then watch.
    let seen = reads()
    let since = Date.now()
    await until('reads settled', () => {
      const n = reads()
      if (n !== seen || proxy.inFlight() > 0) {
        seen = n
        since = Date.now()
        return false
      }
      return Date.now() - since >= POLL_MS * 1.5
    })
    const after = reads()
    // An observation window of several intervals: nothing is read while nobody watches.
    await new Promise((resolve) => setTimeout(resolve, POLL_MS * 4))
    expect(reads()).toBe(after)

    // Opened again: the last figures at once (with their time), then the reads resume.
    const again = await h.subscribe({ name: 'overview' })
    const held = (again.snapshot ?? []) as OverviewRowDto[]
    expect(held.find((r) => r.profileId === bravoId)).toMatchObject({ balance: 20, stale: false })
    await until('reads resume', () => reads() > after)
    await h.core.handlers.watch.unsubscribe({ subscriptionId: again.subscriptionId })
  })
})
