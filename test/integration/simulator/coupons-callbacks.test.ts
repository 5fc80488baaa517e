import { createHmac } from 'node:crypto'
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { DEFAULT_CALLBACK_SECRET, type RunningSimulator } from '../../../src-main/core/simulator/server.js'
import { call, control, type Json, footballMatches, login, outcome, pointerOf, startSim, W1, W2 } from './coupons-helpers.js'

/** A partner endpoint on 127.0.0.1 that records every callback and answers as told. */
interface Received {
  headers: IncomingHttpHeaders
  raw: Buffer
  json: Json
}
type Answer = { status: number; body?: string } | 'hang'

let sim: RunningSimulator
let base: string
let token: string
let partner: Server
let partnerUrl: string
let received: Received[] = []
let answers: Answer[] = []
const used = new Set<object>()

beforeAll(async () => {
  sim = await startSim()
  base = sim.couponBaseUrl
  token = await login(sim)
  partner = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (c: Buffer) => chunks.push(c))
    req.on('end', () => {
      const raw = Buffer.concat(chunks)
      received.push({ headers: req.headers, raw, json: JSON.parse(raw.toString('utf8')) })
      const answer = answers.shift() ?? { status: 200 }
      if (answer === 'hang') return
      res.writeHead(answer.status, { 'content-type': 'application/json' })
      res.end(answer.body ?? '')
    })
  })
  await new Promise<void>((r) => partner.listen(0, '127.0.0.1', () => r()))
  partnerUrl = `http://127.0.0.1:${(partner.address() as AddressInfo).port}/hook`
})
afterAll(async () => {
  await sim?.close()
  partner.closeAllConnections()
  await new Promise<void>((r) => partner.close(() => r()))
})
beforeEach(() => {
  received = []
  answers = []
})

/** A fresh prematch football match (the clock jumps hours here, so matches are picked when needed). */
const take = () => {
  const m = footballMatches(sim, 1, 'line', used)[0]
  used.add(m)
  return m
}
async function placeWith(pointers: string[], callback_url: string | undefined = partnerUrl, multi = false) {
  const r = await call(base, 'POST', '/api/partner/coupons/place', { token, body: { list_bets: pointers, amount: 1, multi, callback_url } })
  expect(r.json.code, r.text).toBe(1)
  return r.json.body.coupons as Array<{ coupon_code: string; events_data: Array<{ id: number }> }>
}
const idle = () => sim.coupons.whenCallbacksIdle()
const deliveriesOf = async (batchId: string) =>
  ((await control(sim, 'GET', '/callbacks/deliveries')).json.deliveries as Array<{ batchId: string; attempt: number; outcome: string; status: number | null }>).filter((d) => d.batchId === batchId)

describe('callback delivery', () => {
  it('POSTs a signed coupons.settled batch; signature verifies over the exact bytes', async () => {
    const m = take()
    const [c] = await placeWith([pointerOf(m, outcome(m, 1, W1))])
    await sim.world.finishMatch(m.gameId, [1, 0])
    await idle()
    expect(received).toHaveLength(1)
    const { headers, raw, json } = received[0]
    expect(headers['content-type']).toBe('application/json')
    expect(headers.authorization).toBeUndefined()
    const expected = 'sha256=' + createHmac('sha256', DEFAULT_CALLBACK_SECRET).update(raw).digest('hex')
    expect(headers['x-coupon-signature']).toBe(expected)
    expect(createHmac('sha256', 'wrong').update(raw).digest('hex')).not.toBe(expected.slice(7))
    // Production's payload (../shared/real-captures/coupon/callback-intermediate-accumulator.json), key for key.
    expect(Object.keys(json)).toEqual(['event', 'batchId', 'clientId', 'couponCount', 'coupons'])
    expect(json).toMatchObject({ event: 'coupons.settled', clientId: 17, couponCount: 1 })
    expect(json.batchId).toMatch(/^[0-9a-f]{32}$/)
    const snap = json.coupons[0]
    expect(Object.keys(snap)).toEqual(['coupon_code', 'realWin', 'calculate_coefficient', 'status', 'calculate_date', 'events_data'])
    const o = outcome(m, 1, W1)
    expect(snap).toMatchObject({ coupon_code: c.coupon_code, status: 2, realWin: Math.round(o.rate * 100) / 100, calculate_coefficient: o.rate })
    expect(Math.abs(snap.calculate_date - sim.clock.now())).toBeLessThan(60_000)
    expect(Object.keys(snap.events_data[0])).toEqual(['uuid', 'status', 'calculate_coefficient', 'calculate_date', 'calculate_score', 'settlement_reason_code', 'settlement_reason', 'timer'])
    expect(snap.events_data[0]).toEqual({
      uuid: String(c.events_data[0].id), status: 1, calculate_coefficient: o.rate, calculate_date: snap.calculate_date, calculate_score: '1:0',
      settlement_reason_code: 'AUTOMATIC_SETTLEMENT', settlement_reason: 'Calculated automatically', timer: 0,
    })
    expect(await deliveriesOf(json.batchId)).toMatchObject([{ attempt: 1, outcome: 'delivered', status: 200 }])
  })
  it('an empty callback_url disables the callback', async () => {
    const m = take()
    await placeWith([pointerOf(m, outcome(m, 1, W1))], '')
    await sim.world.finishMatch(m.gameId, [1, 0])
    await idle()
    expect(received).toHaveLength(0)
  })
  it('accumulator: progressive, immediate on the first lost bet, final snapshot; a new batchId each', async () => {
    const [a, b, d] = [take(), take(), take()]
    await placeWith([pointerOf(a, outcome(a, 1, W1)), pointerOf(b, outcome(b, 1, W1)), pointerOf(d, outcome(d, 1, W1))])
    await sim.world.finishMatch(a.gameId, [1, 0])
    await idle()
    await sim.world.finishMatch(b.gameId, [0, 1])
    await idle()
    expect(received.map((r) => r.json.coupons[0].status)).toEqual([0, 4])
    // The intermediate snapshot: no payout yet, the settled bet with its multiplier, the open ones with "" as score.
    const first = received[0].json.coupons[0]
    expect(first).toMatchObject({ realWin: 0, calculate_coefficient: 0, status: 0 })
    expect(first.calculate_date).toEqual(first.events_data[0].calculate_date)
    expect(first.events_data.map((e: Json) => [e.status, e.calculate_score, e.calculate_coefficient, e.settlement_reason_code])).toEqual([
      [1, '1:0', outcome(a, 1, W1).rate, 'AUTOMATIC_SETTLEMENT'], [0, '', null, null], [0, '', null, null],
    ])
    expect(received[1].json.coupons[0]).toMatchObject({ realWin: 0, calculate_coefficient: 0, status: 4 })
    await sim.world.finishMatch(d.gameId, [1, 0])
    await idle()
    expect(received.map((r) => r.json.coupons[0].status)).toEqual([0, 4, 4])
    expect(received.map((r) => r.json.coupons[0].events_data.map((e: { status: number }) => e.status))).toEqual([[1, 0, 0], [1, 2, 0], [1, 2, 1]])
    expect(new Set(received.map((r) => r.json.batchId)).size).toBe(3)
  })
  it('batches hold at most 100 snapshots', async () => {
    const m = take()
    const ptr = pointerOf(m, outcome(m, 1, W2))
    await placeWith(Array.from({ length: 101 }, () => ptr), partnerUrl, true)
    await sim.world.finishMatch(m.gameId, [1, 0])
    await idle()
    expect(received.map((r) => r.json.couponCount).sort()).toEqual([1, 100])
    expect(received.map((r) => r.json.coupons.length).sort()).toEqual([1, 100])
    expect(received[0].json.batchId).not.toBe(received[1].json.batchId)
  })
})

describe('partner answers and retries', () => {
  it('retries 500/502/503/504 after 1, 5, 15, 60 simulated minutes with the same batchId and bytes, then gives up', async () => {
    const m = take()
    await placeWith([pointerOf(m, outcome(m, 1, W1))])
    answers = [{ status: 503 }, { status: 500 }, { status: 502 }, { status: 504 }, { status: 503 }]
    await sim.world.finishMatch(m.gameId, [1, 0])
    await idle()
    expect(received).toHaveLength(1)
    await sim.clock.advance(59_000)
    expect(received).toHaveLength(1)
    await sim.clock.advance(1_000)
    expect(received).toHaveLength(2)
    await sim.clock.advance(5 * 60_000)
    expect(received).toHaveLength(3)
    await sim.clock.advance(15 * 60_000)
    expect(received).toHaveLength(4)
    await sim.clock.advance(60 * 60_000)
    expect(received).toHaveLength(5)
    await sim.clock.advance(3 * 60 * 60_000)
    expect(received).toHaveLength(5)
    expect(new Set(received.map((r) => r.json.batchId)).size).toBe(1)
    expect(new Set(received.map((r) => r.raw.toString('hex'))).size).toBe(1)
    const log = await deliveriesOf(received[0].json.batchId)
    expect(log.map((d) => d.attempt)).toEqual([1, 2, 3, 4, 5])
    expect(log.map((d) => d.outcome)).toEqual(['retry-scheduled', 'retry-scheduled', 'retry-scheduled', 'retry-scheduled', 'gave-up'])
    token = await login(sim)
  })
  it.each([
    [{ status: 401 }],
    [{ status: 403 }],
    [{ status: 202 }],
    [{ status: 204 }],
    [{ status: 200, body: '{"success":false,"processed":1}' }],
    [{ status: 200, body: '{"success":true,"processed":0}' }],
  ])('%o is a final error, never retried', async (answer) => {
    const m = take()
    await placeWith([pointerOf(m, outcome(m, 1, W1))])
    answers = [answer]
    await sim.world.finishMatch(m.gameId, [1, 0])
    await idle()
    await sim.clock.advance(2 * 60_000)
    expect(received).toHaveLength(1)
    expect(await deliveriesOf(received[0].json.batchId)).toMatchObject([{ attempt: 1, outcome: 'final-error', status: answer.status }])
  })
  it('{success:true, processed:couponCount} acknowledges', async () => {
    const m = take()
    await placeWith([pointerOf(m, outcome(m, 1, W1))])
    answers = [{ status: 200, body: '{"success":true,"processed":1}' }]
    await sim.world.finishMatch(m.gameId, [1, 0])
    await idle()
    expect(await deliveriesOf(received[0].json.batchId)).toMatchObject([{ outcome: 'delivered' }])
  })
  it('an attempt times out after 10 s by default', async () => {
    const service = sim.coupons as unknown as { setCallbackTimeoutMs(ms: number): void }
    expect(typeof service.setCallbackTimeoutMs).toBe('function')
    const m = take()
    await placeWith([pointerOf(m, outcome(m, 1, W1))])
    answers = ['hang']
    const started = Date.now()
    await sim.world.finishMatch(m.gameId, [1, 0])
    await idle()
    const waited = Date.now() - started
    expect(waited).toBeGreaterThanOrEqual(9_500)
    expect(waited).toBeLessThan(15_000)
    expect(await deliveriesOf(received[0].json.batchId)).toMatchObject([{ attempt: 1, status: null, outcome: 'retry-scheduled' }])
  }, 30_000)
  it('a timeout is retried', async () => {
    const m = take()
    await placeWith([pointerOf(m, outcome(m, 1, W1))])
    sim.coupons.setCallbackTimeoutMs(150)
    answers = ['hang']
    await sim.world.finishMatch(m.gameId, [1, 0])
    await idle()
    sim.coupons.setCallbackTimeoutMs(5000)
    const batchId = received[0].json.batchId
    expect(await deliveriesOf(batchId)).toMatchObject([{ attempt: 1, status: null, outcome: 'retry-scheduled' }])
    await sim.clock.advance(60_000)
    expect(await deliveriesOf(batchId)).toMatchObject([{ attempt: 1 }, { attempt: 2, outcome: 'delivered' }])
  })
  it('a transport error (nobody listening) is retried', async () => {
    const m = take()
    const gone = createServer()
    await new Promise<void>((r) => gone.listen(0, '127.0.0.1', () => r()))
    const port = (gone.address() as AddressInfo).port
    await new Promise<void>((r) => gone.close(() => r()))
    await placeWith([pointerOf(m, outcome(m, 1, W1))], `http://127.0.0.1:${port}/closed`)
    await sim.world.finishMatch(m.gameId, [1, 0])
    await idle()
    const log = ((await control(sim, 'GET', '/callbacks/deliveries')).json.deliveries as Array<{ url: string; outcome: string; status: null }>).filter((d) => d.url.endsWith('/closed'))
    expect(log).toMatchObject([{ outcome: 'retry-scheduled', status: null }])
  })
})

describe('callback controls', () => {
  it('fail {count} simulates failed deliveries that are retried with the same batchId', async () => {
    const m = take()
    await placeWith([pointerOf(m, outcome(m, 1, W1))])
    expect((await control(sim, 'POST', '/callbacks/fail', { count: 1 })).status).toBe(200)
    await sim.world.finishMatch(m.gameId, [1, 0])
    await idle()
    expect(received).toHaveLength(0)
    await sim.clock.advance(60_000)
    expect(received).toHaveLength(1)
    expect(await deliveriesOf(received[0].json.batchId)).toMatchObject([{ attempt: 1, outcome: 'retry-scheduled', status: null }, { attempt: 2, outcome: 'delivered' }])
  })
  it('fail {untilMs, as:503} fails every attempt until the simulated time', async () => {
    const m = take()
    await placeWith([pointerOf(m, outcome(m, 1, W1))])
    await control(sim, 'POST', '/callbacks/fail', { untilMs: sim.clock.now() + 3 * 60_000, as: '503' })
    await sim.world.finishMatch(m.gameId, [1, 0])
    await idle()
    await sim.clock.advance(60_000)
    expect(received).toHaveLength(0)
    await sim.clock.advance(5 * 60_000)
    expect(received).toHaveLength(1)
    const log = await deliveriesOf(received[0].json.batchId)
    expect(log.map((d) => [d.attempt, d.status, d.outcome])).toEqual([[1, 503, 'retry-scheduled'], [2, 503, 'retry-scheduled'], [3, 200, 'delivered']])
    token = await login(sim)
  })
  it('suppress settles without a callback', async () => {
    const m = take()
    const [c] = await placeWith([pointerOf(m, outcome(m, 1, W1))])
    expect((await control(sim, 'POST', '/callbacks/suppress', { couponCode: c.coupon_code })).json).toMatchObject({ suppressed: true })
    await sim.world.finishMatch(m.gameId, [1, 0])
    await idle()
    expect(received).toHaveLength(0)
    expect((await call(base, 'GET', `/api/partner/coupons/get?coupon_code=${c.coupon_code}`, { token })).json.body.status).toBe(2)
  })
  it('recalculation sends 15/4 at once, then the new statuses with real_win', async () => {
    const m = take()
    const [c] = await placeWith([pointerOf(m, outcome(m, 1, W1))])
    await control(sim, 'POST', `/coupons/${c.coupon_code}/settle`, { result: 'lose' })
    await idle()
    await control(sim, 'POST', `/coupons/${c.coupon_code}/recalculate`, { result: 'win' })
    await idle()
    expect(received.map((r) => [r.json.coupons[0].status, r.json.coupons[0].events_data[0].status])).toEqual([[4, 2], [15, 4]])
    await sim.clock.advance(60_000)
    await idle()
    expect(received).toHaveLength(3)
    const last = received[2].json.coupons[0]
    expect(received.map((r) => r.json.coupons[0].events_data[0].settlement_reason_code)).toEqual(['REMOTE_LOSS', 'RECALCULATION', 'RECALCULATED'])
    expect(received[1].json.coupons[0]).toMatchObject({ realWin: 0, calculate_coefficient: 0 })
    expect(last).toMatchObject({ status: 2, events_data: [{ status: 1 }] })
    expect(last.realWin).toBeGreaterThan(0)
    expect(new Set(received.map((r) => r.json.batchId)).size).toBe(3)
  })
})
