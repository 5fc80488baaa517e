import { describe, expect, it } from 'vitest'
import { defineComponent, h, ref } from 'vue'
import SectionCard from '@renderer/components/SectionCard.vue'
import NumberField from '@renderer/components/NumberField.vue'
import { freshPinia, mountWithApp } from './mount.js'

describe('accessible names of the wrapped Naive UI controls', () => {
  it('SectionCard is a <section> named by a real <h2> and keeps NCard out of the heading role', async () => {
    const { wrapper } = await mountWithApp(SectionCard, freshPinia(), {
      props: { title: 'Profiles' },
      slots: { default: () => h('p', 'body'), 'header-extra': () => h('button', 'New profile') },
    })
    const section = wrapper.find('section')
    const heading = wrapper.find('h2')
    expect(heading.text()).toBe('Profiles')
    expect(heading.attributes('id')).toBeTruthy()
    expect(section.attributes('aria-labelledby')).toBe(heading.attributes('id'))
    // A role="heading" without aria-level is an ARIA error (NCard's own header renders two of them).
    expect(wrapper.findAll('[role="heading"]').filter((el) => !el.attributes('aria-level'))).toHaveLength(0)
    expect(wrapper.find('.section-card__extra button').text()).toBe('New profile')
    expect(wrapper.find('p').text()).toBe('body')
    wrapper.unmount()
  })

  it('NumberField names its input and both step buttons, and the buttons still step the value', async () => {
    const value = ref<number | null>(5)
    const Host = defineComponent(() => () => h(NumberField, { value: value.value, 'onUpdate:value': (v: number | null) => (value.value = v), label: 'Window (minutes)', min: 1, max: 6 }))
    const { wrapper } = await mountWithApp(Host, freshPinia())
    expect(wrapper.find('input').attributes('aria-label')).toBe('Window (minutes)')
    const buttons = wrapper.findAll('button')
    const names = buttons.map((b) => b.find('svg[role="img"]').attributes('aria-label'))
    expect(names).toEqual(['Decrease', 'Increase'])
    await buttons[1].trigger('click')
    expect(value.value).toBe(6)
    await buttons[0].trigger('click')
    expect(value.value).toBe(5)
    wrapper.unmount()
  })
})
