import { mount, type ComponentMountingOptions } from '@vue/test-utils'
import { createPinia, setActivePinia, type Pinia } from 'pinia'
import { createMemoryHistory } from 'vue-router'
import type { Component } from 'vue'
import { createDeskI18n } from '@renderer/i18n/index.js'
import { createDeskRouter } from '@renderer/router.js'

export function freshPinia(): Pinia {
  const pinia = createPinia()
  setActivePinia(pinia)
  return pinia
}

/** Mount with the app's real plugins: the given pinia, i18n and a memory-history router. */
export async function mountWithApp<C extends Component>(component: C, pinia: Pinia, options: ComponentMountingOptions<C> = {} as ComponentMountingOptions<C>) {
  const router = createDeskRouter(createMemoryHistory())
  const wrapper = mount(component, {
    ...options,
    attachTo: document.body,
    global: { plugins: [pinia, createDeskI18n(), router], ...(options.global ?? {}) },
  } as ComponentMountingOptions<C>)
  await router.isReady()
  return { wrapper, router }
}
