import { describe, expect, it } from 'vitest'
import { toChanges, toCoupon } from '../../../src-main/core/coupons/model.js'
import { businessError, NEW_CODES } from '../../../src-main/core/coupons/errors.js'
import { unwrap, UNAUTHORIZED } from '../../../src-main/core/coupons/envelope.js'
import { parseRetryAfter } from '../../../src-main/core/coupons/http.js'
import { maskToken } from '../../../src-main/core/coupons/session.js'
import { DeskError } from '../../../src-main/core/shared/errors.js'

const answer = (status: number, body: unknown) => ({ status, text: typeof body === 'string' ? body : JSON.stringify(body), headers: new Headers() })
const opts = { path: '/x', legacy: false, context: 'read' as const, protectedRoute: true }
const catchIt = (f: () => unknown): DeskError => {
  try {
    f()
  } catch (e) {
    return e as DeskError
  }
  throw new Error('did not throw')
}

describe('model mapping', () => {
  it('maps the new and the legacy model to the same domain shape, keeping unknowns raw', () => {
    const n = toCoupon({
      coupon_code: '000000000042', amount: 10, coef: 2.5, potential_win: 25, real_win: null, status: 99, calculate_date: null, date: 1000,
      coupon_type: 1, events_count: 1, has_return: false, extra: 'x',
      events_data: [{ id: 7, game_id: 5, status: 77, coef: 2.5, original_coef: 2.4, calculate_coef: null, calculate_date: null, event_date: 5000, raw_pointer: 'line#5#1#1#0#2.5', settlement_reason_code: 'NEW_REASON' }],
    }, 'new')
    const l = toCoupon({
      coupon_code: '000000000042', amount: 10, win: 25, coef: 2.5, status: 99, calculate_date: null, coupon_type: 1, events_count: 1,
      events_data: [{ uuid: '7', game_id: 5, status: 77, coef: 2.5, calc_coef: null, calculate_date: null, settlement_reason_code: 12345 }],
    }, 'legacy')
    for (const c of [n, l]) {
      expect(c).toMatchObject({ code: '000000000042', amount: 10, coef: 2.5, potentialWin: 25, realWin: null, status: 99, calculateDate: null })
      expect(c.bets[0]).toMatchObject({ id: '7', gameId: 5, status: 77 })
    }
    expect(n.raw.extra).toBe('x')
    expect(n.bets[0].settlementReasonCode).toBe('NEW_REASON')
    expect(l.bets[0].settlementReasonCode).toBe(12345)
    expect(n.model).toBe('new')
    expect(l.model).toBe('legacy')
  })
  it('legacy win becomes real_win once settled; numeric codes become strings', () => {
    const l = toCoupon({ coupon_code: 42, amount: 10, win: 0, coef: 2, status: 4, calculate_date: 9, events_data: [] }, 'legacy')
    expect(l).toMatchObject({ code: '42', realWin: 0, potentialWin: null, eventsCount: 0 })
  })
  it('a malformed coupon is a coupon_shape error', () => {
    expect(catchIt(() => toCoupon({ coupon_code: '1', amount: '10' }, 'new')).code).toBe('coupon_shape')
  })
  it('reads change records and keeps odd ones', () => {
    expect(toChanges([{ game_id: 1, bet_coefficient: 1.5, actual_coefficient: 1.7, change_type: 1, status: 'rejected' }, { game_id: 2, bet_coefficient: 2, status: 'weird' }]))
      .toEqual([{ gameId: 1, betCoefficient: 1.5, actualCoefficient: 1.7, changeType: 1, status: 'rejected' }, { gameId: 2, betCoefficient: 2, actualCoefficient: null, changeType: null, status: 'weird' }])
  })
})

describe('envelope and error table', () => {
  it('HTTP 200 with code 0 is never a success, unknown codes kept raw', () => {
    const e = catchIt(() => unwrap(answer(200, { code: 0, body: null, error_code: 777, error_message: 'boom' }), opts))
    expect(e.code).toBe('coupon_business')
    expect(e.data).toMatchObject({ errorCode: 777, errorMessage: 'boom', changes: [] })
    expect(e.message).toMatch(/777/)
  })
  it('code 1 is a success; an unknown envelope code is not', () => {
    expect(unwrap(answer(200, { code: 1, body: { a: 1 } }), opts).body).toEqual({ a: 1 })
    expect(catchIt(() => unwrap(answer(200, { code: 2, body: {} }), opts)).code).toBe('coupon_shape')
    expect(catchIt(() => unwrap(answer(200, 'not json'), opts)).code).toBe('coupon_shape')
    expect(catchIt(() => unwrap(answer(200, { body: 1 }), opts)).code).toBe('coupon_shape')
  })
  it('maps statuses: 401 unauthorized, 403 access_denied, 5xx coupon_http', () => {
    expect(catchIt(() => unwrap(answer(401, ''), opts)).code).toBe(UNAUTHORIZED)
    expect(catchIt(() => unwrap(answer(403, ''), opts)).code).toBe('access_denied')
    const e = catchIt(() => unwrap(answer(503, { code: 0, error_code: 10000 }), opts))
    expect([e.code, e.status, e.retry]).toEqual(['coupon_http', 503, 'safe'])
  })
  it('legacy 1003 on HTTP 200 on a protected route means a bad token', () => {
    expect(catchIt(() => unwrap(answer(200, { code: 0, body: false, error_code: 1003 }), { ...opts, legacy: true })).code).toBe(UNAUTHORIZED)
  })
  it('legacy 501 reads the direct array of change records', () => {
    const e = catchIt(() => unwrap(answer(200, { code: 0, body: [{ game_id: 1, bet_coefficient: 2, actual_coefficient: null, change_type: null, status: 'block' }], error_code: 501 }), { ...opts, legacy: true, context: 'place' }))
    expect((e.data as { changes: unknown[] }).changes).toHaveLength(1)
  })
  it.each([
    [10, 'never'], [11, 'never'], [12, 'never'], [471, 'never'], [501, 'never'], [502, 'never'], [503, 'never'], [504, 'not-immediately'],
    [506, 'never'], [507, 'after-funding'], [1002, 'never'], [1003, 'never'], [1004, 'never'], [1006, 'never'], [1007, 'never'], [10000, 'depends'],
  ])('code %i retry class %s', (code, retry) => {
    expect(NEW_CODES[code].retry).toBe(retry)
    const e = businessError({ errorCode: code, errorMessage: null, body: { changes: [] }, status: 200, path: '/p', legacy: false, context: 'place' })
    expect(e.retry).toBe(retry)
  })
  it('login codes become auth/account errors', () => {
    const mk = (errorCode: number, legacy = false) => businessError({ errorCode, errorMessage: null, body: null, status: 200, path: '/l', legacy, context: 'login' }).code
    expect([mk(1002), mk(1003), mk(1004), mk(1006), mk(1007), mk(99, true)]).toEqual(['auth_failed', 'auth_failed', 'account_disabled', 'account_expired', 'account_no_balance', 'auth_failed'])
  })
})

describe('small helpers', () => {
  it('parses Retry-After seconds and dates', () => {
    expect(parseRetryAfter('2', 0)).toBe(2000)
    expect(parseRetryAfter(new Date(10_000).toUTCString(), 5000)).toBe(5000)
    expect(parseRetryAfter('soon', 0)).toBeUndefined()
    expect(parseRetryAfter(null, 0)).toBeUndefined()
  })
  it('masks a token to its tail', () => {
    expect(maskToken('eyJhbGciOi.secret.abcd1234')).toBe('…1234')
  })
})
