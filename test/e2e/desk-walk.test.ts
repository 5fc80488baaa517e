import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { openConsole, SHOTS, TAKE_SHOTS, type OpenConsole } from './launch.js'
import { axeOf } from './look.js'
import { describeClipped, findClippedText } from './clipped-text.js'
import { settle } from './settle.js'

/**
 * A new desk user's walk on Demo at 1280×720: two picks of one match as an accumulator are named
 * at once; stakes that would mislead (0.001, −50, 99,999,999,999) are refused at the field with
 * Place off; a bet of 100 is placed and the slip starts afresh; it is settled won, then returned and
 * recalculated as lost, and the timeline shows both balances with the difference explained.
 * Screenshots at 1280×720 and 1440×900, light and dark; axe finds nothing serious; nothing clipped.
 */
let desk: OpenConsole
let page: Page
const SIZES = [
  { width: 1280, height: 720 },
  { width: 1440, height: 900 },
] as const
let code = ''
let payout = 0

const money = (n: number) => n.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })
const readMoney = (text: string | null) => Number((text ?? '').replace(/[^\d.]/g, ''))

beforeAll(async () => {
  desk = await openConsole()
  page = desk.page
  await page.setViewportSize(SIZES[0])
  await page.getByTestId('balance').filter({ hasText: /10[\s,.\u00a0\u202f]?000/ }).waitFor({ timeout: 30_000 })
})
afterAll(() => desk?.close())

/** axe in light and dark at 1280×720; screenshots at both sizes with `npm run shots`. */
async function shoot(name: string): Promise<void> {
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme })
    for (const size of TAKE_SHOTS ? SIZES : []) {
      await page.setViewportSize(size)
      await settle(page)
      await page.screenshot({ path: `${SHOTS}/walk-${name}-${size.width}x${size.height}-${scheme}.png` })
    }
    await page.setViewportSize(SIZES[0])
    await settle(page)
    const axe = await axeOf(page).exclude('.n-notification-container').withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze()
    const blocking = axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')
    expect(blocking.map((v) => `${name} ${scheme}: ${v.id} ${v.nodes.map((n) => `${n.target.join(' ')} ${n.failureSummary ?? ''}`).join(', ')}`).join('\n')).toBe('')
  }
  await page.emulateMedia({ colorScheme: 'light' })
  await page.setViewportSize(SIZES[0])
}

async function clipped(view: string): Promise<string> {
  return describeClipped(view, (await findClippedText(page)).filter((f) => !f.excused))
}

const problem = () => page.getByTestId('slip-stake-problem')
const place = () => page.getByTestId('place')

describe('a desk user’s walk on Demo', () => {
  it('names two picks of one match as soon as they share an accumulator', async () => {
    await page.getByTestId('nav-line').click()
    await page.getByTestId('match-row').first().locator('[data-col="match"]').click()
    const outcomes = page.locator('[data-testid="match-detail"] [data-testid="market-grid"] [data-testid="outcome"]:not([disabled])')
    await outcomes.nth(1).waitFor({ timeout: 30_000 })
    await outcomes.nth(0).click()
    await outcomes.nth(1).click()
    await page.getByTestId('slip-accumulator').click()
    const warning = page.getByTestId('slip-same-match')
    await warning.waitFor()
    expect(await warning.textContent()).toMatch(/^.+ – .+: .+ · .+ and .+ · .+ are of one match and cannot be in one accumulator$/)
    expect(await place().isDisabled()).toBe(true)
    await shoot('conflict')
    await page.getByTestId('slip-selection').nth(1).locator('.sel__remove').click()
    await warning.waitFor({ state: 'detached' })
  })

  it('refuses stakes that would mislead at the field, with Place off', async () => {
    const input = page.getByTestId('slip-amount').locator('input')
    for (const [typed, why] of [
      ['0.001', 'too_precise'],
      ['-50', 'negative'],
      ['99999999999', 'too_large'],
      ['abc', 'unreadable'],
    ] as const) {
      await input.fill(typed)
      await expect(problem().getAttribute('data-problem')).resolves.toBe(why)
      expect(await input.getAttribute('aria-invalid')).toBe('true')
      expect(await place().isDisabled()).toBe(true)
    }
    await input.fill('10000,01')
    await expect(problem().getAttribute('data-problem')).resolves.toBe('over_balance')
    expect(await problem().textContent()).toContain('10,000.00')
    await shoot('stake-refused')
    await input.fill('100')
    await problem().waitFor({ state: 'detached' })
    expect(await place().isDisabled()).toBe(false)
  })

  it('places 100 and starts the next slip afresh', async () => {
    payout = readMoney(await page.getByTestId('slip-potential-win').textContent())
    expect(payout).toBeGreaterThan(100)
    await place().click()
    const result = page.getByTestId('placement-result')
    await result.waitFor({ timeout: 30_000 })
    expect(await result.getAttribute('data-outcome')).toBe('placed')
    code = ((await result.locator('.code').first().textContent()) ?? '').trim()
    expect(code).toMatch(/^\d+$/)
    expect(await page.getByTestId('slip-selection').count()).toBe(0)
  })

  it('a win taken back for recalculation: the timeline shows both balances and explains the difference', async () => {
    await page.getByTestId('nav-settings').click()
    const codeInput = page.getByTestId('demo-code').locator('input')
    await codeInput.fill(code)
    await page.getByTestId('demo-settle-win').click()
    await page.locator('[data-testid="demo-result"]').filter({ hasText: code }).first().waitFor({ timeout: 30_000 })
    await page.getByTestId('nav-timeline').click()
    await page.locator('[data-testid="timeline-row"][data-kind="settled"]').first().waitFor({ timeout: 30_000 })
    await page.getByTestId('nav-settings').click()
    await page.getByTestId('demo-code').locator('input').fill(code)
    await page.getByTestId('demo-recalculate-lose').click()
    await page.getByTestId('nav-timeline').click()
    const returned = page.locator('[data-testid="timeline-row"][data-kind="returned_for_recalculation"]').first()
    await returned.waitFor({ timeout: 30_000 })
    const difference = returned.getByTestId('timeline-difference')
    await difference.waitFor()
    expect(await difference.textContent()).toBe(`Partner rule deducts the stake 100.00; the service took back the payout ${money(payout)}: difference ${money(payout - 100)}`)
    expect(await clipped('Timeline 1280×720')).toBe('')
    await shoot('recalculation')
    await page.setViewportSize(SIZES[1])
    expect(await clipped('Timeline 1440×900')).toBe('')
    await page.setViewportSize(SIZES[0])
  })

  it('raised no uncaught page errors', () => {
    expect(desk.pageErrors).toEqual([])
  })
})
