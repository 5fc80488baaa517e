/**
 * The simulator's service clock set off: `--clock-offset-ms` and `/__sim/clock/offset` shift what the
 * answers say the time is (the coupon envelope's `date`, every `Date` header), never the world's clock.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startSimulator, type RunningSimulator } from '../../../src-main/core/simulator/server.js'

let sim: RunningSimulator
beforeAll(async () => {
  sim = await startSimulator({ port: 0, clockTickMs: 0, seed: 1, matches: 20, variations: 'none', clockOffsetMs: -5_000 })
})
afterAll(async () => {
  await sim?.close()
})

const health = async () => {
  const sent = Date.now()
  const r = await fetch(`${sim.couponBaseUrl}/api/partner/health`)
  const body = (await r.json()) as { date: number }
  return { date: body.date, header: Date.parse(r.headers.get('date') ?? ''), sent, received: Date.now(), world: sim.clock.now() }
}

describe('simulator clock offset', () => {
  it('starts with the offset given on its command line (negative: behind)', async () => {
    const h = await health()
    expect(h.date - h.world).toBeGreaterThanOrEqual(-5_000 - 50)
    expect(h.date - h.world).toBeLessThanOrEqual(-5_000 + 50)
    expect(await (await fetch(`${sim.couponBaseUrl}/__sim/clock/offset`)).json()).toMatchObject({ ms: -5_000 })
  })

  it('the control route moves what the envelope and the Date header say; the world clock stays', async () => {
    const set = await fetch(`${sim.couponBaseUrl}/__sim/clock/offset`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"ms":45000}' })
    expect(set.status).toBe(200)
    const h = await health()
    expect(h.date - h.sent).toBeGreaterThanOrEqual(45_000 - 5)
    expect(h.date - h.received).toBeLessThanOrEqual(45_000 + 5)
    // The header has whole seconds.
    expect(Math.abs(h.header - (h.sent + 45_000))).toBeLessThan(2_000)
    expect(Math.abs(sim.clock.now() - Date.now())).toBeLessThan(1_000)
    const feed = await fetch(`${sim.feedApiUrl}/v1/account`, { headers: { package: 'demo-key' } })
    expect(Math.abs(Date.parse(feed.headers.get('date') ?? '') - (Date.now() + 45_000))).toBeLessThan(2_000)
  })

  it('refuses a body that is not {"ms": integer}', async () => {
    for (const body of ['{"ms":"45"}', '{"ms":1.5}', '{}', 'nope', '{"ms":1,"x":2}']) {
      const r = await fetch(`${sim.couponBaseUrl}/__sim/clock/offset`, { method: 'POST', headers: { 'content-type': 'application/json' }, body })
      expect(r.status, body).toBe(400)
    }
  })
})
