import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { toCoupon } from '../../../src-main/core/coupons/model.js'
import { canonicalPointer, parsePointer, PARAM_TEXT } from '../../../src-main/core/coupons/pointer.js'
import { MODE_TYPE_NAMES, validatePlacement } from '../../../src-main/core/coupons/placement.js'
import { isFinalCouponStatus, isKnownBetStatus, isKnownCouponStatus, settlementMeaning } from '../../../src-main/core/coupons/statuses.js'
import { capture, captureCoupons, captureNames, HAVE_CAPTURES } from '../../integration/coupons/captures.js'

describe.skipIf(!HAVE_CAPTURES)('real captures through the coupon model', () => {
  it('every coupon of every capture maps, with the names of what was bet', () => {
    const all = captureCoupons()
    expect(all.length).toBeGreaterThanOrEqual(5)
    for (const { from, coupon } of all) {
      const c = toCoupon(coupon, 'new')
      expect(c.bets.length, from).toBeGreaterThan(0)
      for (const b of c.bets) {
        expect([b.opp1, b.opp2, b.marketName, b.outcomeName, b.tournamentName, b.sportName, b.param], from).not.toContain(null)
        expect(b.mainGameId, `${from}: main_game_id equal to game_id is a main match`).toBeNull()
      }
    }
  })

  it('every list_bets entry of the real placement requests parses, keeping the parameter text', () => {
    const pointers = captureNames('place-request-').flatMap((n) => capture(n).list_bets as string[])
    expect(pointers).toContain('live#738917381#119#5869#0.5#3.6#149439538')
    for (const p of pointers) {
      const parsed = parsePointer(p)
      expect(parsed, p).not.toBeNull()
      expect(p.split('#')[4]).toBe(parsed!.param)
      expect(canonicalPointer(parsed!, true)).toBe(p)
    }
    for (const n of captureNames('place-request-')) {
      const r = capture(n)
      expect(validatePlacement({ bets: r.list_bets, amount: r.amount, multi: r.multi, mode: r.mode, modeType: r.mode_type }).ok, n).toBe(true)
    }
  })
})

const bet = (extra: Record<string, unknown> = {}) => ({ id: 1, game_id: 5, status: 0, ...extra })
const coupon = (bets: unknown[], extra: Record<string, unknown> = {}) => ({ coupon_code: '000000000001', amount: 10, coef: 2, status: 0, events_data: bets, ...extra })

describe('new bet fields: tolerant of what a sender leaves out or spells differently', () => {
  it('a bet with only its identity maps with nulls everywhere', () => {
    const c = toCoupon(coupon([bet()]), 'new')
    expect(c).toMatchObject({ win: null, originalCoef: null, settlementCoef: null, asian: null, realWin: null })
    const b = c.bets[0]!
    for (const key of ['mainGameId', 'isSubGame', 'marketName', 'outcomeName', 'param', 'opp1', 'opp2', 'tournamentName', 'sportName', 'placementScore', 'calculationScore', 'timer', 'betScore', 'settlementCoef'] as const) {
      expect(b[key], key).toBeNull()
    }
  })

  it('display fields of an unexpected type become null (or text) instead of failing the coupon', () => {
    const b = toCoupon(coupon([bet({ opp1: 5, tournament: {}, rate: 0.5, placement_score_periods: ['1:0', '0:0'], timer: '45:00', team1_id: 'x1', bet_group_name: ['a'] })]), 'new').bets[0]!
    expect(b).toMatchObject({ opp1: null, tournamentName: null, param: '0.5', placementScorePeriods: '1:0;0:0', timer: '45:00', team1Id: 'x1', marketName: null })
  })

  it('a sub-match keeps its main match; is_sub_game wins, else it is derived', () => {
    expect(toCoupon(coupon([bet({ main_game_id: 4, is_sub_game: true, parent_game_id: 4, sub_game_key: '4:5' })]), 'new').bets[0]).toMatchObject({ mainGameId: 4, isSubGame: true, parentGameId: 4, subGameKey: '4:5' })
    expect(toCoupon(coupon([bet({ main_game_id: 4 })]), 'new').bets[0]).toMatchObject({ mainGameId: 4, isSubGame: true })
    expect(toCoupon(coupon([bet({ main_game_id: 5 })]), 'new').bets[0]).toMatchObject({ mainGameId: null, isSubGame: false })
  })

  it('settlement: calc_coef (real) before calculate_coef (spec); calculation score before calculate_score; "" is no score', () => {
    expect(toCoupon(coupon([bet({ calc_coef: 0.5, calculate_coef: 9 })]), 'new').bets[0]!.settlementCoef).toBe(0.5)
    expect(toCoupon(coupon([bet({ calculate_coef: 1 })]), 'new').bets[0]!.settlementCoef).toBe(1)
    expect(toCoupon(coupon([bet({ calculation_score_full: '2:1', calculate_score: '9:9' })]), 'new').bets[0]!.calculationScore).toBe('2:1')
    expect(toCoupon(coupon([bet({ calculate_score: '1:1' })]), 'new').bets[0]!.calculationScore).toBe('1:1')
    expect(toCoupon(coupon([bet({ calculate_score: '', placement_score_full: '' })]), 'new').bets[0]).toMatchObject({ calculationScore: null, placementScore: null })
  })

  it('a money or identity field of the wrong type is still a shape error', () => {
    expect(() => toCoupon(coupon([bet({ status: 'won' })]), 'new')).toThrow(/coupon service/)
    expect(() => toCoupon(coupon([bet({ calc_coef: '1.85' })]), 'new')).toThrow(/coupon service/)
    expect(() => toCoupon(coupon([bet()], { real_win: '18.5' }), 'new')).toThrow(/coupon service/)
  })

  it('legacy bets carry no names (model unchanged)', () => {
    const l = toCoupon({ coupon_code: '000000000001', amount: 10, win: 20, coef: 2, status: 2, calculate_date: 5, events_data: [{ uuid: '9', game_id: 5, status: 1, calc_coef: 2 }] }, 'legacy')
    expect(l.bets[0]).toMatchObject({ id: '9', settlementCoef: 2, marketName: null, opp1: null, param: null })
    expect(l).toMatchObject({ realWin: 20, potentialWin: null, win: 20, asian: null })
  })
})

describe('the vendor vocabulary', () => {
  it('knows the coupon and bet status codes; other values are unknown (kept raw)', () => {
    expect([0, 2, 4, 8, 15].every(isKnownCouponStatus)).toBe(true)
    expect([0, 1, 2, 3, 4, 21, 22, 23].every(isKnownBetStatus)).toBe(true)
    expect(isKnownCouponStatus(1)).toBe(false)
    expect(isKnownCouponStatus(37)).toBe(false)
    expect(isKnownBetStatus(5)).toBe(false)
    expect(isKnownBetStatus('1')).toBe(false)
    expect([0, 2, 4, 8, 15, 99].map(isFinalCouponStatus)).toEqual([false, true, true, true, false, false])
    expect(MODE_TYPE_NAMES[1]).toMatch(/higher/)
  })

  it('reads calc_coef: 0 lost, 1 returned, 0.5 half lost, the odds for a win', () => {
    expect(settlementMeaning(0, 1.85)).toBe('lost')
    expect(settlementMeaning(1, 1.85)).toBe('returned')
    expect(settlementMeaning(0.5, 1.85)).toBe('half lost')
    expect(settlementMeaning(1.85, 1.85)).toBe('won')
    expect(settlementMeaning(1.425, 1.85)).toBe('half won')
    expect(settlementMeaning(null, 1.85)).toBeNull()
    expect(settlementMeaning(7, 1.85)).toBeNull()
  })

  it('mode_type goes with mode accept only', () => {
    const base = { bets: ['line#1#1#1#0#1.5'], amount: 1 }
    expect(validatePlacement({ ...base, mode: 'accept', modeType: 2 }).ok).toBe(true)
    const r = validatePlacement({ ...base, mode: 'reject', modeType: 1 })
    expect(r.ok).toBe(false)
    expect(r.ok ? '' : r.issues[0]).toMatch(/accept higher odds only\) goes with mode accept/)
  })
})

describe('pointer parameter text (property)', () => {
  const paramText = fc.tuple(fc.constantFrom('', '-', '+'), fc.nat(99999), fc.option(fc.nat(9999)), fc.option(fc.tuple(fc.constantFrom('e', 'E'), fc.constantFrom('', '-', '+'), fc.nat(20))))
    .map(([sign, int, frac, exp]) => `${sign}${int}${frac === null ? '' : `.${frac}`}${exp === null ? '' : `${exp[0]}${exp[1]}${exp[2]}`}`)

  it('any text of the agreed grammar is accepted and kept byte for byte', () => {
    fc.assert(
      fc.property(paramText, fc.integer({ min: 1, max: 2 ** 40 }), (param, game) => {
        expect(PARAM_TEXT.test(param)).toBe(true)
        const p = parsePointer(`live#${game}#2#7#${param}#1.9`)
        expect(p?.param).toBe(param)
        expect(canonicalPointer(p!)).toBe(`live#${game}#2#7#${param}`)
      }),
    )
  })
})
