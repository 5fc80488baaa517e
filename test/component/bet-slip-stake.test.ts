import { afterEach, describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { flushPromises } from '@vue/test-utils'
import BalanceWidget from '@renderer/components/BalanceWidget.vue'
import BetSlip from '@renderer/components/BetSlip.vue'
import { useAppStore } from '@renderer/stores/app.js'
import { isWholeCents, parseStake, useBetslipStore } from '@renderer/stores/betslip.js'
import { useProfilesStore } from '@renderer/stores/profiles.js'
import { readStake, stakeProblemOf } from '../../src-shared/vocabulary/stake.js'
import { installFakeDesk } from './fake-desk.js'
import { demoProfileDto } from './profile-fixtures.js'
import { freshPinia, mountWithApp } from './mount.js'

/** A stake that cannot mislead: whole cents, within the balance, typed with a point or a comma. */
describe('stake', () => {
  afterEach(() => {
    document.body.innerHTML = ''
  })

  it('is read as typed: a decimal comma is a decimal point; a sign or letters are no stake', () => {
    expect(parseStake('12,5')).toBe(12.5)
    expect(parseStake(' 1 000.25 ')).toBe(1000.25)
    expect(parseStake('-50')).toBeNull()
    expect(parseStake('.5')).toBe(0.5)
    expect(parseStake('abc')).toBeNull()
    expect(parseStake('1e3')).toBeNull()
  })

  it('is a whole number of cents, at least one', () => {
    fc.assert(fc.property(fc.integer({ min: 1, max: 10_000_000_000 }), (cents) => isWholeCents(cents / 100)))
    expect(isWholeCents(0.001)).toBe(false)
    expect(isWholeCents(12.345)).toBe(false)
    expect(isWholeCents(0)).toBe(false)
  })

  it('a sub-cent stake or a total over the balance is said, and Place stays disabled', async () => {
    const fake = installFakeDesk({})
    fake.topic('balance', { balance: 9700, at: 1 })
    const pinia = freshPinia()
    await useAppStore().load()
    await mountWithApp(BalanceWidget, pinia)
    const slip = useBetslipStore()
    slip.add({ pointer: 'line#1001#1#1#0#1.85', lineType: 'line', gameId: 1001, matchName: 'A – B', marketName: '1X2', outcomeName: 'W1', rate: 1.85 })
    const { wrapper } = await mountWithApp(BetSlip, pinia)
    await flushPromises()
    const problem = () => wrapper.find('[data-testid="slip-stake-problem"]')
    const place = () => wrapper.find('[data-testid="place"]')

    slip.amount = 0.001
    await flushPromises()
    expect(problem().attributes('data-problem')).toBe('too_precise')
    expect(place().attributes('disabled')).toBeDefined()

    slip.amount = 99_999_999_999
    await flushPromises()
    expect(problem().attributes('data-problem')).toBe('too_large')
    expect(place().attributes('disabled')).toBeDefined()

    slip.amount = 9700.01
    await flushPromises()
    expect(problem().attributes('data-problem')).toBe('over_balance')
    expect(problem().text()).toContain('9,700.00')
    expect(place().attributes('disabled')).toBeDefined()

    const input = wrapper.find('[data-testid="slip-amount"] input')
    await input.setValue('12,5')
    await flushPromises()
    expect(slip.amount).toBe(12.5)
    expect((input.element as HTMLInputElement).value).toBe('12,5') // what was typed stays
    expect(problem().exists()).toBe(false)
    expect(place().attributes('disabled')).toBeUndefined()

    await input.setValue('-50')
    await flushPromises()
    expect(slip.amount).toBeNull()
    expect(problem().attributes('data-problem')).toBe('negative')
    expect(input.attributes('aria-invalid')).toBe('true')
    expect(input.attributes('aria-describedby')).toBe(problem().attributes('id'))
    expect(place().attributes('disabled')).toBeDefined()

    await input.setValue('abc')
    await flushPromises()
    expect(problem().attributes('data-problem')).toBe('unreadable')
    expect(place().attributes('disabled')).toBeDefined()
  })

  it('follows the profile: its minor unit and its minimum stake', async () => {
    installFakeDesk({ 'profiles.list': () => ({ activeId: 'demo', profiles: [demoProfileDto({ stakeDecimals: 0, minStake: 5 })] }) })
    const pinia = freshPinia()
    await useAppStore().load()
    await useProfilesStore().load()
    const slip = useBetslipStore()
    slip.add({ pointer: 'line#1001#1#1#0#1.85', lineType: 'line', gameId: 1001, matchName: 'A – B', marketName: '1X2', outcomeName: 'W1', rate: 1.85 })
    const { wrapper } = await mountWithApp(BetSlip, pinia)
    const input = wrapper.find('[data-testid="slip-amount"] input')
    const problem = () => wrapper.find('[data-testid="slip-stake-problem"]')
    await input.setValue('2')
    await flushPromises()
    expect(problem().attributes('data-problem')).toBe('below_min')
    expect(problem().text()).toContain('5')
    await input.setValue('7,5')
    await flushPromises()
    expect(problem().attributes('data-problem')).toBe('too_precise')
    await input.setValue('7')
    await flushPromises()
    expect(problem().exists()).toBe(false)
    expect(wrapper.find('[data-testid="place"]').attributes('disabled')).toBeUndefined()
  })
})

describe('the shared stake rule', () => {
  it('refuses what the console and the command line refuse, and takes whole minor units at or over the minimum', () => {
    expect(readStake('0.001')).toEqual({ ok: false, problem: 'too_precise' })
    expect(readStake('-50')).toEqual({ ok: false, problem: 'negative' })
    expect(readStake('\u221250')).toEqual({ ok: false, problem: 'negative' })
    expect(readStake('0')).toEqual({ ok: false, problem: 'zero' })
    expect(readStake('12,5')).toEqual({ ok: true, amount: 12.5 })
    expect(readStake('1', { decimals: 2, minStake: 2 })).toEqual({ ok: false, problem: 'below_min' })
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 4 }), fc.integer({ min: 1, max: 1_000_000_000 }), (decimals, units) => {
        const rule = { decimals, minStake: 10 ** -decimals }
        const amount = Number((units / 10 ** decimals).toFixed(decimals))
        const ok = stakeProblemOf(amount, rule) === null
        const finer = stakeProblemOf(amount + 10 ** -(decimals + 1), rule)
        // At the largest stake itself a finer amount is over the limit first: too large, not too precise.
        return ok === amount <= 1e9 && (amount >= 1e9 || finer === 'too_precise')
      }),
    )
  })
})
