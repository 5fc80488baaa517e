import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startSimulator, type RunningSimulator } from '../../../src-main/core/simulator/server.js'
import { call, control, type Json } from './coupons-helpers.js'

/** Controls that make a pointer or credentials from elsewhere (the vendor's examples) work against the simulator. */
let sim: RunningSimulator
beforeAll(async () => {
  sim = await startSimulator({ port: 0, clockTickMs: 0, timeScale: 1, seed: 4, matches: 60, variations: 'none' })
})
afterAll(() => sim?.close())

const event = async (id: number, type: 'line' | 'live'): Promise<Json> =>
  (await (await fetch(`${sim.feedApiUrl}/v1/event/${id}/group/${type}/en`, { headers: { Package: 'demo-key' } })).json()) as Json
const outcomesOf = (body: Json): Json[] => body.game_oc_list.flatMap((g: Json) => g.oc_list.flat())

describe('POST /__sim/matches/seed', () => {
  it('serves a Prematch match under the given id, with the outcomes named open at their odds', async () => {
    const r = await control(sim, 'POST', '/matches/seed', {
      gameId: 737779544, lineType: 'line',
      outcomes: [{ groupId: 1, typeId: 1, param: '0', rate: 1.85 }, { groupId: 8, typeId: 6, param: '2.5', rate: 1.64 }],
    })
    expect(r.status).toBe(200)
    expect(r.json).toMatchObject({ gameId: 737779544, lineType: 'line', sportId: 1 })
    const body = (await event(737779544, 'line')).body
    expect(body.game_id).toBe(737779544)
    const byPointer = new Map(outcomesOf(body).map((o) => [o.oc_pointer, o]))
    expect(byPointer.get('737779544|1|1|0')).toMatchObject({ oc_rate: 1.85, oc_block: false })
    expect(byPointer.get('737779544|8|6|2.5')).toMatchObject({ oc_rate: 1.64, oc_block: false, oc_size: '2.5' })
  })

  it('serves a Live match with a player outcome whose odds hold while the match is re-priced', async () => {
    const seed = { gameId: 738917381, lineType: 'live', outcomes: [{ groupId: 119, typeId: 5869, param: '0.5', rate: 3.6, playerId: 149439538 }] }
    expect((await control(sim, 'POST', '/matches/seed', seed)).status).toBe(200)
    await sim.clock.advance(5 * 60_000)
    const player = outcomesOf((await event(738917381, 'live')).body).find((o) => o.op_id === 149439538)
    expect(player).toMatchObject({ oc_pointer: '738917381|119|5869|0.5', oc_rate: 3.6 })
  })

  it('refuses an id already used, an unknown sport and a malformed outcome', async () => {
    expect((await control(sim, 'POST', '/matches/seed', { gameId: 737779544, lineType: 'line', outcomes: [] })).status).toBe(409)
    expect((await control(sim, 'POST', '/matches/seed', { gameId: 5, lineType: 'line', sportId: 999, outcomes: [] })).status).toBe(400)
    expect((await control(sim, 'POST', '/matches/seed', { gameId: 6, lineType: 'line', outcomes: [{ groupId: 1, typeId: 1, param: 'x', rate: 2 }] })).status).toBe(400)
  })
})

describe('POST /__sim/accounts/{username}', () => {
  it('creates an account that signs in and places on a seeded match; an existing one takes a new balance', async () => {
    expect((await control(sim, 'POST', '/accounts/partner-demo', { balance: 50 })).status).toBe(400)
    const created = await control(sim, 'POST', '/accounts/partner-demo', { password: 'strong-password' })
    expect(created.json).toMatchObject({ username: 'partner-demo', balance: 10000, state: 'active' })
    const login = await call(sim.couponBaseUrl, 'POST', '/api/partner/login', { body: { username: 'partner-demo', password: 'strong-password' } })
    expect(login.json).toMatchObject({ code: 1, body: { username: 'partner-demo' } })
    const placed = await call(sim.couponBaseUrl, 'POST', '/api/partner/coupons/place', { token: login.json.body.token, body: { list_bets: ['line#737779544#1#1#0#1.85'], amount: 10 } })
    expect(placed.json).toMatchObject({ code: 1, body: { coupons: [{ coef: 1.85, events_data: [{ game_id: 737779544 }] }] } })
    expect((await control(sim, 'POST', '/accounts/partner-demo', { balance: 5 })).json).toMatchObject({ balance: 5 })
  })
})
