import { createServer as createHttpServer, type Server as HttpServer } from 'node:http'
import { createServer, type Server } from 'node:net'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { RunningSimulator } from '../../../src-main/core/simulator/server.js'
import type { PlacementResult } from '../../../src-main/core/coupons/types.js'
import { control, countingFetch, makeClient, outcomes, startSim } from './helpers.js'

/**
 * Issue 8 #4 and #5: an unknown placement outcome is never resolved as "placed" with a coupon that
 * another placement can explain (another desk on the same account, a coupon this profile already
 * holds), and only HTTP 200 confirms a creation.
 */
let sim: RunningSimulator
let blackHole: Server
let blackHoleUrl: string
/** A proxy in front of the simulator that answers a successful placement with HTTP 201 (same body). */
let proxy201: HttpServer
let proxy201Url: string
const PLACE = '/api/partner/coupons/place'

beforeAll(async () => {
  sim = await startSim()
  blackHole = createServer((socket) => socket.once('data', () => socket.destroy()))
  await new Promise<void>((r) => blackHole.listen(0, '127.0.0.1', () => r()))
  blackHoleUrl = `http://127.0.0.1:${(blackHole.address() as AddressInfo).port}`
  proxy201 = createHttpServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (c: Buffer) => chunks.push(c))
    req.on('end', async () => {
      const headers: Record<string, string> = { 'content-type': 'application/json' }
      if (req.headers.authorization) headers.authorization = req.headers.authorization
      const up = await fetch(sim.couponBaseUrl + (req.url ?? '/'), { method: req.method, headers, body: chunks.length ? Buffer.concat(chunks) : undefined })
      const text = await up.text()
      res.writeHead(req.url?.startsWith(PLACE) && up.status === 200 ? 201 : up.status, { 'content-type': 'application/json' })
      res.end(text)
    })
  })
  await new Promise<void>((r) => proxy201.listen(0, '127.0.0.1', () => r()))
  proxy201Url = `http://127.0.0.1:${(proxy201.address() as AddressInfo).port}`
})
afterAll(async () => {
  await sim?.close()
  await new Promise<void>((r) => blackHole.close(() => r()))
  proxy201.closeAllConnections()
  await new Promise<void>((r) => proxy201.close(() => r()))
})

function unknown(r: PlacementResult) {
  if (r.outcome !== 'unknown') throw new Error(`expected unknown, got ${r.outcome}${r.outcome === 'rejected' ? `: ${r.error.code}` : ''}`)
  return r
}
const codeOf = (r: PlacementResult) => (r.outcome === 'placed' ? r.coupons[0].code : '')

/** A fetch whose next placement is lost before it reaches the service, after `before` ran. */
function losingFetch(before: () => Promise<void> = async () => undefined) {
  let lose = false
  const f = countingFetch(async (input, init) => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url)
    if (url.pathname === PLACE && lose) {
      lose = false
      await before()
      return fetch(blackHoleUrl + url.pathname, init)
    }
    return fetch(input, init)
  })
  return { ...f, loseNext: () => void (lose = true) }
}

describe('unknown placement outcome vs other placements (issue 8 #4)', () => {
  it("another desk's identical coupon placed just before the send is never reported as ours", async () => {
    const desk1 = makeClient(sim)
    const net = losingFetch()
    const desk2 = makeClient(sim, { fetch: net.fetch })
    await desk2.login()
    const [a] = outcomes(sim, 1, 40)
    const first = await desk1.place({ bets: [a.pointer], amount: 2 })
    expect(first.outcome).toBe('placed')
    await new Promise((r) => setTimeout(r, 30))
    net.loseNext()
    const r = unknown(await desk2.place({ bets: [a.pointer], amount: 2 }))
    expect(r.error.code).toBe('coupon_network')
    const resolved = await r.resolve()
    expect(resolved.outcome).toBe('not_placed')
  })

  it('two identical coupons after the send (ours and another desk\'s): ambiguous with both, the operator decides', async () => {
    const desk1 = makeClient(sim)
    const desk2 = makeClient(sim)
    await desk2.login()
    const [a] = outcomes(sim, 1, 41)
    await control(sim, '/faults', { placement: 'drop-after-commit' })
    const r = unknown(await desk2.place({ bets: [a.pointer], amount: 2 }))
    const other = await desk1.place({ bets: [a.pointer], amount: 2 })
    expect(other.outcome).toBe('placed')
    const resolved = await r.resolve()
    expect(resolved.outcome).toBe('ambiguous')
    if (resolved.outcome !== 'ambiguous') return
    expect(resolved.candidates).toHaveLength(2)
    expect(resolved.reasons).toContain('several_matches')
    expect(resolved.candidates.map((c) => c.code)).toContain(codeOf(other))
  })

  it('a coupon this profile already holds (persisted, not in this client\'s memory) is never taken', async () => {
    const other = makeClient(sim)
    const [a] = outcomes(sim, 1, 42)
    let known = ''
    // While our request is being lost, the same profile (another run) places the identical bet.
    const net = losingFetch(async () => {
      known = codeOf(await other.place({ bets: [a.pointer], amount: 3 }))
    })
    const desk = makeClient(sim, { fetch: net.fetch })
    await desk.login()
    net.loseNext()
    const r = unknown(await desk.place({ bets: [a.pointer], amount: 3 }))
    expect(known).not.toBe('')
    const resolved = await r.resolve({ isKnown: (code) => code === known })
    expect(resolved.outcome).toBe('not_placed')
  })
})

describe('success is HTTP 200 only (issue 8 #5)', () => {
  it('a 201 carrying a coupon is an unknown outcome, resolved by lookup (sent once)', async () => {
    const rec = countingFetch()
    const client = makeClient(sim, { baseURL: proxy201Url, fetch: rec.fetch })
    await client.login()
    const [a] = outcomes(sim, 1, 43)
    const r = await client.place({ bets: [a.pointer], amount: 4 })
    expect(r.outcome).toBe('unknown')
    if (r.outcome !== 'unknown') return
    expect([r.error.code, r.error.status]).toEqual(['coupon_http', 201])
    const resolved = await r.resolve()
    expect(resolved.outcome).toBe('placed')
    expect(rec.count(PLACE)).toBe(1)
  })
})
