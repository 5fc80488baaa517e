import { describe, expect, it } from 'vitest'
import { flushPromises } from '@vue/test-utils'
import BalanceWidget from '@renderer/components/BalanceWidget.vue'
import type { BalanceDto } from '../../src-shared/contract.js'
import { fail, installFakeDesk } from './fake-desk.js'
import { freshPinia, mountWithApp } from './mount.js'

/** The widget in a fresh app whose fake desk holds `balance` as the balance topic's snapshot. */
async function mountWidget(balance: BalanceDto) {
  const fake = installFakeDesk()
  fake.topic('balance', balance)
  const { wrapper } = await mountWithApp(BalanceWidget, freshPinia())
  await flushPromises()
  return { fake, wrapper }
}

describe('BalanceWidget', { timeout: 20_000 }, () => {
  it('shows the balance subscription: snapshot, then deltas; unsubscribes on unmount', async () => {
    const { fake, wrapper } = await mountWidget({ balance: 1234.5, at: 1_000 })
    const value = () => wrapper.find('[data-testid="balance-value"]').text()
    expect(value()).toBe('1,234.50')
    expect(fake.callsTo('watch.subscribe')).toEqual([{ subscriptionId: expect.stringMatching(/^[A-Za-z0-9_-]{8,64}$/), topic: { name: 'balance' } }])
    expect(fake.callsTo('balance.get')).toEqual([]) // main reads it; the window only listens

    fake.pushDelta('balance', { balance: 1184.5, at: 2_000 })
    await flushPromises()
    expect(value()).toBe('1,184.50')
    expect(wrapper.find('[data-testid="stale-tag"]').exists()).toBe(false)

    wrapper.unmount()
    await flushPromises()
    expect(fake.subscriptions('balance')).toEqual([])
  })

  it('says the balance is stale (with when and why) while its source is not live', async () => {
    const { fake, wrapper } = await mountWidget({ balance: 50, at: 1_000 })
    fake.pushState('balance', { live: false, error: { code: 'signed_out', message: 'Sign in to read the balance' } })
    await flushPromises()
    const tag = wrapper.find('[data-testid="stale-tag"]')
    // Compact in the header: "Stale hh:mm:ss" shown, the whole sentence in the tooltip and for screen readers.
    expect(tag.attributes('title')).toMatch(/^Stale — last updated \d{2}:\d{2}:\d{2}, Signed out: sign in to continue$/)
    expect(tag.find('[aria-hidden="true"]').text()).toMatch(/^Stale \d{2}:\d{2}:\d{2}$/)
    expect(tag.find('.visually-hidden').text()).toBe(tag.attributes('title'))
    expect(wrapper.find('[role="status"]').text()).toContain('Stale')
    expect(wrapper.find('[data-testid="balance-value"]').text()).toBe('50.00') // what is held stays, marked stale

    fake.pushState('balance', { live: true, error: null })
    await flushPromises()
    expect(wrapper.find('[data-testid="stale-tag"]').exists()).toBe(false)
    wrapper.unmount()
  })

  it('a balance that turns stale stops flashing its change, so the stale tag reads on the plain background', async () => {
    const { fake, wrapper } = await mountWidget({ balance: 100, at: 1_000 })
    const box = () => wrapper.find('[data-testid="balance"]').classes()
    fake.pushDelta('balance', { balance: 80, at: 2_000 })
    await flushPromises()
    expect(box()).toContain('balance--down')
    fake.pushState('balance', { live: false, error: { code: 'signed_out', message: 'Sign in to read the balance' } })
    await flushPromises()
    expect(wrapper.find('[data-testid="stale-tag"]').exists()).toBe(true)
    expect(box()).not.toContain('balance--down')
    wrapper.unmount()
  })

  it('a subscription main refuses shows as stale, not loaded, instead of crashing', async () => {
    installFakeDesk({ 'watch.subscribe': () => fail('SOMETHING_NEW_42', 'odd failure') })
    const pinia = freshPinia()
    const { wrapper } = await mountWithApp(BalanceWidget, pinia)
    await flushPromises()
    expect(wrapper.find('[data-testid="balance-value"]').text()).toBe('not loaded')
    expect(wrapper.find('[data-testid="stale-tag"]').attributes('title')).toBe('Stale — not loaded, Error SOMETHING_NEW_42') // an unknown code shown raw
    wrapper.unmount()
  })
})
