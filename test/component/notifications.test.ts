import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { defineComponent, h, nextTick } from 'vue'
import { RouterView } from 'vue-router'
import { NMessageProvider, NNotificationProvider } from 'naive-ui'
import type { TimelineEntryDto } from '../../src-shared/contract.js'
import NotificationCenter from '@renderer/components/NotificationCenter.vue'
import ErrorReporter from '@renderer/components/ErrorReporter.vue'
import QuietModeTag from '@renderer/components/QuietModeTag.vue'
import { useNotificationsStore, SETTINGS_KEY } from '@renderer/stores/notifications.js'
import { useAppStore } from '@renderer/stores/app.js'
import { noticeTypeOf, readSettings } from '@renderer/composables/notification-rules.js'
import { reportError } from '@renderer/composables/errors.js'
import { DeskCallError } from '@renderer/api/desk.js'
import { installFakeDesk, type FakeDesk } from './fake-desk.js'
import { freshPinia, mountWithApp } from './mount.js'
import { timelineEntry } from './timeline-fixtures.js'
import { namedCoupon } from './coupon-fixtures.js'

/** The providers and the two reporters; with `view`, the routed view too (to see a click open the coupon). */
const host = (view: boolean) =>
  defineComponent({
    setup: () => () =>
      h(NNotificationProvider, null, { default: () => h(NMessageProvider, null, { default: () => [h(ErrorReporter), h(NotificationCenter), ...(view ? [h(RouterView)] : [])] }) }),
  })

const notices = () => [...document.querySelectorAll<HTMLElement>('[data-testid="settlement-notice"]')]
const types = () => notices().map((n) => n.dataset.type)

let fake: FakeDesk
async function open(history: TimelineEntryDto[] = [timelineEntry(1), timelineEntry(2, { status: 4 })], view = false) {
  fake = installFakeDesk({ 'coupons.get': ({ code }) => namedCoupon(undefined, { couponCode: code }) })
  fake.topic('timeline', history)
  const pinia = freshPinia()
  const mounted = await mountWithApp(host(view), pinia)
  await useAppStore().loadInfo()
  await vi.waitFor(() => expect(fake.subscriptions('timeline')).toHaveLength(1), { timeout: 5000 })
  return mounted
}
/** Waits until the rendered notices are these types (or, for none, until the push was handled). */
async function expectTypes(expected: Array<string | undefined>): Promise<void> {
  await nextTick()
  await vi.waitFor(() => expect(types()).toEqual(expected), { timeout: 5000 })
}

beforeEach(() => {
  localStorage.clear()
  document.body.innerHTML = ''
})
afterEach(() => {
  document.body.innerHTML = ''
})

describe('notification rules', () => {
  it('settlements by result, first lost bet, recalculation, re-settlement and callback trouble notify; the rest does not', () => {
    const of = (kind: string, status: number | null = null) => noticeTypeOf({ kind, status })
    expect([of('settled', 2), of('settled', 4), of('settled', 8), of('discovered_by_polling', 2)]).toEqual(['won', 'lost', 'refunded', 'won'])
    expect([of('first_lost_bet', 0), of('returned_for_recalculation', 15), of('resettled', 4), of('missed_callback', 2), of('late_callback', 2)]).toEqual([
      'firstLost',
      'recalculation',
      'resettled',
      'callback',
      'callback',
    ])
    for (const kind of ['coupon_placed', 'progressive_update', 'out_of_order', 'recalculation_unconfirmed', 'something_new']) expect(of(kind, 0)).toBeNull()
    expect(of('settled', 99)).toBeNull()
  })

  it('settings read back from storage keep unknown types out and missing ones on', () => {
    const s = readSettings(JSON.stringify({ types: { lost: false, bogus: true }, quietUntil: 5, system: false }))
    expect(s.types.lost).toBe(false)
    expect(s.types.won).toBe(true)
    expect(s.types).not.toHaveProperty('bogus')
    expect(s).toMatchObject({ quietUntil: 5, system: false })
    expect(readSettings('{broken').types.won).toBe(true)
  })
})

// The first mount loads naive-ui's notification parts: slow on a busy machine.
describe('NotificationCenter', { timeout: 20_000 }, () => {
  it('shows nothing for the history the window opens with, then one toast per live entry, once', async () => {
    const { wrapper } = await open()
    fake.pushSnapshot('timeline', [timelineEntry(3), timelineEntry(2)])
    await expectTypes([])
    fake.pushDelta('timeline', { entries: [timelineEntry(4, { couponCode: 'C4' })] })
    await expectTypes(['won'])
    // The same entry again (a resend, a second subscription's delta) is not news twice; an entry of the snapshot neither.
    fake.pushDelta('timeline', { entries: [timelineEntry(4, { couponCode: 'C4' }), timelineEntry(3)] })
    fake.pushDelta('timeline', { entries: [timelineEntry(5, { kind: 'coupon_placed', status: 0 }), timelineEntry(6, { kind: 'progressive_update', status: 0 })] })
    fake.pushDelta('timeline', { entries: [timelineEntry(7, { status: 4, couponCode: 'C7' })] })
    await expectTypes(['won', 'lost'])
    expect(notices()[0]!.textContent).toContain('C4')
    wrapper.unmount()
  })

  it('a type switched off is not shown, and the switch is kept for the profile', async () => {
    const { wrapper } = await open()
    useNotificationsStore().setType('lost', false)
    fake.pushDelta('timeline', { entries: [timelineEntry(10, { status: 4 }), timelineEntry(11, { kind: 'first_lost_bet', status: 0 })] })
    await expectTypes(['firstLost'])
    expect(JSON.parse(localStorage.getItem(`${SETTINGS_KEY}.demo`)!).types.lost).toBe(false)
    wrapper.unmount()
  })

  it('quiet mode holds every toast until it is turned off; errors are still shown', async () => {
    const { wrapper } = await open()
    const store = useNotificationsStore()
    store.setQuiet(30)
    expect(store.quiet).toBe(true)
    fake.pushDelta('timeline', { entries: [timelineEntry(20)] })
    reportError(new DeskCallError('E_STILL_SHOWN', 'an error in quiet mode'))
    await vi.waitFor(() => expect(document.body.textContent).toContain('an error in quiet mode'))
    expect(types()).toEqual([])
    store.setQuiet('on')
    fake.pushDelta('timeline', { entries: [timelineEntry(21)] })
    await nextTick()
    expect(types()).toEqual([])
    store.setQuiet(null)
    expect(store.quiet).toBe(false)
    fake.pushDelta('timeline', { entries: [timelineEntry(22, { kind: 'returned_for_recalculation', status: 15 })] })
    await expectTypes(['recalculation'])
    wrapper.unmount()
  })

  it('a click opens the coupon in the Coupons view', async () => {
    const { wrapper, router } = await open(undefined, true)
    await router.push('/timeline')
    fake.pushDelta('timeline', { entries: [timelineEntry(30, { couponCode: 'OPEN-ME-30' })] })
    await expectTypes(['won'])
    document.querySelector<HTMLButtonElement>('[data-testid="notice-open"]')!.click()
    await vi.waitFor(() => expect(fake.callsTo('coupons.get')).toEqual([{ code: 'OPEN-ME-30' }]))
    expect(router.currentRoute.value.path).toBe('/coupons')
    await vi.waitFor(() => expect(document.querySelector('[data-testid="coupon-detail"]')?.textContent ?? '').toContain('OPEN-ME-30'))
    wrapper.unmount()
  })

  it('the listener going down by itself notifies; the operator stopping it does not', async () => {
    const { wrapper } = await open()
    fake.emit({ type: 'connection.changed', service: 'listener', state: 'offline', reason: { code: 'listener_stopped', detail: null } })
    fake.emit({ type: 'connection.changed', service: 'coupons', state: 'offline', reason: { code: 'coupon_invalid', detail: null } })
    fake.emit({ type: 'connection.changed', service: 'listener', state: 'offline', reason: { code: 'listener_failed', detail: 'EADDRINUSE' } })
    await expectTypes(['listenerDown'])
    wrapper.unmount()
  })

  it('after a profile switch the new profile gets its own ids; a delta of the old epoch is dropped', async () => {
    const { wrapper } = await open()
    fake.pushDelta('timeline', { entries: [timelineEntry(40)] })
    await expectTypes(['won'])
    const old = fake.epoch
    fake.switchProfile('other')
    fake.emit({ type: 'watch.delta', subscriptionId: fake.subscriptions('timeline')[0]!.id, seq: 99, topic: 'timeline', delta: { entries: [timelineEntry(41)] }, epoch: old })
    fake.pushDelta('timeline', { entries: [timelineEntry(40, { status: 4 })] })
    await expectTypes(['won', 'lost'])
    wrapper.unmount()
  })
})

describe('quiet mode in the header', () => {
  it('shows while quiet mode holds notifications back, and a click turns it off', async () => {
    installFakeDesk()
    const pinia = freshPinia()
    const { wrapper } = await mountWithApp(QuietModeTag, pinia)
    const store = useNotificationsStore()
    expect(wrapper.find('[data-testid="quiet-mode-tag"]').exists()).toBe(false)
    store.setQuiet(60)
    await nextTick()
    await wrapper.find('[data-testid="quiet-mode-tag"]').trigger('click')
    expect(store.quiet).toBe(false)
    await nextTick()
    expect(wrapper.find('[data-testid="quiet-mode-tag"]').exists()).toBe(false)
    wrapper.unmount()
  })
})
