import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { DeskHandlers } from '../../../src-shared/contract.js'
import { createCouponClient } from '../../../src-main/core/coupons/index.js'
import { createDeskCore, type DeskCore } from '../../../src-main/core/desk/index.js'
import { createMemoryStorage, createProfileService, type ProfileService } from '../../../src-main/core/profiles/index.js'
import { createSecretVault, createTestCipher, type SecretVault } from '../../../src-main/core/vault/index.js'
import { startSimulator, type RunningSimulator } from '../../../src-main/core/simulator/server.js'
import { startPlacementProxy, type PlacementProxy } from '../../support/placement-proxy.js'

/**
 * Issue 8 #4 through the desk core: an unknown outcome is never resolved with a coupon this profile
 * already holds (read from its history database, also after a restart), and matches that another
 * placement may explain are `ambiguous`: the operator chooses. The profile talks to the simulator
 * through a loopback proxy that can lose one placement before it arrives.
 */
let sim: RunningSimulator
let proxy: PlacementProxy
let profiles: ProfileService
let vault: SecretVault
const dataDir = mkdtempSync(join(tmpdir(), 'desk-ambiguous-'))
const cores: DeskCore[] = []

async function startCore(): Promise<DeskHandlers> {
  const core = await createDeskCore({ dataDir, profiles, vault, bridge: 'web', version: 'test', emit: () => undefined })
  cores.push(core)
  return core.handlers
}

beforeAll(async () => {
  sim = await startSimulator({ port: 0, clockTickMs: 0, seed: 5 })
  proxy = await startPlacementProxy(sim.couponBaseUrl)
  vault = createSecretVault({ cipher: createTestCipher(), storage: createMemoryStorage() })
  profiles = createProfileService({ storage: createMemoryStorage(), vault })
})
afterAll(async () => {
  for (const core of cores) await core.dispose()
  await proxy?.close()
  await sim?.close()
})

function pointers(count: number, skip: number): string[] {
  const out: string[] = []
  const roots = new Set<number>()
  for (const m of sim.world.matches('line')) {
    if (m.mainGameId !== null || m.state !== 'prematch') continue
    const root = sim.world.matchTreeRoot(m.gameId)
    if (roots.has(root)) continue
    const o = m.markets.flatMap((mk) => mk.outcomes).find((x) => !x.blocked && x.playerId === null)
    if (!o) continue
    roots.add(root)
    if (roots.size <= skip) continue
    out.push(`${m.lineType}#${m.gameId}#${o.groupId}#${o.typeId}#${o.param}#${o.rate}`)
    if (out.length === count) return out
  }
  throw new Error('not enough outcomes')
}

describe('unknown placement outcomes vs other placements, through the desk (issue 8 #4)', () => {
  let attemptId = ''
  let knownCode = ''
  const place = (api: DeskHandlers, pointer: string, amount: number) => api.coupons.place({ pointers: [pointer], amount, multi: false, mode: 'accept', confirmed: true })

  it('setup: a custom profile through the proxy', async () => {
    const api = await startCore()
    const saved = await api.profiles.save({
      name: 'Proxied', environment: 'custom', couponBaseUrl: proxy.url, feedApiUrl: sim.feedApiUrl, cdnUrl: sim.cdnUrl,
      username: 'demo', language: 'en', legacyMode: false, timeZone: 'utc', listener: { enabled: false, host: '127.0.0.1', port: 0, path: '/callbacks' },
    })
    await api.profiles.setSecret({ id: saved.id, kind: 'password', value: 'demo' })
    await api.profiles.setSecret({ id: saved.id, kind: 'feedApiKey', value: 'demo-key' })
    await api.profiles.select({ id: saved.id })
    await api.session.login(undefined)
  })

  it('a coupon the profile placed meanwhile is not taken for the lost attempt, also after a restart', async () => {
    const api = cores[cores.length - 1].handlers
    const [p] = pointers(1, 10)
    // While our placement is being lost, the same profile places the identical bet (another window).
    proxy.beforeLoss = async () => {
      const other = await place(api, p, 5)
      if (other.outcome === 'placed') knownCode = other.coupons[0].couponCode
    }
    const lost = await place(api, p, 5)
    expect(lost.outcome).toBe('unknown')
    expect(knownCode).not.toBe('')
    if (lost.outcome !== 'unknown') return
    attemptId = lost.attemptId
    await cores.pop()!.dispose()
    const again = await startCore()
    expect(await again.coupons.resolvePlacement({ attemptId })).toEqual({ outcome: 'not_placed' })
  })

  it('ours and another desk\'s identical coupon: ambiguous with both; the operator chooses one', async () => {
    const api = cores[cores.length - 1].handlers
    const [p] = pointers(1, 11)
    await fetch(`${sim.couponBaseUrl}/__sim/faults`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ placement: 'drop-after-commit' }) })
    const r = await place(api, p, 6)
    expect(r.outcome).toBe('unknown')
    if (r.outcome !== 'unknown') return
    const desk1 = createCouponClient({ baseURL: sim.couponBaseUrl, credentials: async () => ({ username: 'demo', password: 'demo' }) })
    const other = await desk1.place({ bets: [p], amount: 6 })
    expect(other.outcome).toBe('placed')
    const otherCode = other.outcome === 'placed' ? other.coupons[0].code : ''
    const resolved = await api.coupons.resolvePlacement({ attemptId: r.attemptId })
    expect(resolved.outcome).toBe('ambiguous')
    if (resolved.outcome !== 'ambiguous') return
    // Codes, never sentences: the renderer words them.
    expect(resolved.reasons).toContain('several_matches')
    expect(resolved).not.toHaveProperty('message')
    const codes = resolved.candidates.map((c) => c.couponCode)
    expect(codes).toHaveLength(2)
    expect(codes).toContain(otherCode)
    expect(await api.coupons.pendingPlacements(undefined)).toHaveLength(1)
    await expect(api.coupons.resolvePlacement({ attemptId: r.attemptId, choose: ['000000000001'] })).rejects.toMatchObject({ code: 'validation' })
    const ours = codes.find((c) => c !== otherCode)!
    const chosen = await api.coupons.resolvePlacement({ attemptId: r.attemptId, choose: [ours] })
    expect(chosen).toMatchObject({ outcome: 'placed', coupons: [expect.objectContaining({ couponCode: ours })] })
    expect(await api.coupons.pendingPlacements(undefined)).toEqual([])
    expect((await api.timeline.couponHistory({ code: ours })).map((e) => e.kind)).toContain('coupon_placed')
  })

  it('a placement sent with a requestId (the web shim after a lost connection) is answered by that id: in flight, finished or unknown (issue 8 #5)', async () => {
    const api = cores[cores.length - 1].handlers
    const [p1, p2] = pointers(2, 12)
    let release: () => void = () => undefined
    const held = new Promise<void>((r) => (release = r))
    proxy.hold = held
    const requestId = 'req-0000-1111-2222'
    const sent = api.coupons.place({ pointers: [p1], amount: 2, multi: false, mode: 'accept', confirmed: true, requestId })
    // The caller lost its answer; asking by the id waits for the placement still in flight.
    const asked = api.coupons.resolvePlacement({ attemptId: requestId })
    release()
    const [dto, resolution] = await Promise.all([sent, asked])
    expect(dto.outcome).toBe('placed')
    expect(resolution).toEqual(dto)
    expect(await api.coupons.resolvePlacement({ attemptId: requestId })).toEqual(dto)
    await expect(api.coupons.place({ pointers: [p1], amount: 2, multi: false, mode: 'accept', confirmed: true, requestId })).rejects.toMatchObject({ code: 'duplicate_request' })
    // An unknown outcome keeps the request id as its attempt id.
    await fetch(`${sim.couponBaseUrl}/__sim/faults`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ placement: 'drop-after-commit' }) })
    const unknown = await api.coupons.place({ pointers: [p2], amount: 2, multi: false, mode: 'accept', confirmed: true, requestId: 'req-3333-4444' })
    expect(unknown).toMatchObject({ outcome: 'unknown', attemptId: 'req-3333-4444' })
    expect((await api.coupons.resolvePlacement({ attemptId: 'req-3333-4444' })).outcome).toBe('placed')
  })
})
