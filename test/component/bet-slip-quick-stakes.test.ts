import { afterEach, describe, expect, it } from 'vitest'
import { flushPromises } from '@vue/test-utils'
import BetSlip from '@renderer/components/BetSlip.vue'
import { useBetslipStore } from '@renderer/stores/betslip.js'
import { useProfilesStore } from '@renderer/stores/profiles.js'
import { readQuickStakes } from '@renderer/composables/quick-stakes.js'
import { demoProfileDto } from './profile-fixtures.js'
import { installFakeDesk } from './fake-desk.js'
import { freshPinia, mountWithApp } from './mount.js'

const profile = (quickStakes?: number[]) => demoProfileDto(quickStakes ? { quickStakes } : {})

async function mountSlip(quickStakes?: number[]) {
  installFakeDesk({ 'profiles.list': () => ({ activeId: 'demo', profiles: [profile(quickStakes)] }) })
  const pinia = freshPinia()
  await useProfilesStore().load()
  const slip = useBetslipStore()
  slip.add({ pointer: 'line#1001#1#1#0#1.85', lineType: 'line', gameId: 1001, matchName: 'A – B', marketName: '1X2', outcomeName: 'W1', rate: 1.85 })
  const { wrapper } = await mountWithApp(BetSlip, pinia)
  await flushPromises()
  return { wrapper, slip }
}

describe('quick stakes on the slip', { timeout: 20_000 }, () => {
  afterEach(() => {
    document.body.innerHTML = ''
  })

  it('offers the defaults, and one click sets the stake as if typed', async () => {
    const { wrapper, slip } = await mountSlip()
    const buttons = wrapper.findAll('[data-testid="slip-quick-stake"]')
    expect(buttons.map((b) => b.text())).toEqual(['10.00', '50.00', '100.00', '500.00'])
    await buttons[2]!.trigger('click')
    expect(slip.amount).toBe(100)
    expect((wrapper.get('[data-testid="slip-amount"] input').element as HTMLInputElement).value).toBe('100')
  })

  it('offers the profile\'s own amounts', async () => {
    const { wrapper } = await mountSlip([5, 12.5])
    expect(wrapper.findAll('[data-testid="slip-quick-stake"]').map((b) => b.text())).toEqual(['5.00', '12.50'])
  })

  it('marks a live selection LIVE with its id, so the same teams from Prematch read apart', async () => {
    const { wrapper, slip } = await mountSlip()
    slip.add({ pointer: 'live#7002#1#1#0#2.1', lineType: 'live', gameId: 7002, matchName: 'A – B', marketName: '1X2', outcomeName: 'W1', rate: 2.1 })
    await flushPromises()
    expect(wrapper.findAll('[data-testid="slip-which"]').map((w) => w.text())).toEqual(['Prematch #1001', 'LIVE #7002'])
    expect(wrapper.findAll('[data-testid="slip-live"]')).toHaveLength(1)
  })

  it('reads the amounts as typed in Settings and refuses what cannot be a stake', () => {
    expect(readQuickStakes('10 50;100  12,5')).toEqual([10, 50, 100, 12.5])
    expect(readQuickStakes('')).toEqual([])
    expect(readQuickStakes('10 0.001')).toBeNull()
    expect(readQuickStakes('10 10')).toBeNull()
    expect(readQuickStakes('abc')).toBeNull()
    expect(readQuickStakes('1 2 3 4 5 6 7')).toBeNull()
  })
})
