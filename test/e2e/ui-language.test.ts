/** Settings → Interface language in Chromium: the console turns Ukrainian at once, stays so after a reload, and turns back. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { snap, openConsole, type OpenConsole } from './launch.js'
import { axeOf } from './look.js'

let desk: OpenConsole
let page: Page

beforeAll(async () => {
  desk = await openConsole()
  page = desk.page
})
afterAll(() => desk?.close())

const htmlLang = () => page.evaluate(() => (globalThis as unknown as { document: { documentElement: { lang: string } } }).document.documentElement.lang)

describe('interface language in Chromium', () => {
  it('Settings → Українська changes the nav, the view and the balance without a reload', async () => {
    await page.getByTestId('nav-settings').click()
    await page.getByTestId('view-settings').waitFor()
    expect(await page.getByTestId('nav-line').textContent()).toBe('Line')
    // Demo's balance is 10 000: English groups with a comma first.
    await page.getByTestId('balance-value').filter({ hasText: '10,000.00' }).waitFor({ timeout: 30_000 })

    await page.getByTestId('ui-language-uk').click()
    await page.getByTestId('nav-line').filter({ hasText: 'Лінія' }).waitFor()
    expect(await page.getByTestId('nav-coupons').textContent()).toBe('Купони')
    expect(await page.getByTestId('view-settings').textContent()).toContain('Мова інтерфейсу')
    await page.getByTestId('balance-value').filter({ hasText: '10\u00a0000,00' }).waitFor()
    expect(await htmlLang()).toBe('uk')
    await snap(page, `settings-uk.png`)
    // The language choice is a named radio group whose options are marked with their own language.
    expect(await page.getByRole('radiogroup', { name: 'Мова інтерфейсу' }).getByRole('radio').count()).toBe(2)
    const result = await axeOf(page).exclude('.n-notification-container').withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze()
    expect(result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([])
  })

  it('the choice is kept: a reload starts in Ukrainian', async () => {
    await page.reload()
    await page.getByTestId('nav-line').filter({ hasText: 'Лінія' }).waitFor()
    expect(await htmlLang()).toBe('uk')
    // The other views, for a look at how the longer words fit.
    for (const name of ['line', 'live', 'coupons', 'timeline', 'exposure', 'audit']) {
      await page.getByTestId(`nav-${name}`).click()
      await page.getByTestId(`view-${name}`).waitFor()
      await snap(page, `${name}-uk.png`)
    }
  })

  it('English turns everything back', async () => {
    await page.getByTestId('nav-settings').click()
    await page.getByTestId('ui-language-en').click()
    await page.getByTestId('nav-line').filter({ hasText: 'Line' }).waitFor()
    await page.getByTestId('balance-value').filter({ hasText: '10,000.00' }).waitFor()
    expect(await htmlLang()).toBe('en')
  })

  it('raised no uncaught page errors', () => {
    expect(desk.pageErrors).toEqual([])
  })
})
