import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { createCouponClient, type CouponClient } from '../../../src-main/core/coupons/index.js'
import type { Coupon } from '../../../src-main/core/coupons/types.js'
import { couponToDto, rejectionToDto } from '../../../src-main/core/desk/map-coupons.js'
import { DeskError } from '../../../src-main/core/shared/errors.js'
import { startCaptureServer, type CaptureServer } from './capture-server.js'
import { missingCases } from '../../support/captures.js'
import { capture, captureNames, HAVE_CAPTURES, SKIP_MESSAGE } from './captures.js'

/** The coupon client against a loopback server that answers with the vendor's real captures. */
describe.skipIf(!HAVE_CAPTURES)('coupon client on the real captures (loopback HTTP)', () => {
  let server: CaptureServer
  let client: CouponClient
  /** Every case built from a capture list, as it runs: checked against the files present. */
  const ran: Record<'place-request-' | 'place-error-', string[]> = { 'place-request-': [], 'place-error-': [] }

  beforeAll(async () => {
    server = await startCaptureServer()
  })
  afterAll(async () => {
    await server?.close()
    // A capture that gained no case (or a case that never ran) fails the file.
    for (const [prefix, names] of Object.entries(ran) as Array<[keyof typeof ran, string[]]>) {
      expect(missingCases('coupon', prefix, names), `${prefix}* captures without a case`).toEqual({ notBuilt: [], noCapture: [] })
    }
  })
  beforeEach(() => {
    const creds = capture('login-request')
    client = createCouponClient({ baseURL: server.url, credentials: async () => ({ username: creds.username, password: creds.password }), retryDelayMs: 5, timeoutMs: 3000 })
    server.requests.splice(0)
    server.placeAnswer('place-success-single')
  })

  /** Everything the real bet names, as the domain model carries it. */
  const expectNamedBet = (coupon: Coupon) => {
    const bet = coupon.bets[0]!
    expect(bet).toMatchObject({
      id: '84521',
      gameId: 737779544,
      mainGameId: null,
      isSubGame: false,
      parentGameId: null,
      subGameKey: null,
      pointer: 'line#737779544#1#1#0#1.85',
      lineType: 'line',
      isLive: false,
      marketId: 1,
      marketName: 'Match Result',
      outcomeId: 1,
      outcomeName: 'First Team to Win',
      param: '0',
      sportId: 1,
      sportName: 'Football',
      tournamentId: 10001,
      tournamentName: 'National League',
      opp1: 'Team A',
      opp2: 'Team B',
      team1Id: 101,
      team2Id: 102,
      coef: 1.85,
      betScore: 'line#737779544#1#1#0#1.85',
      placementScore: null,
      dopName: null,
      eventDate: 1784971800000,
    })
    return bet
  }

  it('get: a won coupon with every name of what was bet, settlement multiplier, scores and reason', async () => {
    const coupon = await client.get('000000000272')
    expect(coupon).toMatchObject({ code: '000000000272', amount: 10, coef: 1.85, originalCoef: 1.85, settlementCoef: 1.85, win: 18.5, potentialWin: 18.5, realWin: 18.5, status: 2, asian: false, hasReturn: false, couponType: 1, eventsCount: 1 })
    const bet = expectNamedBet(coupon)
    expect(bet).toMatchObject({ status: 1, settlementCoef: 1.85, calculationScore: '2:1', calculationScorePeriods: null, settlementReasonCode: 'AUTOMATIC_SETTLEMENT', settlementReason: 'Calculated automatically', calculateDate: 1784973600000 })
    const dto = couponToDto(coupon)
    expect(dto).toMatchObject({ status: 2, realWin: 18.5, settlementCoef: 1.85, originalCoef: 1.85 })
    expect(dto.bets[0]).toMatchObject({
      status: 1, opp1: 'Team A', opp2: 'Team B', tournamentName: 'National League', sportName: 'Football', marketName: 'Match Result',
      outcomeName: 'First Team to Win', param: '0', calculationScore: '2:1', placementScore: null, settlementReasonCode: 'AUTOMATIC_SETTLEMENT', settlementCoef: 1.85,
    })
    expect(server.requests.map((r) => `${r.method} ${r.path}`)).toEqual(['POST /api/partner/login', 'GET /api/partner/coupons/get'])
  })

  it('get of an unknown code: business error 471, not a shape error', async () => {
    const error = await client.get('000000000999').catch((e: unknown) => e)
    expect(error).toBeInstanceOf(DeskError)
    expect(error).toMatchObject({ code: 'coupon_business', data: { errorCode: 471, errorMessage: 'Coupon not found' } })
  })

  it('active, calculated, results by ids and by period: every real list maps with its names', async () => {
    const active = await client.active()
    expect(active).toHaveLength(1)
    expect(active[0]).toMatchObject({ status: 0, realWin: null, settlementCoef: null })
    expect(expectNamedBet(active[0]!)).toMatchObject({ status: 0, settlementCoef: null, calculationScore: null, settlementReasonCode: null })
    expect(couponToDto(active[0]!)).toMatchObject({ status: 0, bets: [{ status: 0 }] })

    const calculated = await client.calculated(5)
    expect(calculated[0]).toMatchObject({ status: 2, realWin: 18.5 })
    expectNamedBet(calculated[0]!)

    const byIds = await client.resultsByIds(['000000000272', '000000000273'])
    expect(byIds.map((c) => c.code)).toEqual(['000000000272'])
    expectNamedBet(byIds[0]!)
    expect(await client.resultsByIds(['000000000999'])).toEqual([])

    const period = capture('results-request-by-period')
    const byPeriod = await client.resultsByPeriod(period.start_date, period.end_date)
    expect(byPeriod.map((c) => c.code)).toEqual(['000000000272'])
    expect(server.requests.find((r) => r.path === '/api/partner/coupons/results' && (r.body as { start_date?: number }).start_date !== undefined)?.body).toEqual(period)
    expect(await client.balance()).toBe(100)
    expect(await client.health()).toBe('ok')
  })

  it.each(captureNames('place-request-'))('places %s: pointers sent verbatim (text parameters kept), fields as in the real request', async (name) => {
    ran['place-request-'].push(name)
    const req = capture(name)
    const result = await client.place({
      bets: req.list_bets,
      amount: req.amount,
      multi: req.multi,
      currency: req.currency,
      callbackUrl: req.callback_url,
      lang: req.lang,
      mode: req.mode,
      modeType: req.mode_type,
    })
    expect(result.outcome).toBe('placed')
    const sent = server.requests.find((r) => r.path === '/api/partner/coupons/place')!.body as Record<string, unknown>
    expect(sent.list_bets).toEqual(req.list_bets)
    for (const [key, value] of Object.entries(req)) expect(sent[key]).toEqual(value)
  })

  it('place: the real success answer is a placed coupon with its names', async () => {
    const result = await client.place({ bets: ['line#737779544#1#1#0#1.85'], amount: 10 })
    if (result.outcome !== 'placed') throw new Error(`expected placed, got ${result.outcome}`)
    expect(result.coupons).toHaveLength(1)
    expect(result.coupons[0]).toMatchObject({ code: '000000000272', status: 0, realWin: null, potentialWin: 18.5 })
    expectNamedBet(result.coupons[0]!)
  })

  const rejections: Array<[string, number, Array<Record<string, unknown>>]> = [
    ['place-error-501-odds-decreased', 501, [{ gameId: 737779544, betCoefficient: 2.19, actualCoefficient: 2.09, changeType: 2, status: 'rejected' }]],
    ['place-error-501-odds-increased', 501, [{ gameId: 737779544, betCoefficient: 2.19, actualCoefficient: 2.39, changeType: 1, status: 'rejected' }]],
    ['place-error-502-outcome-unavailable', 502, [{ gameId: 737779544, actualCoefficient: null, changeType: null, status: 'no_data' }]],
    ['place-error-503-outcome-blocked', 503, [{ gameId: 737779544, actualCoefficient: null, changeType: null, status: 'block' }]],
    ['place-error-507-insufficient-balance', 507, []],
  ]
  it.each(rejections)('%s: a clean rejection with its change records, never an unknown outcome', async (name, errorCode, changes) => {
    ran['place-error-'].push(name)
    server.placeAnswer(name)
    const result = await client.place({ bets: ['live#738917381#119#5869#0.5#3.6#149439538'], amount: 10, mode: 'accept', modeType: 1 })
    if (result.outcome !== 'rejected') throw new Error(`expected rejected, got ${result.outcome}: ${'error' in result ? result.error.message : ''}`)
    expect(result.error.code).toBe('coupon_business')
    expect(result.error.data).toMatchObject({ errorCode, changes })
    expect((result.error.data as { changes: unknown[] }).changes).toHaveLength(changes.length)
    const dto = rejectionToDto(result.error, 'new')
    expect(dto).toMatchObject({ outcome: 'rejected', code: 'coupon_business', errorCode })
    if (errorCode === 507) {
      expect(Object.keys(capture(name))).not.toContain('body')
      expect(dto.changes).toEqual([])
      // The number is worded by the console (its table of vendor codes); the vendor's own text, if any, is kept verbatim.
      expect(dto).toMatchObject({ errorCode: 507, vendorApi: 'new', vendorText: (result.error.data as { errorMessage: string | null }).errorMessage || null })
      expect(result.error.retry).toBe('after-funding')
    }
  })

  it('wrong credentials: auth_failed with the real 1003 answer', async () => {
    const bad = createCouponClient({ baseURL: server.url, credentials: async () => ({ username: 'partner-demo', password: 'nope' }), timeoutMs: 3000 })
    await expect(bad.login()).rejects.toMatchObject({ code: 'auth_failed', data: { errorCode: 1003 } })
  })
})

if (!HAVE_CAPTURES) describe('coupon client on the real captures', () => it.skip(SKIP_MESSAGE, () => {}))
