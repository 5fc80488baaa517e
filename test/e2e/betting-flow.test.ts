import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { snap, openConsole, type OpenConsole } from './launch.js'
import { pickFirstLineOutcome, placeSlip } from './slip.js'

// A desk operator's day in miniature, in real Chromium against the Demo environment:
// pick an outcome from the line, place a single, find it among active coupons, settle it with a
// demo scenario, and watch the balance and the settlement timeline follow.
let desk: OpenConsole
let page: Page
let couponCode = ''

const balanceText = () => page.getByTestId('balance-value').textContent()
const amountOf = (text: string | null) => Number((text ?? '').replace(/[^\d.]/g, ''))

beforeAll(async () => {
  desk = await openConsole()
  page = desk.page
  await page.getByTestId('balance').filter({ hasText: /10[\s,.\u00a0\u202f]?000/ }).waitFor({ timeout: 30_000 })
})

afterAll(() => desk?.close())

describe('placing and settling a coupon in the browser', () => {
  it('places a single from the line and deducts the stake', async () => {
    await pickFirstLineOutcome(page)
    await expect(page.getByTestId('slip-selection').count()).resolves.toBe(1)
    const result = await placeSlip(page, '25')
    expect(await result.getAttribute('data-outcome')).toBe('placed')
    couponCode = ((await result.locator('.code').first().textContent()) ?? '').trim()
    expect(couponCode).toMatch(/^\d{12}$/)
    await expect.poll(async () => amountOf(await balanceText()), { timeout: 15_000 }).toBe(9975)
    await snap(page, `flow-placed.png`)
  })

  it('lists the coupon among active coupons', async () => {
    await page.getByTestId('nav-coupons').click()
    // No refresh button: the view holds main's coupons.active subscription, the placement is already in it.
    await page.locator(`[data-testid="coupon-row"][data-code="${couponCode}"]`).waitFor({ timeout: 15_000 })
  })

  it('settles it as a win through the demo scenarios and credits the balance', async () => {
    await page.getByTestId('nav-settings').click()
    const scenarios = page.getByTestId('demo-scenarios')
    await scenarios.locator('input').first().fill(couponCode)
    await scenarios.getByRole('button', { name: 'Win' }).first().click()
    await expect.poll(async () => amountOf(await balanceText()), { timeout: 20_000 }).toBeGreaterThan(9975 + 25)
  })

  it('shows the settlement on the timeline', async () => {
    await page.getByTestId('nav-timeline').click()
    await page.getByTestId('timeline-apply').click()
    await page.getByTestId('timeline-row').filter({ hasText: couponCode }).first().waitFor({ timeout: 15_000 })
    const rows = await page.getByTestId('timeline-row').filter({ hasText: couponCode }).allTextContents()
    expect(rows.join(' ')).toMatch(/placed/i)
    // Demo runs the callback listener: the simulator's signed callback lands as a settlement.
    await page.getByTestId('timeline-apply').click()
    await expect
      .poll(async () => (await page.getByTestId('timeline-row').filter({ hasText: couponCode }).allTextContents()).join(' '), { timeout: 15_000 })
      .toMatch(/settled/i)
    await snap(page, `flow-timeline.png`)
  })

  it('raised no uncaught page errors', () => {
    expect(desk.pageErrors).toEqual([])
  })
})
