import { afterEach, describe, expect, it } from 'vitest'
import { flushPromises } from '@vue/test-utils'
import BetSlip from '@renderer/components/BetSlip.vue'
import { useAppStore } from '@renderer/stores/app.js'
import { useBetslipStore } from '@renderer/stores/betslip.js'
import type { CouponDto, ResolutionDto } from '../../src-shared/contract.js'
import { installFakeDesk } from './fake-desk.js'
import { freshPinia, mountWithApp } from './mount.js'

/** Issue 8 #4: an ambiguous unknown outcome lists its candidates; the operator chooses (keyboard reachable), placing stays blocked until then. */
const P1 = 'line#1001#1#1#0#1.85'
const cand = (code: string, createdAt: number): CouponDto => ({
  couponCode: code, amount: 10, coef: 1.85, originalCoef: 1.85, settlementCoef: null, potentialWin: 18.5, realWin: null, status: 0,
  createdAt, calculateDate: null, couponType: 1, bets: [],
})
const ambiguous: ResolutionDto = { outcome: 'ambiguous', reasons: ['several_matches', 'borderline_time'], candidates: [cand('000000000101', 1_700_000_000_010), cand('000000000102', 1_700_000_000_020)] }

/** One selection placed with an unknown outcome, then "resolve" pressed: the slip shows the resolution. */
async function placeAndResolve() {
    const pinia = freshPinia()
    await useAppStore().load()
    const slip = useBetslipStore()
    slip.add({ pointer: P1, lineType: 'line', gameId: 1001, matchName: 'A – B', marketName: '1X2', outcomeName: 'W1', rate: 1.85 })
    slip.amount = 10
    const { wrapper } = await mountWithApp(BetSlip, pinia)
    await wrapper.find('[data-testid="place"]').trigger('click')
    await flushPromises()
    await wrapper.find('[data-testid="resolve"]').trigger('click')
    await flushPromises()
    return { slip, wrapper }
}

describe('PlacementResult: ambiguous outcome', () => {
  afterEach(() => {
    document.body.innerHTML = ''
  })

  it('shows the candidates, keeps placing blocked, and sends the chosen code', async () => {
    const fake = installFakeDesk({
      'coupons.place': () => ({ outcome: 'unknown', attemptId: 'att-1', cause: { code: 'coupon_network', detail: 'socket hang up' } }),
      'coupons.resolvePlacement': (input: unknown) =>
        (input as { choose?: string[] }).choose ? { outcome: 'placed', coupons: [ambiguous.outcome === 'ambiguous' ? ambiguous.candidates[1] : cand('x', 0)] } : ambiguous,
    })
    const { slip, wrapper } = await placeAndResolve()
    expect(wrapper.find('[data-testid="resolution"]').attributes('data-outcome')).toBe('ambiguous')
    expect(wrapper.findAll('[data-testid="candidate"]')).toHaveLength(2)
    // The reasons come as codes and are worded here, in the renderer.
    expect(wrapper.find('[data-testid="ambiguity-reasons"]').text()).toBe('more than one matching coupon; a matching coupon created too close to the send time to tell whether it came before it')
    expect(wrapper.find('[data-testid="place"]').attributes('disabled')).toBeDefined()
    const pick = wrapper.find('[data-testid="choose-000000000102"]')
    expect(pick.element.tagName).toBe('BUTTON') // reachable with Tab, pressed with Enter/Space
    await pick.trigger('click')
    await flushPromises()
    expect(fake.callsTo('coupons.resolvePlacement')).toEqual([{ attemptId: 'att-1' }, { attemptId: 'att-1', choose: ['000000000102'] }])
    expect(wrapper.find('[data-testid="resolution"]').attributes('data-outcome')).toBe('placed')
    expect(slip.pendingUnknown).toBe(false)
    wrapper.unmount()
  })

  it('"None of these" sends an empty choice', async () => {
    const fake = installFakeDesk({
      'coupons.place': () => ({ outcome: 'unknown', attemptId: 'att-2', cause: { code: 'coupon_network', detail: 'socket hang up' } }),
      'coupons.resolvePlacement': (input: unknown) => ((input as { choose?: string[] }).choose ? { outcome: 'not_placed' } : ambiguous),
    })
    const { wrapper } = await placeAndResolve()
    await wrapper.find('[data-testid="choose-none"]').trigger('click')
    await flushPromises()
    expect(fake.callsTo('coupons.resolvePlacement')).toEqual([{ attemptId: 'att-2' }, { attemptId: 'att-2', choose: [] }])
    expect(wrapper.find('[data-testid="resolution"]').attributes('data-outcome')).toBe('not_placed')
    wrapper.unmount()
  })
})
