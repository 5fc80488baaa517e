import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { RunningSimulator } from '../../../src-main/core/simulator/server.js'
import { anyPointers, call, control, footballMatches, login, outcome, pointerOf, startSim, W1, W2, X } from './coupons-helpers.js'

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

const place = (body: unknown, t = token, path = '/api/partner/coupons/place') => call(base, 'POST', path, { token: t, body })
const balanceOf = async (username: string) => (await control(sim, 'GET', `/accounts/${username}`)).json.balance as number

describe('successful placement', () => {
  it('creates a single with the full new model and deducts the amount', async () => {
    const [m] = footballMatches(sim, 1)
    const o = outcome(m, 1, W1)
    const before = await balanceOf('demo')
    const r = await place({ list_bets: [pointerOf(m, o)], amount: 10, currency: 'EUR' })
    expect(r.status).toBe(200)
    expect(r.json).toMatchObject({ code: 1, error_code: null, path: '/api/partner/coupons/place' })
    expect(r.json.body.coupons).toHaveLength(1)
    const c = r.json.body.coupons[0]
    expect(c.coupon_code).toMatch(/^\d{12}$/)
    expect(c).toMatchObject({
      amount: 10, win: Math.round(10 * o.rate * 100) / 100, potential_win: Math.round(10 * o.rate * 100) / 100, real_win: null, coef: o.rate,
      original_coef: o.rate, calculate_coef: null, has_return: false, status: 0, asian: false, calculate_date: null, coupon_type: 1, events_count: 1,
    })
    // Production's field set and order (../shared/real-captures/coupon/place-success-single.json).
    expect(Object.keys(c)).toEqual(['coupon_code', 'amount', 'win', 'potential_win', 'real_win', 'coef', 'original_coef', 'calculate_coef', 'has_return', 'date', 'status', 'asian', 'calculate_date', 'coupon_type', 'events_count', 'events_data'])
    const bet = c.events_data[0]
    expect(Object.keys(bet)).toEqual([
      'id', 'game_id', 'main_game_id', 'is_sub_game', 'parent_game_id', 'sub_game_key', 'raw_pointer', 'line_type', 'is_live', 'bet_group_id', 'bet_group_name',
      'bet_id', 'bet_name', 'sport_id', 'sport_name', 'tournament_id', 'tournament', 'event_date', 'status', 'opp1', 'opp2', 'coef', 'calc_coef', 'bet_score',
      'calculate_date', 'calculate_score', 'settlement_reason_code', 'settlement_reason', 'placement_score_full', 'placement_score_periods',
      'calculation_score_full', 'calculation_score_periods', 'timer', 'dop_name', 'rate', 'sgame_id', 'game_num', 'stat_id', 'team1_id', 'team2_id', 'opp_icon1', 'opp_icon2',
    ])
    expect(bet).toMatchObject({
      game_id: m.gameId, main_game_id: m.gameId, is_sub_game: false, parent_game_id: null, sub_game_key: null, raw_pointer: pointerOf(m, o),
      line_type: 'line', is_live: false, bet_group_id: 1, bet_group_name: '1X2', bet_id: W1, bet_name: 'W1', sport_id: 1, sport_name: 'Football',
      tournament_id: m.tournamentId, event_date: m.startMs, status: 0, opp1: m.opp1.en, opp2: m.opp2.en, coef: o.rate, calc_coef: null,
      bet_score: pointerOf(m, o), calculate_date: null, calculate_score: null, settlement_reason_code: null, settlement_reason: null,
      placement_score_full: null, placement_score_periods: null, calculation_score_full: null, calculation_score_periods: null, timer: null,
      dop_name: null, rate: '0', sgame_id: null, game_num: null, stat_id: null, team1_id: m.opp1Id, team2_id: m.opp2Id, opp_icon1: m.opp1Id, opp_icon2: m.opp2Id,
    })
    expect(typeof bet.tournament).toBe('string')
    expect(typeof bet.id).toBe('number')
    expect(await balanceOf('demo')).toBe(before - 10)
  })
  it('accepts a pointer taken from the feed (oc_pointer) with | separators and a trailing slash', async () => {
    const [m] = footballMatches(sim, 2).slice(1)
    const feed = await fetch(`${sim.feedApiUrl}/v1/event/${m.gameId}/group/line/en`, { headers: { Package: 'demo-key' } })
    expect(feed.status).toBe(200)
    const ev = (await feed.json()) as { body: { game_oc_list: Array<{ oc_list: Array<Array<{ oc_pointer: string; oc_rate: number; oc_block: boolean; op_id: number | null }>> }> } }
    const first = ev.body.game_oc_list.flatMap((g) => g.oc_list.flat()).find((x) => !x.oc_block && x.op_id === null)!
    const oc = first.oc_pointer
    const rate = first.oc_rate
    expect(oc).toMatch(/^\d+\|\d+\|\d+\|[-+]?[0-9]+(\.[0-9]+)?([eE][-+]?[0-9]+)?$/)
    const r = await place({ list_bets: [`line|${oc}|${rate}`], amount: 5, lang: 'ru' }, token, '/api/partner/coupons/place/')
    expect(r.json.code).toBe(1)
    expect(r.json.body.coupons[0].events_data[0].sport_name).toBe('Футбол')
  })
  it('an accumulator of several matches is one coupon with the product of the odds', async () => {
    const ms = footballMatches(sim, 5).slice(2, 5)
    const os = ms.map((m) => outcome(m, 1, W2))
    const r = await place({ list_bets: ms.map((m, i) => pointerOf(m, os[i])), amount: 2, multi: false })
    expect(r.json.code).toBe(1)
    const c = r.json.body.coupons[0]
    expect(c).toMatchObject({ coupon_type: 2, events_count: 3, amount: 2 })
    expect(c.coef).toBeCloseTo(os.reduce((a, o) => a * o.rate, 1), 1)
  })
  it('places text parameters verbatim: handicaps, encoded correct scores, exponent spellings, player outcomes', async () => {
    const ms = footballMatches(sim, 16).slice(12, 16)
    const pick = (m: (typeof ms)[number], test: (o: (typeof m.markets)[number]['outcomes'][number]) => boolean) => m.markets.flatMap((x) => x.outcomes).find((o) => !o.blocked && !o.withdrawn && test(o))!
    const picked = [
      [ms[0], pick(ms[0], (o) => o.typeId === 7 && o.param.includes('.'))],
      [ms[1], pick(ms[1], (o) => o.typeId === 731 && o.param.includes('.00'))],
      [ms[2], pick(ms[2], (o) => o.param === '1.0E-4')],
      [ms[3], pick(ms[3], (o) => o.playerId !== null)],
    ] as const
    const r = await place({ list_bets: picked.map(([m, o]) => pointerOf(m, o)), amount: 1, multi: true })
    expect(r.json.code, JSON.stringify(r.json)).toBe(1)
    expect(r.json.body.coupons.map((c: { events_data: Array<{ rate: string }> }) => c.events_data[0].rate)).toEqual(picked.map(([, o]) => o.param))
    // The same number spelled differently is another outcome: production matches the text.
    const [m, o] = picked[0]
    const respelled = pointerOf(m, o).replace(`#${o.param}#`, `#${o.param}0#`)
    expect((await place({ list_bets: [respelled], amount: 1 })).json.error_code).toBe(502)
    // A player outcome without its player id is not the same outcome.
    const [pm, po] = picked[3]
    expect((await place({ list_bets: [pointerOf(pm, po).replace(/#\d+$/, '')], amount: 1 })).json.error_code).toBe(502)
  })
  it('multi=true creates one single per pointer and deducts the amount per coupon', async () => {
    const ptrs = anyPointers(sim, 3)
    const before = await balanceOf('demo')
    const r = await place({ list_bets: ptrs, amount: 7, multi: true })
    expect(r.json.body.coupons).toHaveLength(3)
    expect(new Set(r.json.body.coupons.map((c: { coupon_code: string }) => c.coupon_code)).size).toBe(3)
    expect(await balanceOf('demo')).toBe(before - 21)
  })
  it('v3 alias places in the new format with its own path', async () => {
    const r = await place({ list_bets: anyPointers(sim, 1), amount: 1 }, token, '/api/v3/partner/bet/place')
    expect(r.json).toMatchObject({ code: 1, path: '/api/v3/partner/bet/place' })
    expect(Array.isArray(r.json.body.coupons)).toBe(true)
  })
})

describe('request validation', () => {
  const good = () => ({ list_bets: anyPointers(sim, 1), amount: 1 })
  it('10 for a missing body or list_bets', async () => {
    expect((await call(base, 'POST', '/api/partner/coupons/place', { token })).json).toMatchObject({ code: 0, error_code: 10 })
    expect((await place({ amount: 5 })).json.error_code).toBe(10)
    expect((await place({ list_bets: [], amount: 5 })).json.error_code).toBe(10)
  })
  it('11 for a malformed pointer, 12 for a bad amount', async () => {
    expect((await place({ ...good(), list_bets: ['line#1#2'] })).json.error_code).toBe(11)
    expect((await place({ ...good(), list_bets: ['W1 Arsenal'] })).json.error_code).toBe(11)
    expect((await place({ ...good(), amount: 0 })).json.error_code).toBe(12)
    expect((await place({ ...good(), amount: -3 })).json.error_code).toBe(12)
    expect((await place({ ...good(), amount: '5' })).json.error_code).toBe(12)
    expect((await place({ list_bets: good().list_bets })).json.error_code).toBe(12)
  })
  it('400 for malformed JSON and incompatible types', async () => {
    expect((await call(base, 'POST', '/api/partner/coupons/place', { token, raw: '{"list_bets": [' })).status).toBe(400)
    expect((await place({ ...good(), multi: 'true' })).status).toBe(400)
    expect((await place({ ...good(), list_bets: 'line#1#1#1#0#1.5' })).status).toBe(400)
    expect((await place({ ...good(), list_bets: [123] })).status).toBe(400)
  })
  it('nothing is created by a rejected request', async () => {
    const before = (await control(sim, 'GET', '/coupons?username=demo')).json.coupons.length
    await place({ ...good(), amount: 0 })
    expect((await control(sim, 'GET', '/coupons?username=demo')).json.coupons.length).toBe(before)
  })
})

describe('outcome validation against the world', () => {
  it('501 rejected with change_type 1/2 on changed odds; mode accept with mode_type 1 higher only, 2 lower only, 3 both', async () => {
    const [, , , , , m] = footballMatches(sim, 6)
    const o = outcome(m, 1, W1)
    const below = Math.round((o.rate - 0.1) * 1000) / 1000
    const above = Math.round((o.rate + 1) * 1000) / 1000
    const up = await place({ list_bets: [pointerOf(m, o, below)], amount: 1 })
    expect(up.json).toMatchObject({ code: 0, error_code: 501, error_message: 'Coefficient is change' })
    expect(up.json.body.changes).toEqual([{ game_id: m.gameId, bet_coefficient: below, actual_coefficient: o.rate, change_type: 1, status: 'rejected' }])
    const down = await place({ list_bets: [pointerOf(m, o, above)], amount: 1, mode: 'reject' })
    expect(down.json.body.changes[0]).toMatchObject({ change_type: 2, status: 'rejected' })
    const accept = (coef: number, modeType?: number) => place({ list_bets: [pointerOf(m, o, coef)], amount: 1, mode: 'accept', ...(modeType === undefined ? {} : { mode_type: modeType }) })
    // Odds went down (the pointer says more than the feed).
    expect((await accept(above, 1)).json.error_code).toBe(501)
    expect((await accept(above, 2)).json.code).toBe(1)
    expect((await accept(above, 3)).json.code).toBe(1)
    // Odds went up.
    expect((await accept(below, 2)).json.error_code).toBe(501)
    const higher = await accept(below, 1)
    expect(higher.json.code).toBe(1)
    expect(higher.json.body.coupons[0]).toMatchObject({ coef: o.rate, original_coef: below })
    expect(higher.json.body.coupons[0].events_data[0]).toMatchObject({ coef: o.rate })
    expect((await accept(above)).json.code, 'mode accept without mode_type takes both directions').toBe(1)
  })
  it('502 no_data for an absent outcome or match', async () => {
    const [m] = footballMatches(sim, 1)
    const r = await place({ list_bets: [`line#${m.gameId}#1#999#0#1.5`], amount: 1 })
    expect(r.json).toMatchObject({ code: 0, error_code: 502, error_message: 'Bet outcome is not available' })
    expect(r.json.body.changes[0]).toEqual({ game_id: m.gameId, bet_coefficient: 1.5, actual_coefficient: null, change_type: null, status: 'no_data' })
    expect((await place({ list_bets: ['line#1#1#1#0#1.5'], amount: 1 })).json.error_code).toBe(502)
  })
  it('503 block for a blocked outcome', async () => {
    const [, , , , , , m] = footballMatches(sim, 7)
    const o = outcome(m, 1, X)
    sim.world.setBlocked(m.gameId, 1, X, '0', true)
    const r = await place({ list_bets: [pointerOf(m, o)], amount: 1 })
    sim.world.setBlocked(m.gameId, 1, X, '0', false)
    expect(r.json).toMatchObject({ code: 0, error_code: 503, error_message: 'Bet outcome is blocked' })
    expect(r.json.body.changes[0]).toEqual({ game_id: m.gameId, bet_coefficient: o.rate, actual_coefficient: null, change_type: null, status: 'block' })
  })
  it('504 error for a line type mismatch, a started (moved) and a finished match', async () => {
    const ms = footballMatches(sim, 10).slice(7, 10)
    const mismatch = await place({ list_bets: [pointerOf(ms[0], outcome(ms[0], 1, W1)).replace(/^line/, 'live')], amount: 1 })
    expect(mismatch.json).toMatchObject({ error_code: 504 })
    expect(mismatch.json.body.changes[0]).toMatchObject({ status: 'error', change_type: null })
    const movedPtr = pointerOf(ms[1], outcome(ms[1], 1, W1))
    sim.world.startMatch(ms[1].gameId)
    expect((await place({ list_bets: [movedPtr], amount: 1 })).json.error_code).toBe(504)
    const finishedPtr = pointerOf(ms[2], outcome(ms[2], 1, W1))
    await sim.world.finishMatch(ms[2].gameId, [1, 0])
    expect((await place({ list_bets: [finishedPtr], amount: 1 })).json.error_code).toBe(504)
  })
  it('every failing pointer gets a change record; the first failure sets error_code', async () => {
    const [a, b] = footballMatches(sim, 12).slice(10, 12)
    const r = await place({ list_bets: [`line#${a.gameId}#1#999#0#1.5`, pointerOf(b, outcome(b, 1, W1), 99)], amount: 1, multi: true })
    expect(r.json.error_code).toBe(502)
    expect(r.json.body.changes.map((c: { status: string }) => c.status)).toEqual(['no_data', 'rejected'])
  })
})

describe('accumulator rules and atomicity', () => {
  it('506 for two bets of one match tree (main + sub-game or the same match twice)', async () => {
    const main = sim.world.matches('line').find((m) => m.mainGameId === null && m.subGameIds.length > 0 && m.markets.length > 0)!
    const sub = sim.world.getMatch(main.subGameIds[0], 'line')!
    const mo = main.markets[0].outcomes.find((o) => !o.blocked && !o.withdrawn)!
    const so = sub.markets.flatMap((x) => x.outcomes).find((o) => !o.blocked && !o.withdrawn)!
    const r = await place({ list_bets: [pointerOf(main, mo), pointerOf(sub, so)], amount: 1 })
    expect(r.json).toMatchObject({ code: 0, error_code: 506 })
    const [m] = footballMatches(sim, 1)
    expect((await place({ list_bets: [pointerOf(m, outcome(m, 1, W1)), pointerOf(m, outcome(m, 1, X))], amount: 1 })).json.error_code).toBe(506)
    // The same pointers as singles are fine.
    const singles = await place({ list_bets: [pointerOf(main, mo), pointerOf(sub, so)], amount: 1, multi: true })
    expect(singles.json.code).toBe(1)
    expect(singles.json.body.coupons[1].events_data[0]).toMatchObject({
      is_sub_game: true, parent_game_id: main.gameId, main_game_id: main.gameId, dop_name: sub.dopName.en, opp1: main.opp1.en, opp2: main.opp2.en,
    })
  })
  it('more than 15 events in an accumulator → 1002; 15 are allowed', async () => {
    const ptrs = anyPointers(sim, 16)
    expect((await place({ list_bets: ptrs, amount: 1 })).json).toMatchObject({ code: 0, error_code: 1002 })
    expect((await place({ list_bets: ptrs.slice(0, 15), amount: 1 })).json.code).toBe(1)
  })
  it('507 when the balance does not cover ALL coupons: nothing created, balance unchanged', async () => {
    const small = await login(sim, 'small')
    const ptrs = anyPointers(sim, 3)
    const r = await place({ list_bets: ptrs, amount: 10, multi: true }, small)
    expect(r.json).toMatchObject({ code: 0, error_code: 507, error_message: 'Insufficient balance' })
    expect('body' in r.json, 'production sends 507 without a body key').toBe(false)
    expect(await balanceOf('small')).toBe(20)
    expect((await control(sim, 'GET', '/coupons?username=small')).json.coupons).toHaveLength(0)
    expect((await call(base, 'GET', '/api/partner/coupons/active', { token: small })).json.body).toEqual([])
    const ok = await place({ list_bets: ptrs.slice(0, 2), amount: 10, multi: true }, small)
    expect(ok.json.body.coupons).toHaveLength(2)
    expect(await balanceOf('small')).toBe(0)
  })
})

describe('legacy /bet/place', () => {
  const legacyPlace = (body: unknown, t = token) => call(base, 'POST', '/bet/place', { token: t, body })
  it('requires lang, mode, multi (505) and answers success with a direct array of legacy coupons', async () => {
    const ptr = anyPointers(sim, 1)
    expect((await legacyPlace({ list_bets: ptr, amount: 1 })).json).toMatchObject({ code: 0, error_code: 505 })
    expect((await legacyPlace({ list_bets: ['bad'], amount: 1, lang: 'en', mode: 'reject', multi: false })).json.error_code).toBe(505)
    expect((await call(base, 'POST', '/bet/place', { token, raw: '{' })).json.error_code).toBe(505)
    const r = await legacyPlace({ list_bets: ptr, amount: 1, lang: 'en', mode: 'reject', multi: false })
    expect(Object.keys(r.json).sort()).toEqual(['body', 'code', 'date', 'error_code', 'error_message'])
    expect(Array.isArray(r.json.body)).toBe(true)
    const c = r.json.body[0]
    expect(c).toMatchObject({ amount: 1, status: 0, calculate_date: null, events_count: 1 })
    expect(typeof c.win).toBe('number')
    expect(c.potential_win).toBeUndefined()
    expect(typeof c.events_data[0].uuid).toBe('string')
    expect(c.events_data[0]).toHaveProperty('calc_coef', null)
  })
  it('feed failures are 501 with a direct array of change records; 506; 507; bad JWT 1003', async () => {
    const [m] = footballMatches(sim, 1)
    const flags = { lang: 'en', mode: 'reject', multi: false }
    const r = await legacyPlace({ list_bets: [`line#${m.gameId}#1#999#0#1.5`], amount: 1, ...flags })
    expect(r.json).toMatchObject({ code: 0, error_code: 501 })
    expect(r.json.body).toEqual([{ game_id: m.gameId, bet_coefficient: 1.5, actual_coefficient: null, change_type: null, status: 'no_data' }])
    expect((await legacyPlace({ list_bets: [pointerOf(m, outcome(m, 1, W1)), pointerOf(m, outcome(m, 1, W2))], amount: 1, ...flags })).json.error_code).toBe(506)
    await control(sim, 'POST', '/accounts/small/balance', { balance: 3 })
    const small = await login(sim, 'small')
    expect((await legacyPlace({ list_bets: anyPointers(sim, 1), amount: 5, ...flags }, small)).json.error_code).toBe(507)
    expect(await balanceOf('small')).toBe(3)
    const bad = await legacyPlace({ list_bets: anyPointers(sim, 1), amount: 5, ...flags }, 'x.y.z')
    expect(bad.json).toMatchObject({ code: 0, body: false, error_code: 1003 })
  })
})
