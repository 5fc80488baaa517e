/**
 * The interface language: chosen in Settings, applied at once (words, numbers, `<html lang>`), kept as
 * an app preference and applied again on start; English stays exactly as it was.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { flushPromises } from '@vue/test-utils'
import App from '@renderer/App.vue'
import { LANGUAGE_KEY, useAppStore } from '@renderer/stores/app.js'
import { formatDateTime, formatMoney, formatOdds, formatStart } from '@renderer/composables/format.js'
import { kyivDay } from '@renderer/composables/calendar.js'
import { installFakeDesk } from './fake-desk.js'
import { freshPinia, mountWithApp } from './mount.js'

async function mountApp() {
  const fake = installFakeDesk()
  fake.topic('balance', { balance: 1234.5, at: 1_000 })
  const mounted = await mountWithApp(App, freshPinia())
  await mounted.router.push('/settings')
  await flushPromises()
  const { wrapper } = mounted
  await expectEventually(() => wrapper.find('[data-testid="view-settings"]').exists())
  return mounted
}

/** Waits on a condition (the route's view is a lazy chunk), never on a fixed time. */
async function expectEventually(condition: () => boolean): Promise<void> {
  await vi.waitFor(() => expect(condition()).toBe(true), { timeout: 15_000 })
}

// Mounts the whole App and loads the Settings view's lazy chunk: slower than one component.
describe('interface language', { timeout: 30_000 }, () => {
  beforeEach(() => {
    localStorage.removeItem(LANGUAGE_KEY)
    document.documentElement.lang = 'en'
  })
  afterEach(() => {
    localStorage.removeItem(LANGUAGE_KEY)
    document.body.innerHTML = ''
  })

  it('Settings → Українська turns the nav, the view and the balance Ukrainian at once; English restores them exactly', async () => {
    const { wrapper } = await mountApp()
    const nav = () => wrapper.find('[data-testid="nav-line"]').text()
    const balance = () => wrapper.find('[data-testid="balance-value"]').text()
    const settings = () => wrapper.find('[data-testid="view-settings"]').text()
    await expectEventually(() => balance() === '1,234.50')
    expect(nav()).toBe('Line')
    expect(settings()).toContain('Interface language')
    expect(settings()).toContain('No Data') // naive-ui's own empty-list words
    expect(document.documentElement.lang).toBe('en')

    await wrapper.find('[data-testid="ui-language-uk"] input').setValue(true)
    await flushPromises()
    expect(nav()).toBe('Лінія')
    expect(wrapper.find('[data-testid="nav-settings"]').text()).toBe('Налаштування')
    expect(settings()).toContain('Мова інтерфейсу')
    expect(settings()).not.toContain('Interface language')
    expect(settings()).toContain('Немає даних')
    // Decimal comma, a (no-break) space between thousands.
    expect(balance()).toBe('1\u00a0234,50')
    expect(document.documentElement.lang).toBe('uk')
    expect(localStorage.getItem(LANGUAGE_KEY)).toBe('uk')
    // The language names are each in their own language, and marked as such.
    expect(wrapper.find('[data-testid="ui-language-en"]').text()).toBe('English')
    expect(wrapper.find('[data-testid="ui-language-uk"]').attributes('lang')).toBe('uk')

    await wrapper.find('[data-testid="ui-language-en"] input').setValue(true)
    await flushPromises()
    expect(nav()).toBe('Line')
    expect(settings()).toContain('Interface language')
    expect(balance()).toBe('1,234.50')
    expect(document.documentElement.lang).toBe('en')
    expect(localStorage.getItem(LANGUAGE_KEY)).toBe('en')
    wrapper.unmount()
  })

  it('the saved language applies on start; a value this build does not know falls back to English', async () => {
    localStorage.setItem(LANGUAGE_KEY, 'uk')
    const first = await mountApp()
    expect(useAppStore().language).toBe('uk')
    expect(first.wrapper.find('[data-testid="nav-coupons"]').text()).toBe('Купони')
    expect(document.documentElement.lang).toBe('uk')
    first.wrapper.unmount()
    document.body.innerHTML = ''

    localStorage.setItem(LANGUAGE_KEY, 'xx')
    const second = await mountApp()
    expect(useAppStore().language).toBe('en')
    expect(second.wrapper.find('[data-testid="nav-coupons"]').text()).toBe('Coupons')
    expect(document.documentElement.lang).toBe('en')
    second.wrapper.unmount()
  })
})

describe('formatters by interface language', () => {
  const at = Date.UTC(2026, 4, 15, 9, 5, 7) // Fri 15 May 2026 09:05:07 UTC, 12:05 in Kyiv

  it('English is as it always was', () => {
    expect([formatMoney(1234567.891), formatMoney(-5), formatOdds(1.5), formatOdds(1.875)]).toEqual(['1,234,567.89', '-5.00', '1.50', '1.875'])
    expect([formatDateTime(at, 'utc'), formatStart(at, 'utc'), kyivDay(at, 0).label]).toEqual(['2026-05-15 09:05:07Z', '05-15 09:05', 'Fri 15 May'])
  })

  it('Ukrainian writes a decimal comma, no-break spaces between thousands and the day first', () => {
    expect([formatMoney(1234567.891, 'uk'), formatMoney(-5, 'uk'), formatOdds(1.5, 'uk'), formatOdds(1.875, 'uk')]).toEqual(['1\u00a0234\u00a0567,89', '-5,00', '1,50', '1,875'])
    expect([formatDateTime(at, 'utc', 'uk'), formatStart(at, 'utc', 'uk'), kyivDay(at, 0, 'uk').label]).toEqual(['15.05.2026 09:05:07Z', '15.05 09:05', 'пт, 15 трав.'])
    expect([formatMoney(null, 'uk'), formatOdds(Number.NaN, 'uk'), formatDateTime(null, 'utc', 'uk')]).toEqual(['—', '—', '—'])
  })

  it('writes zero without a minus sign: a -0 from the wire, a loss that rounds to zero', () => {
    expect([formatMoney(-0), formatMoney(-0.004, 'uk'), formatMoney(-0.005)]).toEqual(['0.00', '0,00', '-0.01'])
  })
})
