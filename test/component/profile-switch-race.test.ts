/**
 * The two profile-switch races of issue 9: a balance / active-coupons answer computed for profile A
 * arrives after the switch to B. Main stamps it with A's epoch; the window has adopted B's and
 * drops it, so B's figures stay. (On the old stores both tests failed: A's answer replaced B's.)
 */
import { describe, expect, it } from 'vitest'
import { flushPromises } from '@vue/test-utils'
import BalanceWidget from '@renderer/components/BalanceWidget.vue'
import CouponsView from '@renderer/views/CouponsView.vue'
import { call } from '@renderer/api/desk.js'
import { useBalanceStore } from '@renderer/stores/balance.js'
import { useCouponsStore } from '@renderer/stores/coupons.js'
import { recentErrors } from '@renderer/composables/errors.js'
import type { BalanceDto, CouponDto } from '../../src-shared/contract.js'
import { namedCoupon } from './coupon-fixtures.js'
import { installFakeDesk } from './fake-desk.js'
import { freshPinia, mountWithApp } from './mount.js'

const A: BalanceDto = { balance: 100, at: 3_000 }
const B: BalanceDto = { balance: 200, at: 2_000 }
const couponDto = (over: Partial<CouponDto>) => namedCoupon([], { status: 0, ...over })
const codes = (list: CouponDto[]) => list.map((c) => c.couponCode)

describe('profile switch while a read for the previous profile is in flight', { timeout: 20_000 }, () => {
  it('balance: A answers late after B is shown; B stays (the answer carries the old epoch)', async () => {
    let profile = 'A'
    const fake = installFakeDesk({ 'balance.get': () => (profile === 'A' ? A : B) })
    fake.topic('balance', () => (profile === 'A' ? A : B))
    const pinia = freshPinia()
    await call('app', 'info') // the window knows epoch 1
    const held = fake.hold('watch.subscribe') // A's snapshot is read now, delivered late
    const { wrapper } = await mountWithApp(BalanceWidget, pinia)
    await flushPromises()

    profile = 'B'
    fake.switchProfile('B') // epoch 2: profile.changed, then B's snapshot for the subscription
    await flushPromises()
    const value = () => wrapper.find('[data-testid="balance-value"]').text()
    expect(value()).toBe('200.00')

    held.release()
    await flushPromises()
    expect(useBalanceStore().current).toEqual(B)
    expect(value()).toBe('200.00')
    // A late push from A's source is dropped too.
    fake.emit({ type: 'watch.delta', subscriptionId: fake.subscriptions('balance')[0]!.id, seq: 99, topic: 'balance', delta: A, epoch: 1 })
    await flushPromises()
    expect(value()).toBe('200.00')
    expect(recentErrors.value.filter((e) => e.code === 'stale_epoch')).toEqual([])
    wrapper.unmount()
  })

  it('a one-off balance.get for A resolving after the switch throws stale_epoch instead of answering', async () => {
    let profile = 'A'
    const fake = installFakeDesk({ 'balance.get': () => (profile === 'A' ? A : B) })
    freshPinia()
    const held = fake.hold('balance.get')
    const inFlight = call('balance', 'get').catch((e: unknown) => e)
    await flushPromises()
    profile = 'B'
    fake.switchProfile('B')
    held.release()
    expect(await inFlight).toMatchObject({ code: 'stale_epoch' })
    await expect(call('balance', 'get')).resolves.toEqual(B)
  })

  it('coupons.active: A answers late after the switch to B; A\'s coupons never show under B', async () => {
    let profile = 'A'
    const fake = installFakeDesk({ 'coupons.calculated': () => [] })
    fake.topic('coupons.active', () => (profile === 'A' ? [couponDto({ couponCode: 'A00000000001' })] : [couponDto({ couponCode: 'B00000000001' })]))
    const pinia = freshPinia()
    await call('app', 'info')
    const held = fake.hold('watch.subscribe')
    const { wrapper } = await mountWithApp(CouponsView, pinia)
    await flushPromises()

    profile = 'B'
    fake.switchProfile('B')
    await flushPromises()
    const store = useCouponsStore()
    expect(codes(store.active)).toEqual(['B00000000001'])

    held.release()
    await flushPromises()
    expect(codes(store.active)).toEqual(['B00000000001'])
    // A's poller finishing late: its delta carries epoch 1 and is dropped.
    const id = fake.subscriptions('coupons.active')[0]!.id
    fake.emit({ type: 'watch.delta', subscriptionId: id, seq: 99, topic: 'coupons.active', delta: { upsert: [couponDto({ couponCode: 'A00000000002' })], remove: [] }, epoch: 1 })
    await flushPromises()
    expect(codes(store.active)).toEqual(['B00000000001'])
    const rows = wrapper.findAll('[data-testid="coupon-row"]').map((r) => r.attributes('data-code'))
    expect(rows).toEqual(['B00000000001'])
    wrapper.unmount()
  })

  it('coupons.active: what was shown for A is cleared the moment the epoch moves on, before B\'s snapshot', async () => {
    let profile = 'A'
    const fake = installFakeDesk({ 'coupons.calculated': () => [] })
    fake.topic('coupons.active', () => (profile === 'A' ? [couponDto({ couponCode: 'A00000000001' })] : [couponDto({ couponCode: 'B00000000001' })]))
    const pinia = freshPinia()
    const { wrapper } = await mountWithApp(CouponsView, pinia)
    await flushPromises()
    const store = useCouponsStore()
    expect(codes(store.active)).toEqual(['A00000000001'])
    store.open(store.active[0]!)
    await store.lookup('A00000000001')

    profile = 'B'
    fake.switchProfile('B', { resnapshot: false })
    await flushPromises()
    expect(codes(store.active)).toEqual([])
    expect(store.detail).toBeNull()
    expect(store.lookups).toEqual([])
    fake.pushSnapshot('coupons.active', [couponDto({ couponCode: 'B00000000001' })])
    await flushPromises()
    expect(codes(store.active)).toEqual(['B00000000001'])
    wrapper.unmount()
  })
})
