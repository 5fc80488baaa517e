import { readFileSync } from 'node:fs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import Papa from 'papaparse'
import type { Page } from 'playwright-core'
import { axeOf, seriousAxe, SIZES, TOASTS } from './look.js'
import { openConsole, SHOTS, TAKE_SHOTS, type OpenConsole } from './launch.js'
import { pickFirstLineOutcome, placeSlip } from './slip.js'
import { settle } from './settle.js'
import { describeClipped, findClippedText } from './clipped-text.js'

/**
 * Settlement notifications and the audit log in real Chromium on Demo: a coupon settled won through
 * the Demo scenario toasts, the toast opens the coupon; with "won" switched off the next win is
 * silent; the audit view lists the placement and the scenario, filters them and exports the rows it
 * shows.
 */
let desk: OpenConsole
let page: Page
const codes: string[] = []

beforeAll(async () => {
  desk = await openConsole()
  page = desk.page
  await page.getByTestId('balance').filter({ hasText: /10[\s,.\u00a0\u202f]?000/ }).waitFor({ timeout: 30_000 })
})
afterAll(() => desk?.close())

async function placeOne(): Promise<string> {
  await pickFirstLineOutcome(page)
  const result = await placeSlip(page, '10')
  expect(await result.getAttribute('data-outcome')).toBe('placed')
  const code = ((await result.locator('.code').first().textContent()) ?? '').trim()
  expect(code).toMatch(/^\d{12}$/)
  // The slip starts afresh after a placement; clear it only if anything is left (a click on a missing button waits out its timeout).
  const clear = page.getByTestId('slip-clear')
  if ((await clear.count()) > 0) await clear.click()
  codes.push(code)
  return code
}

async function settleWon(code: string): Promise<void> {
  await page.getByTestId('nav-settings').click()
  const scenarios = page.getByTestId('demo-scenarios')
  await scenarios.locator('input').first().fill(code)
  await page.getByTestId('demo-settle-win').click()
  await page.locator('[data-testid="demo-result"][data-method="settle"]').filter({ hasText: code }).waitFor({ timeout: 20_000 })
}

const notice = (code: string) => page.locator(`[data-testid="settlement-notice"][data-code="${code}"]`)

async function axe(label: string): Promise<string[]> {
  await settle(page)
  const result = await axeOf(page).exclude('.n-notification-container').withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze()
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${label}: ${v.id} (${v.impact}) ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(', ')}`)
}

describe('settlement notifications', () => {
  it('a coupon settled won through the Demo scenario toasts, and the toast opens the coupon', async () => {
    const code = await placeOne()
    await settleWon(code)
    const toast = notice(code)
    await toast.waitFor({ timeout: 20_000 })
    expect(await toast.getAttribute('data-type')).toBe('won')
    if (TAKE_SHOTS) await page.screenshot({ path: `${SHOTS}/notify-toast-1440x900-light.png` })
    // The toast itself, held open under the pointer, reads in both schemes.
    await toast.hover()
    expect(await seriousAxe(page, 'toast', TOASTS)).toEqual([])
    await toast.getByTestId('notice-open').click()
    await page.getByTestId('view-coupons').waitFor()
    await page.getByTestId('coupon-detail').filter({ hasText: code }).waitFor({ timeout: 15_000 })
    await page.keyboard.press('Escape')
    await page.getByTestId('coupon-detail').waitFor({ state: 'detached' })
  })

  it('with "won" switched off, the next win makes no toast (the settlement itself arrives)', async () => {
    await page.getByTestId('nav-settings').click()
    const won = page.getByTestId('notify-type-won')
    await won.click()
    await expect.poll(() => won.getAttribute('class')).not.toMatch(/checked/)
    const code = await placeOne()
    await settleWon(code)
    // The settlement is in the timeline (it came), yet no notice was raised for it.
    await page.getByTestId('nav-timeline').click()
    await expect
      .poll(
        async () => {
          await page.getByTestId('timeline-apply').click()
          return (await page.getByTestId('timeline-row').filter({ hasText: code }).allTextContents()).join(' ')
        },
        { timeout: 20_000 },
      )
      .toMatch(/settled/i)
    expect(await notice(code).count()).toBe(0)
    // Back on: kept for the profile across a reload.
    await page.reload()
    await page.getByTestId('nav-settings').click()
    await expect.poll(() => page.getByTestId('notify-type-won').getAttribute('class')).not.toMatch(/checked/)
    await page.getByTestId('notify-type-won').click()
    await expect.poll(() => page.getByTestId('notify-type-won').getAttribute('class')).toMatch(/checked/)
  })
})

describe('audit log', () => {
  const tableRows = () =>
    page.getByTestId('audit-row').evaluateAll((rows) => rows.map((r) => [...(r as unknown as { querySelectorAll(s: string): Iterable<{ textContent: string | null }> }).querySelectorAll('td')].map((td) => (td.textContent ?? '').trim())))

  it('lists the placement and the scenario with their figures', async () => {
    await page.getByTestId('nav-audit').click()
    await page.getByTestId('view-audit').waitFor()
    await page.getByTestId('audit-scope').filter({ hasText: 'Demo' }).waitFor()
    await page.locator('[data-testid="audit-row"][data-action="coupons.place"]').filter({ hasText: codes[0]! }).waitFor({ timeout: 15_000 })
    await page.locator('[data-testid="audit-row"][data-action="demo.settle"]').filter({ hasText: codes[0]! }).waitFor()
  })

  it('filters by text and by action', async () => {
    await page.getByTestId('audit-text').locator('input').fill(codes[0]!)
    await page.getByTestId('audit-text').locator('input').press('Enter')
    await expect.poll(async () => (await page.getByTestId('audit-row').evaluateAll((rs) => rs.map((r) => (r as unknown as { dataset: { action: string } }).dataset.action))).sort()).toEqual(['coupons.place', 'demo.settle'])
    await page.getByTestId('audit-reset').click()
    await page.getByTestId('audit-actions').click()
    await page.keyboard.type('settle coupon')
    await page.locator('.n-base-select-option').filter({ hasText: 'Demo: settle coupon' }).click()
    await page.keyboard.press('Escape')
    await page.getByTestId('audit-apply').click()
    await expect.poll(async () => new Set(await page.getByTestId('audit-row').evaluateAll((rs) => rs.map((r) => (r as unknown as { dataset: { action: string } }).dataset.action)))).toEqual(new Set(['demo.settle']))
    expect(await page.getByTestId('audit-row').count()).toBe(2)
  })

  it('exports the rows shown as CSV, and the export is recorded', async () => {
    const shown = await tableRows()
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('audit-export').click()])
    const text = readFileSync((await download.path())!, 'utf8').replace(/^\ufeff/, '')
    const parsed = Papa.parse<string[]>(text.trim(), { skipEmptyLines: true })
    expect(parsed.data.slice(1)).toEqual(shown)
    expect(parsed.data[0]![1]).toBe('Action')
    await page.getByTestId('audit-reset').click()
    await page.locator('[data-testid="audit-row"][data-action="export"]').filter({ hasText: `rows: ${shown.length}` }).waitFor({ timeout: 10_000 })
  })

  it('audit view and notifications card: no serious axe violation light and dark, nothing clipped at 1280x720', async () => {
    const problems: string[] = []
    // Quiet mode on: the header says so (checked by axe and on the screenshots too).
    await page.getByTestId('nav-settings').click()
    await page.getByTestId('notify-quiet-30').click()
    await page.getByTestId('notify-quiet-state').waitFor()
    await expect.poll(() => page.getByTestId('notify-quiet-30').getAttribute('class')).toMatch(/checked/)
    await page.getByTestId('quiet-mode-tag').waitFor()
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme })
      for (const view of ['audit', 'settings'] as const) {
        await page.getByTestId(`nav-${view}`).click()
        await page.getByTestId(`view-${view}`).waitFor()
        if (view === 'settings') await page.getByTestId('notifications-card').scrollIntoViewIfNeeded()
        problems.push(...(await axe(`${view}/${scheme}`)))
        // Both sizes for the screenshots; without them only the audit view's clipping check (at 1280x720, then back) resizes.
        for (const size of TAKE_SHOTS || view === 'audit' ? SIZES : []) {
          await page.setViewportSize(size)
          await settle(page)
          if (size.width === 1280 && view === 'audit') {
            const clipped = (await findClippedText(page, undefined, '[data-testid="view-audit"]')).filter((c) => !c.excused || c.shown < 0.5)
            if (clipped.length > 0) problems.push(describeClipped(`${view}/${scheme} at 1280x720`, clipped))
          }
          if (TAKE_SHOTS) {
            const target = view === 'settings' ? page.getByTestId('notifications-card') : page
            await target.screenshot({ path: `${SHOTS}/${view === 'settings' ? 'notify-card' : 'view-audit'}-${size.width}x${size.height}-${scheme}.png` })
          }
        }
      }
    }
    await page.getByTestId('quiet-mode-tag').click()
    await page.getByTestId('quiet-mode-tag').waitFor({ state: 'detached' })
    expect(problems).toEqual([])
  })

  it('raised no uncaught page errors', () => {
    expect(desk.pageErrors).toEqual([])
  })
})
