import { describe, expect, it, vi } from 'vitest'
import { defineComponent, h } from 'vue'
import { NNotificationProvider } from 'naive-ui'
import ErrorReporter from '@renderer/components/ErrorReporter.vue'
import { useCouponsStore } from '@renderer/stores/coupons.js'
import { installFakeDesk } from './fake-desk.js'
import { freshPinia, mountWithApp } from './mount.js'

const Host = defineComponent({ setup: () => () => h(NNotificationProvider, null, { default: () => h(ErrorReporter) }) })

describe('ErrorReporter', () => {
  it('shows a notification with the code and message of a failed call, unknown codes included', async () => {
    installFakeDesk({ 'coupons.calculated': () => ({ ok: false, code: 'E_UNHEARD_OF_9', message: 'The service said something new' }) })
    const pinia = freshPinia()
    const { wrapper } = await mountWithApp(Host, pinia)
    await useCouponsStore().loadCalculated()
    await vi.waitFor(() => expect(document.body.textContent).toContain('Error E_UNHEARD_OF_9'))
    expect(document.body.textContent).toContain('The service said something new')
    expect(document.body.textContent).toContain('While calling coupons.calculated')
    wrapper.unmount()
  })
})
