import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Locator, Page } from 'playwright-core'
import { openConsole, SHOTS, TAKE_SHOTS, type OpenConsole } from './launch.js'
import { axeOf } from './look.js'
import { placeSlip } from './slip.js'
import { simControl } from './sim-control.js'
import { describeClipped, findClippedText } from './clipped-text.js'
import { settle } from './settle.js'

/**
 * The coupon blotter and drawer as a desk user reads them: a prematch bet and a live bet on the same
 * teams (the prematch match started, so Live has it under a new id) are told apart by kind, start and
 * match id; a refund and a win are said in words; a pasted list is looked up code by code (a code
 * without its leading zeros included); nothing is cut at 1280×720 or 1440×900, in light or dark,
 * and axe-core finds nothing serious.
 */
let desk: OpenConsole
let page: Page
const placed = { prematch: { code: '', gameId: 0 }, live: { code: '', gameId: 0 } }
let teams = ''
const SIZES = [
  { width: 1280, height: 720 },
  { width: 1440, height: 900 },
] as const

beforeAll(async () => {
  desk = await openConsole()
  page = desk.page
  await page.setViewportSize(SIZES[0])
  await page.getByTestId('balance').filter({ hasText: /10[\s,.\u00a0\u202f]?000/ }).waitFor({ timeout: 30_000 })
})
afterAll(() => desk?.close())

async function placeFirstOutcome(amount: string): Promise<string> {
  const outcome = page.locator('[data-testid="match-detail"] [data-testid="market-grid"] [data-testid="outcome"]:not([disabled])').first()
  await outcome.waitFor({ timeout: 30_000 })
  await outcome.click()
  expect(await page.getByTestId('slip-selection').count()).toBe(1)
  const result = await placeSlip(page, amount, 30_000)
  expect(await result.getAttribute('data-outcome')).toBe('placed')
  return ((await result.locator('.code').first().textContent()) ?? '').trim()
}

/** The row in the tab shown (each tab has its own table). */
const row = (code: string) => page.locator(`[data-testid="coupon-row"][data-code="${code}"]:visible`).first()
const part = (scope: Locator, name: string) => scope.locator(`[data-part="${name}"]`).first()

/** Text cut anywhere in the coupons view (and the drawer when open); money and time never, not even with a title. */
async function clippedIn(view: string): Promise<string> {
  await settle(page)
  await page.evaluate(() => (globalThis as unknown as { document: { fonts: { ready: Promise<unknown> } } }).document.fonts.ready.then(() => undefined))
  const found = await findClippedText(page)
  const money = /^[−-]?[\d\s.,\u00a0\u202f×]+$|^\d{2}[-.]\d{2}/
  return describeClipped(view, found.filter((f) => !f.excused || money.test(f.text)))
}

/** Horizontal scroll inside a coupon table (its body wider than its box). */
async function tableOverflow(testid: string): Promise<number[]> {
  return page.locator(`[data-testid="${testid}"]:visible .n-data-table-base-table-body`).evaluateAll((els) =>
    els.map((e) => (e as unknown as { scrollWidth: number; clientWidth: number }).scrollWidth - (e as unknown as { clientWidth: number }).clientWidth),
  )
}

async function shoot(name: string): Promise<void> {
  if (!TAKE_SHOTS) return
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme })
    for (const size of SIZES) {
      await page.setViewportSize(size)
      await settle(page) // the theme's colour transition and the drawer's width settle
      await page.screenshot({ path: `${SHOTS}/coupon-views-${name}-${size.width}x${size.height}-${scheme}.png` })
    }
  }
  await page.emulateMedia({ colorScheme: 'light' })
  await page.setViewportSize(SIZES[0])
}

describe('coupon views identify matches, word codes and read pasted lists', () => {
  it('places a prematch bet, starts its match, and places a live bet on the same teams', async () => {
    await page.getByTestId('nav-line').click()
    const line = page.getByTestId('match-row').first()
    await line.waitFor({ timeout: 30_000 })
    placed.prematch.gameId = Number(await line.getAttribute('data-game-id'))
    teams = (await line.locator('.team__name').allTextContents()).map((s) => s.trim()).join(' – ')
    await line.locator('[data-col="match"]').click()
    placed.prematch.code = await placeFirstOutcome('20')

    const started = await simControl(page, `/matches/${placed.prematch.gameId}/start`)
    expect(started.status).toBe(200)
    placed.live.gameId = ((await started.json()) as { gameId: number }).gameId
    expect(placed.live.gameId).not.toBe(placed.prematch.gameId)
    // Live lists the started match under its new id (the Demo world may hold other live matches of the same teams).
    await page.getByTestId('nav-live').click()
    const liveRow = page.locator(`[data-testid="match-row"][data-game-id="${placed.live.gameId}"]`)
    await liveRow.waitFor({ timeout: 30_000 })
    expect((await liveRow.locator('.team__name').allTextContents()).map((s) => s.trim()).join(' – ')).toBe(teams)
    await liveRow.locator('[data-col="match"]').click()
    await page.getByTestId('match-detail').filter({ hasText: `#${placed.live.gameId}` }).locator('[data-testid="market-grid"]').waitFor({ timeout: 30_000 })
    placed.live.code = await placeFirstOutcome('15')
    expect(placed.live.code).not.toBe(placed.prematch.code)
  })

  it('the Active blotter tells the two matches apart: kind, start with its zone, match id', async () => {
    await page.getByTestId('nav-coupons').click()
    for (const [kind, bet] of [['Prematch', placed.prematch], ['LIVE', placed.live]] as const) {
      await row(bet.code).waitFor({ timeout: 15_000 })
      expect(await row(bet.code).locator('[data-cell="teams"]').textContent()).toBe(teams)
      expect(await part(row(bet.code), 'match-id').textContent()).toBe(`${kind} · #${bet.gameId}`)
      expect(await row(bet.code).locator('[data-cell="created"]').textContent()).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/)
      expect(await row(bet.code).getByTestId('coupon-status').textContent()).toBe('open')
    }
    const header = await page.locator('[data-testid="coupon-table"]:visible th').allTextContents()
    expect(header.map((h) => h.trim())).toEqual(expect.arrayContaining(['Created · UTC', 'Match']))
    const overflow = await tableOverflow('coupon-table')
    expect(overflow.length).toBeGreaterThan(0)
    expect(overflow.filter((px) => px > 0)).toEqual([])
    expect(await clippedIn('Active 1280×720')).toBe('')
    await shoot('active')
  })

  it('settled: a refund and a win are said in words in Recently calculated (60 minutes by default) and in the drawer', async () => {
    expect((await simControl(page, `/coupons/${placed.prematch.code}/settle`, { result: 'return' })).status).toBe(200)
    expect((await simControl(page, `/coupons/${placed.live.code}/settle`, { result: 'win' })).status).toBe(200)
    await page.locator('.n-tabs-tab', { hasText: 'Recently calculated' }).click()
    expect(await page.getByTestId('calculated-minutes').locator('input').inputValue()).toBe('60')
    await row(placed.prematch.code).waitFor({ timeout: 15_000 })
    await row(placed.live.code).waitFor({ timeout: 15_000 })
    expect(await row(placed.prematch.code).locator('[data-cell="payout"]').textContent()).toBe('20.00')
    expect(await part(row(placed.prematch.code), 'payout').textContent()).toContain('refund')
    expect(await part(row(placed.prematch.code), 'payout').getAttribute('title')).toBe('Returned (stake refunded) 20.00')
    expect(await part(row(placed.prematch.code), 'settled-at').textContent()).toBe('×1.00 returned')
    expect(await row(placed.live.code).getByTestId('coupon-status').getAttribute('data-tone')).toBe('won')
    expect(await row(placed.prematch.code).getByTestId('coupon-status').getAttribute('data-tone')).toBe('returned')
    const overflow = await tableOverflow('coupon-table')
    expect(overflow.length).toBeGreaterThan(0)
    expect(overflow.filter((px) => px > 0)).toEqual([])
    expect(await clippedIn('Recently calculated 1280×720')).toBe('')
    await shoot('calculated')

    await page.mouse.move(5, 700)
    await row(placed.prematch.code).click()
    const drawer = page.getByTestId('coupon-detail')
    await drawer.waitFor()
    expect(await drawer.getByTestId('coupon-payout').textContent()).toBe('Returned (stake refunded) 20.00')
    const bet = drawer.getByTestId('bet-row').first()
    expect(await part(bet, 'teams').textContent()).toBe(teams)
    expect(await part(bet, 'match').textContent()).toMatch(new RegExp(`^Prematch · .+ UTC · #${placed.prematch.gameId}$`))
    expect(await bet.locator('[data-part="placement-score"]').count()).toBe(0)
    expect(await part(bet, 'settled-at').textContent()).toBe('settled at ×1.00 (returned)')
    expect(await part(bet, 'settled-at').getAttribute('title')).toContain('calculate_coef')
    const code = await part(bet, 'reason-code').textContent()
    if (code === 'REMOTE_RETURN') expect(await part(bet, 'reason-words').textContent()).toBe('Settled by the bookmaker: returned')
    else expect(await bet.locator('[data-part="reason-words"]').count()).toBe(0)
    expect(await tableOverflow('coupon-bets')).toEqual([0])
    expect(await clippedIn('Drawer 1280×720')).toBe('')
    await shoot('drawer-refund')
    await page.keyboard.press('Escape')
    await drawer.waitFor({ state: 'detached' })

    await page.mouse.move(5, 700) // no tooltip of a hovered line over the row
    await row(placed.live.code).click()
    await drawer.waitFor()
    const live = drawer.getByTestId('bet-row').first()
    expect(await part(live, 'teams').textContent()).toBe(teams)
    expect(await part(live, 'match').textContent()).toMatch(new RegExp(`^LIVE · .+ UTC · #${placed.live.gameId}$`))
    expect(await part(live, 'settled-at').textContent()).toMatch(/^settled at ×\d+\.\d+ \(won\)$/)
    expect(await drawer.getByTestId('coupon-payout').textContent()).toMatch(/^Won \d/)
    await page.setViewportSize(SIZES[1])
    expect(await clippedIn('Drawer 1440×900')).toBe('')
    await shoot('drawer-won')
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme })
      await settle(page) // the theme's colour transitions settle: axe reads computed colours
      const axe = await axeOf(page).exclude('.n-notification-container').withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze()
      const blocking = axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')
      expect(blocking.map((v) => `${scheme}: ${v.id} ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([])
    }
    await page.emulateMedia({ colorScheme: 'light' })
    await page.keyboard.press('Escape')
    await drawer.waitFor({ state: 'detached' })
  })

  it('looks up a pasted list: separators, a repeat, a code without its zeros, one not found', async () => {
    const short = placed.live.code.replace(/^0+/, '')
    const input = page.getByTestId('coupon-lookup-input').locator('textarea')
    await input.fill(`${placed.prematch.code}, ${short}\n${placed.prematch.code}\t999999999999`)
    const filled = await input.inputValue()
    await input.press('Enter')
    const afterEnter = await input.inputValue()
    // The answer, or the error the console reported instead (said in the failure rather than a bare timeout).
    const results_ = page.getByTestId('lookup-results')
    // An error toast, not a settlement notice (those come and go as the Demo settles coupons).
    const reported = page.locator('.n-notification').filter({ has: page.locator('[data-testid="error-notice"], [data-testid="feed-error-notice"]') }).first()
    await Promise.race([results_.waitFor({ timeout: 30_000 }), reported.waitFor({ timeout: 30_000 })]).catch(() => undefined)
    if (!(await results_.isVisible())) {
      // Neither came: what the page shows instead, so a failure says where the lookup stopped.
      const error = await reported.textContent({ timeout: 1_000 }).catch(() => null)
      const typed = await input.inputValue().catch(() => '?')
      const progress = await page.getByTestId('lookup-progress').first().evaluate((e) => `${e.getAttribute('data-state')} ${e.getAttribute('data-done')}/${e.getAttribute('data-total')}`, undefined, { timeout: 1_000 }).catch(() => 'none')
      const where = `at ${page.url()}; the field held ${JSON.stringify(filled)} after filling, ${JSON.stringify(afterEnter)} after Enter`
      expect(error ?? `no lookup results and no error within 30 s; the field holds ${JSON.stringify(typed)}, lookup progress: ${progress}; ${where}`).toBe('')
    }
    const results = page.getByTestId('lookup-result')
    expect(await results.evaluateAll((els) => els.map((e) => `${e.getAttribute('data-code')} ${e.getAttribute('data-found')}`))).toEqual([
      `${placed.prematch.code} true`,
      `${placed.live.code} true`,
      '999999999999 false',
    ])
    expect(await results.nth(1).textContent()).toContain(`${short} → ${placed.live.code}`)
    expect(await results.nth(2).textContent()).toContain('not found')
    expect(await page.getByTestId('lookup-summary').textContent()).toBe('Looked up 3: 2 found, 1 not found')
    await row(placed.live.code).waitFor()
    const overflow = await tableOverflow('coupon-table')
    expect(overflow.length).toBeGreaterThan(0)
    expect(overflow.filter((px) => px > 0)).toEqual([])
    expect(await clippedIn('Lookup 1280×720')).toBe('')
    await shoot('lookup')
    expect(desk.pageErrors).toEqual([])
  })
})
