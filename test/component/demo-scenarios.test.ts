import { afterEach, describe, expect, it } from 'vitest'
import { flushPromises } from '@vue/test-utils'
import { NMessageProvider } from 'naive-ui'
import { defineComponent, h } from 'vue'
import DemoScenarios from '@renderer/components/DemoScenarios.vue'
import { useAppStore } from '@renderer/stores/app.js'
import { useBetslipStore, type Selection } from '@renderer/stores/betslip.js'
import type { SessionStatus } from '../../src-shared/contract.js'
import { installFakeDesk, signedOut } from './fake-desk.js'
import { freshPinia, mountWithApp } from './mount.js'

const selection: Selection = { pointer: 'line#123#1#1#0#1.85', lineType: 'line', gameId: 123, matchName: 'Ajax – PSV', marketName: '1X2', outcomeName: 'W1', rate: 1.85 }
/** The card as the app shows it, inside the message provider. */
const Page = defineComponent({ setup: () => () => h(NMessageProvider, () => h(DemoScenarios)) })
const small: SessionStatus = { ...signedOut, state: 'signed-in', username: 'small', accountState: 'active' }

/** The card on Demo with one slip selection (line match #123, W1 at 1.85); `demo.*` answer what main would. */
async function mountCard() {
  const fake = installFakeDesk({
    'session.status': () => small,
    'demo.moveOdds': ({ rate }) => ({ gameId: 123, from: 1.85, to: rate }),
    'demo.startMatch': ({ gameId }) => ({ gameId, liveGameId: 456 }),
    'demo.setBalance': ({ balance }) => ({ username: 'small', balance }),
    'demo.blockOutcome': ({ blocked }) => ({ gameId: 123, blocked }),
    'demo.failCallbacks': ({ count }) => ({ count }),
  })
  const pinia = freshPinia()
  await useAppStore().load()
  useBetslipStore().add(selection)
  const { wrapper } = await mountWithApp(Page, pinia)
  await flushPromises()
  return { fake, wrapper }
}
const result = () => document.querySelector('[data-testid="demo-result"]')?.textContent?.trim()

afterEach(() => {
  document.body.innerHTML = ''
})

describe('the Scenarios card', { timeout: 20_000 }, () => {
  it('acts on the slip’s selection and its match, and says what happened with the figures', async () => {
    const { fake, wrapper } = await mountCard()
    expect(result()).toBeUndefined()

    await wrapper.find('[data-testid="demo-move-odds"]').trigger('click')
    await flushPromises()
    // The outcome is the slip's; the suggested odds are its own plus 0.25.
    expect(fake.callsTo('demo.moveOdds')).toEqual([{ pointer: selection.pointer, rate: 2.1 }])
    expect(result()).toBe('Odds moved 1.85 → 2.10 (match #123).')

    await wrapper.find('[data-testid="demo-start"]').trigger('click')
    await flushPromises()
    expect(fake.callsTo('demo.startMatch')).toEqual([{ gameId: 123 }])
    expect(result()).toBe('Match #123 started as live #456.')

    await wrapper.find('[data-testid="demo-block"]').trigger('click')
    await flushPromises()
    expect(result()).toBe('Outcome blocked in match #123.')

    await wrapper.find('[data-testid="demo-fail-callbacks"]').trigger('click')
    await flushPromises()
    expect(result()).toMatch(/^The next 2 callback deliveries will fail/)
  })

  it('sets the signed-in account’s balance and names it', async () => {
    const { fake, wrapper } = await mountCard()
    expect(wrapper.text()).toContain('Balance of small')
    await wrapper.find('[data-testid="demo-set-balance"]').trigger('click')
    await flushPromises()
    expect(fake.callsTo('demo.setBalance')).toEqual([{ balance: 20 }])
    expect(result()).toBe('Balance of small set to 20.00.')
  })

  it('without a match or outcome on screen, their scenarios are unavailable rather than asking for ids', async () => {
    installFakeDesk({ 'session.status': () => small })
    const pinia = freshPinia()
    const { wrapper } = await mountWithApp(Page, pinia)
    await flushPromises()
    for (const id of ['demo-start', 'demo-finish', 'demo-cancel', 'demo-move-odds', 'demo-block', 'demo-unblock'])
      expect(wrapper.find(`[data-testid="${id}"]`).attributes('disabled'), id).toBeDefined()
  })
})
