import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { snap, openConsole, type OpenConsole } from './launch.js'

let desk: OpenConsole
let page: Page

beforeAll(async () => {
  desk = await openConsole()
  page = desk.page
})
afterAll(() => desk?.close())

describe('the console in Chromium over the web bridge', () => {
  it('shows the framed console: navigation, environment badge, balance', async () => {
    await page.getByTestId('nav-line').waitFor()
    // The badge says "Loading…" until app.info answers; then it must say Demo, unmistakably.
    const badge = page.locator('[data-testid="env-badge"][data-env="demo"]')
    await badge.waitFor()
    expect(await badge.textContent()).toMatch(/demo/i)
    // The balance comes from the embedded simulator through the contract: demo has 10 000.
    await page.getByTestId('balance').filter({ hasText: /10[\s,.\u00a0\u202f]?000/ }).waitFor({ timeout: 30_000 })
  })

  it('switches between every view', async () => {
    for (const name of ['live', 'coupons', 'timeline', 'exposure', 'audit', 'settings', 'line']) {
      await page.getByTestId(`nav-${name}`).click()
      await page.getByTestId(`view-${name}`).waitFor()
      expect(page.url()).toContain(name)
    }
    await snap(page, `console-line.png`, { fullPage: false })
  })

  it('follows a dark colour scheme from the OS', async () => {
    await page.emulateMedia({ colorScheme: 'dark' })
    await page.reload()
    await page.getByTestId('nav-line').waitFor()
    // The callback runs in the page; globalThis stands in for window there.
    const background = await page.evaluate(() => {
      const w = globalThis as unknown as { getComputedStyle(e: unknown): { backgroundColor: string }; document: { body: unknown } }
      return w.getComputedStyle(w.document.body).backgroundColor
    })
    const [r, g, b] = background.match(/\d+/g)!.map(Number)
    expect(r + g + b).toBeLessThan(200)
    await snap(page, `console-dark.png`)
  })

  it('raised no uncaught page errors', () => {
    expect(desk.pageErrors).toEqual([])
  })
})
