import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { simControl } from './sim-control.js'
import { snap, openConsole, type OpenConsole } from './launch.js'

// Demo: the Settings sign-in form picks the simulator's account `small` (balance 20), then scenarios
// run from the keyboard on the slip's selection and say what they did with their figures.
let desk: OpenConsole
let page: Page

beforeAll(async () => {
  desk = await openConsole()
  page = desk.page
  await page.getByTestId('balance').filter({ hasText: /10[\s,.\u00a0\u202f]?000/ }).waitFor({ timeout: 30_000 })
  await page.locator('[data-testid="match-row"] [data-testid="outcome"]').first().waitFor({ timeout: 30_000 })
})

afterAll(() => desk?.close())

const result = () => page.getByTestId('demo-result')
/** Buttons named exactly "Sign in" anywhere on the page. */
const signInButtons = () => page.getByRole('button', { name: /^Sign in$/ })

describe('Demo accounts and scenarios', () => {
  it('signs in as the simulator account `small` picked on the Demo profile and shows its balance of 20', async () => {
    await page.getByTestId('nav-settings').click()
    const form = page.getByTestId('sign-in-form')
    await form.waitFor()
    await expect.poll(() => signInButtons().count()).toBe(1)
    await form.getByTestId('sign-in-account').click()
    await page.locator('.n-base-select-option').filter({ hasText: /^small · 20\.00 · active$/ }).click()
    await page.getByTestId('session').filter({ hasText: 'small' }).waitFor({ timeout: 15_000 })
    await page.getByTestId('balance-value').filter({ hasText: /^20\.00$/ }).waitFor({ timeout: 15_000 })
    expect(await page.getByTestId('sign-in-state').textContent()).toContain('Signed in as small.')
    await expect.poll(() => signInButtons().count()).toBe(1)
  })

  it('runs scenarios from the keyboard: odds moved, balance set, match started, each with its figures', async () => {
    // The other account is another session (its slip starts empty): a selection to act on, from the
    // keyboard on the Line view: `/`, ↓ to the first match, `1` adds its first price.
    await page.getByTestId('nav-line').click()
    await page.locator('[data-testid="match-row"] [data-testid="outcome"]').first().waitFor({ timeout: 30_000 })
    await page.locator('body').click({ position: { x: 5, y: 700 } })
    await page.keyboard.press('/')
    await page.keyboard.press('ArrowDown')
    await page.keyboard.press('1')
    await expect.poll(() => page.getByTestId('slip-selection').count()).toBe(1)
    await page.getByTestId('nav-settings').click()
    const scenarios = page.getByTestId('demo-scenarios')
    await scenarios.scrollIntoViewIfNeeded()

    await page.getByTestId('demo-move-odds').focus()
    await page.keyboard.press('Enter')
    await result().filter({ hasText: /^Odds moved \d+\.\d{2} → \d+\.\d{2} \(match #\d+\)\.$/ }).waitFor({ timeout: 15_000 })

    const balanceInput = page.getByTestId('demo-service-scenarios').getByRole('textbox', { name: 'Balance of small' })
    await balanceInput.focus()
    await page.keyboard.press('Control+A')
    await page.keyboard.type('35')
    await page.keyboard.press('Tab')
    expect(await page.locator('[data-testid="demo-set-balance"]:focus').count()).toBe(1)
    await page.keyboard.press('Enter')
    await result().filter({ hasText: 'Balance of small set to 35.00.' }).waitFor({ timeout: 15_000 })
    await page.getByTestId('balance-value').filter({ hasText: /^35\.00$/ }).waitFor({ timeout: 30_000 })

    await page.getByTestId('demo-start').focus()
    await page.keyboard.press('Enter')
    await result().filter({ hasText: /^Match #\d+ started as live #\d+\.$/ }).waitFor({ timeout: 15_000 })
    await snap(page, `demo-scenarios.png`, { fullPage: true })
    expect(desk.pageErrors).toEqual([])
  })

  it('says 507 on the slip when the client account has less than the console last read (another desk spent it)', async () => {
    await page.getByTestId('nav-line').click()
    await page.locator('[data-testid="match-row"] [data-testid="outcome"]').first().waitFor({ timeout: 30_000 })
    // The scenarios' selection is still on the slip: the same key would take it off.
    if (await page.getByTestId('slip-clear').count()) await page.getByTestId('slip-clear').click()
    await page.locator('body').click({ position: { x: 5, y: 700 } })
    // The second match: the first one was started by the scenarios above (its Prematch prices are gone).
    for (const key of ['/', 'ArrowDown', 'j', '1']) await page.keyboard.press(key)
    await expect.poll(() => page.getByTestId('slip-selection').count()).toBe(1)
    // The header still shows 35.00: the stake passes the console's own check, the service refuses it.
    expect((await simControl(page, '/accounts/small/balance', { balance: 1 })).status).toBe(200)
    await page.keyboard.press('s')
    await page.keyboard.type('10')
    await page.keyboard.press('Control+Enter')
    const rejected = page.locator('[data-testid="placement-result"][data-outcome="rejected"]')
    await rejected.waitFor({ timeout: 15_000 })
    expect(await rejected.textContent()).toMatch(/507|balance/i)
  })
})
