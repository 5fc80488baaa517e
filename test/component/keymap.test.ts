import { beforeEach, describe, expect, it } from 'vitest'
import { flushPromises } from '@vue/test-utils'
import { defineComponent, h } from 'vue'
import KeysCard from '@renderer/components/KeysCard.vue'
import ShortcutHelp from '@renderer/components/ShortcutHelp.vue'
import { DEFAULT_KEYMAP, keyName, readKeymap } from '@renderer/composables/desk-keys.js'
import { KEYMAP_KEY, useKeymapStore } from '@renderer/stores/keymap.js'
import { installFakeDesk } from './fake-desk.js'
import { freshPinia, mountWithApp } from './mount.js'

const press = (key: string, over: Partial<KeyboardEventInit> = {}) => new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true, ...over })

describe('key names', () => {
  it('names a press as the map stores it', () => {
    expect(keyName(press('?', { shiftKey: true }))).toBe('?')
    expect(keyName(press('S', { shiftKey: true }))).toBe('S')
    expect(keyName(press('Enter', { ctrlKey: true }))).toBe('Ctrl+Enter')
    // Alt may print another character: digits and letters are read from their place on the keyboard.
    expect(keyName(press('¡', { altKey: true, code: 'Digit1' }))).toBe('Alt+1')
    expect(keyName(press('F2', { shiftKey: true }))).toBe('Shift+F2')
    expect(keyName(press('Control', { ctrlKey: true }))).toBeNull()
  })
  it('reads a stored map defensively: junk, unknown actions and reserved or clashing keys fall back to the defaults', () => {
    expect(readKeymap('junk')).toEqual(DEFAULT_KEYMAP)
    expect(readKeymap({ stake: 'x', nope: 'y', search: 'j' })).toEqual({ ...DEFAULT_KEYMAP, stake: 'x' })
    // Two actions on one key: the first in the map's order keeps it.
    expect(readKeymap({ help: 'x', stake: 'x' })).toEqual({ ...DEFAULT_KEYMAP, help: 'x' })
  })
})

describe('remapping keys in Settings', { timeout: 20_000 }, () => {
  beforeEach(() => localStorage.removeItem(KEYMAP_KEY))

  it('takes the next key for an action, refuses a taken or reserved one with why, and the new key acts', async () => {
    installFakeDesk()
    const Host = defineComponent(() => () => h('div', [h(KeysCard), h(ShortcutHelp), h('div', { 'data-testid': 'slip-amount' }, [h('input', { id: 'stake' })])]))
    const { wrapper } = await mountWithApp(Host, freshPinia())
    const button = wrapper.get('[data-testid="key-change-stake"]')
    await button.trigger('click')
    await button.trigger('keydown', { key: '/' })
    expect(wrapper.get('[data-testid="key-problem"]').text()).toContain('Search participants')
    await button.trigger('keydown', { key: 'j' })
    expect(wrapper.get('[data-testid="key-problem"]').text()).toContain('belongs to the match list')
    await button.trigger('keydown', { key: 'e' })
    await flushPromises()
    expect(wrapper.get('[data-action="stake"] [data-testid="key-current"]').text()).toBe('e')
    expect(JSON.parse(localStorage.getItem(KEYMAP_KEY)!)).toMatchObject({ stake: 'e' })

    // The new key goes to the stake; the old one no longer does.
    document.body.dispatchEvent(press('s'))
    expect(document.activeElement?.id).not.toBe('stake')
    document.body.dispatchEvent(press('e'))
    expect(document.activeElement?.id).toBe('stake')

    // A fresh start reads the stored map.
    freshPinia()
    expect(useKeymapStore().map.stake).toBe('e')
    await wrapper.get('[data-testid="keys-reset"]').trigger('click')
    wrapper.unmount()
  })
})
