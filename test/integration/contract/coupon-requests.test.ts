import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { RunningSimulator } from '../../../src-main/core/simulator/server.js'
import { captureJson, captureNames, captureText, haveCaptures, skipMessage } from '../../support/captures.js'
import type { Answer } from './answers.js'
import { ANSWER_CAPTURES, couponCalls, expectCouponShape, newCompared, REQUEST_CAPTURES, startGateSimulator, uncomparedAllowances } from './coupon-gate.js'

/**
 * The vendor's own requests, sent byte for byte: the simulator accepts each and answers in the
 * shape of the captured answer. The captured pointers name the vendor's matches; the simulator is
 * told to serve matches under those ids with those outcomes (`POST /__sim/matches/seed`), and the
 * captured credentials become an account (`POST /__sim/accounts/{username}`).
 */
const HAVE = haveCaptures('coupon')
if (!HAVE) console.warn(skipMessage('coupon'))

/** `line#737779544#1#1#0#1.85` → the outcome the seed control must put on offer. */
function seedOf(pointer: string, rate?: number) {
  const [lineType, game, groupId, typeId, param, coef, player] = pointer.split('#')
  return { lineType, gameId: Number(game), outcome: { groupId: Number(groupId), typeId: Number(typeId), param, rate: rate ?? Number(coef), playerId: player === undefined ? null : Number(player) } }
}

describe.skipIf(!HAVE)("the vendor's captured requests against the simulator", () => {
  let sim: RunningSimulator
  let token = ''
  const compared = newCompared()
  const { call, control } = couponCalls(() => sim)
  const expectShape = (endpoint: string, lineType: 'line' | 'live' | undefined, answers: Answer[], capture: string) =>
    expectCouponShape(compared, endpoint, lineType, answers.map((a) => a.value), capture)
  const sendCaptured = (name: string, path: string, auth = token) => {
    compared.captures.add(name)
    return call('POST', path, captureText('coupon', name), auth)
  }
  /** Every match the captured pointers name, served with their outcomes open; `rates` overrides odds per pointer. */
  const seedPointers = async (pointers: string[], rates: Record<string, number> = {}) => {
    const byGame = new Map<number, { lineType: string; gameId: number; outcomes: unknown[] }>()
    for (const p of pointers) {
      const s = seedOf(p, rates[p])
      const entry = byGame.get(s.gameId) ?? { lineType: s.lineType, gameId: s.gameId, outcomes: [] }
      entry.outcomes.push(s.outcome)
      byGame.set(s.gameId, entry)
    }
    for (const seed of byGame.values()) await control('/matches/seed', seed)
  }

  beforeAll(async () => {
    sim = await startGateSimulator(5)
  })
  afterAll(() => sim?.close())

  it('login-request: the captured credentials sign in', async () => {
    const creds = captureJson('coupon', 'login-request')
    await control(`/accounts/${encodeURIComponent(creds.username)}`, { password: creds.password })
    const login = await sendCaptured('login-request', '/api/partner/login', '')
    expect(login.json.body.username).toBe(creds.username)
    expectShape('coupon login', undefined, [login], 'login-success')
    token = login.json.body.token
  })

  it('place-request-single, -accumulator, -multi-singles: Prematch coupons in the shape of the captured success', async () => {
    const requests = ['place-request-single', 'place-request-accumulator', 'place-request-multi-singles']
    await seedPointers([...new Set(requests.flatMap((n) => captureJson('coupon', n).list_bets as string[]))])
    const answers: Answer[] = []
    for (const name of requests) {
      const placed = await sendCaptured(name, '/api/partner/coupons/place')
      const request = captureJson('coupon', name)
      expect(placed.json.code, `${name}: ${placed.text}`).toBe(1)
      const pointers = placed.json.body.coupons.flatMap((c: { events_data: Array<{ raw_pointer: string }> }) => c.events_data.map((b) => b.raw_pointer))
      expect(pointers, name).toEqual(request.list_bets)
      expect(placed.json.body.coupons.length, name).toBe(request.multi ? request.list_bets.length : 1)
      answers.push(placed)
    }
    expectShape('coupon place', 'line', answers, 'place-success-single')
  })

  it('place-request-accept-higher-odds: a Live player bet accepted at the higher current odds', async () => {
    const [pointer] = captureJson('coupon', 'place-request-accept-higher-odds').list_bets as string[]
    // The request is for odds that rose since the pointer was read: the current odds are above its 3.6.
    await seedPointers([pointer], { [pointer]: 3.75 })
    const placed = await sendCaptured('place-request-accept-higher-odds', '/api/partner/coupons/place')
    expect(placed.json.code, placed.text).toBe(1)
    expect(placed.json.body.coupons[0]).toMatchObject({ coef: 3.75, original_coef: 3.6, events_data: [{ raw_pointer: pointer, is_live: true, line_type: 'live' }] })
    expectShape('coupon place', 'live', [placed], 'place-success-single')
  })

  it('every coupon capture is compared, here or in coupon-parity.test.ts; the Live allowances are for endpoints compared here', () => {
    expect(uncomparedAllowances(compared, (lineType) => lineType === 'live')).toEqual([])
    expect([...compared.captures].sort()).toEqual([...REQUEST_CAPTURES, 'login-success', 'place-success-single'].sort())
    const everyName = captureNames('coupon').map((n) => n.replace(/\.json$/, '')).sort()
    expect([...new Set([...ANSWER_CAPTURES, ...REQUEST_CAPTURES])].sort()).toEqual(everyName)
  })
})
