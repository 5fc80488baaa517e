/** The console words what main sends as codes and figures: timeline summaries, status names, error titles. */
import { describe, expect, it, vi } from 'vitest'
import { defineComponent, h, nextTick } from 'vue'
import { NNotificationProvider } from 'naive-ui'
import type { TimelineEntryDto } from '../../src-shared/contract.js'
import CouponStatusTag from '@renderer/components/CouponStatusTag.vue'
import ErrorReporter from '@renderer/components/ErrorReporter.vue'
import TimelineList from '@renderer/components/TimelineList.vue'
import { reportError } from '@renderer/composables/errors.js'
import { DeskCallError } from '@renderer/api/desk.js'
import { missingKeys } from '@renderer/i18n/index.js'
import { installFakeDesk } from './fake-desk.js'
import { freshPinia, mountWithApp } from './mount.js'

const entry = (id: number, over: Partial<TimelineEntryDto>): TimelineEntryDto => ({
  id, at: 1_784_970_000_000 + id, kind: 'settled', couponCode: 'C1', status: 2, source: 'callback', amountDelta: null,
  balances: { serviceDelta: null, partnerDelta: null, serviceTotal: null, partnerTotal: null, complete: true },
  detail: { amount: null, bets: null, settledBets: null, realWin: null }, ...over,
})

describe('words built in the renderer', () => {
  it('a timeline row says its figures: stake and bets of a placement, settled bets and payout later; unknown kinds raw', async () => {
    installFakeDesk()
    const items = [
      entry(1, { kind: 'coupon_placed', status: 0, detail: { amount: 10, bets: 1, settledBets: null, realWin: null } }),
      entry(2, { kind: 'coupon_placed', status: 0, detail: { amount: 5, bets: 3, settledBets: null, realWin: null } }),
      entry(3, { kind: 'settled', status: 2, detail: { amount: null, bets: 3, settledBets: 3, realWin: 18.5 } }),
      entry(4, { kind: 'from_a_newer_main', status: 99, source: 'satellite' }),
    ]
    const { wrapper } = await mountWithApp(TimelineList, freshPinia(), { props: { items } })
    await nextTick()
    const rows = wrapper.findAll('[data-testid="timeline-row"]')
    expect(rows.map((r) => r.find('[data-testid="timeline-summary"]').text())).toEqual([
      'amount 10.00 · 1 bet',
      'amount 5.00 · 3 bets',
      '3/3 bets settled · real win 18.50',
      '—',
    ])
    expect(rows[2]!.find('[data-testid="coupon-status"]').text()).toBe('won')
    expect(rows[3]!.text()).toContain('from_a_newer_main')
    expect(rows[3]!.text()).toContain('satellite')
    expect(rows[3]!.find('[data-testid="coupon-status"]').text()).toBe('status 99')
    expect(missingKeys).toEqual([])
    wrapper.unmount()
  })

  it('statuses are named by code; a code the vendor never named is shown raw', async () => {
    installFakeDesk()
    const named = (status: number, kind: 'coupon' | 'bet') => mountWithApp(CouponStatusTag, freshPinia(), { props: { status, kind } })
    expect((await named(15, 'coupon')).wrapper.text()).toBe('returned for recalculation')
    expect((await named(23, 'bet')).wrapper.text()).toBe('push')
    const unknown = (await named(1, 'coupon')).wrapper
    expect(unknown.text()).toBe('status 1')
    expect(unknown.attributes('data-known')).toBe('false')
  })

  it("an error notice is titled by the code's words; an unknown code is shown raw, main's message always under it", async () => {
    installFakeDesk()
    const Host = defineComponent({ setup: () => () => h(NNotificationProvider, null, { default: () => h(ErrorReporter) }) })
    const { wrapper } = await mountWithApp(Host, freshPinia())
    reportError(new DeskCallError('coupon_timeout', 'Coupon service did not answer in time on /api/partner/balance'), 'balance.get')
    await vi.waitFor(() => expect(document.body.textContent).toContain('The coupon service did not answer in time'))
    expect(document.body.textContent).toContain('Coupon service did not answer in time on /api/partner/balance')
    reportError(new DeskCallError('E_FROM_THE_FUTURE', 'Something new'), 'balance.get')
    await vi.waitFor(() => expect(document.body.textContent).toContain('Error E_FROM_THE_FUTURE'))
    expect(document.body.textContent).toContain('Something new')
    wrapper.unmount()
  })
})
