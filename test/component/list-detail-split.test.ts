import { afterEach, describe, expect, it } from 'vitest'
import { h } from 'vue'
import ListDetailSplit from '@renderer/components/ListDetailSplit.vue'
import { freshPinia, mountWithApp } from './mount.js'

/** The match list fills the height until a match is open; then a split the keyboard can move. */
async function mountSplit(open: boolean) {
  return (
    await mountWithApp(ListDetailSplit, freshPinia(), {
      props: { open },
      slots: { list: () => h('div', { 'data-testid': 'list' }, 'list'), detail: () => h('button', { 'data-testid': 'detail' }, 'detail') },
    })
  ).wrapper
}

describe('ListDetailSplit', () => {
  afterEach(() => {
    document.body.innerHTML = ''
  })

  it('no open match: the list alone, no divider, no detail', async () => {
    const w = await mountSplit(false)
    expect(w.find('[data-testid="list"]').exists()).toBe(true)
    expect(w.find('[data-testid="detail"]').exists()).toBe(false)
    expect(w.find('[data-testid="split-divider"]').exists()).toBe(false)
  })

  it('an open match: a focusable separator moved by the arrows within its limits; Esc in the detail closes', async () => {
    const w = await mountSplit(true)
    const divider = w.find('[data-testid="split-divider"]')
    expect(divider.attributes()).toMatchObject({ role: 'separator', tabindex: '0', 'aria-valuenow': '50' })
    await divider.trigger('keydown', { key: 'ArrowDown' })
    expect(divider.attributes('aria-valuenow')).toBe('55')
    await divider.trigger('keydown', { key: 'Home' })
    expect(divider.attributes('aria-valuenow')).toBe('25')
    await divider.trigger('keydown', { key: 'ArrowUp' })
    expect(divider.attributes('aria-valuenow')).toBe('25')
    await divider.trigger('keydown', { key: 'End' })
    expect(divider.attributes('aria-valuenow')).toBe('85')
    await w.find('[data-testid="detail"]').trigger('keydown', { key: 'Escape' })
    expect(w.emitted('close')).toHaveLength(1)
  })
})
