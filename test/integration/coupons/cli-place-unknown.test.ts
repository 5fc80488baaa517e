import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { RunningSimulator } from '../../../src-main/core/simulator/server.js'
import { startPlacementProxy, type PlacementProxy } from '../../support/placement-proxy.js'
import { run, type Captured } from '../../unit/cli/helpers.js'
import { outcomes, startSim } from './helpers.js'

/**
 * Issue 8 #4 in the `desk` CLI: an unknown outcome is never resolved with a coupon the profile
 * already holds in its history database (written by another run), and an ambiguous lookup is
 * reported as such (exit 3, the candidates in the JSON document), never as "placed".
 */
let sim: RunningSimulator
let proxy: PlacementProxy
const PLACE = '/api/partner/coupons/place'
let dataDir: string

beforeAll(async () => {
  sim = await startSim()
  dataDir = mkdtempSync(join(tmpdir(), 'desk-cli-unknown-'))
  proxy = await startPlacementProxy(sim.couponBaseUrl)
})
afterAll(async () => {
  await proxy?.close()
  await sim?.close()
  rmSync(dataDir, { recursive: true, force: true })
})

const place = (pointer: string, amount: number): Promise<Captured> =>
  run(['place', '--pointer', pointer, '--amount', String(amount), '--yes', '--json', '--data-dir', dataDir, '--coupon-url', proxy.url, '--feed-url', `${sim.couponBaseUrl}/feed`, '--username', 'demo'], {
    env: { DESK_PASSWORD: 'demo' },
  })

describe('desk place: unknown outcomes (issue 8 #4)', () => {
  it('a coupon another run of this profile placed meanwhile is not taken for the lost placement', async () => {
    const [a] = outcomes(sim, 1, 50)
    let other: Captured | null = null
    proxy.beforeLoss = async () => {
      other = await place(a.pointer, 4)
    }
    const r = await place(a.pointer, 4)
    expect(other!.code, other!.stderr).toBe(0)
    expect(r.code, r.stdout).toBe(3)
    expect(r.json<{ resolution: { outcome: string } }>().resolution).toEqual({ outcome: 'not_placed' })
  })

  it("ours and another desk's identical coupon: ambiguous, exit 3, both candidates in the document", async () => {
    const [a] = outcomes(sim, 1, 51)
    // Ours reaches the service and commits; before the answer comes back another desk (same account,
    // not this profile) places the same bet; then our connection drops.
    proxy.afterCommit = async (body) => {
      const login = (await (await fetch(`${sim.couponBaseUrl}/api/partner/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: 'demo', password: 'demo' }) })).json()) as { body: { token: string } }
      await fetch(sim.couponBaseUrl + PLACE, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${login.body.token}` }, body })
    }
    const r = await place(a.pointer, 5)
    expect(r.code, r.stdout).toBe(3)
    const doc = r.json<{ resolution: { outcome: string; candidates: unknown[] } }>()
    expect(doc.resolution.outcome).toBe('ambiguous')
    expect(doc.resolution.candidates).toHaveLength(2)
  })
})
