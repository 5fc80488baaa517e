import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { captureServerAvailable, startCaptureServer, type CaptureServer } from '../support/capture-server.js'
import { snap, openConsole, type OpenConsole } from './launch.js'
import { useCapturesProfile } from './captures-profile.js'
import { describeClipped, findClippedText } from './clipped-text.js'
import { pickFirstLineOutcome, placeSlip } from './slip.js'

/**
 * No text a desk user needs is clipped at 1280×720: on Line, on Live with a match open and on
 * Coupons, first on Demo (the simulator), then on the vendor's captured answers.
 */
const available = captureServerAvailable()
if (!available.ok) console.warn(available.message)

let desk: OpenConsole
let page: Page
let server: CaptureServer | undefined

beforeAll(async () => {
  desk = await openConsole()
  page = desk.page
  await page.setViewportSize({ width: 1280, height: 720 })
  await page.getByTestId('balance').filter({ hasText: /10[\s,.\u00a0\u202f]?000/ }).waitFor({ timeout: 30_000 })
})
afterAll(async () => {
  await desk?.close()
  await server?.close()
})

/** Line with a match open: Demo's first, or the captured line match found by the captured search. */
async function showLine(profile: string): Promise<void> {
  await page.getByTestId('nav-line').click()
  await page.getByTestId('view-line').waitFor()
  await page.locator('[data-testid="match-row"] [data-testid="outcome"]').first().waitFor({ timeout: 30_000 })
  let row = page.getByTestId('match-row').first()
  if (profile === 'Captures') {
    const search = page.getByTestId('feed-search').locator('input')
    await search.fill('manchester')
    await search.press('Enter')
    row = page.locator('[data-testid="match-row"][data-game-id="730321837"]')
  }
  await row.locator('[data-col="match"]').click()
  await page.getByTestId('market-grid').waitFor({ timeout: 30_000 })
}
async function showLiveWithMatch(): Promise<void> {
  await page.getByTestId('nav-live').click()
  await page.getByTestId('view-live').waitFor()
  await page.getByTestId('match-row').first().locator('[data-col="match"]').click()
  // Whatever the feed says of it: its markets, or that it is gone.
  await page.locator('[data-testid="market-grid"], [data-testid="match-gone"]').first().waitFor({ timeout: 30_000 })
}
async function showCoupons(): Promise<void> {
  await page.getByTestId('nav-coupons').click()
  await page.getByTestId('view-coupons').waitFor()
  await page.getByTestId('coupon-table').locator('tbody tr').first().waitFor({ timeout: 30_000 })
}

const VIEWS: ReadonlyArray<readonly [string, (profile: string) => Promise<void>]> = [
  ['Line with a match open', showLine],
  ['Live with a match open', showLiveWithMatch],
  ['Coupons', showCoupons],
]

async function expectNothingClipped(profile: string): Promise<void> {
  const report: string[] = []
  const slivers: string[] = []
  for (const [view, show] of VIEWS) {
    await show(profile)
    await page.evaluate(() => (globalThis as unknown as { document: { fonts: { ready: Promise<unknown> } } }).document.fonts.ready.then(() => undefined))
    const found = await findClippedText(page)
    report.push(describeClipped(`${profile} ${view}`, found.filter((f) => !f.excused)))
    // Excused by a title, yet cut to under half its width: said, not failed (the list's layout is being reworked).
    slivers.push(describeClipped(`${profile} ${view} (mostly hidden, title only)`, found.filter((f) => f.excused && f.shown < 0.5)))
    await snap(page, `clipping-${profile.toLowerCase()}-${view.split(' ')[0].toLowerCase()}.png`)
  }
  if (slivers.some(Boolean)) console.warn(slivers.filter(Boolean).join('\n\n'))
  expect(report.filter(Boolean).join('\n\n')).toBe('')
}

describe('clipped text at 1280×720', () => {
  it('Demo: Line, Live with a match open, Coupons', async () => {
    // A placed coupon so that Coupons has rows to measure.
    await pickFirstLineOutcome(page)
    const result = await placeSlip(page, '5')
    expect(await result.getAttribute('data-outcome')).toBe('placed')
    await expectNothingClipped('Demo')
  })

  it.skipIf(!available.ok)('the vendor\'s captures: Line, Live with a match open, Coupons', async () => {
    server = await startCaptureServer()
    await useCapturesProfile(page, server)
    await expectNothingClipped('Captures')
  })
})
