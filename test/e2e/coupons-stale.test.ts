import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { openConsole, snap, TAKE_SHOTS, type OpenConsole } from './launch.js'
import { axeOf } from './look.js'
import { pickFirstLineOutcome, placeSlip } from './slip.js'
import { settle } from './settle.js'

/**
 * The coupons view on main's coupons.active subscription: a placement shows up without any refresh,
 * and signing out (main stops refreshing) marks the table stale, visibly and as a status message.
 * Photographed live and stale at 1280x720 and 1440x900; axe-core stays clean on the stale state.
 */
let desk: OpenConsole
let page: Page
let couponCode = ''
const SIZES = [
  { width: 1280, height: 720 },
  { width: 1440, height: 900 },
] as const

beforeAll(async () => {
  desk = await openConsole()
  page = desk.page
  await page.getByTestId('balance').filter({ hasText: /10[\s,.\u00a0\u202f]?000/ }).waitFor({ timeout: 30_000 })
})
afterAll(() => desk?.close())

async function shoot(state: string): Promise<void> {
  await page.mouse.move(600, 500) // no tooltip left open by the last click
  await settle(page)
  for (const size of TAKE_SHOTS ? SIZES : []) {
    await page.setViewportSize(size)
    await settle(page)
    await snap(page, `coupons-${state}-${size.width}x${size.height}.png`)
  }
}

describe('coupons view: live, then stale', () => {
  it('a placement is in the active list at once (no refresh button, no renderer polling)', async () => {
    await pickFirstLineOutcome(page)
    const result = await placeSlip(page, '20')
    couponCode = ((await result.locator('.code').first().textContent()) ?? '').trim()
    await page.getByTestId('nav-coupons').click()
    await page.locator(`[data-testid="coupon-row"][data-code="${couponCode}"]`).waitFor({ timeout: 10_000 })
    expect(await page.getByTestId('coupons-refresh').count()).toBe(0)
    expect(await page.getByTestId('stale-tag').count()).toBe(0)
    await shoot('live')
  })

  it('signing out marks the table stale with when and why; the rows stay', async () => {
    await page.getByTestId('logout').click()
    const stale = page.getByTestId('coupons-stale')
    await stale.getByTestId('stale-tag').waitFor({ timeout: 10_000 })
    expect(await stale.getAttribute('role')).toBe('status')
    expect(await stale.textContent()).toMatch(/^Stale — last updated \d{2}:\d{2}:\d{2}, Signed out: sign in to continue$/)
    expect(await page.locator(`[data-testid="coupon-row"][data-code="${couponCode}"]`).count()).toBe(1)
    // The balance says so too.
    await page.getByTestId('balance-stale').getByTestId('stale-tag').waitFor()
    await shoot('stale')
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme })
      await settle(page) // the theme's colour transitions settle: axe reads computed colours
      const axe = await axeOf(page).exclude('.n-notification-container').withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze()
      const blocking = axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')
      expect(blocking.map((v) => `${scheme}: ${v.id} ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([])
    }
  })

  it('signing in again makes it live again', async () => {
    await page.getByTestId('login').click()
    await page.getByTestId('coupons-stale').getByTestId('stale-tag').waitFor({ state: 'detached', timeout: 20_000 })
    expect(desk.pageErrors).toEqual([])
  })
})
