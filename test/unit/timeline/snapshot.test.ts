import { describe, expect, it } from 'vitest'
import { callbackCouponSchema } from '../../../src-main/core/callbacks/schema.js'
import { callbackSnapshot } from '../../../src-main/core/callbacks/snapshot.js'
import { toCoupon } from '../../../src-main/core/coupons/model.js'
import { couponSnapshot } from '../../../src-main/core/coupons/snapshot.js'
import { storedPart, storedSnapshotSchema } from '../../../src-main/core/shared/coupon-snapshot.js'
import { isFinalStatus, isUnknownStatus, stateKey } from '../../../src-main/core/timeline/snapshot.js'
import { capture, HAVE_CAPTURES } from '../../integration/coupons/captures.js'

const fromCallback = (wire: unknown) => callbackSnapshot(callbackCouponSchema.parse(wire))

describe('snapshots are built by the domain the coupon came from', () => {
  const base = { coupon_code: '000000000001', status: 2, calculate_date: 5, events_data: [] }

  it('callback realWin (camelCase) wins; real_win from older senders; a null realWin falls back to real_win', () => {
    expect(fromCallback({ ...base, realWin: 30 }).realWin).toBe(30)
    expect(fromCallback({ ...base, real_win: 30 }).realWin).toBe(30)
    expect(fromCallback({ ...base, realWin: 30, real_win: 999 }).realWin).toBe(30)
    expect(fromCallback({ ...base, realWin: null, real_win: 7 }).realWin).toBe(7)
    expect(fromCallback({ ...base, realWin: 0 }).realWin).toBe(0)
    expect(fromCallback(base).realWin).toBeNull()
  })

  it('the coupon client decides what a legacy `win` is: paid only once settled', () => {
    const legacy = (calculate_date: number | null) =>
      toCoupon({ coupon_code: '000000000002', amount: 10, win: 18.5, coef: 1.85, status: calculate_date ? 2 : 0, calculate_date, date: 1, coupon_type: 1, events_count: 0, events_data: [] }, 'legacy')
    expect(couponSnapshot(legacy(5)).realWin).toBe(18.5)
    expect(couponSnapshot(legacy(null)).realWin).toBeNull()
  })

  it('one state written with realWin or real_win has one fingerprint (stored states stay comparable)', () => {
    expect(stateKey(fromCallback({ ...base, realWin: 30 }))).toBe(stateKey(fromCallback({ ...base, real_win: 30 })))
  })

  it('final means the vendor 2, 4, 8; 0 and 15 are not results; anything else is unknown', () => {
    expect([0, 2, 4, 8, 15, 99].map(isFinalStatus)).toEqual([false, true, true, true, false, false])
    expect([0, 2, 4, 8, 15, 99].map(isUnknownStatus)).toEqual([false, false, false, false, false, true])
  })

  it('what the history stores of a snapshot passes its own read-back check; raw stays out of it', () => {
    const s = fromCallback({ ...base, realWin: 3, events_data: [{ uuid: 'a', status: 1, calculate_score: '', settlement_reason: 'won', calculate_date: 4 }] })
    const stored = storedPart(s)
    expect('raw' in stored).toBe(false)
    expect(storedSnapshotSchema.parse(JSON.parse(JSON.stringify(stored)))).toEqual(stored)
    expect(s.bets[0]).toEqual({ id: 'a', status: 1, settlementReasonCode: null, settlementCoef: null, calculateScore: null, settlementReason: 'won', calculateDate: 4 })
  })
})

describe.skipIf(!HAVE_CAPTURES)('snapshots of the real captures', () => {
  it('the vendor callback: realWin 0, coefficients and scores ("" = none) per bet', () => {
    const s = fromCallback(capture('callback-intermediate-accumulator').coupons[0])
    expect(s).toMatchObject({ code: '000000000272', status: 0, realWin: 0, settlementCoef: 0, amount: null, calculateDate: 1784897500000 })
    expect(s.bets.map(({ id, status, settlementReasonCode, settlementCoef, calculateScore }) => ({ id, status, settlementReasonCode, settlementCoef, calculateScore }))).toEqual([
      { id: '912', status: 1, settlementReasonCode: 'REMOTE_WIN', settlementCoef: 2, calculateScore: '2:1' },
      { id: '913', status: 0, settlementReasonCode: null, settlementCoef: null, calculateScore: null },
    ])
  })

  it('an API coupon read through the coupon client', () => {
    const s = couponSnapshot(toCoupon(capture('get-won').body, 'new'))
    expect(s).toMatchObject({ code: '000000000272', status: 2, amount: 10, realWin: 18.5, settlementCoef: 1.85 })
    expect(s.bets[0]).toMatchObject({ id: '84521', status: 1, settlementCoef: 1.85, calculateScore: '2:1', settlementReasonCode: 'AUTOMATIC_SETTLEMENT' })
    expect(couponSnapshot(toCoupon(capture('active').body[0], 'new')).realWin).toBeNull()
  })
})
