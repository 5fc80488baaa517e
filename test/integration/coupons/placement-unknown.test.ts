import { createServer, type Server } from 'node:net'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { RunningSimulator } from '../../../src-main/core/simulator/server.js'
import type { PlacementResult, ResolvedPlacement } from '../../../src-main/core/coupons/types.js'
import { control, countingFetch, makeClient, outcomes, startSim } from './helpers.js'

let sim: RunningSimulator
/** A TCP endpoint that reads the request and drops the connection: the placement never reaches the service. */
let blackHole: Server
let blackHoleUrl: string

beforeAll(async () => {
  sim = await startSim()
  blackHole = createServer((socket) => socket.once('data', () => socket.destroy()))
  await new Promise<void>((r) => blackHole.listen(0, '127.0.0.1', () => r()))
  blackHoleUrl = `http://127.0.0.1:${(blackHole.address() as AddressInfo).port}`
})
afterAll(async () => {
  await sim?.close()
  await new Promise<void>((r) => blackHole.close(() => r()))
})

function unknown(r: PlacementResult) {
  if (r.outcome !== 'unknown') throw new Error(`expected unknown, got ${r.outcome}${r.outcome === 'rejected' ? `: ${r.error.code}` : ''}`)
  return r
}
function placedCodes(r: ResolvedPlacement): string[] {
  if (r.outcome !== 'placed') throw new Error(`expected placed, got ${r.outcome}${r.outcome === 'unknown' ? `: ${r.cause.code}` : ''}${r.outcome === 'ambiguous' ? `: ${r.reasons.join(',')} ${JSON.stringify({ attempt: [r.attempt.startedAt, r.attempt.endedAt, r.attempt.offset], candidates: r.candidates.map((c) => [c.code, c.createdAt]) })}` : ''}`)
  return r.coupons.map((c) => c.code)
}
const PLACE = '/api/partner/coupons/place'

describe('indeterminate placement', () => {
  it('drop-after-commit: unknown, sent once, resolved as placed with the coupon', async () => {
    const rec = countingFetch()
    const client = makeClient(sim, { fetch: rec.fetch })
    const [a, b] = outcomes(sim, 2, 20)
    const before = await client.balance()
    await control(sim, '/faults', { placement: 'drop-after-commit' })
    const r = unknown(await client.place({ bets: [a.pointer, b.pointer], amount: 7 }))
    expect(r.error.code).toBe('coupon_network')
    expect(r.error.retry).toBe('never')
    expect(rec.count(PLACE)).toBe(1)
    const resolved = await r.resolve()
    const codes = placedCodes(resolved)
    expect(codes).toHaveLength(1)
    expect(rec.count(PLACE)).toBe(1)
    expect(rec.count('/api/partner/coupons/active')).toBeGreaterThanOrEqual(1)
    expect(rec.count('/api/partner/coupons/results')).toBeGreaterThanOrEqual(1)
    expect(await client.balance()).toBeCloseTo(before - 7, 6)
    expect((await client.get(codes[0])).amount).toBe(7)
  })

  it('error-500-after-commit with multi: unknown, resolved as placed with both singles', async () => {
    const rec = countingFetch()
    const client = makeClient(sim, { fetch: rec.fetch })
    const [a, b] = outcomes(sim, 2, 22)
    await control(sim, '/faults', { placement: 'error-500-after-commit' })
    const r = unknown(await client.place({ bets: [a.pointer, b.pointer], amount: 3, multi: true }))
    expect([r.error.code, r.error.status]).toEqual(['coupon_http', 500])
    expect(rec.count(PLACE)).toBe(1)
    expect(placedCodes(await client.resolvePlacement(r.attempt))).toHaveLength(2)
    expect(rec.count(PLACE)).toBe(1)
  })

  it('timeout-after-commit: coupon_timeout, resolved as placed; a failing lookup stays unknown', async () => {
    const rec = countingFetch()
    const client = makeClient(sim, { fetch: rec.fetch, timeoutMs: 1000, readRetries: 0 })
    await client.login()
    const [a] = outcomes(sim, 1, 24)
    await control(sim, '/faults', { placement: 'timeout-after-commit', ms: 4000 })
    const r = unknown(await client.place({ bets: [a.pointer], amount: 2 }))
    expect(r.error.code).toBe('coupon_timeout')
    await control(sim, '/faults', { reads: 'error-503', count: 50 })
    const still = await r.resolve()
    expect(still.outcome).toBe('unknown')
    await control(sim, '/faults', { clear: true })
    const again = still.outcome === 'unknown' ? await still.resolve() : still
    expect(placedCodes(again)).toHaveLength(1)
    expect(rec.count(PLACE)).toBe(1)
  })

  it('a placement lost before commit resolves as not_placed (an earlier identical coupon is not taken for it)', async () => {
    let lose = false
    let placeHits = 0
    const lossy = countingFetch(async (input, init) => {
      const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url)
      if (url.pathname === PLACE) placeHits++
      if (url.pathname === PLACE && lose) return fetch(blackHoleUrl + url.pathname, init)
      return fetch(input, init)
    })
    const client = makeClient(sim, { fetch: lossy.fetch })
    const [a] = outcomes(sim, 1, 26)
    const earlier = await client.place({ bets: [a.pointer], amount: 9 })
    expect(earlier.outcome).toBe('placed')
    const before = await client.balance()
    lose = true
    const r = unknown(await client.place({ bets: [a.pointer], amount: 9 }))
    expect(r.error.code).toBe('coupon_network')
    const resolved = await r.resolve()
    expect(resolved.outcome).toBe('not_placed')
    expect(placeHits).toBe(2)
    expect(await client.balance()).toBe(before)
  })

  it('an earlier identical coupon is not taken for the lost one', async () => {
    const client = makeClient(sim)
    const [a] = outcomes(sim, 1, 28)
    const first = await client.place({ bets: [a.pointer], amount: 1 })
    expect(first.outcome).toBe('placed')
    await control(sim, '/faults', { placement: 'drop-after-commit' })
    const r = unknown(await client.place({ bets: [a.pointer], amount: 1 }))
    const codes = placedCodes(await r.resolve())
    expect(codes).toHaveLength(1)
    expect(codes[0]).not.toBe(first.outcome === 'placed' ? first.coupons[0].code : '')
  })
})
