import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { RunningSimulator } from '../../../src-main/core/simulator/server.js'
import { call, control, footballMatches, login, outcome, pointerOf, startSim, W1, W2, X } from './coupons-helpers.js'

let sim: RunningSimulator
let base: string
let token: string
let pool: ReturnType<typeof footballMatches>
beforeAll(async () => {
  sim = await startSim()
  base = sim.couponBaseUrl
  token = await login(sim)
  pool = footballMatches(sim, 20)
})
afterAll(async () => {
  await sim?.close()
})

const take = () => pool.shift()!
const balance = async () => (await control(sim, 'GET', '/accounts/demo')).json.balance as number
async function placeOne(pointers: string[], amount = 10) {
  const r = await call(base, 'POST', '/api/partner/coupons/place', { token, body: { list_bets: pointers, amount } })
  expect(r.json.code, r.text).toBe(1)
  return r.json.body.coupons[0] as { coupon_code: string; coef: number; events_data: Array<{ id: number }> }
}
async function read(code: string) {
  return (await call(base, 'GET', `/api/partner/coupons/get?coupon_code=${code}`, { token })).json.body
}

describe('settlement by match results on the simulated clock', () => {
  it('a won single: coupon 2, bet 1, real_win credited, dates and score set', async () => {
    const m = take()
    const o = outcome(m, 1, W1)
    const c = await placeOne([pointerOf(m, o)])
    const before = await balance()
    await sim.world.finishMatch(m.gameId, [2, 0])
    const after = await read(c.coupon_code)
    const realWin = Math.round(10 * o.rate * 100) / 100
    expect(after).toMatchObject({ status: 2, win: realWin, real_win: realWin, calculate_coef: o.rate, has_return: false })
    expect(after.calculate_date).toBeGreaterThan(0)
    expect(after.events_data[0]).toMatchObject({
      status: 1, calc_coef: o.rate, calculate_score: '2:0', calculation_score_full: '2:0', settlement_reason_code: 'AUTOMATIC_SETTLEMENT', settlement_reason: 'Calculated automatically',
    })
    expect(after.events_data[0].calculate_date).toBe(after.calculate_date)
    expect(await balance()).toBeCloseTo(before + after.real_win, 2)
  })
  it('a lost single: coupon 4, bet 2, nothing credited', async () => {
    const m = take()
    const c = await placeOne([pointerOf(m, outcome(m, 1, W2))])
    const before = await balance()
    await sim.world.finishMatch(m.gameId, [2, 0])
    expect(await read(c.coupon_code)).toMatchObject({ status: 4, real_win: 0, calculate_coef: 0, events_data: [{ status: 2, calc_coef: 0 }] })
    expect(await balance()).toBe(before)
  })
  it('a cancelled match returns its bets (void, reason EVENT_CANCELLED, no score)', async () => {
    const m = take()
    const c = await placeOne([pointerOf(m, outcome(m, 1, W1))])
    const before = await balance()
    expect((await control(sim, 'POST', `/matches/${m.gameId}/cancel`)).status).toBe(200)
    const after = await read(c.coupon_code)
    expect(after).toMatchObject({ status: 8, real_win: 10, has_return: true, events_data: [{ status: 3, calc_coef: 1, calculate_score: null, settlement_reason_code: 'EVENT_CANCELLED' }] })
    expect(await balance()).toBeCloseTo(before + 10, 2)
  })
  it('a live bet carries the score, periods and timer at acceptance; settlement adds the final periods', async () => {
    // A football match that has been live for a while when the simulator starts (no clock jump: other tests keep their matches).
    const live = sim.world.matches('live').find((x) => x.sportId === 1 && x.mainGameId === null && x.timerSec > 600)!
    const liveId = live.gameId
    const o = live.markets[0].outcomes.find((x) => !x.blocked && !x.withdrawn)!
    const c = await placeOne([pointerOf(live, o)])
    const bet = (await read(c.coupon_code)).events_data[0]
    expect(bet).toMatchObject({ line_type: 'live', is_live: true, placement_score_full: `${live.score1}:${live.score2}` })
    expect(bet.placement_score_periods).toMatch(/^\d+:\d+(;\d+:\d+)*$/)
    expect(bet.timer).toBeGreaterThan(600)
    await sim.world.finishMatch(liveId, [live.score1 + 2, live.score2 + 1])
    const settled = (await read(c.coupon_code)).events_data[0]
    const final = `${live.score1}:${live.score2}`
    expect(settled).toMatchObject({ calculate_score: final, calculation_score_full: final })
    const periods = (settled.calculation_score_periods as string).split(';').map((p) => p.split(':').map(Number))
    expect(periods.reduce((acc, [a, b]) => [acc[0] + a, acc[1] + b], [0, 0]), 'the periods add up to the final score').toEqual([live.score1, live.score2])
  })
  it('a bet placed prematch settles after the match went live under a new id', async () => {
    const m = take()
    const prematchId = m.gameId
    const c = await placeOne([pointerOf(m, outcome(m, 1, X))])
    const liveId = sim.world.startMatch(prematchId)!
    expect(liveId).not.toBe(prematchId)
    await sim.world.finishMatch(liveId, [1, 1])
    expect(await read(c.coupon_code)).toMatchObject({ status: 2, events_data: [{ status: 1, game_id: prematchId }] })
  })
  it('accumulator: open after a won bet, lost (4) at once on the first lost bet, final once all settled', async () => {
    const [a, b, d] = [take(), take(), take()]
    const c = await placeOne([pointerOf(a, outcome(a, 1, W1)), pointerOf(b, outcome(b, 1, W1)), pointerOf(d, outcome(d, 1, W1))])
    await sim.world.finishMatch(a.gameId, [1, 0])
    expect(await read(c.coupon_code)).toMatchObject({ status: 0, real_win: null, calculate_coef: null, calculate_date: null, events_data: [{ status: 1 }, { status: 0 }, { status: 0 }] })
    await sim.world.finishMatch(b.gameId, [0, 3])
    const lost = await read(c.coupon_code)
    expect(lost).toMatchObject({ status: 4, real_win: 0, events_data: [{ status: 1 }, { status: 2 }, { status: 0 }] })
    expect(lost.calculate_date).not.toBeNull()
    expect((await call(base, 'GET', '/api/partner/coupons/active', { token })).json.body.map((x: { coupon_code: string }) => x.coupon_code)).not.toContain(c.coupon_code)
    await sim.world.finishMatch(d.gameId, [1, 0])
    expect(await read(c.coupon_code)).toMatchObject({ status: 4, events_data: [{ status: 1 }, { status: 2 }, { status: 1 }] })
  })
  it('accumulator winnings multiply the settlement multipliers', async () => {
    const [a, b] = [take(), take()]
    const oa = outcome(a, 1, W1)
    const ob = outcome(b, 1, W1)
    const c = await placeOne([pointerOf(a, oa), pointerOf(b, ob)], 10)
    await sim.world.finishMatch(a.gameId, [1, 0])
    await control(sim, 'POST', `/coupons/${c.coupon_code}/settle`, { result: 'half_win' })
    const r = await read(c.coupon_code)
    const half = Math.round(((1 + ob.rate) / 2) * 100) / 100
    expect(r.events_data[1]).toMatchObject({ status: 21, calc_coef: half, settlement_reason_code: 'REMOTE_HALF_WIN', settlement_reason: 'Half win' })
    expect(r).toMatchObject({ status: 2 })
    expect(r.real_win).toBeCloseTo(10 * oa.rate * half, 1)
  })
})

describe('operator settlement control', () => {
  it.each([
    ['win', 1, 2],
    ['lose', 2, 4],
    ['return', 3, 8],
    ['push', 23, 8],
    ['half_lose', 22, 2],
  ])('result %s → bet %i, coupon %i', async (result, betStatus, couponStatus) => {
    const m = take()
    const o = outcome(m, 1, W1)
    const c = await placeOne([pointerOf(m, o)], 10)
    const before = await balance()
    const r = await control(sim, 'POST', `/coupons/${c.coupon_code}/settle`, { result })
    expect(r.status).toBe(200)
    const after = await read(c.coupon_code)
    expect(after).toMatchObject({ status: couponStatus, events_data: [{ status: betStatus }] })
    const expected = { win: 10 * o.rate, lose: 0, return: 10, push: 10, half_lose: 5 }[result as 'win']
    expect(after.real_win).toBeCloseTo(expected, 2)
    expect(after.has_return).toBe(result === 'return' || result === 'push')
    expect(await balance()).toBeCloseTo(before + expected, 2)
  })
  it('answers 404, 400 and 409 where it cannot settle', async () => {
    expect((await control(sim, 'POST', '/coupons/000000000000/settle', { result: 'win' })).status).toBe(404)
    const m = take()
    const c = await placeOne([pointerOf(m, outcome(m, 1, W1))])
    expect((await control(sim, 'POST', `/coupons/${c.coupon_code}/settle`, { result: 'maybe' })).status).toBe(400)
    expect((await control(sim, 'POST', `/coupons/${c.coupon_code}/recalculate`, { result: 'win' })).status).toBe(409)
    await control(sim, 'POST', `/coupons/${c.coupon_code}/settle`, { result: 'lose' })
    expect((await control(sim, 'POST', `/coupons/${c.coupon_code}/settle`, { result: 'win' })).status).toBe(409)
  })
})

describe('recalculation', () => {
  it('coupon 15 / bets 4 with the credit reversed, then the new result after the simulated delay', async () => {
    const m = take()
    const o = outcome(m, 1, W1)
    const c = await placeOne([pointerOf(m, o)], 10)
    const start = await balance()
    await control(sim, 'POST', `/coupons/${c.coupon_code}/settle`, { result: 'win' })
    expect(await balance()).toBeCloseTo(start + 10 * o.rate, 2)
    const r = await control(sim, 'POST', `/coupons/${c.coupon_code}/recalculate`, { result: 'lose' })
    expect(r.status).toBe(200)
    const pending = await read(c.coupon_code)
    expect(pending).toMatchObject({ status: 15, calculate_date: null, real_win: null, calculate_coef: null, events_data: [{ status: 4, calculate_date: null, settlement_reason_code: 'RECALCULATION' }] })
    expect(await balance()).toBeCloseTo(start, 2)
    expect((await call(base, 'GET', '/api/partner/coupons/active', { token })).json.body.map((x: { coupon_code: string }) => x.coupon_code)).toContain(c.coupon_code)
    await sim.clock.advance(60_000)
    const done = await read(c.coupon_code)
    expect(done).toMatchObject({ status: 4, real_win: 0, events_data: [{ status: 2, settlement_reason_code: 'RECALCULATED' }] })
    expect(done.calculate_date).not.toBeNull()
    expect(await balance()).toBeCloseTo(start, 2)
  })
  it('delayMs 0 recalculates at once and credits the new real_win', async () => {
    const m = take()
    const o = outcome(m, 1, W1)
    const c = await placeOne([pointerOf(m, o)], 10)
    const start = await balance()
    await control(sim, 'POST', `/coupons/${c.coupon_code}/settle`, { result: 'lose' })
    await control(sim, 'POST', `/coupons/${c.coupon_code}/recalculate`, { result: 'return', delayMs: 0 })
    expect(await read(c.coupon_code)).toMatchObject({ status: 8, real_win: 10, events_data: [{ status: 3 }] })
    expect(await balance()).toBeCloseTo(start + 10, 2)
  })
})
