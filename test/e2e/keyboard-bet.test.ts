import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { snap, openConsole, type OpenConsole } from './launch.js'

// A single placed from the keyboard alone: `/` to the search box, ↓ to the first match, `1` adds its
// first price, `s` goes to the stake (4 presses from the page), digits, Ctrl+Enter places.
let desk: OpenConsole
let page: Page

beforeAll(async () => {
  desk = await openConsole()
  page = desk.page
  await page.setViewportSize({ width: 1280, height: 720 })
  await page.getByTestId('balance').filter({ hasText: /10[\s,.\u00a0\u202f]?000/ }).waitFor({ timeout: 30_000 })
  await page.locator('[data-testid="match-row"] [data-testid="outcome"]').first().waitFor({ timeout: 30_000 })
})

afterAll(() => desk?.close())

/** Is the focus on the element with this test id, or inside it? */
const focusIn = (testId: string) => page.locator(`[data-testid="${testId}"]:focus, [data-testid="${testId}"] :focus`).count()

describe('the keyboard', () => {
  it('reaches the stake of a new selection in 4 presses and places with Ctrl+Enter', async () => {
    await page.locator('body').click({ position: { x: 5, y: 700 } })
    const presses: string[] = []
    const press = async (key: string) => {
      presses.push(key)
      await page.keyboard.press(key)
    }
    await press('/')
    expect(await focusIn('feed-search')).toBe(1)
    await press('ArrowDown')
    expect(await focusIn('match-row')).toBe(1)
    await press('j')
    const rowId = await page.locator(':focus').getAttribute('data-game-id')
    expect(rowId).toBe(await page.locator('[data-testid="match-row"]').nth(1).getAttribute('data-game-id'))
    await press('1')
    await expect.poll(() => page.getByTestId('slip-selection').count()).toBe(1)
    await press('s')
    expect(await focusIn('slip-amount')).toBe(1)
    expect(presses.length).toBeLessThanOrEqual(5)
    await page.keyboard.type('10')
    await page.keyboard.press('Control+Enter')
    await page.locator('[data-testid="placement-result"][data-outcome="placed"]').waitFor({ timeout: 15_000 })
    await snap(page, `keyboard-placed.png`)
  })

  /** Two first prices of two matches from the keyboard: `/`, ↓, `1`, `j`, `1` (the slip starts empty after a placement). */
  async function pickTwo(): Promise<void> {
    await page.locator('body').click({ position: { x: 5, y: 700 } })
    for (const key of ['/', 'ArrowDown', '1', 'j', 'j', '1']) await page.keyboard.press(key)
    await expect.poll(() => page.getByTestId('slip-selection').count()).toBe(2)
  }
  const couponsPlaced = () => page.locator('[data-testid="placement-result"][data-outcome="placed"] [data-testid="open-coupon"]').count()

  it('places an accumulator from the keyboard: Shift+Tab from the stake to Accumulator, Space takes it', async () => {
    await pickTwo()
    await page.keyboard.press('s')
    await page.keyboard.press('Shift+Tab')
    await page.keyboard.press('Space')
    expect(await page.locator('[data-testid="slip-accumulator"] input:checked').count()).toBe(1)
    await page.keyboard.press('Tab')
    expect(await focusIn('slip-amount')).toBe(1)
    await page.keyboard.type('10')
    await page.keyboard.press('Control+Enter')
    // The single's result (one coupon, one bet) stays until the new one replaces it: wait for two bets.
    await expect.poll(() => page.getByTestId('placed-bet').count(), { timeout: 15_000 }).toBe(2)
    expect(await couponsPlaced()).toBe(1)
  })

  it('places each selection as a single from the keyboard (the slip starts as singles again)', async () => {
    await pickTwo()
    expect(await page.locator('[data-testid="slip-singles"] input:checked').count()).toBe(1)
    await page.keyboard.press('s')
    await page.keyboard.type('5')
    await page.keyboard.press('Control+Enter')
    await expect.poll(couponsPlaced, { timeout: 15_000 }).toBe(2)
  })

  it('shows the key map on ? and hides it on Esc', async () => {
    await page.locator('body').click({ position: { x: 5, y: 700 } })
    await page.keyboard.press('?')
    await page.getByTestId('shortcut-help').waitFor()
    expect(await page.getByTestId('shortcut-help').textContent()).toContain('Ctrl+Enter')
    await page.keyboard.press('Escape')
    await page.getByTestId('shortcut-help').waitFor({ state: 'detached' })
  })
})
