import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { openConsole, snap, TAKE_SHOTS, type OpenConsole } from './launch.js'
import { axeOf } from './look.js'
import { settle } from './settle.js'

/**
 * Every view, light and dark, with content loaded: axe-core finds no serious or critical violation
 * (WCAG 2.1 A/AA rules). Moderate and minor findings are printed, not failed. Each view is also
 * photographed at two window sizes with DESK_SHOTS=1 (test/e2e/__screenshots__/view-*), to check the design by eye.
 */
let desk: OpenConsole
let page: Page

beforeAll(async () => {
  desk = await openConsole()
  page = desk.page
  await page.getByTestId('nav-line').waitFor()
})
afterAll(() => desk?.close())

const VIEWS = ['line', 'live', 'coupons', 'timeline', 'exposure', 'audit', 'settings'] as const
const SIZES = [
  { width: 1280, height: 720 },
  { width: 1440, height: 900 },
] as const

async function open(view: (typeof VIEWS)[number]): Promise<void> {
  await page.getByTestId(`nav-${view}`).click()
  await page.getByTestId(`view-${view}`).waitFor()
  if (view === 'line' || view === 'live') await page.getByTestId('match-row').first().waitFor({ timeout: 30_000 })
  await settle(page) // let transitions settle: axe reads computed colours
}

describe('accessibility (axe-core) of every view', () => {
  for (const scheme of ['light', 'dark'] as const) {
    for (const view of VIEWS) {
      it(`${view}, ${scheme}`, async () => {
        await page.emulateMedia({ colorScheme: scheme })
        await open(view)
        const result = await axeOf(page).exclude('.n-notification-container').withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze()
        const blocking = result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')
        const other = result.violations.filter((v) => !blocking.includes(v))
        if (other.length > 0) console.info(`${view}/${scheme}: ${other.map((v) => `${v.id} (${v.impact}, ${v.nodes.length})`).join(', ')}`)
        const report = blocking.map((v) => `${v.id} (${v.impact}): ${v.help}\n  ${v.nodes.slice(0, 3).map((n) => `${n.target.join(' ')} — ${n.failureSummary?.split('\n')[1] ?? ''}`).join('\n  ')}`)
        for (const size of TAKE_SHOTS ? SIZES : []) {
          await page.setViewportSize(size)
          await settle(page) // layout after the resize
          await snap(page, `view-${view}-${size.width}x${size.height}-${scheme}.png`)
        }
        expect(report).toEqual([])
      })
    }
  }
})
