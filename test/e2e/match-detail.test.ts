import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { snap, openConsole, type OpenConsole } from './launch.js'

// The open match in Chromium over the web bridge (Demo): filter, open/close by keyboard, a favourite
// market type that survives a reload (kept by main for the profile), and sub-match navigation.
let desk: OpenConsole
let page: Page

beforeAll(async () => {
  desk = await openConsole()
  page = desk.page
})
afterAll(() => desk?.close())

const detail = () => page.getByTestId('match-detail')
const groups = () => detail().locator('[data-testid="market"]').evaluateAll((els) => els.map((e) => e.getAttribute('data-group')))

/** Opens the Line list's rows one by one until a match with sub-matches is shown; returns its id. */
async function openMatchWithSubs(): Promise<string> {
  await page.getByTestId('nav-line').click()
  const rows = page.getByTestId('match-row')
  await rows.first().waitFor()
  const n = await rows.count()
  for (let i = 0; i < n; i++) {
    const id = (await rows.nth(i).getAttribute('data-game-id'))!
    await rows.nth(i).locator('[data-col="match"]').click()
    await detail().getByText(`#${id}`).waitFor()
    await page.getByTestId('market-grid').waitFor()
    if ((await page.getByTestId('sub-match').count()) > 0) return id
  }
  throw new Error('no Line match with sub-matches in the demo list')
}

describe('the open match', () => {
  let gameId: string

  it('filters markets by name, opens and closes one from the keyboard', async () => {
    gameId = await openMatchWithSubs()
    const count = page.getByTestId('market-count')
    const total = Number((await count.textContent())!.match(/of (\d+)/)![1])
    expect(total).toBeGreaterThan(1)
    const firstName = (await detail().locator('[data-testid="market"] .market__name').first().textContent())!
    await page.getByTestId('market-filter').locator('input').fill(firstName)
    await page.locator('[data-testid="market-count"]', { hasNotText: new RegExp(`^${total} of`) }).waitFor()
    const names = await detail().locator('[data-testid="market"] .market__name').allTextContents()
    expect(names.length).toBeGreaterThan(0)
    expect(names.length).toBeLessThan(total)
    await page.getByTestId('market-filter').locator('input').fill('')
    await page.locator('[data-testid="market-count"]', { hasText: `${total} of ${total}` }).waitFor()

    const toggle = detail().getByTestId('market-toggle').first()
    await toggle.focus()
    await page.keyboard.press('Enter')
    await detail().locator('[data-testid="market-toggle"][aria-expanded="false"]').first().waitFor()
    expect(await toggle.getAttribute('aria-expanded')).toBe('false')
    await page.keyboard.press('Enter')
    await detail().locator('[data-testid="market"][data-open="true"]').first().waitFor()
    expect(await toggle.getAttribute('aria-expanded')).toBe('true')
  })

  it('a starred market type goes to the top and stays there after a reload', async () => {
    const before = await groups()
    const second = before.find((g) => g !== before[0])!
    await detail().locator(`[data-testid="market"][data-group="${second}"] [data-testid="market-star"]`).first().click()
    await detail().locator(`[data-testid="market"][data-group="${second}"] [data-testid="market-star"][aria-pressed="true"]`).first().waitFor()
    expect((await groups())[0]).toBe(second)
    await snap(page, `match-detail-favourite.png`)

    await page.reload()
    await page.getByTestId('nav-line').click()
    const row = page.locator(`[data-testid="match-row"][data-game-id="${gameId}"]`)
    await row.locator('[data-col="match"]').click()
    await detail().getByText(`#${gameId}`).waitFor()
    await detail().locator(`[data-testid="market"][data-group="${second}"] [data-testid="market-star"][aria-pressed="true"]`).first().waitFor()
    expect((await groups())[0]).toBe(second)
  })

  it('opens a sub-match, which names itself and leads back to the main match', async () => {
    const sub = page.locator('[data-testid="sub-match"]:not([disabled])').first()
    const subId = (await sub.getAttribute('data-game-id'))!
    await sub.click()
    await detail().getByText(`#${subId}`).waitFor()
    await page.getByTestId('sub-back').waitFor()
    expect((await page.getByTestId('sub-title').textContent())!.trim()).not.toBe('')
    expect(await page.locator(`[data-testid="sub-match"][data-game-id="${subId}"]`).getAttribute('aria-current')).toBe('page')
    await snap(page, `match-detail-sub-match.png`)
    await page.getByTestId('sub-back').click()
    await detail().getByText(`#${gameId}`).waitFor()
    expect(await page.getByTestId('sub-main').getAttribute('aria-current')).toBe('page')
  })

  it('raised no uncaught page errors', () => {
    expect(desk.pageErrors).toEqual([])
  })
})
