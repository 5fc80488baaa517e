import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { openConsole, type OpenConsole } from './launch.js'
import { DEFAULT_CLOCK_TOLERANCE_SEC } from '../../src-main/core/desk/match-clocks.js'

// Live clocks in Chromium over the web bridge (Demo): main pushes a match's clock only when it jumps,
// and the window counts it on from there, second by second, between refreshes (7 s apart at the least).
let desk: OpenConsole
let page: Page

beforeAll(async () => {
  desk = await openConsole()
  page = desk.page
})
afterAll(() => desk?.close())

/** Seconds of a shown clock (`56'16` → 3376). */
const seconds = (text: string) => {
  const m = /(\d+)'(\d{2})/.exec(text)
  return m ? Number(m[1]) * 60 + Number(m[2]) : null
}

/** What the page code below uses of the page's globals (this file is type-checked without the DOM library). */
interface PageGlobals {
  document: { querySelector(s: string): { textContent: string | null; getAttribute(name: string): string | null } | null }
  requestAnimationFrame(fn: () => void): number
}

/** The distinct texts `selector` shows within `ms`, read on every animation frame in the page. */
async function textsWithin(selector: string, ms: number): Promise<string[]> {
  return page.evaluate(
    ({ selector, ms }) =>
      new Promise<string[]>((resolve) => {
        const { document, requestAnimationFrame } = globalThis as unknown as PageGlobals
        const seen: string[] = []
        const end = performance.now() + ms
        const read = () => {
          const text = document.querySelector(selector)?.textContent?.trim() ?? ''
          if (text && seen.at(-1) !== text) seen.push(text)
          if (performance.now() < end) requestAnimationFrame(read)
          else resolve(seen)
        }
        read()
      }),
    { selector, ms },
  )
}

describe('live clocks', () => {
  let gameId: string

  it('a running match\'s timer in the Live list counts on each second by itself, faster than any refresh could move it', async () => {
    await page.getByTestId('nav-live').click()
    const timers = page.locator('[data-testid="match-row"]:has([data-testid="live-timer"]:not(:empty))')
    await timers.first().waitFor()
    gameId = (await timers.first().getAttribute('data-game-id'))!
    const texts = await textsWithin(`[data-testid="match-row"][data-game-id="${gameId}"] [data-testid="live-timer"]`, 3600)
    const secs = texts.map(seconds)
    // Three seconds watched: at least three readings one second apart, going up (a refresh comes every 7 s at the most).
    expect(secs.length, texts.join(' | ')).toBeGreaterThanOrEqual(3)
    for (let i = 1; i < secs.length; i++) expect(secs[i]! - secs[i - 1]!, texts.join(' | ')).toBe(1)
  })

  it('the same match opened: its header clock counts on the same way and says it is ticking', async () => {
    await page.locator(`[data-testid="match-row"][data-game-id="${gameId}"] [data-col="match"]`).click()
    const clock = page.getByTestId('match-detail').getByTestId('match-clock')
    await clock.waitFor()
    await page.waitForFunction(() => (globalThis as unknown as PageGlobals).document.querySelector('[data-testid="match-clock"]')?.getAttribute('data-ticking') === 'true')
    const secs = (await textsWithin('[data-testid="match-clock"]', 3600)).map(seconds)
    expect(secs.length).toBeGreaterThanOrEqual(3)
    expect(secs.at(-1)! - secs[0]!).toBe(secs.length - 1)
    // The row and the header show the same clock: each counts from its own topic's reading, within the tolerance of a push.
    const row = seconds((await page.locator(`[data-testid="match-row"][data-game-id="${gameId}"] [data-testid="live-timer"]`).textContent()) ?? '')
    const head = seconds((await clock.textContent()) ?? '')
    expect(Math.abs(row! - head!)).toBeLessThanOrEqual(DEFAULT_CLOCK_TOLERANCE_SEC)
  })

  it('raised no uncaught page errors', () => {
    expect(desk.pageErrors).toEqual([])
  })
})
