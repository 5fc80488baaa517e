import AxeBuilder from '@axe-core/playwright'
import type { Page } from 'playwright-core'
import { SHOTS, TAKE_SHOTS } from './launch.js'
import { settle } from './settle.js'

/** The two window sizes every view is judged at (the first is where nothing that matters may be clipped). */
export const SIZES = [
  { width: 1280, height: 720 },
  { width: 1440, height: 900 },
] as const
export const SCHEMES = ['light', 'dark'] as const
export const TOASTS = '.n-notification-container'

/**
 * An axe-core run on the page. axe.run in the page itself (the builder's "legacy" mode) instead of
 * a partial run per frame finished in a fresh blank page: the console has no frames, so the rules
 * and results are the same, without opening a page, injecting axe twice and shipping every node's
 * partial result across per scan (a third to half of each scan's time here).
 */
export const axeOf = (page: Page): AxeBuilder => new AxeBuilder({ page }).setLegacyMode(true)

/**
 * Screenshots of the page as it stands at both sizes, light and dark, as
 * `SHOTS/<prefix>-<name>-<W>x<H>-<scheme>.png`, for people to look at (`DESK_SHOTS=1` only); the page
 * is put back to light at the first size.
 */
export async function shootEverySize(page: Page, prefix: string, name: string): Promise<void> {
  if (!TAKE_SHOTS) return
  for (const scheme of SCHEMES) {
    await page.emulateMedia({ colorScheme: scheme })
    for (const size of SIZES) {
      await page.setViewportSize(size)
      await settle(page)
      await page.screenshot({ path: `${SHOTS}/${prefix}-${name}-${size.width}x${size.height}-${scheme}.png` })
    }
  }
  await page.emulateMedia({ colorScheme: 'light' })
  await page.setViewportSize(SIZES[0])
}

/**
 * axe's serious and critical violations (WCAG 2.1 A and AA), light and dark, as `<where> <scheme>: <rule> <targets>`.
 * Toasts come and go on their own timers (one fading out reads faint): a view's check leaves them out,
 * and `only` checks just what it names (the toasts themselves, held open under the pointer).
 */
export async function seriousAxe(page: Page, where: string, only?: string): Promise<string[]> {
  const out: string[] = []
  for (const scheme of SCHEMES) {
    await page.emulateMedia({ colorScheme: scheme })
    await settle(page)
    const builder = axeOf(page).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    const result = await (only ? builder.include(only) : builder.exclude(TOASTS)).analyze()
    for (const v of result.violations) {
      // Each node with axe's own reason (for contrast: both colours and the ratio), so a failure says what to fix.
      if (v.impact === 'serious' || v.impact === 'critical') out.push(`${where} ${scheme}: ${v.id} ${v.nodes.map((n) => `${n.target.join(' ')} (${n.any[0]?.message ?? ''})`).join(', ')}`)
    }
  }
  await page.emulateMedia({ colorScheme: 'light' })
  return out
}
