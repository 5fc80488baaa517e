import { describe, expect, it } from 'vitest'
import { betToDto, rejectionToDto } from '../../../src-main/core/desk/map-coupons.js'
import { feedTools } from '../../../src-main/core/desk/feed-watches.js'
import { matchToDto } from '../../../src-main/core/desk/map-feed.js'
import { amountDeltaOf, detailOf } from '../../../src-main/core/desk/map-timeline.js'
import { accountStateOfError, tokenTailOf } from '../../../src-main/core/desk/session.js'
import { DeskError } from '../../../src-main/core/shared/errors.js'
import type { MatchSummary, Outcome } from '../../../src-main/core/feed/types.js'
import type { TimelineEntry } from '../../../src-main/core/timeline/types.js'

/** Pure mapping rules of the desk core (DTO shapes the UI relies on). */
describe('desk DTO mapping', () => {
  it('sends status codes only, never a name (the renderer names them; unknown ones stay raw)', () => {
    const dto = betToDto({ id: '1', gameId: 5, status: 99 } as Parameters<typeof betToDto>[0])
    expect(dto.status).toBe(99)
    expect(Object.keys(dto).some((k) => /label/i.test(k))).toBe(false)
  })

  it('spells out a rejection: code, error_code, the vendor API, its own text (never ours) and change records', () => {
    const error = new DeskError('coupon_business', 'odds changed (error_code 501)', {
      data: { errorCode: 501, errorMessage: null, changes: [{ gameId: 7, betCoefficient: 1.5, actualCoefficient: 1.7, changeType: 1, status: 'rejected' }] },
    })
    expect(rejectionToDto(error, 'new')).toEqual({
      outcome: 'rejected',
      code: 'coupon_business',
      errorCode: 501,
      vendorApi: 'new',
      vendorText: null,
      changes: [{ gameId: 7, betCoefficient: 1.5, actualCoefficient: 1.7, changeType: 1, status: 'rejected' }],
    })
    const worded = new DeskError('coupon_business', 'insufficient client balance (error_code 507)', { data: { errorCode: 507, errorMessage: 'Недостаточно средств', changes: [] } })
    expect(rejectionToDto(worded, 'legacy')).toMatchObject({ errorCode: 507, vendorApi: 'legacy', vendorText: 'Недостаточно средств' })
    expect(rejectionToDto(new DeskError('coupon_invalid', 'bad pointer'), 'new')).toMatchObject({ errorCode: null, vendorText: null, changes: [] })
  })

  it('maps account errors to the contract account states', () => {
    expect(accountStateOfError(new DeskError('account_disabled', 'x'))).toBe('disabled')
    expect(accountStateOfError(new DeskError('account_expired', 'x'))).toBe('expired')
    expect(accountStateOfError(new DeskError('account_no_balance', 'x'))).toBe('no-balance')
    expect(accountStateOfError(new DeskError('auth_failed', 'x'))).toBe('bad-credentials')
    expect(accountStateOfError(new DeskError('coupon_business', 'x', { data: { errorCode: 1006 } }))).toBe('expired')
    expect(accountStateOfError(new DeskError('coupon_http', 'x'))).toBe('unknown')
    expect(tokenTailOf('…a1B2')).toBe('a1B2')
    expect(tokenTailOf(null)).toBeNull()
  })

  it('builds match DTOs: icons from the CDN, no icon → null, outcome without pointer → not bettable', () => {
    const outcome = (pointer: Outcome['oc_pointer']): Outcome => ({
      oc_group_name: '1X2', oc_name: 'W1', oc_rate: 1.85, oc_size: null, oc_pointer: pointer, oc_block: false, op_id: null,
    })
    const match: MatchSummary = {
      key: 'live:42', lineType: 'live', gameId: 42, mainGameId: null, isSubMatch: false, startMs: null, sportId: 1, sportName: 'Football', countryId: 3,
      countryName: 'X', tournamentId: 9, tournamentName: 'Cup', opp1: { name: 'A', icon: 'a.png', id: 1, ids: [] }, opp2: { name: 'B', icon: '', id: 2, ids: [] },
      score: null, periodName: null, timerSec: null, videoAvailable: false, videoId: null, trackerId: null,
      markets: [{ position: 0, key: '0:1', groupId: 1, name: '1X2', columnsHint: 2, columns: [[outcome('42|1|1|0'), outcome(null)]], outcomes: [], extra: {} }],
      oddsCounter: null, outcomeCount: 2, extra: {},
    }
    const dto = matchToDto(match, feedTools('http://cdn.test/'))
    expect(dto).toMatchObject({ opp1IconUrl: 'http://cdn.test/opp/v1/color/a.webp', opp2IconUrl: null, score: '', period: '', timerSec: 0, startMs: 0, oddsCounter: 2, subGames: [] })
    const [good, bad] = dto.markets![0].columns[0]
    expect(good).toMatchObject({ pointer: 'live#42#1#1#0#1.85', blocked: false, size: null })
    expect(bad).toMatchObject({ pointer: '', blocked: true })
    // oc_size as the feed sent it, shown as text: a number printed, '' and absent shown as none.
    const sized = (size: Outcome['oc_size']) => ({ ...outcome('42|1|1|0'), oc_size: size })
    const sizes = matchToDto({ ...match, markets: [{ ...match.markets![0], columns: [[sized(2.5), sized(0), sized('0'), sized('-1.5'), sized(''), sized(null)]] }] }, feedTools('http://cdn.test/'))
    expect(sizes.markets![0].columns[0].map((o) => o.size)).toEqual(['2.5', '0', '0', '-1.5', null, null])
  })

  it('derives the balance effect of timeline entries', () => {
    const entry = (kind: string, data: Record<string, unknown>): TimelineEntry =>
      ({ id: 1, at: 0, kind, couponCode: 'C1', source: 'callback', status: 2, batchId: null, group: null, data }) as TimelineEntry
    const amount = () => 10
    expect(amountDeltaOf(entry('coupon_placed', { amount: 10 }), amount)).toBe(-10)
    expect(amountDeltaOf(entry('settled', { ledger: { kind: 'credit', amount: 18.5 } }), amount)).toBe(18.5)
    expect(amountDeltaOf(entry('returned_for_recalculation', { ledger: { kind: 're_deduct' } }), amount)).toBe(-10)
    expect(amountDeltaOf(entry('returned_for_recalculation', { ledger: { kind: 're_deduct' } }), () => null)).toBeNull()
    expect(amountDeltaOf(entry('progressive_update', {}), amount)).toBeNull()
  })

  it('gives a timeline entry its figures, not a sentence', () => {
    const entry = (kind: string, data: Record<string, unknown>): TimelineEntry =>
      ({ id: 1, at: 0, kind, couponCode: 'C1', source: 'callback', status: 2, batchId: null, group: null, data }) as TimelineEntry
    expect(detailOf(entry('coupon_placed', { amount: 10, bets: 3, realWin: 0 }))).toEqual({ amount: 10, bets: 3, settledBets: null, realWin: null })
    expect(detailOf(entry('settled', { bets: 3, settledBets: 3, realWin: 18.5 }))).toEqual({ amount: null, bets: 3, settledBets: 3, realWin: 18.5 })
    expect(detailOf(entry('missed_callback', { realWin: 'x' }))).toEqual({ amount: null, bets: null, settledBets: null, realWin: null })
  })
})
