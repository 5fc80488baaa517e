import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { readFileSync } from 'node:fs'
import Papa from 'papaparse'
import type { Page } from 'playwright-core'
import { openConsole, type OpenConsole } from './launch.js'
import { seriousAxe, shootEverySize, SIZES } from './look.js'
import { simControl } from './sim-control.js'
import { describeClipped, findClippedText } from './clipped-text.js'

/**
 * The blotter as a desk user works it on Demo: coupons placed over three simulated days, looked up by
 * a pasted list of 150 codes and by a 3-day period (progress seen), sorted, filtered, columns chosen,
 * exported as CSV (its rows are the table's), a row opened from the keyboard and closed with Esc.
 */
let desk: OpenConsole
let page: Page
const codes: string[] = []
let firstCreated = 0
const DAY = 24 * 60 * 60 * 1000

interface DeskShim {
  feed: { menu(i: unknown): Promise<{ value: Array<{ id: number; countries: Array<{ tournaments: Array<{ id: number }> }> }> }>; events(i: unknown): Promise<{ value: Array<{ matches: Array<{ startMs: number; markets: Array<{ columns: Array<Array<{ pointer: string; blocked: boolean }>> }> | null }> }> }> }
  coupons: { place(i: unknown): Promise<{ ok: boolean; value?: { outcome: string; coupons?: Array<{ couponCode: string; createdAt: number }> } }> }
}

/** Prices of nine prematch matches that start after the three simulated days (their pointers stay good meanwhile). */
async function farPointers(): Promise<string[]> {
  return page.evaluate(async (after) => {
    const desk = (globalThis as unknown as { desk: DeskShim }).desk
    const menu = (await desk.feed.menu({ lineType: 'line' })).value
    const pointers: string[] = []
    for (const sport of menu) {
      for (const t of sport.countries.flatMap((c) => c.tournaments)) {
        const events = (await desk.feed.events({ lineType: 'line', sportId: sport.id, tournamentId: t.id, odds: true })).value
        for (const m of events.flatMap((e) => e.matches)) {
          if (m.startMs < after) continue
          const o = (m.markets ?? []).flatMap((k) => k.columns.flat()).find((x) => !x.blocked && x.pointer !== '')
          if (o) pointers.push(o.pointer)
          if (pointers.length === 9) return pointers
        }
      }
    }
    return pointers
  }, Date.now() + 4 * DAY)
}

/** Singles, one coupon per pointer, placed through the console's own contract (`multi`). */
async function place(pointers: string[], amount: number): Promise<Array<{ couponCode: string; createdAt: number }>> {
  return page.evaluate(
    async ({ pointers, amount }) => {
      const desk = (globalThis as unknown as { desk: DeskShim }).desk
      const r = await desk.coupons.place({ pointers, amount, multi: true, mode: 'accept', confirmed: false })
      if (!r.ok || r.value?.outcome !== 'placed') throw new Error(`placement ${JSON.stringify(r)}`)
      return r.value.coupons!.map((c) => ({ couponCode: c.couponCode, createdAt: c.createdAt }))
    },
    { pointers, amount },
  )
}

const rows = () => page.locator('[data-testid="coupon-row"]:visible')
/** The visible table as text, one array per row (the cells' main text, what the export writes). */
async function tableRows(): Promise<string[][]> {
  type Cells = { querySelectorAll(selector: string): ArrayLike<{ textContent: string | null }> }
  return rows().evaluateAll((els) => els.map((r) => Array.from((r as unknown as Cells).querySelectorAll('[data-cell]')).map((c) => (c.textContent ?? '').trim())))
}
/** An option of the open Naive select menu, by its exact text. */
const option = (text: string) => page.locator(`.n-base-select-menu .n-base-select-option__content:text-is("${text}")`).first()
const visibleBlotter = () => page.locator('[data-testid^="blotter-"]:visible').filter({ has: page.getByTestId('coupon-table') }).first()

const shoot = (name: string) => shootEverySize(page, 'blotter', name)

const axe = (where: string) => seriousAxe(page, where)

async function clipped(view: string): Promise<string> {
  const found = await findClippedText(page)
  const money = /^[−-]?[\d\s.,\u00a0\u202f×]+$|^\d{4}-\d{2}-\d{2}/
  return describeClipped(view, found.filter((f) => !f.excused || money.test(f.text)))
}

/** Types a date range into Naive's picker (its two inputs) and confirms it. */
async function typeRange(testid: string, from: number, to: number): Promise<void> {
  const stamp = (ms: number) => new Date(ms).toISOString().slice(0, 19).replace('T', ' ')
  const inputs = page.getByTestId(testid).locator('input')
  await inputs.nth(0).click()
  await inputs.nth(0).fill(stamp(from))
  await inputs.nth(1).click()
  await inputs.nth(1).fill(stamp(to))
  await page.keyboard.press('Enter')
  await page.keyboard.press('Escape')
}

beforeAll(async () => {
  desk = await openConsole()
  page = desk.page
  await page.setViewportSize(SIZES[0])
  await page.getByTestId('balance').filter({ hasText: /10[\s,.\u00a0\u202f]?000/ }).waitFor({ timeout: 30_000 })
})
afterAll(() => desk?.close())

describe('the coupon blotter on Demo', () => {
  it('places coupons over three simulated days and settles some of them', async () => {
    const pointers = await farPointers()
    expect(pointers).toHaveLength(9)
    for (let day = 0; day < 3; day++) {
      const placed = await place(pointers.slice(day * 3, day * 3 + 3), 5 + day * 10)
      if (day === 0) firstCreated = placed[0]!.createdAt
      codes.push(...placed.map((c) => c.couponCode))
      if (day < 2) expect((await simControl(page, '/clock/advance', { ms: DAY - 60 * 60 * 1000 })).status).toBe(200)
    }
    expect(codes).toHaveLength(9)
    expect((await simControl(page, `/coupons/${codes[0]}/settle`, { result: 'win' })).status).toBe(200)
    expect((await simControl(page, `/coupons/${codes[4]}/settle`, { result: 'lose' })).status).toBe(200)
  })

  it('looks up a pasted list of 150 codes in requests the service takes, with progress', async () => {
    await page.getByTestId('nav-coupons').click()
    const madeUp = Array.from({ length: 141 }, (_, i) => String(880_000_000_000 + i))
    const input = page.getByTestId('coupon-lookup-input').locator('textarea')
    await input.fill([...madeUp.slice(0, 70), ...codes, ...madeUp.slice(70)].join('\n'))
    await page.getByTestId('coupon-lookup').click()
    const progress = page.getByTestId('lookup-progress')
    await progress.and(page.locator('[data-state="finished"]')).waitFor({ timeout: 30_000 })
    expect(await progress.getAttribute('data-total')).toBe('2')
    expect(await page.getByTestId('lookup-progress-text').textContent()).toBe('Request 2 of 2 · 9 found')
    expect(await page.getByTestId('lookup-summary').textContent()).toBe('Looked up 150: 9 found, 141 not found')
    await expect.poll(() => rows().count()).toBe(9)
    expect((await tableRows()).map((r) => r[0]).sort()).toEqual([...codes].sort())
    expect(await clipped('Lookup 1280×720')).toBe('')
    await shoot('lookup')
  })

  it('reads a 3-day period window by window, says which window, and lists every coupon', async () => {
    await typeRange('period-range', firstCreated - 60 * 60 * 1000, firstCreated + 3 * DAY - 2 * 60 * 60 * 1000)
    await page.getByTestId('period-load').click()
    const progress = page.getByTestId('lookup-progress')
    await progress.and(page.locator('[data-state="finished"]')).waitFor({ timeout: 30_000 })
    expect(await page.getByTestId('lookup-progress-text').textContent()).toBe('Window 3 of 3 · 9 found')
    expect(await page.locator('.n-tabs-tab--active').textContent()).toContain('Period (9)')
    await expect.poll(() => rows().count()).toBe(9)
    expect((await tableRows()).map((r) => r[0]).sort()).toEqual([...codes].sort())
  })

  it('sorts by any column from its header and from the keyboard picker', async () => {
    const stakeHeader = page.locator('[data-testid="coupon-table"]:visible th', { hasText: 'Stake' })
    await stakeHeader.click()
    const amounts = async () => (await tableRows()).map((r) => Number(r[6]))
    const first = await amounts()
    expect([...first].sort((a, b) => b - a)).toEqual(first)
    await stakeHeader.click()
    const second = await amounts()
    expect([...second].sort((a, b) => a - b)).toEqual(second)
    expect(second[0]).toBeLessThan(second.at(-1)!)
    // From the keyboard: the sort picker names the column, the order button flips it.
    const sort = visibleBlotter().getByTestId('blotter-sort')
    await sort.click()
    await option('Code').click()
    expect(await visibleBlotter().getByTestId('blotter-order').getAttribute('data-order')).toBe('ascend')
    expect((await tableRows()).map((r) => r[0])).toEqual([...codes].sort())
    await visibleBlotter().getByTestId('blotter-order').focus()
    await page.keyboard.press('Enter')
    expect(await visibleBlotter().getByTestId('blotter-order').getAttribute('data-order')).toBe('descend')
    expect((await tableRows()).map((r) => r[0])).toEqual([...codes].sort().reverse())
  })

  it('filters by status, stake and words, and chooses its columns', async () => {
    const blotter = visibleBlotter()
    await blotter.getByTestId('blotter-min').locator('input').fill('10')
    await blotter.getByTestId('blotter-min').locator('input').press('Tab')
    await expect.poll(() => rows().count()).toBe(6)
    await blotter.getByTestId('blotter-status').click()
    await option('lost').click()
    await page.keyboard.press('Escape')
    await expect.poll(() => rows().count()).toBe(1)
    expect((await tableRows())[0]![0]).toBe(codes[4])
    await blotter.getByTestId('blotter-clear').click()
    await expect.poll(() => rows().count()).toBe(9)
    const teams = (await tableRows())[2]![3]!.split(';')[0]!.split(' – ')[0]!.trim()
    await blotter.getByTestId('blotter-text').locator('input').fill(teams)
    await expect.poll(async () => (await tableRows()).every((r) => r[3]!.includes(teams))).toBe(true)
    expect(await rows().count()).toBeGreaterThan(0)
    await blotter.getByTestId('blotter-text').locator('input').fill('')

    await blotter.getByTestId('blotter-columns').click()
    const panel = page.getByTestId('blotter-columns-panel')
    await panel.locator('[data-column="market"]').click()
    await panel.locator('[data-column="tournament"]').click()
    await panel.locator('[data-column="settled"]').click()
    await page.keyboard.press('Escape')
    const header = (await page.locator('[data-testid="coupon-table"]:visible th').allTextContents()).map((h) => h.trim())
    expect(header).toEqual(['Code', 'Created · UTC', 'Settled · UTC', 'Status', 'Match', 'Outcome', 'Tournament', 'Stake', 'Odds', 'Payout'])
  })

  it('exports exactly the rows and cells shown as CSV', async () => {
    const blotter = visibleBlotter()
    await blotter.getByTestId('blotter-min').locator('input').fill('10')
    await blotter.getByTestId('blotter-min').locator('input').press('Tab')
    await expect.poll(() => rows().count()).toBe(6)
    const shown = await tableRows()
    const [download] = await Promise.all([page.waitForEvent('download'), blotter.getByTestId('blotter-export').click()])
    expect(download.suggestedFilename()).toMatch(/^partner-desk-coupons-period-Demo-.+\.csv$/)
    const text = readFileSync((await download.path())!, 'utf8').replace(/^\ufeff/, '')
    const [header, ...lines] = Papa.parse<string[]>(text, { skipEmptyLines: true }).data
    expect(header).toEqual(['Code', 'Created · UTC', 'Settled · UTC', 'Status', 'Match', 'Outcome', 'Tournament', 'Stake', 'Odds', 'Payout'])
    const figure = (v: string) => (v === '' || v === '—' ? '' : String(Number(v.replace(/[\s,\u00a0\u202f]/g, ''))))
    const norm = (r: string[]) => r.map((v, i) => (i >= 7 ? figure(v) : v === '—' ? '' : v))
    expect(lines.map(norm)).toEqual(shown.map(norm))
    await shoot('period-filtered')
  })

  it('opens a row with Enter, shows the whole coupon, and Esc closes it; nothing serious for axe, nothing clipped', async () => {
    await rows().first().focus()
    await page.keyboard.press('Enter')
    const drawer = page.getByTestId('coupon-detail')
    await drawer.waitFor()
    expect(await drawer.getByTestId('coupon-model').textContent()).toBe('new (/api/partner)')
    expect(await drawer.getByTestId('cashout-estimate').textContent()).toContain('sells nothing')
    expect(await clipped('Drawer 1280×720')).toBe('')
    expect(await axe('drawer')).toEqual([])
    await shoot('drawer')
    await page.keyboard.press('Escape')
    await drawer.waitFor({ state: 'detached' })
    expect(await clipped('Period 1280×720')).toBe('')
    expect(await axe('period')).toEqual([])
    expect(desk.pageErrors).toEqual([])
  })

  it('2,000 coupons in one list: only the rows in view exist, scrolling reaches the last, a filter answers at once', async () => {
    const pointer = (await farPointers())[0]!
    const started = Date.now()
    const made = await page.evaluate(async (p) => {
      const desk = (globalThis as unknown as { desk: DeskShim }).desk
      let n = 0
      for (let i = 0; i < 40; i++) {
        const r = await desk.coupons.place({ pointers: Array.from({ length: 50 }, () => p), amount: 1, multi: true, mode: 'accept', confirmed: false })
        if (r.ok && r.value?.outcome === 'placed') n += r.value.coupons!.length
      }
      return n
    }, pointer)
    expect(made).toBe(2000)
    const placing = Date.now() - started
    await page.locator('.n-tabs-tab', { hasText: /^Active/ }).click()
    const blotter = page.getByTestId('blotter-active')
    await blotter.getByTestId('blotter-clear').click().catch(() => undefined)
    await expect.poll(async () => Number(await blotter.getByTestId('blotter-count').getAttribute('data-total')), { timeout: 30_000 }).toBeGreaterThanOrEqual(2000)
    const total = Number(await blotter.getByTestId('blotter-count').getAttribute('data-total'))
    const inDom = await blotter.locator('[data-testid="coupon-row"]').count()
    expect(inDom).toBeGreaterThan(5)
    expect(inDom).toBeLessThan(80)
    const rendered = () => blotter.locator('[data-testid="coupon-row"]').evaluateAll((els) => els.map((e) => e.getAttribute('data-code') ?? ''))
    const top = await rendered()
    await blotter.locator('.v-vl').first().evaluate((el) => el.scrollTo({ top: el.scrollHeight }))
    // Scrolled to the end: other rows exist now, the first ones are gone, and still only a window of them.
    await expect.poll(async () => (await rendered()).includes(top[0]!)).toBe(false)
    expect((await rendered()).length).toBeLessThan(80)
    const t0 = Date.now()
    await blotter.getByTestId('blotter-text').locator('input').fill(codes[1]!)
    await expect.poll(() => blotter.getByTestId('blotter-count').getAttribute('data-shown')).toBe('1')
    const filterMs = Date.now() - t0
    console.info(`blotter e2e: ${total} active coupons, ${inDom} rows in the DOM; placing 2,000 took ${placing} ms; a code typed into the filter narrowed the list in ${filterMs} ms`)
    await blotter.getByTestId('blotter-text').locator('input').fill('')
    expect(desk.pageErrors).toEqual([])
  })
})
