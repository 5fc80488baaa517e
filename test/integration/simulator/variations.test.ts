import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startSimulator, type RunningSimulator } from '../../../src-main/core/simulator/server.js'
import { call, control, footballMatches, login, outcome, pointerOf, W1, type Json } from './coupons-helpers.js'

/** Issue 8 #19: every way the specs let a real service vary, switched on over real HTTP. */
let sim: RunningSimulator
let plain: RunningSimulator
let token: string
beforeAll(async () => {
  ;[sim, plain] = await Promise.all([
    startSimulator({ port: 0, clockTickMs: 0, seed: 1, matches: 120, variations: 'all' }),
    startSimulator({ port: 0, clockTickMs: 0, seed: 1, matches: 120, variations: 'none' }),
  ])
  token = await login(sim)
})
afterAll(async () => {
  await Promise.all([sim?.close(), plain?.close()])
})

const KEY = { Package: 'demo-key' }
const feed = (s: RunningSimulator, path: string) => call(s.feedApiUrl, 'GET', path, { headers: KEY })

/** Every object in a JSON value (depth first). */
function objects(value: Json, out: Json[] = []): Json[] {
  if (Array.isArray(value)) value.forEach((v) => objects(v, out))
  else if (value && typeof value === 'object') {
    out.push(value)
    Object.values(value).forEach((v) => objects(v, out))
  }
  return out
}

describe('simulator variations (all on)', () => {
  it('envelope: optional fields absent or null, unknown fields, shuffled keys, 10.0 in the text', async () => {
    const answers = await Promise.all([1, 2, 3, 4].map(() => call(sim.couponBaseUrl, 'GET', '/api/partner/balance', { token })))
    for (const a of answers) {
      expect(a.status).toBe(200)
      expect(a.json.code).toBe(1)
      expect(a.json).toHaveProperty('x_sim_unknown')
    }
    expect(answers.some((a) => !('error_code' in a.json))).toBe(true)
    expect(answers.some((a) => 'error_code' in a.json && a.json.error_code === null && a.json.path === null)).toBe(true)
    expect(answers.some((a) => Object.keys(a.json)[0] !== 'code')).toBe(true)
    const base = await call(plain.couponBaseUrl, 'GET', '/api/partner/balance', { token: await login(plain) })
    expect(Object.keys(base.json)).toEqual(['code', 'body', 'error_code', 'error_message', 'date', 'time_ms', 'path'])
    expect(answers[0].text).toMatch(/"balance":\d+\.0[,}]/)
    expect(base.text).not.toMatch(/\.0[,}]/)
  })

  it('10000 answers as HTTP 200 with code 0 as well as HTTP 503', async () => {
    await control(sim, 'POST', '/faults', { reads: 'error-503', count: 2 })
    const a = await call(sim.couponBaseUrl, 'GET', '/api/partner/balance', { token })
    const b = await call(sim.couponBaseUrl, 'GET', '/api/partner/balance', { token })
    const seen = [a, b].map((r) => [r.status, r.json.code, r.json.error_code])
    expect(seen).toContainEqual([200, 0, 10000])
    expect(seen).toContainEqual([503, 0, 10000])
  })

  it('legacy /bet/place: one created coupon comes as an object (the older answer)', async () => {
    const legacy = await call(sim.couponBaseUrl, 'POST', '/api/v2/login', { body: { username: 'demo', password: 'demo' } })
    const m = footballMatches(sim, 1)[0]
    const p = pointerOf(m, outcome(m, 1, W1)).replace(/^(\w+)#(\d+)#(\d+)#(\d+)#([^#]+)#/, '$1#$2|$3|$4|$5#')
    const r = await call(sim.couponBaseUrl, 'POST', '/bet/place', { token: legacy.json.body.token, body: { list_bets: [p], amount: 5, lang: 'en', mode: 'accept', multi: false } })
    expect(r.json.code, r.text).toBe(1)
    expect(Array.isArray(r.json.body)).toBe(false)
    expect(typeof r.json.body.coupon_code).toBe('string')
  })

  it('settlement: unknown reason codes as a string and as a number', async () => {
    const matches = footballMatches(sim, 12, 'line').slice(1)
    const codes: string[] = []
    for (const m of matches) {
      const r = await call(sim.couponBaseUrl, 'POST', '/api/partner/coupons/place', { token, body: { list_bets: [pointerOf(m, outcome(m, 1, W1))], amount: 2 } })
      expect(r.json.code, r.text).toBe(1)
      codes.push(r.json.body.coupons[0].coupon_code)
      await sim.world.finishMatch(m.gameId, [1, 0])
    }
    const reasons = new Set<unknown>()
    for (const code of codes) {
      const r = await call(sim.couponBaseUrl, 'GET', `/api/partner/coupons/get?coupon_code=${code}`, { token })
      reasons.add(r.json.body.events_data[0].settlement_reason_code)
    }
    expect([...reasons].some((r) => typeof r === 'number')).toBe(true)
    expect([...reasons].some((r) => typeof r === 'string' && r !== 'AUTOMATIC_SETTLEMENT')).toBe(true)
    expect(reasons.has('AUTOMATIC_SETTLEMENT')).toBe(true)
  })

  it('feed: mixed oc_size, every prematch default variant, null sub-game fields', async () => {
    const events = await feed(sim, '/v1/events/1/0/sub/50/line/en?match=all')
    expect(events.status, events.text).toBe(200)
    const outcomes = objects(events.json).filter((o) => 'oc_pointer' in o)
    const kinds = new Set(outcomes.map((o) => (o.oc_size === 0 ? 'zero' : o.oc_size === '0' ? 'zero-text' : typeof o.oc_size)))
    expect([...kinds].sort()).toEqual(['number', 'string', 'zero', 'zero-text'])
    const matches = objects(events.json).filter((o) => 'game_id' in o && 'score_full' in o)
    const timers = new Set(matches.map((m) => JSON.stringify(m.timer)))
    expect([...timers].sort()).toEqual(['""', '0', '[]', 'null'])
    const withSubs = sim.world.matches('line').find((m) => m.mainGameId === null && m.subGameIds.length >= 3)
    expect(withSubs).toBeDefined()
    const event = await feed(sim, `/v1/event/${withSubs!.gameId}/group/line/en`)
    expect(event.status, event.text).toBe(200)
    const subs = (event.json.body?.sub_games ?? event.json.sub_games) as Json[]
    for (const key of ['game_id', 'game_num', 'game_name']) expect(subs.some((s) => s[key] === null)).toBe(true)
  })
})

describe('simulator variations (none)', () => {
  it('the production habits stay: every envelope field in one order, numbers as written, 503 for 10000', async () => {
    const t = await login(plain)
    await control(plain, 'POST', '/faults', { reads: 'error-503', count: 2 })
    for (let i = 0; i < 2; i++) {
      const r = await call(plain.couponBaseUrl, 'GET', '/api/partner/balance', { token: t })
      expect([r.status, r.json.error_code]).toEqual([503, 10000])
    }
    const events = await feed(plain, '/v1/events/1/0/sub/50/line/en?match=all')
    const outcomes = objects(events.json).filter((o) => 'oc_pointer' in o)
    expect(outcomes.every((o) => o.oc_size === 0 || typeof o.oc_size === 'string')).toBe(true)
    expect(outcomes.some((o) => 'x_sim_unknown' in o)).toBe(false)
  })
})
