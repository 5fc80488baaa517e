import { afterEach, describe, expect, it, vi } from 'vitest'
import { flushPromises } from '@vue/test-utils'
import AppFrame from '@renderer/components/AppFrame.vue'
import { useAppStore } from '@renderer/stores/app.js'
import { demoInfo, installFakeDesk } from './fake-desk.js'
import { freshPinia, mountWithApp } from './mount.js'

const NAV = ['line', 'live', 'coupons', 'timeline', 'exposure', 'audit', 'overview', 'settings']

describe('AppFrame', () => {
  afterEach(() => {
    document.body.innerHTML = ''
  })

  it('renders every nav link and a green DEMO badge in Demo', async () => {
    installFakeDesk({ 'balance.get': () => ({ balance: 1000, at: 1 }) })
    const pinia = freshPinia()
    await useAppStore().load()
    const { wrapper } = await mountWithApp(AppFrame, pinia)
    await flushPromises()

    for (const name of NAV) expect(wrapper.find(`[data-testid="nav-${name}"]`).exists(), name).toBe(true)
    expect(wrapper.find('[data-testid="nav-live"]').attributes('href')).toContain('/live')
    const badges = wrapper.findAll('[data-testid="env-badge"]')
    expect(badges).toHaveLength(1)
    expect(badges[0]!.attributes('data-env')).toBe('demo')
    expect(badges[0]!.text()).toBe('DEMO')
    expect(wrapper.text()).not.toContain('LIVE ENVIRONMENT')
    expect(wrapper.find('[data-testid="balance"]').exists()).toBe(true)
    wrapper.unmount()
  })

  it('shows a red LIVE ENVIRONMENT bar naming the profile for a custom environment', async () => {
    installFakeDesk({ 'app.info': () => demoInfo({ environment: 'custom', profileName: 'Acme Production', profileId: 'acme' }) })
    const pinia = freshPinia()
    await useAppStore().load()
    const { wrapper } = await mountWithApp(AppFrame, pinia)
    await flushPromises()

    const badges = wrapper.findAll('[data-testid="env-badge"]')
    expect(badges).toHaveLength(1)
    expect(badges[0]!.attributes('data-env')).toBe('custom')
    expect(badges[0]!.attributes('role')).toBe('alert')
    expect(badges[0]!.text()).toContain('LIVE ENVIRONMENT: Acme Production')
    expect(wrapper.text()).not.toContain('DEMO')
    for (const name of NAV) expect(wrapper.find(`[data-testid="nav-${name}"]`).exists()).toBe(true)
    wrapper.unmount()
  })

  it('navigates when a nav link is clicked', async () => {
    installFakeDesk()
    const pinia = freshPinia()
    const { wrapper, router } = await mountWithApp(AppFrame, pinia)
    await wrapper.find('[data-testid="nav-timeline"]').trigger('click')
    // The route's view is a lazy chunk: navigation completes once it has loaded.
    await vi.waitFor(() => expect(router.currentRoute.value.name).toBe('timeline'), { timeout: 5000 })
    wrapper.unmount()
  })
})
