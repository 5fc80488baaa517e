/** The CLI words what the core sends as codes: status names and feed error hints stay as users knew them. */
import { describe, expect, it } from 'vitest'
import { cliErrorMessage } from '../../../src-main/core/cli/feed-hints.js'
import { errorDocument } from '../../../src-main/core/cli/output.js'
import { cliCoupon, couponStatusLabel } from '../../../src-main/core/cli/status-names.js'
import { feedErrorOf } from '../../../src-main/core/feed/errors.js'
import type { BetDto, CouponDto } from '../../../src-shared/contract.js'

const bet = (status: number) => ({ id: '1', gameId: 5, mainGameId: null, status, coef: 1.5 }) as unknown as BetDto
const coupon = (status: number, bets: BetDto[]) => ({ couponCode: 'C1', amount: 10, coef: 1.5, status, createdAt: 1, bets }) as unknown as CouponDto

describe('CLI vocabulary', () => {
  it('prints statusLabel right after status, for the coupon and each bet; unknown values raw', () => {
    const out = cliCoupon(coupon(2, [bet(22), bet(77)]))
    expect(Object.keys(out).slice(0, 5)).toEqual(['couponCode', 'amount', 'coef', 'status', 'statusLabel'])
    expect(out.statusLabel).toBe('won')
    expect(out.bets.map((b) => [b.status, b.statusLabel])).toEqual([[22, 'half lost'], [77, null]])
    expect(couponStatusLabel(37)).toBe('status 37')
  })

  it('puts its hint before the vendor words of a typed feed error; unknown codes stay raw', () => {
    const expired = feedErrorOf({ error_code: 100, error_message: 'Package has expired' }, '/v1/menu')
    expect(expired.message).toBe('feed error 100: Package has expired')
    expect(cliErrorMessage(expired.code, expired.message)).toBe('the feed key has expired; ask the vendor to extend it (feed error 100: Package has expired)')
    expect(errorDocument(expired).message).toBe('the feed key has expired; ask the vendor to extend it (feed error 100: Package has expired)')
    const unknown = feedErrorOf({ error_code: 429, error_message: 'Too many requests' }, '/v1/menu')
    expect(cliErrorMessage(unknown.code, unknown.message)).toBe('feed error 429: Too many requests')
    expect(cliErrorMessage('coupon_http', 'Coupon service answered HTTP 502')).toBe('Coupon service answered HTTP 502')
  })
})
