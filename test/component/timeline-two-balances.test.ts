/**
 * The timeline names both balances an entry moves, with their running totals, says where and why they
 * part (a return for recalculation), and filters by several coupon codes, naming those without entries.
 */
import { describe, expect, it } from 'vitest'
import { flushPromises } from '@vue/test-utils'
import { nextTick } from 'vue'
import TimelineList from '@renderer/components/TimelineList.vue'
import TimelineView from '@renderer/views/TimelineView.vue'
import { parseCodes, useTimelineStore } from '@renderer/stores/timeline.js'
import { missingKeys } from '@renderer/i18n/index.js'
import type { TimelineBalancesDto, TimelineEntryDto } from '../../src-shared/contract.js'
import { installFakeDesk } from './fake-desk.js'
import { freshPinia, mountWithApp } from './mount.js'
import { timelineEntry } from './timeline-fixtures.js'

const moved = (serviceDelta: number, partnerDelta: number, serviceTotal: number, partnerTotal: number): TimelineBalancesDto => ({
  serviceDelta, partnerDelta, serviceTotal, partnerTotal, complete: true,
})
/** 100 at 1.40: placed, won, returned for recalculation, re-settled lost; newest first as main sends them. */
const recalculation = (): TimelineEntryDto[] => [
  timelineEntry(4, { kind: 'resettled', status: 4, amountDelta: 0, balances: moved(0, 0, -100, -60) }),
  timelineEntry(3, { kind: 'returned_for_recalculation', status: 15, amountDelta: -100, balances: moved(-140, -100, -100, -60) }),
  timelineEntry(2, { kind: 'settled', status: 2, amountDelta: 140, balances: moved(140, 140, 40, 40) }),
  timelineEntry(1, { kind: 'coupon_placed', status: 0, amountDelta: -100, balances: moved(-100, -100, -100, -100), detail: { amount: 100, bets: 1, settledBets: null, realWin: null } }),
]

describe('timeline rows with two balances', { timeout: 20_000 }, () => {
  it('shows each balance’s delta and running total, named, and explains the 40.00 where they part', async () => {
    installFakeDesk()
    const { wrapper } = await mountWithApp(TimelineList, freshPinia(), { props: { items: recalculation() } })
    await nextTick()
    expect(wrapper.find('[data-testid="timeline-head-service"]').text()).toBe('Balance Δ · Client account (service)')
    expect(wrapper.find('[data-testid="timeline-head-partner"]').text()).toBe('Balance Δ · Partner ledger (spec rule)')
    const rows = wrapper.findAll('[data-testid="timeline-row"]')
    const cell = (i: number, side: string) => rows[i]!.find(`[data-testid="timeline-${side}"]`)
    expect(cell(1, 'service').text()).toBe('-140.00= -100.00')
    expect(cell(1, 'partner').text()).toBe('-100.00= -60.00')
    expect(cell(1, 'service').attributes('aria-label')).toContain('Balance Δ of Client account (service): -140.00')
    expect(cell(1, 'service').attributes('aria-label')).toContain('Running total of Client account (service), whole history: -100.00')
    expect(rows[1]!.find('[data-testid="timeline-difference"]').text()).toBe(
      'Partner rule deducts the stake 100.00; the service took back the payout 140.00: difference 40.00',
    )
    // Where both balances move alike nothing is explained.
    expect(rows.filter((r) => r.find('[data-testid="timeline-difference"]').exists())).toHaveLength(1)
    expect(cell(0, 'service-total').text()).toBe('= -100.00')
    expect(cell(0, 'partner-total').text()).toBe('= -60.00')
    expect(missingKeys).toEqual([])
    wrapper.unmount()
  })

  it('a figure not known yet is a dash, and a total built over one is marked', async () => {
    installFakeDesk()
    const items = [timelineEntry(2, { kind: 'returned_for_recalculation', status: 15, balances: { serviceDelta: -140, partnerDelta: null, serviceTotal: 0, partnerTotal: 40, complete: false } })]
    const { wrapper } = await mountWithApp(TimelineList, freshPinia(), { props: { items } })
    await nextTick()
    expect(wrapper.find('[data-testid="timeline-partner"]').text()).toBe('—= 40.00*')
    expect(wrapper.find('[data-testid="timeline-difference"]').exists()).toBe(false)
    wrapper.unmount()
  })

  it('the view names both balances and totals the whole history with their difference', async () => {
    installFakeDesk({ 'timeline.query': () => ({ items: recalculation(), nextCursor: null }) })
    const { wrapper } = await mountWithApp(TimelineView, freshPinia())
    await flushPromises()
    const legend = wrapper.find('[data-testid="timeline-legend"]').text()
    expect(legend).toContain('Client account (service): the header balance')
    expect(legend).toContain('Partner ledger (spec rule): on a return for recalculation the stake is deducted again.')
    expect(wrapper.find('[data-testid="timeline-totals"]').text()).toBe(
      'Whole history: client account (service) -100.00 · partner ledger (spec rule) -60.00 · difference 40.00, from returns for recalculation',
    )
    wrapper.unmount()
  })
})

describe('timeline filter by several coupon codes', { timeout: 20_000 }, () => {
  it('reads codes separated by spaces, commas or semicolons, each once', () => {
    expect(parseCodes(' 000000000001, 000000000002;000000000003  000000000001 ')).toEqual(['000000000001', '000000000002', '000000000003'])
    expect(parseCodes('  ')).toEqual([])
  })

  it('queries all the codes and keeps live entries of any of them', async () => {
    const fake = installFakeDesk({ 'timeline.query': () => ({ items: [timelineEntry(2, { couponCode: 'B' }), timelineEntry(1, { couponCode: 'A' })], nextCursor: null }) })
    freshPinia()
    const tl = useTimelineStore()
    tl.filters.couponCode = 'A, B'
    await tl.query()
    expect(fake.callsTo('timeline.query')).toEqual([{ limit: 100, couponCodes: ['A', 'B'] }])
    tl.prepend(timelineEntry(3, { couponCode: 'C' }))
    tl.prepend(timelineEntry(4, { couponCode: 'B' }))
    expect(tl.items.map((e) => e.id)).toEqual([4, 2, 1])
    tl.filters.couponCode = 'A'
    await tl.query()
    expect(fake.callsTo('timeline.query')[1]).toEqual({ limit: 100, couponCode: 'A' })
  })

  it('says which codes have no entries instead of a bare "No data", and refuses too many codes', async () => {
    const fake = installFakeDesk({ 'timeline.query': () => ({ items: [], nextCursor: null, missingCodes: ['000000000008', '000000000009'] }) })
    const { wrapper } = await mountWithApp(TimelineView, freshPinia())
    await flushPromises()
    const tl = useTimelineStore()
    tl.filters.couponCode = '000000000008 000000000009'
    await tl.query()
    await flushPromises()
    const list = wrapper.find('[data-testid="timeline-list"]')
    expect(list.text()).toContain('No entries for 000000000008, 000000000009.')
    expect(list.text()).not.toContain('No data')

    const calls = fake.callsTo('timeline.query').length
    tl.filters.couponCode = Array.from({ length: 51 }, (_, i) => String(i).padStart(12, '0')).join(' ')
    await tl.query()
    await flushPromises()
    expect(fake.callsTo('timeline.query')).toHaveLength(calls)
    expect(wrapper.find('[data-testid="timeline-too-many"]').text()).toBe('At most 50 coupon codes at once: 51 were typed.')
    wrapper.unmount()
  })
})
