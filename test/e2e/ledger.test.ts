import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { openConsole, type OpenConsole } from './launch.js'
import { seriousAxe, shootEverySize, SIZES } from './look.js'
import { placeSlip } from './slip.js'
import { simBaseOf, simControl } from './sim-control.js'
import { describeClipped, findClippedText } from './clipped-text.js'

/**
 * The ledger of the client account on Demo, as an account manager uses it: a coupon placed here and one
 * placed by another desk on the same account (straight through the service) both reach the timeline,
 * the other tagged "not placed here"; the balance check agrees with the header's balance after each
 * placement and settlement; the placed filter and grouping by coupon work from the keyboard; axe finds
 * nothing serious in light or dark, and nothing is cut at 1280×720.
 */
let desk: OpenConsole
let page: Page

beforeAll(async () => {
  desk = await openConsole()
  page = desk.page
  await page.setViewportSize(SIZES[0])
  await page.getByTestId('balance').filter({ hasText: /10[\s,.\u00a0\u202f]?000/ }).waitFor({ timeout: 30_000 })
})
afterAll(() => desk?.close())

/** A bettable pointer as the console's own feed answers it. */
async function pointer(skip: number): Promise<string> {
  return page.evaluate(async (skip) => {
    type Api = { feed: { menu(i: unknown): Promise<{ value: Array<{ id: number }> }>; events(i: unknown): Promise<{ value: Array<{ matches: Array<{ markets?: Array<{ columns: Array<Array<{ blocked: boolean; pointer: string; playerId: unknown }>> }> }> }> }> } }
    const api = (globalThis as unknown as { desk: Api }).desk
    let seen = 0
    for (const sport of (await api.feed.menu({ lineType: 'line' })).value) {
      for (const t of (await api.feed.events({ lineType: 'line', sportId: sport.id, tournamentId: 0 })).value) {
        for (const m of t.matches) {
          const o = (m.markets ?? []).flatMap((k) => k.columns.flat()).find((x) => !x.blocked && x.pointer !== '' && x.playerId === null)
          if (o && seen++ >= skip) return o.pointer
        }
      }
    }
    throw new Error('no pointer')
  }, skip)
}

/** Another desk on the same client account: its own sign-in and placement. */
async function placeElsewhere(amount: number): Promise<string> {
  const base = await simBaseOf(page)
  const post = async (path: string, body: unknown, token?: string) =>
    (await (await fetch(`${base}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) }, body: JSON.stringify(body) })).json()) as { code: number; body: Record<string, unknown> }
  const login = await post('/api/partner/login', { username: 'demo', password: 'demo' })
  const placed = await post('/api/partner/coupons/place', { list_bets: [await pointer(5)], amount, lang: 'en', mode: 'accept', multi: false }, String(login.body.token))
  expect(placed.code).toBe(1)
  return String((placed.body.coupons as Array<{ coupon_code: string }>)[0].coupon_code)
}

const digits = (s: string | null) => Number((s ?? '').replace(/[^\d.,−-]/g, '').replace(/,/g, '').replace('−', '-'))
/** The card agrees and its read and expectation are the header's balance (waited for together: reads and entries arrive in any order). */
async function agreesWithHeader(): Promise<void> {
  await page.getByTestId('ledger-check-now').click()
  const card = page.getByTestId('ledger-card')
  const state = async () => {
    const header = digits(await page.getByTestId('balance-value').textContent())
    const agrees = (await card.getAttribute('data-state')) === 'agrees'
    const read = Number(await page.getByTestId('ledger-read').getAttribute('data-balance', { timeout: 1000 }).catch(() => NaN))
    const expected = Number(await page.getByTestId('ledger-expected').getAttribute('data-balance', { timeout: 1000 }).catch(() => NaN))
    return agrees && Math.abs(read - header) < 0.005 && Math.abs(expected - header) < 0.005 ? 'agrees with the header' : `header ${header}; card: ${await card.textContent()}`
  }
  await expect.poll(state, { timeout: 30_000, interval: 250 }).toBe('agrees with the header')
}

const shoot = (name: string) => shootEverySize(page, 'ledger', name)

describe('the ledger of the client account (Demo)', () => {
  let here = ''
  let elsewhere = ''

  it('a coupon placed here and one placed elsewhere reach the timeline; the balance check agrees with the header', async () => {
    await page.getByTestId('nav-line').click()
    const line = page.getByTestId('match-row').first()
    await line.waitFor({ timeout: 30_000 })
    await line.locator('[data-col="match"]').click()
    const outcome = page.locator('[data-testid="match-detail"] [data-testid="market-grid"] [data-testid="outcome"]:not([disabled])').first()
    await outcome.waitFor({ timeout: 30_000 })
    await outcome.click()
    const result = await placeSlip(page, '30', 30_000)
    expect(await result.getAttribute('data-outcome')).toBe('placed')
    here = ((await result.locator('.code').first().textContent()) ?? '').trim()
    elsewhere = await placeElsewhere(25)

    await page.getByTestId('nav-timeline').click()
    await agreesWithHeader()
    const row = (code: string) => page.locator(`[data-testid="timeline-row"]:has-text("${code}")`).first()
    await row(elsewhere).waitFor({ timeout: 20_000 })
    expect(await row(elsewhere).getAttribute('data-placed-here')).toBe('false')
    expect(await row(elsewhere).getByTestId('timeline-elsewhere').textContent()).toBe('not placed here')
    expect(await row(here).getAttribute('data-placed-here')).toBe('true')
    await expect.poll(() => page.getByTestId('timeline-clock').textContent()).toMatch(/service’s clock \(UTC\), this machine’s corrected by [+−]\d+\.\d{3} s/)
  })

  it('after both settle the running balance still agrees with the header', async () => {
    expect((await simControl(page, `/coupons/${here}/settle`, { result: 'win' })).ok).toBe(true)
    expect((await simControl(page, `/coupons/${elsewhere}/settle`, { result: 'lose' })).ok).toBe(true)
    await agreesWithHeader()
    await page.locator('[data-testid="timeline-row"][data-kind="discovered_by_polling"]').first().waitFor({ timeout: 20_000 })
    await shoot('timeline')
  })

  it('a coupon placed and settled elsewhere, unseen by the history, is a named difference until "Check now" takes it in', async () => {
    const missed = await placeElsewhere(10)
    expect((await simControl(page, `/coupons/${missed}/settle`, { result: 'win' })).ok).toBe(true)
    // The header reads the balance again; the history has not met the coupon yet.
    await page.evaluate(() => (globalThis as unknown as { desk: { balance: { get(): Promise<unknown> } } }).desk.balance.get())
    const card = page.getByTestId('ledger-card')
    await card.and(page.locator('[data-state="differs"]')).waitFor({ timeout: 20_000 })
    const reason = page.locator('[data-testid="ledger-missed"] [data-testid="ledger-reason"][data-kind="missed_settlement"]')
    await reason.waitFor({ timeout: 20_000 })
    expect(await reason.textContent()).toContain(missed)
    expect(await page.getByTestId('ledger-unexplained').textContent()).toBe('Explained in full.')
    await shoot('difference')
    await agreesWithHeader()
  })

  it('the placed filter and grouping by coupon work from the keyboard', async () => {
    await page.getByTestId('timeline-placement').locator('[tabindex="0"]').first().focus()
    await page.keyboard.press('Enter')
    await page.keyboard.press('ArrowDown')
    await page.keyboard.press('Enter')
    await expect.poll(async () => [...new Set(await page.getByTestId('timeline-row').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-placed-here'))))], { timeout: 10_000 }).toEqual(['false'])

    await page.getByTestId('timeline-flat').locator('input').focus()
    await page.keyboard.press('ArrowRight')
    const group = page.locator(`[data-testid="timeline-group"][data-code="${elsewhere}"]`)
    await group.waitFor({ timeout: 10_000 })
    await group.locator('summary').focus()
    await page.keyboard.press('Enter')
    expect(await group.evaluate((d) => (d as unknown as { open: boolean }).open)).toBe(true)
    expect(await group.getByTestId('timeline-group-net').textContent()).toBe('net −25.00')
    expect(await page.getByTestId('timeline-group').count()).toBe(2)
    await shoot('grouped')
  })

  it('axe finds nothing serious in light or dark; nothing that matters is cut at 1280×720', async () => {
    // No row under the pointer: a hovered row's background is not what a reader sees.
    await page.mouse.move(0, 0)
    expect(await seriousAxe(page, 'timeline')).toEqual([])
    await page.getByTestId('timeline-by-coupon').locator('input').focus()
    await page.keyboard.press('ArrowLeft')
    await page.getByTestId('timeline-row').first().waitFor()
    const found = await findClippedText(page)
    expect(describeClipped('timeline', found.filter((f) => !f.excused))).toBe('')
    expect(desk.pageErrors).toEqual([])
  })
})
