import { afterEach, describe, expect, it } from 'vitest'
import MarketGrid from '@renderer/components/MarketGrid.vue'
import { installFakeDesk } from './fake-desk.js'
import { freshPinia, mountWithApp } from './mount.js'
import { oc } from './feed-fixtures.js'

/** The open match's markets: each button says which market and outcome it is, in words (not the pointer). */
describe('the market grid', () => {
  afterEach(() => {
    document.body.innerHTML = ''
  })

  it('titles each outcome with its market and outcome name; a blocked one says it is blocked', async () => {
    installFakeDesk()
    const market = { key: '0:136', groupId: 136, name: 'Correct Score (17Way)', columns: [[oc('Correct Score 1-0 (17Way)', 7.5, false, 731), oc('Correct Score 0-1 (17Way)', 9.1, true, 732)]] }
    const { wrapper } = await mountWithApp(MarketGrid, freshPinia(), { props: { markets: [market], isSelected: () => false, favourites: new Set<number>(), matchKey: 'line:1' } })
    const titles = wrapper.findAll('[data-testid="outcome"]').map((b) => b.attributes('title'))
    expect(titles[0]).toBe('Correct Score (17Way): Correct Score 1-0 (17Way)')
    expect(titles[1]).not.toContain('line#')
    expect(titles[1]).not.toBe(titles[0])
  }, 30_000) // the first mount loads naive-ui: slow on a loaded machine
})
