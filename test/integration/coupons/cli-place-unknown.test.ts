import { mkdtempSync, rmSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { RunningSimulator } from '../../../src-main/core/simulator/server.js'
import { run, type Captured } from '../../unit/cli/helpers.js'
import { outcomes, startSim } from './helpers.js'

/**
 * Issue 8 #4 in the `desk` CLI: an unknown outcome is never resolved with a coupon the profile
 * already holds in its history database (written by another run), and an ambiguous lookup is
 * reported as such (exit 3, the candidates in the JSON document), never as "placed".
 */
let sim: RunningSimulator
let proxy: Server
let proxyUrl: string
let beforeLoss: (() => Promise<void>) | null = null
let afterCommit: ((body: Buffer) => Promise<void>) | null = null
let dataDir: string
const PLACE = '/api/partner/coupons/place'

beforeAll(async () => {
  sim = await startSim()
  dataDir = mkdtempSync(join(tmpdir(), 'desk-cli-unknown-'))
  proxy = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (c: Buffer) => chunks.push(c))
    req.on('end', async () => {
      if (req.url?.startsWith(PLACE) && beforeLoss) {
        const hook = beforeLoss
        beforeLoss = null
        await hook()
        req.socket.destroy()
        return
      }
      try {
        const headers: Record<string, string> = { 'content-type': 'application/json' }
        if (req.headers.authorization) headers.authorization = req.headers.authorization
        const up = await fetch(sim.couponBaseUrl + (req.url ?? '/'), { method: req.method, headers, body: chunks.length ? Buffer.concat(chunks) : undefined })
        if (req.url?.startsWith(PLACE) && afterCommit) {
          const hook = afterCommit
          afterCommit = null
          await hook(Buffer.concat(chunks))
          req.socket.destroy()
          return
        }
        res.writeHead(up.status, { 'content-type': 'application/json' })
        res.end(await up.text())
      } catch {
        req.socket.destroy()
      }
    })
  })
  await new Promise<void>((r) => proxy.listen(0, '127.0.0.1', () => r()))
  proxyUrl = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`
})
afterAll(async () => {
  proxy.closeAllConnections()
  await new Promise<void>((r) => proxy.close(() => r()))
  await sim?.close()
  rmSync(dataDir, { recursive: true, force: true })
})

const place = (pointer: string, amount: number): Promise<Captured> =>
  run(['place', '--pointer', pointer, '--amount', String(amount), '--yes', '--json', '--data-dir', dataDir, '--coupon-url', proxyUrl, '--feed-url', `${sim.couponBaseUrl}/feed`, '--username', 'demo'], {
    env: { DESK_PASSWORD: 'demo' },
  })

describe('desk place: unknown outcomes (issue 8 #4)', () => {
  it('a coupon another run of this profile placed meanwhile is not taken for the lost placement', async () => {
    const [a] = outcomes(sim, 1, 50)
    let other: Captured | null = null
    beforeLoss = async () => {
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
    afterCommit = async (body) => {
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
