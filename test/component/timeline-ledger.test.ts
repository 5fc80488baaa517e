/**
 * The ledger of the client account in the timeline view: the balance check card says whether the
 * history adds up to the service's read and names the difference; coupons placed elsewhere are tagged
 * and filterable; a time range and "placed" filter reach the query; entries group under their coupon
 * with its net; times this desk recorded are shown on the service's clock.
 */
import { describe, expect, it } from 'vitest'
import { flushPromises } from '@vue/test-utils'
import TimelineView from '@renderer/views/TimelineView.vue'
import { useTimelineStore } from '@renderer/stores/timeline.js'
import { missingKeys } from '@renderer/i18n/index.js'
import { rangeBounds } from '@renderer/composables/time-range.js'
import type { LedgerCheckDto, TimelineEntryDto } from '../../src-shared/contract.js'
import { installFakeDesk } from './fake-desk.js'
import { freshPinia, mountWithApp } from './mount.js'
import { timelineEntry } from './timeline-fixtures.js'

const T0 = Date.UTC(2026, 10, 26, 12, 0, 0)
const moved = (serviceDelta: number, serviceTotal: number) => ({ serviceDelta, partnerDelta: serviceDelta, serviceTotal, partnerTotal: serviceTotal, complete: true })
const entries = (): TimelineEntryDto[] => [
  timelineEntry(3, { at: T0 + 3000, kind: 'discovered_by_polling', couponCode: '000000000777', placedHere: false, balances: moved(46.25, 21.25) }),
  timelineEntry(2, { at: T0 + 2000, kind: 'coupon_seen', couponCode: '000000000777', status: 0, placedHere: false, balances: moved(-25, -25) }),
  timelineEntry(1, { at: T0 + 1000, kind: 'coupon_placed', couponCode: '000000000001', status: 0, placedHere: true, balances: moved(-10, 0) }),
]
const check = (over: Partial<LedgerCheckDto> = {}): LedgerCheckDto => ({
  anchor: { balance: 10_000, at: T0 },
  read: { balance: 10_053.4, at: T0 + 5000 },
  expected: 10_000,
  difference: 53.4,
  counted: 2,
  reasons: [{ kind: 'settlement_not_seen', group: 'in_flight', couponCode: '000000000555', amount: 53.4 }],
  explained: 53.4,
  unexplained: 0,
  agrees: false,
  serviceReadAt: T0 + 5100,
  clock: { offsetMs: 2500, uncertaintyMs: 3, measuredAt: T0 },
  ...over,
})

async function mountView(ledger: LedgerCheckDto | null) {
  const fake = installFakeDesk({ 'timeline.query': () => ({ items: entries(), nextCursor: null }), 'timeline.checkBalance': () => ledger ?? check() })
  if (ledger) fake.topic('ledger', ledger)
  const mounted = await mountWithApp(TimelineView, freshPinia())
  await flushPromises()
  if (ledger) fake.pushSnapshot('ledger', ledger)
  await flushPromises()
  return { fake, ...mounted }
}

describe('the ledger of the client account in the timeline', { timeout: 20_000 }, () => {
  it('the card names the difference, what explains it, and the anchor; the clock is said', async () => {
    const { wrapper, fake } = await mountView(check())
    const card = wrapper.find('[data-testid="ledger-card"]')
    expect(card.attributes('data-state')).toBe('differs')
    expect(card.find('[data-testid="ledger-difference"]').text()).toBe('Differs by +53.40')
    expect(card.find('[data-testid="ledger-read"]').text()).toBe('Service read 10,053.40 at 2026-11-26 12:00:05')
    expect(card.find('[data-testid="ledger-expected"]').text()).toBe('History expects 10,000.00')
    expect(card.find('[data-testid="ledger-in_flight"]').text()).toContain('Settled at the service, not yet in the history')
    expect(card.find('[data-testid="ledger-in_flight"]').text()).toContain('000000000555')
    expect(card.find('[data-testid="ledger-unexplained"]').text()).toBe('Explained in full.')
    expect(wrapper.find('[data-testid="timeline-clock"]').text()).toBe('Times are the service’s clock (UTC), this machine’s corrected by +2.500 s')
    // Recorded at T0 + 3 s on this machine: 12:00:05.500 on the service's clock.
    expect(wrapper.find('[data-testid="timeline-row"]').text()).toContain('2026-11-26 12:00:05')
    await card.find('[data-testid="ledger-check-now"]').trigger('click')
    await flushPromises()
    expect(fake.callsTo('timeline.checkBalance')).toHaveLength(1)
    expect(missingKeys).toEqual([])
    wrapper.unmount()
  })

  it('agreeing says so; before any read it says it waits', async () => {
    const { wrapper } = await mountView(check({ difference: 0, agrees: true, reasons: [], read: { balance: 10_000, at: T0 } }))
    expect(wrapper.find('[data-testid="ledger-agrees"]').text()).toBe('Agrees: the history adds up to the service balance 10,000.00.')
    wrapper.unmount()
    const waiting = await mountView(null)
    expect(waiting.wrapper.find('[data-testid="ledger-card"]').attributes('data-state')).toBe('waiting')
    waiting.wrapper.unmount()
  })

  it('coupons placed elsewhere are tagged; the placed and time range filters reach the query', async () => {
    const { wrapper, fake } = await mountView(check())
    const rows = wrapper.findAll('[data-testid="timeline-row"]')
    expect(rows.map((r) => r.attributes('data-placed-here'))).toEqual(['false', 'false', 'true'])
    expect(rows[0]!.find('[data-testid="timeline-elsewhere"]').text()).toBe('not placed here')
    expect(rows[2]!.find('[data-testid="timeline-elsewhere"]').exists()).toBe(false)
    const tl = useTimelineStore()
    tl.filters.placement = 'elsewhere'
    tl.filters.range = { preset: 'custom', from: T0, to: T0 + 60_000 }
    await tl.query()
    // Chosen on the service's clock; the history's entries are stamped with this machine's (offset 2.5 s).
    expect(fake.callsTo('timeline.query').at(-1)).toEqual({ limit: 100, placement: 'elsewhere', from: T0 - 2500, to: T0 + 60_000 - 2500 })
    wrapper.unmount()
  })

  it('groups entries under their coupon with its net on the client account', async () => {
    const { wrapper } = await mountView(check())
    await wrapper.find('[data-testid="timeline-by-coupon"] input').setValue(true)
    await flushPromises()
    const groups = wrapper.findAll('[data-testid="timeline-group"]')
    expect(groups.map((g) => g.attributes('data-code'))).toEqual(['000000000777', '000000000001'])
    expect(groups[0]!.find('[data-testid="timeline-group-net"]').text()).toBe('net +21.25')
    expect(groups[0]!.text()).toContain('not placed here')
    expect(groups[1]!.find('[data-testid="timeline-group-net"]').text()).toBe('net −10.00')
    wrapper.unmount()
  })

  it('presets: today from midnight in the display zone, 24 h, 7 days, all', () => {
    const now = Date.UTC(2026, 10, 26, 15, 30)
    expect(rangeBounds({ preset: 'today', from: null, to: null }, now, 'utc', 1000)).toEqual({ from: Date.UTC(2026, 10, 26) - 1000 })
    expect(rangeBounds({ preset: 'day', from: null, to: null }, now, 'utc', 0)).toEqual({ from: now - 86_400_000 })
    expect(rangeBounds({ preset: 'week', from: null, to: null }, now, 'utc', 0)).toEqual({ from: now - 7 * 86_400_000 })
    expect(rangeBounds({ preset: 'all', from: 1, to: 2 }, now, 'utc', 0)).toEqual({})
  })
})
