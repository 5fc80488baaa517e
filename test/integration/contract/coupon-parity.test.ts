import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startSimulator, type RunningSimulator } from '../../../src-main/core/simulator/server.js'
import { captureJson, haveCaptures, skipMessage } from '../../support/captures.js'
import { parityDifferences, type Allowance } from './parity.js'

/**
 * The simulated coupon service answers with production's shapes: every Coupon API capture (envelopes,
 * coupons, bets, change records, errors) and the vendor's settlement callback are compared, keys and
 * value types, with what the simulator sends for the same request.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = any

const HAVE = haveCaptures('coupon')
if (!HAVE) console.warn(skipMessage('coupon'))

/** What the captured coupons (prematch, unsettled or won) cannot show but production sends (notes). */
const COUPON_ALLOWANCES: Allowance[] = [
  { path: '*.real_win', kinds: ['null', 'number'], why: 'null until settled (notes)' },
  { path: '*.calculate_date', kinds: ['null', 'number'], why: 'null until settled (spec rule 2)' },
  { path: '*.calculate_coef', kinds: ['null', 'number'], why: 'null until settled' },
  { path: '*.calc_coef', kinds: ['null', 'number'], why: 'null until settled' },
  { path: '*.calculate_score', kinds: ['null', 'string'], why: 'null until settled' },
  { path: '*.settlement_reason_code', kinds: ['null', 'string'], why: 'null until settled' },
  { path: '*.settlement_reason', kinds: ['null', 'string'], why: 'null until settled' },
  { path: '*.calculation_score_full', kinds: ['null', 'string'], why: 'null until settled' },
  { path: '*.calculation_score_periods', kinds: ['null', 'string'], why: 'per-period score when the sport has periods' },
  { path: '*.placement_score_full', kinds: ['null', 'string'], why: 'live bets carry the score at acceptance' },
  { path: '*.placement_score_periods', kinds: ['null', 'string'], why: 'live bets carry the period scores at acceptance' },
  { path: '*.parent_game_id', kinds: ['null', 'number'], why: 'set for sub-match bets' },
  { path: '*.sub_game_key', kinds: ['null', 'string'], why: 'set for sub-match bets' },
  { path: '*.timer', kinds: ['null', 'number'], why: 'live bets carry the match timer' },
  { path: '*.dop_name', kinds: ['null', 'string'], why: 'sub-match or player name when there is one' },
  { path: '*.sgame_id', kinds: ['null', 'string'], why: 'the feed ids when known' },
  { path: '*.stat_id', kinds: ['null', 'string'], why: 'the feed ids when known' },
  { path: '*.game_num', kinds: ['null', 'number'], why: 'legacy number when known' },
]

describe.skipIf(!HAVE)("simulated coupon service vs the vendor's captures: same keys, same value types", () => {
  let sim: RunningSimulator
  let hook: Server
  let hookUrl = ''
  const received: Json[] = []
  let token = ''

  const call = async (method: string, path: string, body?: unknown, auth = token): Promise<Json> => {
    const headers: Record<string, string> = { accept: 'application/json' }
    if (body !== undefined) headers['content-type'] = 'application/json'
    if (auth) headers.authorization = `Bearer ${auth}`
    const res = await fetch(`${sim.couponBaseUrl}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) })
    return res.json()
  }
  const control = (path: string, body?: unknown) => call('POST', `/__sim${path}`, body ?? {}, '')
  const expectParity = (simulator: Json[], capture: string, allowances: Allowance[] = COUPON_ALLOWANCES) =>
    expect(parityDifferences(simulator, [captureJson('coupon', capture)], allowances), capture).toEqual([])

  /** 1X2 outcomes (group 1) of open Prematch football matches, by type: W1 = 1, X = 2, W2 = 3. */
  const lineMatches = async (): Promise<Json[]> => {
    const res = await fetch(`${sim.feedApiUrl}/v1/events/1/0/sub/50/line/en`, { headers: { Package: 'demo-key' } })
    return ((await res.json()) as Json).body.flatMap((t: Json) => t.events_list).filter((m: Json) => m.game_mid === m.game_id && m.opp_1_name !== 'Home')
  }
  const pointerOf = (match: Json, typeId: number): { pointer: string; rate: number } => {
    const o = match.game_oc_list.flatMap((g: Json) => g.oc_list).find((x: Json) => x.oc_pointer.split('|')[2] === String(typeId) && !x.oc_block)
    const [game, group, type, param] = o.oc_pointer.split('|')
    return { pointer: `line#${game}#${group}#${type}#${param}#${o.oc_rate}`, rate: o.oc_rate }
  }

  beforeAll(async () => {
    sim = await startSimulator({ port: 0, clockTickMs: 0, timeScale: 0, seed: 3, variations: 'none' })
    hook = createServer((req, res) => {
      const chunks: Buffer[] = []
      req.on('data', (c: Buffer) => chunks.push(c))
      req.on('end', () => {
        received.push(JSON.parse(Buffer.concat(chunks).toString('utf8')))
        res.writeHead(200).end()
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
    expectParity([await call('GET', '/api/partner/health', undefined, '')], 'health.json')
    expectParity([await call('POST', '/api/partner/login', { username: 'demo', password: 'wrong' }, '')], 'login-wrong-credentials.json')
    const login = await call('POST', '/api/partner/login', { username: 'demo', password: 'demo' }, '')
    expectParity([login], 'login-success.json')
    token = login.body.token
  })

  it('balance, empty active and calculated lists', async () => {
    expectParity([await call('GET', '/api/partner/balance')], 'balance.json')
    expectParity([await call('GET', '/api/partner/coupons/active')], 'active-empty.json')
    expectParity([await call('GET', '/api/partner/coupons/calculated?time=120')], 'calculated-empty.json')
  })

  it('placement, active list, won coupon, settled list and results', async () => {
    const [match] = await lineMatches()
    const { pointer } = pointerOf(match, 1)
    const placed = await call('POST', '/api/partner/coupons/place', { list_bets: [pointer], amount: 10, currency: 'USD', lang: 'en', mode: 'reject', multi: false })
    expectParity([placed], 'place-success-single.json')
    const code = placed.body.coupons[0].coupon_code as string
    expectParity([await call('GET', '/api/partner/coupons/active')], 'active.json')
    await control(`/matches/${match.game_id}/finish`, { score: [2, 0] }) // W1 wins, as the real settlement does it
    expectParity([await call('GET', `/api/partner/coupons/get?coupon_code=${code}`)], 'get-won.json')
    expectParity([await call('GET', '/api/partner/coupons/calculated?time=120')], 'calculated-settled.json')
    expectParity([await call('POST', '/api/partner/coupons/results', { coupon_ids: [code] })], 'results-by-ids.json')
    expectParity([await call('POST', '/api/partner/coupons/results', { coupon_ids: ['000000009999'] })], 'results-empty.json')
    expectParity([await call('POST', '/api/partner/coupons/results', { coupon_ids: [code], start_date: 1, end_date: 2 })], 'results-invalid-parameters.json')
    expectParity([await call('GET', '/api/partner/coupons/get?coupon_code=000000009999')], 'get-not-found.json')
  })

  it('rejected placements: odds changed both ways, outcome unavailable, blocked, insufficient balance', async () => {
    const [, match] = await lineMatches()
    const { pointer, rate } = pointerOf(match, 2)
    const [, game, group, type, param] = pointer.split('#')
    const at = (rate: number) => control(`/matches/${game}/odds`, { groupId: Number(group), typeId: Number(type), param, rate })
    const place = (p: string, auth = token) => call('POST', '/api/partner/coupons/place', { list_bets: [p], amount: 10 }, auth)
    await at(Number((rate - 0.1).toFixed(2)))
    expectParity([await place(pointer)], 'place-error-501-odds-decreased.json')
    await at(Number((rate + 0.1).toFixed(2)))
    expectParity([await place(pointer)], 'place-error-501-odds-increased.json')
    await at(rate)
    expectParity([await place(`line#${game}#${group}#99999#0#1.5`)], 'place-error-502-outcome-unavailable.json')
    await control(`/matches/${game}/block`, { groupId: Number(group), typeId: Number(type), param, blocked: true })
    expectParity([await place(pointer)], 'place-error-503-outcome-blocked.json')
    await control(`/matches/${game}/block`, { groupId: Number(group), typeId: Number(type), param, blocked: false })
    const small = (await call('POST', '/api/partner/login', { username: 'small', password: 'demo' }, '')).body.token
    const poor = await call('POST', '/api/partner/coupons/place', { list_bets: [pointer], amount: 1000 }, small)
    expectParity([poor], 'place-error-507-insufficient-balance.json')
    expect('body' in poor, 'a 507 comes without a body, as production sends it').toBe(false)
  })

  it("settlement callbacks: the vendor's payload shape (a progressive update and a final snapshot)", async () => {
    const [, , a, b] = await lineMatches()
    const first = pointerOf(a, 1).pointer
    const second = pointerOf(b, 1).pointer
    const placed = await call('POST', '/api/partner/coupons/place', { list_bets: [first, second], amount: 10, multi: false, callback_url: hookUrl })
    expect(placed.code, JSON.stringify(placed)).toBe(1)
    await control(`/matches/${a.game_id}/finish`, { score: [2, 0] })
    const deadline = Date.now() + 5000
    while (received.length < 1 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50))
    await control(`/matches/${b.game_id}/finish`, { score: [3, 1] })
    while (received.length < 2 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50))
    expect(received.length, 'a progressive update, then the final snapshot').toBeGreaterThanOrEqual(2)
    expect(received[0].coupons[0].status).toBe(0)
    expect(received[0].coupons[0].realWin).toBe(0)
    expectParity(received, 'callback-intermediate-accumulator.json', [
      { path: 'coupons[].events_data[].settlement_reason_code', kinds: ['string', 'null'], why: 'null while the bet is open' },
      { path: 'coupons[].events_data[].settlement_reason', kinds: ['string', 'null'], why: 'null while the bet is open' },
    ])
  })
})
