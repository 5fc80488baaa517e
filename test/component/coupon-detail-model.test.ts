import { describe, expect, it } from 'vitest'
import { flushPromises } from '@vue/test-utils'
import CouponDetail from '@renderer/components/CouponDetail.vue'
import { useCouponsStore } from '@renderer/stores/coupons.js'
import { missingKeys } from '@renderer/i18n/index.js'
import type { TimelineEntryDto } from '../../src-shared/contract.js'
import { installFakeDesk } from './fake-desk.js'
import { freshPinia, mountWithApp } from './mount.js'
import { namedBet, namedCoupon } from './coupon-fixtures.js'

const text = (id: string) => document.body.querySelector(`[data-testid="${id}"]`)?.textContent?.trim()
const entry = (id: number, batchId: string | null, source = 'callback'): TimelineEntryDto => ({
  id, at: 1784973600000 + id, kind: 'settled', couponCode: '000000000272', status: 2, source, batchId,
  detail: { amount: null, bets: 1, settledBets: 1, realWin: 18.5 }, amountDelta: null,
  balances: { serviceDelta: null, partnerDelta: null, serviceTotal: null, partnerTotal: null, complete: true },
})

describe('CouponDetail: the whole real model', () => {
  it('shows the coupon fields of the new model, odds original / working / settled, ids, and the deliveries that touched it', { timeout: 30_000 }, async () => {
    installFakeDesk({ 'timeline.couponHistory': () => [entry(1, 'batch-aa'), entry(2, 'batch-aa'), entry(3, 'batch-bb'), entry(4, null, 'poll')] })
    const bet = namedBet({ originalCoef: 1.9, coef: 1.85, marketId: 1, outcomeId: 1, team1Id: 101, team2Id: 102 })
    const coupon = namedCoupon([bet], { win: 18.5, eventsCount: 1, hasReturn: false, asian: false, model: 'new', settlementReasonCode: null })
    const { wrapper } = await mountWithApp(CouponDetail, freshPinia(), { props: { coupon } })
    useCouponsStore().open(coupon)
    await flushPromises()
    expect(text('coupon-original-coef')).toBe('1.85')
    expect(text('coupon-multiplier')).toBe('×1.85')
    expect(text('coupon-win')).toBe('18.50')
    expect(text('coupon-events-count')).toBe('1')
    expect(text('coupon-has-return')).toBe('no')
    expect(text('coupon-model')).toBe('new (/api/partner)')
    expect(document.querySelector('[data-testid="coupon-legacy-note"]')).toBeNull()
    const row = document.querySelector<HTMLElement>('[data-testid="bet-row"]')!
    const part = (p: string) => Array.from(row.querySelectorAll(`[data-part="${p}"]`)).map((e) => e.textContent)
    expect(part('original-coef')).toEqual(['original ×1.90'])
    expect(part('working-coef')).toEqual(['1.85'])
    expect(part('settled-at')).toEqual(['settled at ×1.85 (won)'])
    expect(part('market-ids')).toEqual(['market 1 · outcome 1'])
    expect(part('team-ids')).toEqual(['team ids 101 / 102'])
    const tab = Array.from(document.querySelectorAll<HTMLElement>('.n-tabs-tab')).find((e) => e.textContent?.includes('Deliveries'))!
    expect(tab.textContent?.trim()).toBe('Deliveries (2)')
    tab.click()
    await flushPromises()
    const links = Array.from(document.querySelectorAll<HTMLElement>('[data-testid="coupon-delivery"]'))
    expect(links.map((l) => l.dataset.batch)).toEqual(['batch-aa', 'batch-bb'])
    expect(links[0]!.querySelector('a')!.getAttribute('href')).toContain('/timeline?batch=batch-aa')
    // A settled coupon has no cashout estimate, and says so.
    expect(text('cashout-estimate')).toContain('No estimate')
    expect(text('cashout-estimate')).toContain('sells nothing')
    expect(missingKeys).toEqual([])
    wrapper.unmount()
  })

  it('legacy model: says which fields it lacks; an open coupon gets an estimate labelled as one', { timeout: 30_000 }, async () => {
    installFakeDesk({ 'timeline.couponHistory': () => [], 'feed.event': () => ({ kind: 'gone', gameId: 737779544, lineType: 'line', reason: 'finished', vendorText: 'Game id finished' }) })
    const legacy = namedCoupon([namedBet({ status: 0, settlementCoef: null })], { status: 0, realWin: null, calculateDate: null, settlementCoef: null, originalCoef: null, model: 'legacy', win: 18.5, hasReturn: null, asian: null })
    const { wrapper } = await mountWithApp(CouponDetail, freshPinia(), { props: { coupon: legacy } })
    await flushPromises()
    expect(text('coupon-legacy-note')).toContain('Legacy model')
    expect(text('coupon-original-coef')).toBe('not sent')
    expect(text('coupon-has-return')).toBe('not sent')
    expect(text('cashout-value')).toBe('≈ 10.00')
    expect(document.querySelector('[data-testid="cashout-explain"]')!.getAttribute('title')).toContain('nothing is sold')
    wrapper.unmount()
  })
})
