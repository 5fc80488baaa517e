import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { RunningSimulator } from '../../../src-main/core/simulator/server.js'
import { captureText, haveCaptures, skipMessage } from '../../support/captures.js'
import { parseJsonText, type JsonValue } from '../../support/json-text.js'
import type { Answer } from './answers.js'
import { ANSWER_CAPTURES, couponCalls, expectCouponShape, newCompared, outcomeOf, startGateSimulator, uncomparedAllowances } from './coupon-gate.js'

/**
 * The simulated coupon service answers in production's shapes: every Coupon API answer capture
 * (envelopes, coupons, bets, change records, errors) and the vendor's settlement callback, keys,
 * kinds and presence per endpoint, with the requests the captures came from where there are some.
 * Scenarios use the captured values where a number's spelling depends on them (odds 1.85, a win
 * at odds 2): production writes whole amounts without a fraction (`amount: 10`, `calculate_coefficient: 2`).
 */
const HAVE = haveCaptures('coupon')
if (!HAVE) console.warn(skipMessage('coupon'))

describe.skipIf(!HAVE)("simulated coupon service vs the vendor's captures: same keys, kinds and presence", () => {
  let sim: RunningSimulator
  let hook: Server
  let hookUrl = ''
  const received: JsonValue[] = []
  const compared = newCompared()
  let token = ''
  const { call, control, lineMatches } = couponCalls(() => sim)
  const expectShape = (endpoint: string, answers: Answer[], capture: string, lineType?: 'line') =>
    expectCouponShape(compared, endpoint, lineType, answers.map((a) => a.value), capture)
  const place = (body: unknown, auth = token) => call('POST', '/api/partner/coupons/place', body, auth)

  beforeAll(async () => {
    sim = await startGateSimulator(3)
    // The partner acknowledges with the vendor's own example answer.
    compared.captures.add('callback-ack')
    hook = createServer((req, res) => {
      const chunks: Buffer[] = []
      req.on('data', (c: Buffer) => chunks.push(c))
      req.on('end', () => {
        received.push(parseJsonText(Buffer.concat(chunks).toString('utf8')))
        res.writeHead(200, { 'content-type': 'application/json' }).end(captureText('coupon', 'callback-ack'))
      })
    })
    await new Promise<void>((resolve) => hook.listen(0, '127.0.0.1', resolve))
    hookUrl = `http://127.0.0.1:${(hook.address() as AddressInfo).port}/callbacks`
  })
  afterAll(async () => {
    await new Promise((resolve) => hook?.close(resolve))
    await sim?.close()
  })

  it('health and login', async () => {
    expectShape('coupon health', [await call('GET', '/api/partner/health', undefined)], 'health')
    expectShape('coupon login', [await call('POST', '/api/partner/login', { username: 'demo', password: 'wrong' })], 'login-wrong-credentials')
    const login = await call('POST', '/api/partner/login', { username: 'demo', password: 'demo' })
    expectShape('coupon login', [login], 'login-success')
    token = login.json.body.token
  })

  it('balance, empty active and calculated lists', async () => {
    expectShape('coupon balance', [await call('GET', '/api/partner/balance', undefined, token)], 'balance')
    expectShape('coupon active', [await call('GET', '/api/partner/coupons/active', undefined, token)], 'active-empty')
    expectShape('coupon calculated', [await call('GET', '/api/partner/coupons/calculated?time=120', undefined, token)], 'calculated-empty')
  })

  it('placement, active list, won coupon, settled list, results by ids and by period', async () => {
    const w1 = outcomeOf((await lineMatches())[0], 1)
    await control(`/matches/${w1.game}/odds`, { groupId: w1.groupId, typeId: w1.typeId, param: w1.param, rate: 1.85 })
    const placed = await place({ list_bets: [w1.pointer(1.85)], amount: 10, currency: 'USD', lang: 'en', mode: 'reject', multi: false })
    expectShape('coupon place', [placed], 'place-success-single', 'line')
    const code = placed.json.body.coupons[0].coupon_code as string
    expectShape('coupon active', [await call('GET', '/api/partner/coupons/active', undefined, token)], 'active', 'line')
    await control(`/matches/${w1.game}/finish`, { score: [2, 1] })
    expectShape('coupon get', [await call('GET', `/api/partner/coupons/get?coupon_code=${code}`, undefined, token)], 'get-won', 'line')
    expectShape('coupon calculated', [await call('GET', '/api/partner/coupons/calculated?time=120', undefined, token)], 'calculated-settled', 'line')

    // The captured request names the vendor's codes: the first becomes ours, the second stays unknown (as in the captured answer).
    const byIds = JSON.parse(captureText('coupon', 'results-request-by-ids'))
    compared.captures.add('results-request-by-ids')
    const idsAnswer = await call('POST', '/api/partner/coupons/results', { ...byIds, coupon_ids: [code, ...byIds.coupon_ids.slice(1)] }, token)
    expect(idsAnswer.json.body.coupons.map((c: { coupon_code: string }) => c.coupon_code)).toEqual([code])
    expectShape('coupon results', [idsAnswer], 'results-by-ids', 'line')
    // The captured period request, byte for byte: the simulator's clock stands inside it.
    compared.captures.add('results-request-by-period')
    const periodAnswer = await call('POST', '/api/partner/coupons/results', captureText('coupon', 'results-request-by-period'), token)
    expect(periodAnswer.json.body).toMatchObject({ query_type: 'time', coupons: [{ coupon_code: code }] })
    expectShape('coupon results', [periodAnswer], 'results-by-ids', 'line')

    expectShape('coupon results', [await call('POST', '/api/partner/coupons/results', { coupon_ids: ['000000009999'] }, token)], 'results-empty')
    const mixed = { coupon_ids: [code], start_date: 1, end_date: 2 }
    expectShape('coupon results', [await call('POST', '/api/partner/coupons/results', mixed, token)], 'results-invalid-parameters')
    expectShape('coupon get', [await call('GET', '/api/partner/coupons/get?coupon_code=000000009999', undefined, token)], 'get-not-found')
  })

  it('rejected placements: odds changed both ways, outcome unavailable, blocked, insufficient balance', async () => {
    // As captured: a pointer at 2.19 while the odds are 2.09, then 2.39.
    const x = outcomeOf((await lineMatches())[1], 2)
    const ref = { groupId: x.groupId, typeId: x.typeId, param: x.param }
    const at = (rate: number) => control(`/matches/${x.game}/odds`, { ...ref, rate })
    const single = (pointer: string, auth = token, amount = 10) => place({ list_bets: [pointer], amount }, auth)
    await at(2.09)
    expectShape('coupon place', [await single(x.pointer(2.19))], 'place-error-501-odds-decreased')
    await at(2.39)
    expectShape('coupon place', [await single(x.pointer(2.19))], 'place-error-501-odds-increased')
    await at(2.19)
    expectShape('coupon place', [await single(`line#${x.game}#${x.groupId}#99999#0#2.19`)], 'place-error-502-outcome-unavailable')
    await control(`/matches/${x.game}/block`, { ...ref, blocked: true })
    expectShape('coupon place', [await single(x.pointer(2.19))], 'place-error-503-outcome-blocked')
    await control(`/matches/${x.game}/block`, { ...ref, blocked: false })
    const small = (await call('POST', '/api/partner/login', { username: 'small', password: 'demo' })).json.body.token
    const poor = await single(x.pointer(2.19), small, 1000)
    expectShape('coupon place', [poor], 'place-error-507-insufficient-balance')
    expect('body' in poor.json, 'a 507 comes without a body, as production sends it').toBe(false)
  })

  it("settlement callback: the vendor's progressive update of an accumulator (one bet won at odds 2, one open)", async () => {
    const [, , a, b] = await lineMatches()
    const first = outcomeOf(a, 1)
    const second = outcomeOf(b, 1)
    await control(`/matches/${first.game}/odds`, { groupId: first.groupId, typeId: first.typeId, param: first.param, rate: 2 })
    await control(`/matches/${second.game}/odds`, { groupId: second.groupId, typeId: second.typeId, param: second.param, rate: 1.64 })
    const placed = await place({ list_bets: [first.pointer(2), second.pointer(1.64)], amount: 10, multi: false, callback_url: hookUrl })
    expect(placed.json.code, placed.text).toBe(1)
    await control(`/matches/${first.game}/finish`, { score: [2, 1] })
    await sim.coupons.whenCallbacksIdle()
    expect(received, 'one progressive update').toHaveLength(1)
    expectCouponShape(compared, 'coupon callback', 'line', received, 'callback-intermediate-accumulator')
    // The partner's captured acknowledgement counts as delivered.
    expect(sim.coupons.deliveries().map((d) => d.outcome)).toEqual(['delivered'])
  })

  it('compared every answer capture this file is for; every allowance but the Live ones is for an endpoint compared here', () => {
    expect([...compared.captures].sort()).toEqual([...ANSWER_CAPTURES].sort())
    expect(uncomparedAllowances(compared, (lineType) => lineType !== 'live')).toEqual([])
  })
})
