import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { readFileSync } from 'node:fs'
import Papa from 'papaparse'
import type { Page } from 'playwright-core'
import { openConsole, type OpenConsole } from './launch.js'
import { seriousAxe, shootEverySize, SIZES } from './look.js'
import { placeSlip } from './slip.js'
import { simControl } from './sim-control.js'
import { describeClipped, findClippedText } from './clipped-text.js'

/**
 * Exposure and P&L on Demo as a desk user works it: three coupons on two matches show per match and
 * per outcome, largest potential payout first; a match opens its coupons in Coupons; once settled (won,
 * returned, lost) the exposure empties live, the P&L per day and sport carries the figures, and the
 * balance chart marks the placements and settlements, with a table for those who cannot read it. Keys
 * only where it matters; axe light and dark; nothing cut at 1280×720; no CSP violation.
 */
let desk: OpenConsole
let page: Page
const codes = { a1: '', a2: '', b1: '' }
let gameA = 0
let gameB = 0

beforeAll(async () => {
  desk = await openConsole()
  page = desk.page
  await page.setViewportSize(SIZES[0])
  await page.getByTestId('balance').filter({ hasText: /10[\s,.\u00a0\u202f]?000/ }).waitFor({ timeout: 30_000 })
  // The chart's code is loaded later: any CSP refusal from here on is recorded.
  await page.evaluate(() => {
    const w = globalThis as unknown as { __csp: string[]; document: { addEventListener(t: string, f: (e: { violatedDirective: string; blockedURI: string }) => void): void } }
    w.__csp = []
    w.document.addEventListener('securitypolicyviolation', (e) => w.__csp.push(`${e.violatedDirective} ${e.blockedURI}`))
  })
})
afterAll(() => desk?.close())

async function openMatch(n: number): Promise<number> {
  await page.getByTestId('nav-line').click()
  const row = page.getByTestId('match-row').nth(n)
  await row.waitFor({ timeout: 30_000 })
  const id = Number(await row.getAttribute('data-game-id'))
  await row.locator('[data-col="match"]').click()
  await page.getByTestId('match-detail').filter({ hasText: `#${id}` }).locator('[data-testid="market-grid"]').waitFor({ timeout: 30_000 })
  return id
}
async function placeOutcome(n: number, amount: string): Promise<string> {
  const outcome = page.locator('[data-testid="match-detail"] [data-testid="market-grid"] [data-testid="outcome"]:not([disabled])').nth(n)
  await outcome.click()
  const result = await placeSlip(page, amount, 30_000)
  expect(await result.getAttribute('data-outcome')).toBe('placed')
  return ((await result.locator('.code').first().textContent()) ?? '').trim()
}

async function clipped(view: string): Promise<string> {
  const found = await findClippedText(page)
  const money = /^[−+-]?[\d\s.,\u00a0\u202f]+$|^\d{2}[-.]\d{2}/
  return describeClipped(view, found.filter((f) => !f.excused || money.test(f.text)))
}
async function axeBoth(where: string): Promise<void> {
  expect(await seriousAxe(page, where)).toEqual([])
}
const shoot = (name: string) => shootEverySize(page, 'exposure', name)
const numbers = (attr: string, testid: string) =>
  page.locator(`[data-testid="${testid}"]`).evaluateAll((els, a) => els.map((e) => Number(e.getAttribute(a))), attr)
/** The CSV a button downloads, parsed (header first). */
async function downloaded(testid: string): Promise<string[][]> {
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId(testid).click()])
  const text = readFileSync((await download.path())!, 'utf8').replace(/^\ufeff/, '')
  return Papa.parse<string[]>(text.trim()).data
}
const money = (text: string | null) => Number((text ?? '').replace(/[^\d.-]/g, ''))

describe('exposure, P&L and the balance chart (Demo)', () => {
  it('places two coupons on one match and one on another', async () => {
    gameA = await openMatch(0)
    codes.a1 = await placeOutcome(0, '20')
    codes.a2 = await placeOutcome(1, '30')
    gameB = await openMatch(1)
    codes.b1 = await placeOutcome(0, '10')
    expect(new Set(Object.values(codes)).size).toBe(3)
  })

  it('Alt+6 opens the exposure: totals, matches largest potential payout first, outcomes from the keyboard', async () => {
    await page.keyboard.press('Alt+6')
    await page.getByTestId('view-exposure').waitFor()
    const matchRow = (game: number) => page.locator(`[data-testid="exposure-match"][data-game="${game}"]`)
    await matchRow(gameB).waitFor({ timeout: 15_000 })
    await matchRow(gameA).waitFor({ timeout: 15_000 })
    expect(await page.getByTestId('exposure-total-coupons').textContent()).toBe('3')
    expect(money(await page.getByTestId('exposure-total-stake').textContent())).toBe(60)
    expect(money(await matchRow(gameA).getByTestId('exposure-stake').textContent())).toBe(50)
    expect(money(await matchRow(gameB).getByTestId('exposure-stake').textContent())).toBe(10)
    const potentials = await numbers('data-potential', 'exposure-match')
    expect(potentials).toEqual([...potentials].sort((x, y) => y - x))
    expect(money(await page.getByTestId('exposure-total-potential').textContent())).toBeCloseTo(potentials.reduce((s, p) => s + p, 0), 2)

    // Keyboard: Tab reaches the match's toggle; Enter opens its outcomes.
    const toggle = matchRow(gameA).getByTestId('exposure-toggle')
    await toggle.focus()
    await page.keyboard.press('Enter')
    expect(await toggle.getAttribute('aria-expanded')).toBe('true')
    const outcomes = await numbers('data-potential', 'exposure-outcome')
    expect(outcomes).toHaveLength(2)
    expect(outcomes).toEqual([...outcomes].sort((x, y) => y - x))
    expect(outcomes.reduce((s, p) => s + p, 0)).toBeCloseTo(Number(await matchRow(gameA).getAttribute('data-potential')), 2)
    // Sorting by stake from the keyboard puts match A (50.00) first.
    await page.getByTestId('exposure-sort-stake').focus()
    await page.keyboard.press('Enter')
    expect(await page.getByTestId('exposure-match').first().getAttribute('data-game')).toBe(String(gameA))

    // The export holds what the table shows: a row per match, then one per outcome.
    const [header, ...csv] = await downloaded('exposure-export')
    expect(header).toContain('Potential payout')
    expect(csv.map((r) => r[0])).toEqual(expect.arrayContaining(['match', 'outcome']))
    expect(csv.filter((r) => r[0] === 'match').map((r) => Number(r[10])).sort()).toEqual([...potentials].sort())
    expect(csv.filter((r) => r[0] === 'outcome')).toHaveLength(3)
    expect(await clipped('Exposure 1280×720')).toBe('')
    await axeBoth('exposure')
    await shoot('matches')
  })

  it('a match opens its coupons in Coupons', async () => {
    await page.locator(`[data-testid="exposure-match"][data-game="${gameA}"]`).getByTestId('exposure-match-link').click()
    await page.getByTestId('view-coupons').waitFor()
    const results = page.getByTestId('lookup-result')
    await results.first().waitFor({ timeout: 30_000 })
    const found = await results.evaluateAll((els) => els.map((e) => `${e.getAttribute('data-code')} ${e.getAttribute('data-found')}`))
    expect(found.sort()).toEqual([`${codes.a1} true`, `${codes.a2} true`].sort())
  })

  it('settled won, returned and lost: the exposure empties live; P&L per day and sport', async () => {
    await page.getByTestId('nav-exposure').click()
    await page.getByTestId('exposure-match').first().waitFor()
    const won = (await (await simControl(page, `/coupons/${codes.a1}/settle`, { result: 'win' })).json()) as { coupon: { real_win: number } }
    expect((await simControl(page, `/coupons/${codes.a2}/settle`, { result: 'return' })).status).toBe(200)
    expect((await simControl(page, `/coupons/${codes.b1}/settle`, { result: 'lose' })).status).toBe(200)
    await page.getByTestId('exposure-empty').waitFor({ timeout: 30_000 })

    // The view's tabs from the keyboard: arrows move between them.
    await page.getByTestId('exposure-tab-exposure').focus()
    await page.keyboard.press('ArrowRight')
    expect(await page.getByRole('tab', { name: 'Settled P&L' }).getAttribute('aria-selected')).toBe('true')
    const expected = Math.round((won.coupon.real_win - 20 + 0 - 10) * 100) / 100
    const total = page.getByTestId('pnl-day').getByTestId('pnl-total')
    await page.waitForFunction(
      (want) => Number((globalThis as unknown as { document: { querySelector(s: string): { getAttribute(a: string): string | null } | null } }).document.querySelector('[data-testid="pnl-day"] [data-testid="pnl-total"]')?.getAttribute('data-pnl')) === want,
      expected,
      { timeout: 30_000 },
    )
    expect(await total.locator('td').allTextContents()).toEqual(expect.arrayContaining(['3', '1']))
    expect(await page.getByTestId('pnl-day').getByTestId('pnl-row').count()).toBe(1)
    const sportSum = (await numbers('data-pnl', 'pnl-row')).slice(1).reduce((s, p) => s + p, 0)
    expect(Math.round(sportSum * 100) / 100).toBe(expected)
    const [, ...pnlCsv] = await downloaded('pnl-export')
    expect(Number(pnlCsv.at(-1)![8])).toBe(expected)
    expect(await clipped('P&L 1280×720')).toBe('')
    await axeBoth('pnl')
    await shoot('pnl')
  })

  it('the balance chart marks the placements and settlements; as a table too; no CSP violation', async () => {
    await page.getByTestId('exposure-tab-pnl').focus()
    await page.keyboard.press('ArrowRight')
    expect(await page.evaluate(() => (globalThis as unknown as { document: { activeElement: { id: string } | null } }).document.activeElement?.id)).toBe('exposure-tab-balance')
    const canvas = page.getByTestId('chart-canvas')
    await canvas.waitFor({ timeout: 15_000 })
    await page.waitForFunction(
      () => Number((globalThis as unknown as { document: { querySelector(s: string): { getAttribute(a: string): string | null } | null } }).document.querySelector('[data-testid="chart-canvas"]')?.getAttribute('data-markers')) >= 6,
      undefined,
      { timeout: 30_000 },
    )
    expect(await canvas.locator('canvas').count()).toBeGreaterThan(0)
    expect(await canvas.getAttribute('aria-label')).toMatch(/balance reads, \d+ placements and settlements; latest balance/)
    expect(await clipped('Balance 1280×720')).toBe('')
    await axeBoth('chart')
    await shoot('chart')

    const asTable = page.getByTestId('chart-as-table')
    await asTable.focus()
    await page.keyboard.press('Enter')
    const rows = page.getByTestId('chart-row')
    await rows.first().waitFor()
    const seen = await rows.evaluateAll((els) => els.map((e) => `${e.getAttribute('data-kind')} ${e.getAttribute('data-code')}`))
    for (const code of Object.values(codes)) {
      expect(seen).toContain(`placement ${code}`)
      expect(seen).toContain(`settlement ${code}`)
    }
    await axeBoth('chart table')
    await shoot('chart-table')
    const csp = await page.evaluate(() => (globalThis as unknown as { __csp: string[] }).__csp)
    expect(csp).toEqual([])
    expect(desk.pageErrors).toEqual([])
  })
})
