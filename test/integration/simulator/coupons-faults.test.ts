import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { RunningSimulator } from '../../../src-main/core/simulator/server.js'
import { anyPointers, call, control, login, startSim } from './coupons-helpers.js'

let sim: RunningSimulator
let base: string
let token: string
beforeAll(async () => {
  sim = await startSim()
  base = sim.couponBaseUrl
  token = await login(sim)
})
afterAll(async () => {
  await sim?.close()
})

const activeCodes = async () => (await call(base, 'GET', '/api/partner/coupons/active', { token })).json.body.map((c: { coupon_code: string }) => c.coupon_code) as string[]
const balance = async () => (await control(sim, 'GET', '/accounts/demo')).json.balance as number

describe('placement faults (committed, answer lost)', () => {
  it('drop-after-commit: the connection is destroyed, yet the coupon exists and the amount was deducted', async () => {
    expect((await control(sim, 'POST', '/faults', { placement: 'drop-after-commit' })).status).toBe(200)
    const before = await activeCodes()
    const money = await balance()
    await expect(call(base, 'POST', '/api/partner/coupons/place', { token, body: { list_bets: anyPointers(sim, 1), amount: 3 } })).rejects.toThrow()
    const after = await activeCodes()
    expect(after.length).toBe(before.length + 1)
    expect(await balance()).toBe(money - 3)
    // The fault was consumed: the next placement answers normally.
    expect((await call(base, 'POST', '/api/partner/coupons/place', { token, body: { list_bets: anyPointers(sim, 1), amount: 1 } })).json.code).toBe(1)
  })
  it('a rejected placement does not consume the fault', async () => {
    await control(sim, 'POST', '/faults', { placement: 'error-500-after-commit' })
    const rejected = await call(base, 'POST', '/api/partner/coupons/place', { token, body: { list_bets: ['line#1#1#1#0#1.5'], amount: 1 } })
    expect(rejected.json.error_code).toBe(502)
    const before = (await activeCodes()).length
    const r = await call(base, 'POST', '/api/partner/coupons/place', { token, body: { list_bets: anyPointers(sim, 1), amount: 1 } })
    expect(r.status).toBe(500)
    expect(r.json).toMatchObject({ code: 0, error_code: 10000 })
    expect((await activeCodes()).length).toBe(before + 1)
  })
  it('timeout-after-commit answers only after the given real milliseconds', async () => {
    await control(sim, 'POST', '/faults', { placement: 'timeout-after-commit', ms: 300 })
    const ctrl = new AbortController()
    const timer = setTimeout(() => ctrl.abort(), 100)
    const before = (await activeCodes()).length
    await expect(fetch(base + '/api/partner/coupons/place', {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ list_bets: anyPointers(sim, 1), amount: 1 }),
      signal: ctrl.signal,
    })).rejects.toThrow()
    clearTimeout(timer)
    expect((await activeCodes()).length).toBe(before + 1)
  })
  it('legacy /bet/place honours the placement faults too', async () => {
    await control(sim, 'POST', '/faults', { placement: 'drop-after-commit' })
    const before = (await activeCodes()).length
    await expect(call(base, 'POST', '/bet/place', { token, body: { list_bets: anyPointers(sim, 1), amount: 1, lang: 'en', mode: 'reject', multi: false } })).rejects.toThrow()
    expect((await activeCodes()).length).toBe(before + 1)
  })
})

describe('read faults', () => {
  it('the next N reads answer 503, then reads work again', async () => {
    const r = await control(sim, 'POST', '/faults', { reads: 'error-503', count: 2 })
    expect(r.json.faults.readErrors).toBe(2)
    const a = await call(base, 'GET', '/api/partner/balance', { token })
    const b = await call(base, 'GET', '/coupons/list', { token })
    const c = await call(base, 'GET', '/api/partner/balance', { token })
    expect([a.status, b.status, c.status]).toEqual([503, 503, 200])
    expect(a.json).toMatchObject({ code: 0, error_code: 10000 })
  })
  it('clear removes armed faults', async () => {
    await control(sim, 'POST', '/faults', { reads: 'error-503', count: 5, placement: 'drop-after-commit' })
    await control(sim, 'POST', '/faults', { clear: true })
    expect((await control(sim, 'GET', '/faults')).json).toEqual({ placement: null, readErrors: 0 })
    expect((await call(base, 'GET', '/api/partner/balance', { token })).status).toBe(200)
    expect((await control(sim, 'POST', '/faults', { placement: 'explode' })).status).toBe(400)
  })
})
