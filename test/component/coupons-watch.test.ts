/**
 * The active coupons come from main's `coupons.active` subscription (the renderer's 15 s poller is
 * gone: main polls once however many windows watch). Snapshot first, deltas after, ordered by seq.
 */
import { describe, expect, it } from 'vitest'
import { flushPromises } from '@vue/test-utils'
import CouponsView from '@renderer/views/CouponsView.vue'
import { useCouponsStore } from '@renderer/stores/coupons.js'
import type { CouponDto } from '../../src-shared/contract.js'
import { namedCoupon } from './coupon-fixtures.js'
import { installFakeDesk } from './fake-desk.js'
import { freshPinia, mountWithApp } from './mount.js'

const coupon = (couponCode: string, over: Partial<CouponDto> = {}) => namedCoupon([], { couponCode, status: 0, ...over })
const codes = (list: CouponDto[]) => list.map((c) => c.couponCode)

describe('coupons store on the coupons.active subscription', { timeout: 20_000 }, () => {
  it('one subscription however many holders; released with the last one', async () => {
    const fake = installFakeDesk()
    fake.topic('coupons.active', [coupon('000000000001')])
    freshPinia()
    const store = useCouponsStore()
    const releaseA = store.watchActive()
    const releaseB = store.watchActive()
    await flushPromises()
    expect(fake.callsTo('watch.subscribe')).toHaveLength(1)
    expect(fake.callsTo('coupons.active')).toEqual([]) // no renderer-side polling
    expect(codes(store.active)).toEqual(['000000000001'])
    releaseA()
    releaseA() // releasing twice counts once
    await flushPromises()
    expect(fake.callsTo('watch.unsubscribe')).toHaveLength(0)
    releaseB()
    await flushPromises()
    expect(fake.callsTo('watch.unsubscribe')).toHaveLength(1)
    expect(fake.subscriptions()).toEqual([])
  })

  it('applies deltas in seq order: upserts first, changes in place, removals; older seqs ignored', async () => {
    const fake = installFakeDesk()
    fake.topic('coupons.active', [coupon('000000000001'), coupon('000000000002')])
    freshPinia()
    const store = useCouponsStore()
    store.watchActive()
    await flushPromises()
    fake.pushDelta('coupons.active', { upsert: [coupon('000000000003'), coupon('000000000002', { status: 15 })], remove: ['000000000001'] })
    await flushPromises()
    expect(codes(store.active)).toEqual(['000000000003', '000000000002'])
    expect(store.active[1]!.status).toBe(15)

    const id = fake.subscriptions('coupons.active')[0]!.id
    fake.emit({ type: 'watch.delta', subscriptionId: id, seq: 1, topic: 'coupons.active', delta: { upsert: [coupon('000000000009')], remove: [] } })
    await flushPromises()
    expect(codes(store.active)).toEqual(['000000000003', '000000000002']) // seq 1 is the snapshot's: already in it
  })

  it('nothing pushed between subscribing and the answer is lost (the window listens before it asks)', async () => {
    const fake = installFakeDesk()
    fake.topic('coupons.active', [coupon('000000000001')])
    freshPinia()
    const store = useCouponsStore()
    const held = fake.hold('watch.subscribe')
    store.watchActive()
    await flushPromises()
    // Main registered the subscription (answer computed, seq 1) and pushes a placement before the answer arrives.
    fake.pushDelta('coupons.active', { upsert: [coupon('000000000002')], remove: [] })
    await flushPromises()
    expect(store.active).toEqual([])
    held.release()
    await flushPromises()
    expect(codes(store.active)).toEqual(['000000000002', '000000000001'])
  })

  it('CouponsView holds the subscription while shown and marks the table stale when the source is not live', async () => {
    const fake = installFakeDesk({ 'coupons.calculated': () => [] })
    fake.topic('coupons.active', [coupon('000000000001')])
    const pinia = freshPinia()
    const { wrapper } = await mountWithApp(CouponsView, pinia)
    await flushPromises()
    expect(wrapper.findAll('[data-testid="coupon-row"]').map((r) => r.attributes('data-code'))).toEqual(['000000000001'])
    expect(wrapper.find('[data-testid="coupons-refresh"]').exists()).toBe(false)
    const region = wrapper.find('[data-testid="coupons-stale"]')
    expect(region.attributes('role')).toBe('status')
    expect(region.text()).toBe('')

    fake.pushState('coupons.active', { live: false, error: { code: 'coupon_network', message: 'connect ECONNREFUSED' } })
    await flushPromises()
    expect(region.text()).toMatch(/^Stale — last updated \d{2}:\d{2}:\d{2}, The coupon service cannot be reached$/)
    expect(wrapper.findAll('[data-testid="coupon-row"]')).toHaveLength(1) // the last list stays, marked stale

    wrapper.unmount()
    await flushPromises()
    expect(fake.subscriptions('coupons.active')).toEqual([])
  })

  it('a settled coupon pushed by main updates the looked-up copy and the calculated list', async () => {
    const fake = installFakeDesk({ 'coupons.get': () => coupon('000000000001'), 'timeline.couponHistory': () => [] })
    freshPinia()
    const store = useCouponsStore()
    await store.lookup('000000000001')
    fake.emit({ type: 'coupon.settled', coupon: coupon('000000000001', { status: 2 }) })
    expect(store.lookups[0]!.status).toBe(2)
    expect(store.detail?.status).toBe(2)
    expect(codes(store.calculated)).toEqual(['000000000001'])
  })
})
