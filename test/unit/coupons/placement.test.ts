import { describe, expect, it } from 'vitest'
import { matchAttempt, placeBody, validatePlacement } from '../../../src-main/core/coupons/placement.js'
import { toCoupon } from '../../../src-main/core/coupons/model.js'
import { DeskError } from '../../../src-main/core/shared/errors.js'
import type { Coupon, PlacementAttempt } from '../../../src-main/core/coupons/types.js'

const p = (game: number, type = 1) => `line#${game}#1#${type}#0#1.5`

describe('validatePlacement', () => {
  it('accepts a valid accumulator', () => {
    const r = validatePlacement({ bets: [p(1), p(2)], amount: 10 })
    expect(r.ok).toBe(true)
  })
  it('needs at least one pointer and a positive finite amount', () => {
    for (const amount of [0, -1, Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(validatePlacement({ bets: [p(1)], amount }).ok).toBe(false)
    }
    const r = validatePlacement({ bets: [], amount: 1 })
    expect(r.ok).toBe(false)
    if (!r.ok) {
      expect(r.error).toBeInstanceOf(DeskError)
      expect(r.error.code).toBe('coupon_invalid')
      expect(r.error.retry).toBe('never')
    }
  })
  it('rejects a malformed pointer', () => {
    const r = validatePlacement({ bets: [p(1), 'line#1#2'], amount: 1 })
    expect(r.ok).toBe(false)
    if (!r.ok) expect(r.issues[0]).toMatch(/bet 2/)
  })
  it('caps accumulators at 15 events, singles exempt', () => {
    const sixteen = Array.from({ length: 16 }, (_, i) => p(i + 1))
    expect(validatePlacement({ bets: sixteen.slice(0, 15), amount: 1 }).ok).toBe(true)
    expect(validatePlacement({ bets: sixteen, amount: 1 }).ok).toBe(false)
    expect(validatePlacement({ bets: sixteen, amount: 1, multi: true }).ok).toBe(true)
  })
  it('refuses two bets of one match tree in an accumulator (same game or same tree root)', () => {
    expect(validatePlacement({ bets: [p(7, 1), p(7, 2)], amount: 1 }).ok).toBe(false)
    const treeOf = (g: number) => (g === 8 ? 7 : g)
    expect(validatePlacement({ bets: [p(7), p(8)], amount: 1 }).ok).toBe(true)
    expect(validatePlacement({ bets: [p(7), p(8)], amount: 1 }, { treeOf }).ok).toBe(false)
    expect(validatePlacement({ bets: [p(7, 1), p(7, 2)], amount: 1, multi: true }).ok).toBe(true)
  })
  it('builds the wire body with explicit defaults', () => {
    expect(placeBody({ bets: [p(1)], amount: 2, currency: 'EUR' })).toEqual({ list_bets: [p(1)], amount: 2, lang: 'en', mode: 'reject', multi: false, currency: 'EUR' })
  })
})

function coupon(code: string, bets: string[], amount: number, createdAt: number): Coupon {
  return toCoupon(
    {
      coupon_code: code, amount, coef: 2, potential_win: amount * 2, real_win: null, status: 0, calculate_date: null, date: createdAt,
      coupon_type: 1, events_count: bets.length,
      events_data: bets.map((b, i) => ({ id: i + 1, game_id: Number(b.split(/[#|]/)[1]), status: 0, coef: 1.5, raw_pointer: b })),
    },
    'new',
  )
}

describe('matchAttempt', () => {
  const attempt = (bets: string[], amount: number, multi = false): PlacementAttempt => ({
    request: { bets, amount, multi }, startedAt: 1000, endedAt: 2000, error: new DeskError('coupon_timeout', 't'),
  })
  const window = { from: 0, to: 10_000 }
  it('finds the accumulator by pointers (any separators, odds ignored) and amount', () => {
    const list = [coupon('000000000001', [p(1), p(2)], 10, 1500), coupon('000000000002', [p(1), p(2)], 11, 1500), coupon('000000000003', [p(1)], 10, 1500)]
    const found = matchAttempt(attempt(['line|2|1|1|0|1.7', p(1)], 10), list, window)
    expect(found.map((c) => c.code)).toEqual(['000000000001'])
  })
  it('ignores coupons outside the window and excluded codes', () => {
    const list = [coupon('000000000001', [p(1)], 10, 20_000), coupon('000000000002', [p(1)], 10, 1500)]
    expect(matchAttempt(attempt([p(1)], 10), list, window)).toHaveLength(1)
    expect(matchAttempt(attempt([p(1)], 10), list, window, new Set(['000000000002']))).toHaveLength(0)
  })
  it('finds one single per pointer with multi', () => {
    const list = [coupon('000000000001', [p(1)], 5, 1500), coupon('000000000002', [p(2)], 5, 1500)]
    expect(matchAttempt(attempt([p(1), p(2)], 5, true), list, window).map((c) => c.code)).toEqual(['000000000001', '000000000002'])
  })
})
