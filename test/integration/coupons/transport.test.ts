/**
 * The coupon client over the shared HTTP layer, against the simulator: the answer size cap (a placement
 * answer over it is an unknown outcome, never re-sent; a read over it fails without a retry), and
 * the logger port (one line per attempt, never the password or the token).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { RunningSimulator } from '../../../src-main/core/simulator/server.js'
import { createLogger, createMemorySink } from '../../../src-main/core/shared/log.js'
import { createRedactor } from '../../../src-main/core/shared/redact.js'
import { control, countingFetch, makeClient, outcomes, startSim } from './helpers.js'

let sim: RunningSimulator
beforeAll(async () => {
  sim = await startSim()
})
afterAll(async () => {
  await sim?.close()
})

const PLACE = '/api/partner/coupons/place'
const ACTIVE = '/api/partner/coupons/active'
// Admits the sign-in (≈330 bytes) and the balance, not a placement answer (≈1.4 kB).
const CAP = 600

describe('coupon answers over the size cap', () => {
  it('a placement answer over the cap: coupon_too_large, unknown outcome, sent once; the lookup finds the coupon', async () => {
    const rec = countingFetch()
    const capped = makeClient(sim, { fetch: rec.fetch, maxResponseBytes: CAP })
    const [a] = outcomes(sim, 1, 40)
    const r = await capped.place({ bets: [a.pointer], amount: 4 })
    if (r.outcome !== 'unknown') throw new Error(`expected unknown, got ${r.outcome}`)
    expect(r.error).toMatchObject({ code: 'coupon_too_large', retry: 'never', data: { limitBytes: CAP, errorCode: null, changes: [] } })
    expect(rec.count(PLACE)).toBe(1)

    // The capped client cannot read the (now non-empty) active list: one request, no retry.
    await expect(capped.active()).rejects.toMatchObject({ code: 'coupon_too_large', retry: 'never' })
    expect(rec.count(ACTIVE)).toBe(1)

    const resolved = await makeClient(sim).resolvePlacement(r.attempt)
    expect(resolved.outcome).toBe('placed')
    expect(rec.count(PLACE)).toBe(1)
  })
})

describe('coupon client logging', () => {
  it('one debug line per attempt and a warn per retry; neither password nor token in any line', async () => {
    const sink = createMemorySink()
    const logger = createLogger({ sink, level: 'debug', redactor: createRedactor() })
    const client = makeClient(sim, { logger, username: 'demo', password: 'demo' })
    await client.login()
    await control(sim, '/faults', { reads: 'error-503', count: 1 })
    try {
      await client.balance()
    } finally {
      await control(sim, '/faults', { clear: true })
    }
    const lines = sink.lines.map((l) => JSON.parse(l) as Record<string, unknown>)
    expect(lines.map((l) => `${l.level} ${l.msg} ${l.path} ${l.status ?? l.reason ?? ''}`)).toEqual([
      'debug http attempt /api/partner/login 200',
      'debug http attempt /api/partner/balance 503',
      'warn http retry /api/partner/balance HTTP 503',
      'debug http attempt /api/partner/balance 200',
    ])
    const all = sink.lines.join('\n')
    expect(all).not.toMatch(/eyJ|Bearer|password/i)
  })
})
