/** `desk overview` run in-process against the simulator: every profile read once, one unreachable. */
import { mkdtempSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { OverviewRowDto } from '../../../src-shared/contract.js'
import { startSimulator, type RunningSimulator } from '../../../src-main/core/simulator/server.js'
import { run } from '../../unit/cli/helpers.js'

let sim: RunningSimulator
let dataDir: string
let deadPort = 0

/** A port nothing listens on (bound, then released). */
async function freePort(): Promise<number> {
  const server = createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()))
  const port = (server.address() as { port: number }).port
  await new Promise<void>((resolve) => server.close(() => resolve()))
  return port
}

beforeAll(async () => {
  sim = await startSimulator({ port: 0, clockTickMs: 0, seed: 1 })
  dataDir = mkdtempSync(join(tmpdir(), 'desk-cli-overview-'))
  deadPort = await freePort()
  const add = async (name: string, url: string, username: string) => {
    const r = await run(['profiles', 'add', '--name', name, '--data-dir', dataDir, '--coupon-url', url, '--feed-url', `${url}/feed`, '--cdn-url', sim.cdnUrl, '--username', username, '--json'], {
      env: { DESK_PASSWORD: 'demo', DESK_FEED_KEY: 'demo-key' },
    })
    expect(r.code, r.stderr).toBe(0)
  }
  await add('Small client', sim.couponBaseUrl, 'small')
  await add('Gone client', `http://127.0.0.1:${deadPort}`, 'demo')
})
afterAll(async () => {
  await sim?.close()
  rmSync(dataDir, { recursive: true, force: true })
})

describe('desk overview', () => {
  it('--json prints one row per profile; an unreachable one carries its error and the run exits 1', async () => {
    const r = await run(['overview', '--json', '--data-dir', dataDir, '--timeout-ms', '3000'], { env: {} })
    expect(r.code, r.stderr).toBe(1)
    const rows = r.json<OverviewRowDto[]>()
    expect(rows.map((row) => row.profileName).sort()).toEqual(['Demo', 'Gone client', 'Small client'])
    const small = rows.find((row) => row.profileName === 'Small client')!
    expect(small).toMatchObject({ balance: 20, activeCoupons: 0, openStake: 0, stale: false, error: null, session: 'signed-in', environment: 'real', active: false })
    expect(small.feedKeyDaysLeft).toBeGreaterThanOrEqual(29)
    expect(small.readAt).toEqual(expect.any(Number))
    const demo = rows.find((row) => row.profileName === 'Demo')!
    expect(demo).toMatchObject({ active: true, environment: 'demo', stale: false, error: null })
    expect(demo.balance).toEqual(expect.any(Number))
    const gone = rows.find((row) => row.profileName === 'Gone client')!
    expect(gone).toMatchObject({ stale: true, balance: null, readAt: null })
    expect(gone.error?.code).toBe('coupon_network')
    // No secret in the output.
    expect(r.stdout).not.toContain('demo-key')
  })

  it('prints a table for people', async () => {
    const r = await run(['overview', '--data-dir', dataDir, '--timeout-ms', '3000'], { env: {} })
    expect(r.code).toBe(1)
    expect(r.stdout).toContain('* Demo')
    expect(r.stdout).toContain('Small client')
    expect(r.stdout).toContain('coupon_network')
    expect((await run(['overview', '--data-dir', dataDir, '--timeout-ms', 'soon'], { env: {} })).code).toBe(2)
  })
})
