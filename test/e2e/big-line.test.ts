import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { openConsole, snap, type OpenConsole } from './launch.js'

// A line of over a thousand matches opened whole: its first rows are drawn from the first part main
// sends, the rest arrive right after, and the whole list is there to scroll through, the first time
// (main reads the line) and again (main answers from what it holds).
let desk: OpenConsole
let page: Page

beforeAll(async () => {
  // The Demo world's biggest sport holds about 39% of its matches: some 1,250 here.
  desk = await openConsole({ env: { DESK_DEMO_MATCHES: '3200' } })
  page = desk.page
  await page.setViewportSize({ width: 1280, height: 720 })
  await page.getByTestId('match-row').first().waitFor({ timeout: 30_000 })
})
afterAll(() => desk?.close())

const listCount = async () => Number((await page.locator('.browser__bar .mono').first().textContent())?.replace(/\D/g, ''))

interface Applied {
  rows: number
  /** While only the first part is held, with the whole list's match count main sent beside it. */
  partial?: number
  whole?: number
}

/** The list's applied marks from now on. */
async function watchApplied(): Promise<() => Promise<Applied[]>> {
  await page.evaluate(() => {
    const w = globalThis as unknown as { __applied: unknown[] }
    w.__applied = []
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) if (e.name === 'desk:list:applied') w.__applied.push((e as unknown as { detail: unknown }).detail)
    }).observe({ type: 'mark' })
  })
  return () => page.evaluate(() => (globalThis as unknown as { __applied: Applied[] }).__applied)
}

describe('a line of over a thousand matches', () => {
  for (const time of ['first', 'second']) {
    it(`opened whole (${time} time): its first rows from a first part, then every match, the last one reachable`, async () => {
      const applied = await watchApplied()
      await page.getByTestId('feed-scope-all').click()
      // The whole line's marks (the Top 50 may still apply a refresh of its own meanwhile); the count
      // shows the whole line's from its first part on, so the whole list's own mark is waited for.
      const lineMarks = async () => (await applied()).filter((m) => m.rows > 50)
      await expect.poll(async () => (await lineMarks()).some((m) => !m.partial && m.rows > 1000), { timeout: 30_000 }).toBe(true)
      const marks = await lineMarks()
      const whole = marks.filter((m) => !m.partial)
      expect(marks[0]).toMatchObject({ partial: 1, whole: whole.at(-1)!.rows })
      expect(marks[0].rows).toBeLessThan(whole.at(-1)!.rows)
      expect(whole.at(-1)!.rows).toBe(await listCount())
      const scroller = page.locator('.mlist__scroll')
      await scroller.evaluate((el) => (el.scrollTop = el.scrollHeight))
      await expect.poll(() => page.locator('[data-row-index]').evaluateAll((rows) => Math.max(...rows.map((r) => Number(r.getAttribute('data-row-index')))))).toBeGreaterThan(1000)
      if (time === 'first') await snap(page, 'line-big-bottom-1280.png')
      await page.getByTestId('feed-scope-top').click()
      await expect.poll(listCount).toBeLessThanOrEqual(50)
    })
  }
})
