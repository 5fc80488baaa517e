import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { snap, openConsole, type OpenConsole } from './launch.js'

// Browsing the line as the feed offers it: by tournament under sticky headers, the full line,
// top championships, search as one types, and the views from the keyboard.
let desk: OpenConsole
let page: Page

beforeAll(async () => {
  desk = await openConsole()
  page = desk.page
  await page.setViewportSize({ width: 1280, height: 720 })
  await page.getByTestId('match-row').first().waitFor({ timeout: 30_000 })
})
afterAll(() => desk?.close())

const headers = () => page.getByTestId('tournament-header').allTextContents()
const listCount = async () => Number((await page.locator('.browser__bar .mono').first().textContent())?.replace(/\D/g, ''))

describe('browsing the line', () => {
  it('groups the Top 50 by tournament, then the full line (match=all) in a virtualised list with the current tournament stuck on top', async () => {
    expect((await headers()).length).toBeGreaterThan(1)
    const top = await listCount()
    expect(top).toBeLessThanOrEqual(50)
    await page.getByTestId('feed-scope-all').click()
    await expect.poll(listCount, { timeout: 20_000 }).toBeGreaterThan(top)
    await page.locator('[data-testid="match-list"][data-virtual="true"]').waitFor()
    // Only the rows in view exist.
    expect(await page.getByTestId('match-row').count()).toBeLessThan(60)
    const scroller = page.locator('.mlist__scroll')
    await scroller.evaluate((el) => (el.scrollTop = el.scrollHeight / 2))
    await expect
      .poll(() =>
        scroller.evaluate((el) => {
          const top = el.getBoundingClientRect().top
          const header = [...el.querySelectorAll('[data-testid="tournament-header"]')].find((h) => Math.abs(h.getBoundingClientRect().top - top) < 2)
          return header?.textContent ?? null
        }),
      )
      .not.toBeNull()
    await snap(page, `line-full-1280.png`)
    await page.getByTestId('feed-scope-top').click()
    await expect.poll(listCount).toBe(top)
  })

  it('opens a top championship with one click', async () => {
    await page.getByTestId('feed-championships').click()
    const option = page.locator('.n-dropdown-option').first()
    await option.waitFor()
    const name = (await option.textContent())!.split(' · ')[0]!
    await option.click()
    await expect.poll(headers, { timeout: 20_000 }).toEqual([expect.stringContaining(name)])
  })

  it('searches as the operator types; a result opens its match', async () => {
    const first = (await page.locator('[data-testid="match-row"] .team__name').first().textContent())!
    await page.getByTestId('feed-search').locator('input').fill(first.slice(0, 5))
    await page.getByText(`Search: ${first.slice(0, 5)}`).waitFor({ timeout: 10_000 })
    const hit = page.getByTestId('match-row').filter({ hasText: first }).first()
    // A hit carries its match's main prices (followed while shown), like any row.
    await hit.getByTestId('odds-now').first().waitFor({ timeout: 15_000 })
    // On the teams: the row's middle holds its prices, which a click would add to the slip.
    await hit.locator('[data-col="match"]').click()
    await page.getByTestId('market-grid').waitFor({ timeout: 15_000 })
    expect(await page.getByTestId('match-detail').textContent()).toContain(first)
  })

  it('switches views from the keyboard', async () => {
    await page.locator('body').click({ position: { x: 5, y: 700 } })
    await page.keyboard.press('Alt+2')
    await page.waitForURL(/#\/live/)
    await page.keyboard.press('Alt+1')
    await page.waitForURL(/#\/line/)
  })

  it('raised no uncaught page errors', () => {
    expect(desk.pageErrors).toEqual([])
  })
})
