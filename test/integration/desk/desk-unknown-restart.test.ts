import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { DeskHandlers } from '../../../src-shared/contract.js'
import { createDeskCore, type DeskCore } from '../../../src-main/core/desk/index.js'
import { createMemoryStorage, createProfileService, type ProfileService } from '../../../src-main/core/profiles/index.js'
import { createSecretVault, createTestCipher, type SecretVault } from '../../../src-main/core/vault/index.js'
import { startSimulator, type RunningSimulator } from '../../../src-main/core/simulator/server.js'

/**
 * An unknown placement outcome must survive a restart of the app: the operator resolves it (the
 * coupon is found) instead of placing again. Two cores share one data folder and profile store,
 * as two runs of the app would.
 */
let sim: RunningSimulator
let profiles: ProfileService
let vault: SecretVault
const dataDir = mkdtempSync(join(tmpdir(), 'desk-restart-'))
const cores: DeskCore[] = []

async function startCore(): Promise<DeskHandlers> {
  const core = await createDeskCore({ dataDir, profiles, vault, bridge: 'web', version: 'test', emit: () => undefined })
  cores.push(core)
  return core.handlers
}

async function firstPointer(api: DeskHandlers): Promise<string> {
  const events = await api.feed.events({ lineType: 'line', sportId: (await api.feed.menu({ lineType: 'line' }))[0].id, tournamentId: 0 })
  const outcome = events.flatMap((e) => e.matches).flatMap((m) => m.markets ?? []).flatMap((m) => m.columns.flat()).find((o) => !o.blocked && o.pointer)
  if (!outcome) throw new Error('no bettable outcome')
  return outcome.pointer
}

beforeAll(async () => {
  sim = await startSimulator({ port: 0, clockTickMs: 0, seed: 3 })
  vault = createSecretVault({ cipher: createTestCipher(), storage: createMemoryStorage() })
  profiles = createProfileService({ storage: createMemoryStorage(), vault })
})
afterAll(async () => {
  for (const core of cores) await core.dispose()
  await sim?.close()
})

describe('unknown placement outcomes across a restart', () => {
  let attemptId = ''
  let pointer = ''

  it('keeps an unknown outcome durably and lists it as pending', async () => {
    const api = await startCore()
    const saved = await api.profiles.save({
      name: 'Staging', environment: 'custom', couponBaseUrl: sim.couponBaseUrl, feedApiUrl: sim.feedApiUrl, cdnUrl: sim.cdnUrl,
      username: 'demo', language: 'en', legacyMode: false, timeZone: 'utc', listener: { enabled: false, host: '127.0.0.1', port: 0, path: '/callbacks' },
    })
    await api.profiles.setSecret({ id: saved.id, kind: 'password', value: 'demo' })
    await api.profiles.setSecret({ id: saved.id, kind: 'feedApiKey', value: 'demo-key' })
    await api.profiles.select({ id: saved.id })
    pointer = await firstPointer(api)
    await fetch(`${sim.couponBaseUrl}/__sim/faults`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ placement: 'drop-after-commit' }) })
    const result = await api.coupons.place({ pointers: [pointer], amount: 7, multi: false, mode: 'accept', confirmed: true })
    expect(result.outcome).toBe('unknown')
    if (result.outcome !== 'unknown') return
    attemptId = result.attemptId
    expect(await api.coupons.pendingPlacements(undefined)).toEqual([
      expect.objectContaining({ attemptId, pointers: [pointer], amount: 7, multi: false, cause: result.cause }),
    ])
    await cores.pop()!.dispose()
  })

  it('after a restart, lists it again and resolves it as placed, once', async () => {
    const api = await startCore()
    const pending = await api.coupons.pendingPlacements(undefined)
    expect(pending.map((p) => p.attemptId)).toEqual([attemptId])
    // The cause is kept as a code and the raw transport text, never a composed sentence.
    expect(pending[0].cause).toEqual({ code: expect.stringMatching(/^coupon_/), detail: expect.any(String) })
    const resolved = await api.coupons.resolvePlacement({ attemptId })
    expect(resolved.outcome).toBe('placed')
    if (resolved.outcome !== 'placed') return
    expect(resolved.coupons).toHaveLength(1)
    expect(resolved.coupons[0].amount).toBe(7)
    expect(await api.coupons.pendingPlacements(undefined)).toEqual([])
    await expect(api.coupons.resolvePlacement({ attemptId })).rejects.toMatchObject({ code: 'unknown_attempt' })
    const history = await api.timeline.couponHistory({ code: resolved.coupons[0].couponCode })
    expect(history.map((e) => e.kind)).toContain('coupon_placed')
    // Exactly one coupon was created by the one placement request.
    const active = await api.coupons.active(undefined)
    expect(active.filter((c) => c.bets.some((b) => pointer.startsWith(`${b.lineType}#${b.gameId}#`)))).toHaveLength(1)
  })
})
