import { afterEach, describe, expect, it } from 'vitest'
import { flushPromises } from '@vue/test-utils'
import BetSlip from '@renderer/components/BetSlip.vue'
import { useAppStore } from '@renderer/stores/app.js'
import { useBetslipStore, type Selection } from '@renderer/stores/betslip.js'
import type { CouponDto, PlacementDto } from '../../src-shared/contract.js'
import { demoInfo, installFakeDesk } from './fake-desk.js'
import { freshPinia, mountWithApp } from './mount.js'

const P1 = 'line#1001#1#1#0#1.85'
const P2 = 'line#1002#1#3#0#2.4'
function sel(pointer: string, gameId: number, rate: number): Selection {
  return { pointer, lineType: 'line', gameId, matchName: `Home ${gameId} – Away`, marketName: '1X2', outcomeName: 'W1', rate }
}
/** A fresh app whose slip holds `selections` and `amount` (and `mode`), with the BetSlip mounted. */
async function mountSlip(setup: { selections: Selection[]; amount: number; mode?: 'accept' | 'reject' }) {
  const pinia = freshPinia()
  await useAppStore().load()
  const slip = useBetslipStore()
  for (const selection of setup.selections) slip.add(selection)
  slip.amount = setup.amount
  if (setup.mode) slip.mode = setup.mode
  const { wrapper } = await mountWithApp(BetSlip, pinia)
  return { slip, wrapper }
}
const coupon: CouponDto = {
  couponCode: '000000004711',
  amount: 25,
  coef: 1.85,
  originalCoef: 1.85,
  settlementCoef: null,
  potentialWin: 46.25,
  realWin: null,
  status: 0,
  createdAt: 1_700_000_000_000,
  calculateDate: null,
  couponType: 1,
  bets: [],
}

describe('BetSlip', () => {
  afterEach(() => {
    document.body.innerHTML = ''
  })

  it('sends the exact coupons.place input and renders a rejection with its change records', async () => {
    const rejection: PlacementDto = {
      outcome: 'rejected',
      code: 'coupon_business',
      errorCode: 501,
      vendorApi: 'new',
      vendorText: 'Коэффициент изменился',
      changes: [
        { gameId: 1001, betCoefficient: 1.85, actualCoefficient: 1.95, changeType: 1, status: 'rejected' },
        { gameId: 1002, betCoefficient: 2.4, actualCoefficient: null, changeType: null, status: 'block' },
      ],
    }
    const fake = installFakeDesk({ 'coupons.place': () => rejection })
    const { slip, wrapper } = await mountSlip({ selections: [sel(P1, 1001, 1.85), sel(P2, 1002, 2.4)], amount: 25, mode: 'accept' })

    await wrapper.find('[data-testid="slip-accumulator"] input').setValue(true)
    expect(slip.multi).toBe(false)
    expect(wrapper.find('[data-testid="slip-confirm"]').exists()).toBe(false) // Demo: no confirmation
    await wrapper.find('[data-testid="place"]').trigger('click')
    await flushPromises()

    expect(fake.callsTo('coupons.place')).toEqual([{ pointers: [P1, P2], amount: 25, multi: false, mode: 'accept', confirmed: false }])
    const result = wrapper.find('[data-testid="placement-result"]')
    expect(result.attributes('data-outcome')).toBe('rejected')
    expect(result.text()).toContain('Rejected: The coupon service refused')
    expect(result.text()).not.toContain('coupon_business')
    expect(result.find('[data-code]').attributes('data-code')).toBe('coupon_business')
    expect(result.text()).toContain('error 501')
    // The vendor number is worded here (new API table); the vendor's own text is shown verbatim beside it.
    expect(result.find('[data-testid="vendor-error"]').text()).toBe('The odds changed and the mode does not allow it')
    expect(result.find('[data-testid="vendor-text"]').text()).toContain('Коэффициент изменился')
    const rows = wrapper.findAll('[data-testid="change-record"]')
    expect(rows).toHaveLength(2)
    expect(rows[0]!.text()).toContain('1001')
    expect(rows[0]!.text()).toContain('1.85')
    expect(rows[0]!.text()).toContain('1.95')
    expect(rows[0]!.text()).toContain('increased')
    expect(rows[1]!.text()).toContain('n/a')
    expect(rows[1]!.text()).toContain('block')
    // A rejection keeps the selections so the operator can adjust and retry deliberately.
    expect(slip.selections).toHaveLength(2)
    wrapper.unmount()
  })

  it('outside Demo requires the confirmation tick and sends confirmed: true', async () => {
    const fake = installFakeDesk({
      'app.info': () => demoInfo({ environment: 'custom', profileName: 'Acme' }),
      'coupons.place': () => ({ outcome: 'placed', coupons: [coupon] }),
    })
    const { slip, wrapper } = await mountSlip({ selections: [sel(P1, 1001, 1.85)], amount: 25 })

    const place = () => wrapper.find('[data-testid="place"]')
    expect(place().attributes('disabled')).toBeDefined()
    await place().trigger('click')
    expect(fake.callsTo('coupons.place')).toHaveLength(0)

    await wrapper.find('[data-testid="slip-confirm"]').trigger('click')
    expect(slip.confirmed).toBe(true)
    expect(place().attributes('disabled')).toBeUndefined()
    await place().trigger('click')
    await flushPromises()

    expect(fake.callsTo('coupons.place')).toEqual([{ pointers: [P1], amount: 25, multi: true, mode: 'reject', confirmed: true }])
    expect(wrapper.find('[data-testid="placement-result"]').attributes('data-outcome')).toBe('placed')
    expect(wrapper.text()).toContain('000000004711')
    expect(slip.selections).toHaveLength(0)
    expect(slip.confirmed).toBe(false) // the tick is per placement
    // Main adds the placed coupons to the active list (a coupons.active delta); the window does not poll.
    expect(fake.callsTo('coupons.active')).toEqual([])
    wrapper.unmount()
  })

  it('never retries an unknown outcome; Resolve asks coupons.resolvePlacement', async () => {
    const fake = installFakeDesk({
      'coupons.place': () => ({ outcome: 'unknown', attemptId: 'att-9', cause: { code: 'coupon_timeout', detail: 'Coupon service did not answer in time on /api/partner/coupons/place' } }),
      'coupons.resolvePlacement': () => ({ outcome: 'not_placed' }),
    })
    const { wrapper } = await mountSlip({ selections: [sel(P1, 1001, 1.85)], amount: 10 })

    await wrapper.find('[data-testid="place"]').trigger('click')
    await flushPromises()
    expect(wrapper.find('[data-testid="placement-result"]').attributes('data-outcome')).toBe('unknown')
    expect(wrapper.find('[data-testid="unknown-cause"]').text()).toMatch(/^The service gave no clear answer \(.+\)\. Do not place again/)
    expect(wrapper.find('[data-testid="cause-detail"]').text()).toContain('did not answer in time on /api/partner/coupons/place')
    expect(fake.callsTo('coupons.place')).toHaveLength(1)
    expect(wrapper.find('[data-testid="place"]').attributes('disabled')).toBeDefined()

    await wrapper.find('[data-testid="resolve"]').trigger('click')
    await flushPromises()
    expect(fake.callsTo('coupons.resolvePlacement')).toEqual([{ attemptId: 'att-9' }])
    expect(wrapper.find('[data-testid="resolution"]').attributes('data-outcome')).toBe('not_placed')
    expect(fake.callsTo('coupons.place')).toHaveLength(1)
    expect(wrapper.find('[data-testid="place"]').attributes('disabled')).toBeUndefined()
    wrapper.unmount()
  })

  it('shows an unknown outcome left from an earlier run and blocks placing until it is resolved', async () => {
    const fake = installFakeDesk({
      'coupons.pendingPlacements': () => [{ attemptId: 'att-old', at: 1, pointers: [P1], amount: 10, multi: false, cause: { code: 'coupon_network', detail: null } }],
      'coupons.resolvePlacement': () => ({ outcome: 'placed', coupons: [coupon] }),
    })
    const { slip, wrapper } = await mountSlip({ selections: [sel(P2, 1002, 2.4)], amount: 5 })
    await flushPromises()
    expect(wrapper.find('[data-testid="placement-result"]').attributes('data-outcome')).toBe('unknown')
    expect(wrapper.find('[data-testid="place"]').attributes('disabled')).toBeDefined()
    await wrapper.find('[data-testid="resolve"]').trigger('click')
    await flushPromises()
    expect(fake.callsTo('coupons.resolvePlacement')).toEqual([{ attemptId: 'att-old' }])
    expect(wrapper.find('[data-testid="resolution"]').attributes('data-outcome')).toBe('placed')
    expect(fake.callsTo('coupons.place')).toHaveLength(0)
    expect(slip.selections.map((s) => s.pointer)).toEqual([P2]) // the slip in progress is not the resolved one
    wrapper.unmount()
  })

  it('a profile switch empties the slip and the result shown (one epoch hook, no per-component reset)', async () => {
    const fake = installFakeDesk({ 'coupons.place': () => ({ outcome: 'rejected', code: 'coupon_business', errorCode: 1, vendorApi: 'new', vendorText: null, changes: [] }) })
    const { slip, wrapper } = await mountSlip({ selections: [sel(P1, 1001, 1.85)], amount: 10 })
    await wrapper.find('[data-testid="place"]').trigger('click')
    await flushPromises()
    expect(wrapper.find('[data-testid="placement-result"]').exists()).toBe(true)
    expect(wrapper.find('[data-testid="vendor-error"]').text()).toBe('vendor error 1') // a number no table documents is shown raw

    fake.switchProfile('other')
    await flushPromises()
    expect(slip.selections).toEqual([])
    expect(wrapper.find('[data-testid="placement-result"]').exists()).toBe(false)
    expect(fake.callsTo('coupons.pendingPlacements').length).toBeGreaterThanOrEqual(2) // the new profile's unresolved placements
    wrapper.unmount()
  })

  it('a placement answering after a profile switch is said, not dropped, and not shown as the new profile\'s', async () => {
    const fake = installFakeDesk({ 'coupons.place': () => ({ outcome: 'placed', coupons: [coupon] }) })
    const { wrapper } = await mountSlip({ selections: [sel(P1, 1001, 1.85)], amount: 10 })
    const held = fake.hold('coupons.place')
    await wrapper.find('[data-testid="place"]').trigger('click')
    await flushPromises()
    fake.switchProfile('other')
    held.release()
    await flushPromises()
    expect(wrapper.find('[data-testid="placement-result"]').exists()).toBe(false)
    expect(wrapper.find('[data-testid="slip-late-answer"]').text()).toContain("look for it among the previous profile's coupons")
    wrapper.unmount()
  })
})
