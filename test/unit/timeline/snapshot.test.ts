import { describe, expect, it } from 'vitest'
import { toCoupon } from '../../../src-main/core/coupons/model.js'
import { isFinalStatus, isUnknownStatus, stateKey, toSnapshot } from '../../../src-main/core/timeline/snapshot.js'
import { capture, HAVE_CAPTURES } from '../../integration/coupons/captures.js'

describe('snapshots read the payout under every real spelling', () => {
  const base = { coupon_code: '000000000001', status: 2, calculate_date: 5, events_data: [] }

  it('callback realWin (camelCase) wins; real_win from older senders; a null realWin falls back to real_win', () => {
    expect(toSnapshot({ ...base, realWin: 30 }).realWin).toBe(30)
    expect(toSnapshot({ ...base, real_win: 30 }).realWin).toBe(30)
    expect(toSnapshot({ ...base, realWin: 30, real_win: 999 }).realWin).toBe(30)
    expect(toSnapshot({ ...base, realWin: null, real_win: 7 }).realWin).toBe(7)
    expect(toSnapshot({ ...base, realWin: 0 }).realWin).toBe(0)
  })

  it('the new model `win` is the potential payout, never read as paid; legacy `win` only once settled', () => {
    expect(toSnapshot({ ...base, status: 0, calculate_date: null, real_win: null, win: 18.5 }).realWin).toBeNull()
    expect(toSnapshot({ ...base, status: 2, real_win: null, win: 18.5 }).realWin).toBeNull()
    expect(toSnapshot({ ...base, win: 18.5 }).realWin).toBe(18.5)
    expect(toSnapshot({ ...base, calculate_date: null, status: 0, win: 18.5 }).realWin).toBeNull()
  })

  it('one state written with realWin or real_win has one fingerprint (stored states stay comparable)', () => {
    expect(stateKey(toSnapshot({ ...base, realWin: 30 }))).toBe(stateKey(toSnapshot({ ...base, real_win: 30 })))
  })

  it('final means the vendor 2, 4, 8; 0 and 15 are not results; anything else is unknown', () => {
    expect([0, 2, 4, 8, 15, 99].map(isFinalStatus)).toEqual([false, true, true, true, false, false])
    expect([0, 2, 4, 8, 15, 99].map(isUnknownStatus)).toEqual([false, false, false, false, false, true])
  })
})

describe.skipIf(!HAVE_CAPTURES)('snapshots of the real captures', () => {
  it('the vendor callback: realWin 0, coefficients and scores ("" = none) per bet', () => {
    const s = toSnapshot(capture('callback-intermediate-accumulator').coupons[0])
    expect(s).toMatchObject({ code: '000000000272', status: 0, realWin: 0, settlementCoef: 0, amount: null, calculateDate: 1784897500000 })
    expect(s.bets).toEqual([
      { id: '912', status: 1, settlementReasonCode: 'REMOTE_WIN', settlementCoef: 2, calculateScore: '2:1' },
      { id: '913', status: 0, settlementReasonCode: null, settlementCoef: null, calculateScore: null },
    ])
  })

  it('API coupons, wire and normalised, agree', () => {
    const wire = toSnapshot(capture('get-won').body)
    const normalised = toSnapshot(toCoupon(capture('get-won').body, 'new'))
    for (const s of [wire, normalised]) {
      expect(s).toMatchObject({ code: '000000000272', status: 2, amount: 10, realWin: 18.5, settlementCoef: 1.85 })
      expect(s.bets[0]).toMatchObject({ id: '84521', status: 1, settlementCoef: 1.85, calculateScore: '2:1', settlementReasonCode: 'AUTOMATIC_SETTLEMENT' })
    }
    expect(stateKey(wire)).toBe(stateKey(normalised))
    expect(toSnapshot(capture('active').body[0]).realWin).toBeNull()
  })
})
