import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { RunningSimulator } from '../../../src-main/core/simulator/server.js'
import { anyPointers, call, control, login, startSim } from './coupons-helpers.js'

let sim: RunningSimulator
let base: string
let demo: string
let demo2: string
let codes: string[]
let createdAt: number
beforeAll(async () => {
  sim = await startSim()
  base = sim.couponBaseUrl
  demo = await login(sim, 'demo')
  demo2 = await login(sim, 'demo2')
  createdAt = sim.clock.now()
  const r = await call(base, 'POST', '/api/partner/coupons/place', { token: demo, body: { list_bets: anyPointers(sim, 3), amount: 4, multi: true } })
  codes = r.json.body.coupons.map((c: { coupon_code: string }) => c.coupon_code)
})
afterAll(async () => {
  await sim?.close()
})

const get = (path: string, token = demo) => call(base, 'GET', path, { token })
const results = (body: unknown, token = demo) => call(base, 'POST', '/api/partner/coupons/results', { token, body })

describe('coupons/get', () => {
  it('finds a coupon by coupon_code and every alias (also via v3)', async () => {
    for (const key of ['coupon_code', 'code', 'coupon_id', 'bet_code']) {
      const r = await get(`/api/partner/coupons/get?${key}=${codes[0]}`)
      expect(r.json).toMatchObject({ code: 1, body: { coupon_code: codes[0] } })
    }
    const v3 = await get(`/api/v3/partner/bet/get/?coupon_code=${codes[0]}`)
    expect(v3.json).toMatchObject({ code: 1, path: '/api/v3/partner/bet/get', body: { coupon_code: codes[0] } })
  })
  it('10 without a code, 471 for an unknown code and for another client’s coupon (same answer)', async () => {
    expect((await get('/api/partner/coupons/get')).json).toMatchObject({ code: 0, error_code: 10 })
    const unknown = await get('/api/partner/coupons/get?coupon_code=999999999999')
    const foreign = await get(`/api/partner/coupons/get?coupon_code=${codes[0]}`, demo2)
    expect(unknown.json).toMatchObject({ code: 0, error_code: 471, body: null })
    expect(foreign.json).toMatchObject({ code: 0, error_code: 471, body: null })
    expect(foreign.json.error_message).toBe(unknown.json.error_message)
  })
})

describe('coupons/results', () => {
  it('by ids: own coupons only, unknown codes omitted, empty array is a success', async () => {
    const r = await results({ coupon_ids: [codes[0], codes[1], '999999999999'] })
    expect(r.json.body.query_type).toBe('ids')
    expect(r.json.body.coupons.map((c: { coupon_code: string }) => c.coupon_code).sort()).toEqual([codes[0], codes[1]].sort())
    expect((await results({ coupon_ids: codes }, demo2)).json).toMatchObject({ code: 1, body: { query_type: 'ids', coupons: [] } })
    expect((await results({ coupon_ids: [] })).json).toMatchObject({ code: 1, body: { coupons: [] } })
  })
  it('at most 100 codes (more → 1002)', async () => {
    const many = Array.from({ length: 101 }, (_, i) => String(i).padStart(12, '0'))
    expect((await results({ coupon_ids: many })).json).toMatchObject({ code: 0, error_code: 1002 })
    expect((await results({ coupon_ids: many.slice(0, 100) })).json.code).toBe(1)
  })
  it('by period: filter on creation time, positive and at most 24 h, both dates', async () => {
    const now = sim.clock.now()
    const r = await results({ start_date: createdAt - 1000, end_date: now })
    expect(r.json.body.query_type).toBe('time')
    expect(r.json.body.coupons).toHaveLength(3)
    expect((await results({ start_date: now - 3_600_000, end_date: createdAt - 2000 })).json.body.coupons).toHaveLength(0)
    const day = 24 * 3_600_000
    expect((await results({ start_date: now - day, end_date: now })).json.code).toBe(1)
    for (const body of [
      { start_date: now - day - 1, end_date: now },
      { start_date: now, end_date: now },
      { start_date: now, end_date: now - 1 },
      { start_date: now - 1000 },
      { end_date: now },
      { coupon_ids: [codes[0]], start_date: now - 1000, end_date: now },
      {},
    ])
      expect((await results(body)).json, JSON.stringify(body)).toMatchObject({ code: 0, error_code: 1002 })
  })
  it('400 for malformed JSON and wrong types', async () => {
    expect((await call(base, 'POST', '/api/partner/coupons/results', { token: demo, raw: '{x' })).status).toBe(400)
    expect((await results({ coupon_ids: [123] })).status).toBe(400)
    expect((await results({ start_date: '1', end_date: 2 })).status).toBe(400)
  })
})

describe('active, calculated and settlement time windows', () => {
  it('active lists open coupons of the client only (also via v3)', async () => {
    const r = await get('/api/partner/coupons/active')
    expect(r.json.body.map((c: { coupon_code: string }) => c.coupon_code).sort()).toEqual([...codes].sort())
    expect((await get('/api/v3/partner/bet/active')).json.body).toHaveLength(3)
    expect((await get('/api/partner/coupons/active', demo2)).json).toMatchObject({ code: 1, body: [] })
  })
  it('calculated filters on settlement time: default 5 min, ≤0 → 5, cap 120', async () => {
    expect((await get('/api/partner/coupons/calculated')).json.body).toEqual([])
    await control(sim, 'POST', `/coupons/${codes[0]}/settle`, { result: 'win' })
    await sim.clock.advance(10 * 60_000)
    await control(sim, 'POST', `/coupons/${codes[1]}/settle`, { result: 'lose' })
    demo = await login(sim, 'demo')
    const names = async (q: string, token?: string) => (await get(`/api/partner/coupons/calculated${q}`, token ?? demo)).json.body.map((c: { coupon_code: string }) => c.coupon_code)
    expect(await names('')).toEqual([codes[1]])
    expect(await names('?time=0')).toEqual([codes[1]])
    expect(await names('?time=-4')).toEqual([codes[1]])
    expect(await names('?time=11')).toEqual([codes[0], codes[1]])
    await sim.clock.advance(115 * 60_000)
    // Tokens live one simulated hour: sign in again after the jump.
    demo = await login(sim, 'demo')
    demo2 = await login(sim, 'demo2')
    expect(await names('?time=500')).toEqual([codes[1]])
    expect(await names('?time=500', demo2)).toEqual([])
    expect((await get('/api/partner/coupons/calculated?time=abc')).status).toBe(400)
    // Settled coupons leave the active list.
    expect((await get('/api/partner/coupons/active')).json.body.map((c: { coupon_code: string }) => c.coupon_code)).toEqual([codes[2]])
  })
})

describe('legacy reads', () => {
  it('/coupons/get: 560 for missing or malformed codes, 561 for unknown or foreign, legacy model', async () => {
    expect((await get('/coupons/get')).json).toMatchObject({ code: 0, error_code: 560 })
    expect((await get('/coupons/get?coupon_code=123')).json.error_code).toBe(560)
    expect((await get(`/coupons/get?coupon_code=${codes[2]}0`)).json.error_code).toBe(560)
    expect((await get('/coupons/get?coupon_code=999999999999')).json.error_code).toBe(561)
    expect((await get(`/coupons/get?coupon_code=${codes[2]}`, demo2)).json.error_code).toBe(561)
    const r = await get(`/coupons/get?coupon_code=${codes[2]}`)
    expect(Object.keys(r.json).sort()).toEqual(['body', 'code', 'date', 'error_code', 'error_message'])
    expect(r.json.body).toMatchObject({ coupon_code: codes[2], amount: 4, status: 0 })
    expect(typeof r.json.body.events_data[0].uuid).toBe('string')
  })
  it('/coupons/calculated returns a direct array of legacy models with win = real win', async () => {
    const r = await get('/coupons/calculated?time=120')
    expect(r.json.code).toBe(1)
    expect(r.json.body).toHaveLength(1)
    expect(r.json.body[0]).toMatchObject({ coupon_code: codes[1], status: 4, win: 0 })
    expect(r.json.body[0].events_data[0]).toMatchObject({ status: 2, calc_coef: 0, settlement_reason_code: 'REMOTE_LOSS' })
  })
  it('/coupons/list and /api/v3/partner/bet/list: date defaults and the 24 h rule', async () => {
    const now = sim.clock.now()
    const day = 24 * 3_600_000
    for (const path of ['/coupons/list', '/api/v3/partner/bet/list']) {
      const all = await get(path)
      expect(all.json.code).toBe(1)
      expect(all.json.body).toHaveLength(3)
      expect(all.json.body[0]).toHaveProperty('win')
      expect((await get(`${path}?start_date=${createdAt - 1000}`)).json.body).toHaveLength(3)
      expect((await get(`${path}?end_date=${createdAt - 1000}`)).json.body).toHaveLength(0)
      expect((await get(`${path}?start_date=${now - day}&end_date=${now}`)).json.body).toHaveLength(3)
      expect((await get(`${path}?start_date=${now - day - 1}&end_date=${now}`)).json).toMatchObject({ code: 0, error_code: 1002 })
      expect((await get(`${path}?start_date=${now}&end_date=${now - 5}`)).json.error_code).toBe(1002)
      expect((await get(path, 'bad.token.x')).json).toMatchObject({ code: 0, error_code: 1003, body: false })
    }
  })
  it('/coupons/cashout: estimate only, 560/561/565, balance unchanged', async () => {
    const before = (await control(sim, 'GET', '/accounts/demo')).json.balance
    expect((await get('/coupons/cashout')).json.error_code).toBe(560)
    expect((await get('/coupons/cashout?coupon_code=999999999999')).json.error_code).toBe(561)
    expect((await get(`/coupons/cashout?coupon_code=${codes[1]}`)).json.error_code).toBe(565)
    const r = await get(`/coupons/cashout?coupon_code=${codes[2]}`)
    expect(r.json.code).toBe(1)
    expect(r.json.body).toMatchObject({ coupon_code: codes[2], estimate_only: true })
    expect(r.json.body.cashout_amount).toBeGreaterThan(0)
    expect((await control(sim, 'GET', '/accounts/demo')).json.balance).toBe(before)
    expect((await get(`/api/partner/coupons/get?coupon_code=${codes[2]}`)).json.body.status).toBe(0)
  })
})
