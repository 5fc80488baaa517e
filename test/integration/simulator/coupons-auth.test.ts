import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { RunningSimulator } from '../../../src-main/core/simulator/server.js'
import { call, control, login, startSim } from './coupons-helpers.js'

let sim: RunningSimulator
let base: string
beforeAll(async () => {
  sim = await startSim()
  base = sim.couponBaseUrl
})
afterAll(async () => {
  await sim?.close()
})

describe('health, envelope and routing', () => {
  it('health answers ok in the seven-field envelope, trailing slash accepted', async () => {
    for (const path of ['/api/partner/health', '/api/partner/health/']) {
      const before = sim.clock.now()
      const r = await call(base, 'GET', path)
      expect(r.status).toBe(200)
      expect(Object.keys(r.json).sort()).toEqual(['body', 'code', 'date', 'error_code', 'error_message', 'path', 'time_ms'])
      expect(r.json).toMatchObject({ code: 1, body: 'ok', error_code: null, error_message: null, path: '/api/partner/health' })
      expect(r.json.date).toBeGreaterThanOrEqual(before)
      expect(r.json.date).toBeLessThanOrEqual(sim.clock.now())
      expect(r.json.time_ms).toBeGreaterThanOrEqual(0)
    }
  })
  it('unknown paths are 404 and wrong methods 405', async () => {
    expect((await call(base, 'GET', '/api/partner/nope')).status).toBe(404)
    expect((await call(base, 'GET', '/api/partner/login')).status).toBe(405)
  })
})

describe('new login', () => {
  it('returns token and username; login alias accepted', async () => {
    const a = await call(base, 'POST', '/api/partner/login', { body: { username: 'demo', password: 'demo' } })
    expect(a.json).toMatchObject({ code: 1, body: { username: 'demo' } })
    expect(a.json.body.token.split('.')).toHaveLength(3)
    const b = await call(base, 'POST', '/api/partner/login/', { body: { login: 'demo2', password: 'demo' } })
    expect(b.json).toMatchObject({ code: 1, body: { username: 'demo2' } })
  })
  it.each([
    [{ username: 'demo' }, 1002],
    [{ password: 'demo' }, 1002],
    [{ username: 'demo', password: 'wrong' }, 1003],
    [{ username: 'nobody', password: 'demo' }, 1003],
    [{ username: 'disabled', password: 'demo' }, 1004],
    [{ username: 'expired', password: 'demo' }, 1006],
    [{ username: 'broke', password: 'demo' }, 1007],
  ])('%o → %i with HTTP 200', async (body, code) => {
    const r = await call(base, 'POST', '/api/partner/login', { body })
    expect(r.status).toBe(200)
    expect(r.json).toMatchObject({ code: 0, error_code: code, body: null })
  })
  it('answers 400 to malformed JSON and wrong field types', async () => {
    expect((await call(base, 'POST', '/api/partner/login', { raw: '{"username":' })).status).toBe(400)
    expect((await call(base, 'POST', '/api/partner/login', { body: { username: 5, password: 'demo' } })).status).toBe(400)
    expect((await call(base, 'POST', '/api/partner/login', { body: [] })).status).toBe(400)
  })
  it('a small positive balance still logs in', async () => {
    expect((await call(base, 'POST', '/api/partner/login', { body: { username: 'small', password: 'demo' } })).json.code).toBe(1)
  })
})

describe('legacy login', () => {
  it('returns only the token in the five-field envelope', async () => {
    const r = await call(base, 'POST', '/api/v2/login', { body: { login: 'demo', password: 'demo' } })
    expect(Object.keys(r.json).sort()).toEqual(['body', 'code', 'date', 'error_code', 'error_message'])
    expect(Object.keys(r.json.body)).toEqual(['token'])
  })
  it.each([{ login: 'demo', password: 'x' }, { login: 'disabled', password: 'demo' }, { login: 'broke', password: 'demo' }, {}])('maps %o to 99', async (body) => {
    const r = await call(base, 'POST', '/api/v2/login', { body })
    expect(r.status).toBe(200)
    expect(r.json).toMatchObject({ code: 0, error_code: 99 })
  })
  it('maps malformed JSON to 99 too', async () => {
    const r = await call(base, 'POST', '/api/v2/login', { raw: 'nope' })
    expect(r.json).toMatchObject({ code: 0, error_code: 99 })
  })
})

describe('token checks', () => {
  it('401 for missing, malformed or badly formatted tokens on new routes', async () => {
    const token = await login(sim)
    expect((await call(base, 'GET', '/api/partner/balance')).status).toBe(401)
    expect((await call(base, 'GET', '/api/partner/balance', { token: 'abc' })).status).toBe(401)
    expect((await call(base, 'GET', '/api/partner/balance', { headers: { authorization: `Bearer  ${token}` } })).status).toBe(401)
    expect((await call(base, 'GET', '/api/partner/balance', { headers: { authorization: `bearer ${token}` } })).status).toBe(401)
    const forged = token.slice(0, -3) + (token.endsWith('AAA') ? 'BBB' : 'AAA')
    const r = await call(base, 'GET', '/api/partner/balance', { token: forged })
    expect(r.status).toBe(401)
    expect(r.json).toMatchObject({ code: 0, path: '/api/partner/balance' })
  })
  it('balance is read-only and reflects the account', async () => {
    const token = await login(sim, 'small')
    const r = await call(base, 'GET', '/api/partner/balance', { token })
    expect(r.json).toMatchObject({ code: 1, body: { balance: 20 } })
    expect((await call(base, 'GET', '/api/partner/balance', { token })).json.body.balance).toBe(20)
  })
  it('X-Client-Id does not switch the client', async () => {
    const token = await login(sim, 'small')
    const r = await call(base, 'GET', '/api/partner/balance', { token, headers: { 'x-client-id': 'demo' } })
    expect(r.json.body.balance).toBe(20)
  })
  it('403 for an admin token on new routes; legacy answers 1003 with HTTP 200 and body false', async () => {
    const admin = (await control(sim, 'POST', '/tokens/admin')).json.token as string
    expect((await call(base, 'GET', '/api/partner/coupons/active', { token: admin })).status).toBe(403)
    const legacy = await call(base, 'GET', '/coupons/get?coupon_code=000000000001', { token: admin })
    expect(legacy.status).toBe(200)
    expect(legacy.json).toMatchObject({ code: 0, body: false, error_code: 1003 })
  })
  it('403 when the account was disabled after login', async () => {
    const token = await login(sim, 'demo2')
    await control(sim, 'POST', '/accounts/demo2/state', { state: 'disabled' })
    expect((await call(base, 'GET', '/api/partner/balance', { token })).status).toBe(403)
    await control(sim, 'POST', '/accounts/demo2/state', { state: 'active' })
    expect((await call(base, 'GET', '/api/partner/balance', { token })).status).toBe(200)
  })
  it('revocation makes every issued token 401 (legacy: 1003); a new login works', async () => {
    const token = await login(sim)
    const legacyToken = (await call(base, 'POST', '/api/v2/login', { body: { login: 'demo', password: 'demo' } })).json.body.token
    expect((await call(base, 'GET', '/coupons/list', { token: legacyToken })).json.code).toBe(1)
    expect((await control(sim, 'POST', '/tokens/revoke')).status).toBe(200)
    expect((await call(base, 'GET', '/api/partner/balance', { token })).status).toBe(401)
    expect((await call(base, 'GET', '/coupons/list', { token: legacyToken })).json).toMatchObject({ code: 0, error_code: 1003, body: false })
    const fresh = await login(sim)
    expect((await call(base, 'GET', '/api/partner/balance', { token: fresh })).status).toBe(200)
  })
  it('tokens expire after tokenTtlSec of simulated time', async () => {
    const token = await login(sim)
    await sim.clock.advance(3500 * 1000)
    expect((await call(base, 'GET', '/api/partner/balance', { token })).status).toBe(200)
    await sim.clock.advance(200 * 1000)
    expect((await call(base, 'GET', '/api/partner/balance', { token })).status).toBe(401)
  })
})

describe('account control', () => {
  it('reads and sets a balance', async () => {
    expect((await control(sim, 'GET', '/accounts/small')).json).toMatchObject({ username: 'small', balance: 20, state: 'active' })
    expect((await control(sim, 'POST', '/accounts/broke/balance', { balance: 5 })).json.balance).toBe(5)
    expect((await call(base, 'POST', '/api/partner/login', { body: { username: 'broke', password: 'demo' } })).json.code).toBe(1)
    await control(sim, 'POST', '/accounts/broke/balance', { balance: 0 })
    expect((await control(sim, 'GET', '/accounts/nobody')).status).toBe(404)
  })
})
