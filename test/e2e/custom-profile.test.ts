import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { startSimulator, type RunningSimulator } from '../../src-main/core/simulator/server.js'
import { snap, openConsole, type OpenConsole } from './launch.js'
import { addCustomProfile } from './profiles.js'

// An account manager adds a real environment (here: a separately started simulator standing in for
// the partner's services), stores its credentials, and places with the explicit confirmation.
// A secret typed into the UI must never come back into the page.
// The simulator's account password ('demo' is too common a word to search the page for; the feed
// key is distinctive, so that is the one the page is searched for after storing).
const PASSWORD = 'demo'
const FEED_KEY = 'demo-key'
let sim: RunningSimulator
let desk: OpenConsole
let page: Page
let customCode = ''


beforeAll(async () => {
  sim = await startSimulator({ port: 0, seed: 11, clockTickMs: 0 })
  desk = await openConsole()
  page = desk.page
  await page.locator('[data-testid="env-badge"][data-env="demo"]').waitFor()
})

afterAll(async () => {
  await desk?.close()
  await sim?.close()
})

describe('a real (custom) environment in the browser', () => {
  it('adds and selects a profile; the header makes the real environment unmistakable', async () => {
    const bar = await addCustomProfile(page, sim, 'Partner staging', 'demo2')
    expect(await bar.textContent()).toContain('Partner staging')
  })

  it('stores secrets as "set" without ever showing them again', async () => {
    for (const [kind, value] of [['password', PASSWORD], ['feedApiKey', FEED_KEY]] as const) {
      const secret = page.getByTestId(`secret-${kind}`)
      await secret.locator('input').fill(value)
      await secret.getByRole('button', { name: 'Store' }).click()
      await page.locator(`[data-testid="secret-${kind}"][data-set="true"]`).waitFor()
      expect(await secret.locator('input').inputValue()).toBe('')
    }
    const html = await page.content()
    expect(html).not.toContain(FEED_KEY)
    await snap(page, `custom-settings.png`)
  })

  it('places only after the operator confirms, against the real environment', async () => {
    await page.getByTestId('nav-line').click()
    await page.getByTestId('match-row').first().locator('[data-col="match"]').click()
    await page.locator('[data-testid="outcome"]:not([disabled])').first().click()
    await page.getByTestId('slip-amount').locator('input').fill('3')
    const place = page.getByTestId('place')
    expect(await place.isDisabled()).toBe(true)
    await page.getByTestId('slip-confirm').click()
    expect(await place.isDisabled()).toBe(false)
    await place.click()
    const result = page.getByTestId('placement-result')
    await result.waitFor()
    expect(await result.getAttribute('data-outcome')).toBe('placed')
    const code = ((await result.locator('.code').first().textContent()) ?? '').trim()
    customCode = code
    // The coupon exists on the "partner" service, for the profile's account.
    const login = (await (await fetch(`${sim.couponBaseUrl}/api/partner/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: 'demo2', password: PASSWORD }) })).json()) as { body: { token: string } }
    const got = await (await fetch(`${sim.couponBaseUrl}/api/partner/coupons/get?coupon_code=${code}`, { headers: { authorization: `Bearer ${login.body.token}` } })).json()
    expect(got).toMatchObject({ code: 1, body: { coupon_code: code, amount: 3 } })
    await snap(page, `custom-placed.png`)
  })

  it('switching back to Demo shows Demo\'s coupons and balance, never the other profile\'s', async () => {
    await page.getByTestId('nav-coupons').click()
    await page.locator(`[data-testid="coupon-row"][data-code="${customCode}"]`).waitFor({ timeout: 15_000 })
    await page.getByTestId('nav-settings').click()
    const demoRow = page.getByTestId('profiles-card').locator('tr').filter({ hasText: 'Demo' }).first()
    await demoRow.getByRole('button', { name: 'Use' }).click()
    await page.locator('[data-testid="env-badge"][data-env="demo"]').waitFor()
    await page.getByTestId('nav-coupons').click()
    await page.getByTestId('view-coupons').waitFor()
    // Demo's own list arrives (a fresh demo has none); the partner coupon never shows under Demo.
    await page.getByTestId('balance').filter({ hasText: /10[\s,.\u00a0\u202f]?000/ }).waitFor({ timeout: 30_000 })
    // Demo's active list has answered under Demo's epoch (the time of that answer is shown).
    await page.getByTestId('coupons-updated').waitFor({ timeout: 30_000 })
    expect(await page.locator(`[data-testid="coupon-row"][data-code="${customCode}"]`).count()).toBe(0)
  })

  it('raised no uncaught page errors', () => {
    expect(desk.pageErrors).toEqual([])
  })
})
