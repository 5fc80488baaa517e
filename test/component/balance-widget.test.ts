import { describe, expect, it } from 'vitest'
import { flushPromises } from '@vue/test-utils'
import BalanceWidget from '@renderer/components/BalanceWidget.vue'
import { useBalanceStore } from '@renderer/stores/balance.js'
import { installFakeDesk } from './fake-desk.js'
import { freshPinia, mountWithApp } from './mount.js'

describe('BalanceWidget', () => {
  it('shows the fetched balance and updates on a balance.changed event', async () => {
    const fake = installFakeDesk({ 'balance.get': () => ({ balance: 1234.5, at: 1_000 }) })
    const pinia = freshPinia()
    const { wrapper } = await mountWithApp(BalanceWidget, pinia)
    await useBalanceStore().refresh()
    await flushPromises()
    const value = () => wrapper.find('[data-testid="balance-value"]').text()
    expect(value()).toBe('1,234.50')

    fake.emit({ type: 'balance.changed', balance: { balance: 1184.5, at: 2_000 } })
    await flushPromises()
    expect(value()).toBe('1,184.50')

    // An older snapshot arriving late never overwrites a newer one.
    fake.emit({ type: 'balance.changed', balance: { balance: 9999, at: 1_500 } })
    await flushPromises()
    expect(value()).toBe('1,184.50')
    wrapper.unmount()
  })

  it('reports a failed balance call instead of crashing', async () => {
    installFakeDesk({ 'balance.get': () => ({ ok: false, code: 'SOMETHING_NEW_42', message: 'odd failure' }) })
    const pinia = freshPinia()
    const { recentErrors } = await import('@renderer/composables/errors.js')
    const { wrapper } = await mountWithApp(BalanceWidget, pinia)
    await useBalanceStore().refresh()
    await flushPromises()
    expect(wrapper.find('[data-testid="balance-value"]').text()).toBe('not loaded')
    expect(recentErrors.value[0]).toMatchObject({ code: 'SOMETHING_NEW_42', message: 'odd failure', context: 'balance.get' })
    wrapper.unmount()
  })
})
