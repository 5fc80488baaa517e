import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Locator, Page } from 'playwright-core'
import { captureJson } from '../support/captures.js'
import { captureServerAvailable, type CaptureServer, type PlacementAnswer, PLACEMENT_ANSWERS } from '../support/capture-server.js'
import { en } from '../../src-renderer/i18n/en.js'
import { snap, TAKE_SHOTS, type OpenConsole } from './launch.js'
import { axeOf } from './look.js'
import { openCapturesConsole } from './captures-profile.js'
import { settle } from './settle.js'

/**
 * The console on the vendor's own answers: a "Real services" profile pointed at the capture server
 * (`test/support/capture-server.ts`). Every value asserted is read from the capture files.
 */
const available = captureServerAvailable()
if (!available.ok) console.warn(available.message)

interface WireOutcome { oc_name: string; oc_rate: number; oc_pointer: string; oc_block: boolean; op_id: number | null }
interface WireMarket { group_name: string; oc_list: WireOutcome[] | WireOutcome[][] }
interface WireMatch { game_id: number; opp_1_name: string; opp_2_name: string; tournament_name: string; game_oc_list?: WireMarket[] }
const body = <T,>(name: string): T => captureJson<{ body: T }>('feed', name).body
const eventsOf = (type: 'line' | 'live') => body<{ events_list: WireMatch[] }[]>(`events.sport-1.tournament-0.sub-50.${type}.en`).flatMap((t) => t.events_list)
const LINE_GAME = 730321837

/** Every captured outcome by its `oc_pointer` and player (`game|group|type|param|player`): players of one market share a pointer. */
function outcomesOf(matches: WireMatch[]): Map<string, WireOutcome> {
  const all = new Map<string, WireOutcome>()
  for (const m of matches) for (const market of m.game_oc_list ?? []) for (const o of market.oc_list.flat()) all.set(`${o.oc_pointer}|${o.op_id ?? ''}`, o)
  return all
}
/** The coupon pointer a button carries (`line#game#group#type#param#coef[#player]`) → the key of `outcomesOf`. */
const feedPointer = (coupon: string) => {
  const parts = coupon.split('#')
  return `${parts.slice(1, 5).join('|')}|${parts[6] ?? ''}`
}

let desk: OpenConsole
let page: Page
let server: CaptureServer

beforeAll(async () => {
  if (!available.ok) return
  ;({ desk, page, server } = await openCapturesConsole())
})
afterAll(async () => {
  await desk?.close()
  await server?.close()
})

/** The prices of a row or a market grid agree with the capture, outcome by outcome (by pointer, never by position). */
async function expectCapturedPrices(scope: Locator, captured: Map<string, WireOutcome>): Promise<number> {
  const buttons = await scope.locator('[data-testid="outcome"]').evaluateAll((els) =>
    els.map((el) => ({ pointer: el.getAttribute('data-pointer') ?? '', rate: el.querySelector('[data-testid="odds-now"]')?.textContent ?? '', name: el.querySelector('.oc__name')?.textContent ?? null })),
  )
  for (const b of buttons) {
    const wire = captured.get(feedPointer(b.pointer))
    expect(wire, `no captured outcome for ${b.pointer}`).toBeDefined()
    expect(Number(b.rate)).toBe(wire!.oc_rate)
    if (b.name !== null) expect(b.name.startsWith(wire!.oc_name) || wire!.oc_name.startsWith(b.name)).toBe(true)
  }
  return buttons.length
}

async function expectRowsOf(matches: WireMatch[]): Promise<void> {
  for (const m of matches) {
    const row = page.locator(`[data-testid="match-row"][data-game-id="${m.game_id}"]`)
    await row.waitFor({ timeout: 15_000 })
    const text = (await row.textContent()) ?? ''
    expect(text).toContain(m.opp_1_name)
    expect(text).toContain(m.opp_2_name)
  }
}

async function placeFromSlip(answer: PlacementAnswer): Promise<Locator> {
  server.placements.push(answer)
  await page.getByTestId('slip-amount').locator('input').fill('10')
  const confirm = page.getByTestId('slip-confirm')
  if ((await confirm.locator('.n-checkbox--checked').count()) === 0 && !(await confirm.getAttribute('class'))?.includes('n-checkbox--checked')) await confirm.click()
  await page.getByTestId('place').click()
  const result = page.getByTestId('placement-result')
  await result.waitFor({ timeout: 15_000 })
  return result
}

describe.skipIf(!available.ok)('the console on the vendor\'s captured answers', () => {
  it('Line lists the captured matches with their names and prices under the outcome headers', async () => {
    const matches = eventsOf('line')
    await expectRowsOf(matches)
    expect(await page.getByTestId('match-row').count()).toBe(matches.length)
    const captured = outcomesOf(matches)
    let priced = 0
    for (const m of matches) priced += await expectCapturedPrices(page.locator(`[data-testid="match-row"][data-game-id="${m.game_id}"]`), captured)
    expect(priced).toBeGreaterThan(0)
    // The header names the compact buttons' outcomes: each one is the captured name of the price under it.
    const header = await page.locator('[data-testid="odds-header"] .mlist__oddsname').allTextContents()
    expect(header.filter(Boolean).length).toBeGreaterThan(0)
    for (const m of matches) {
      const row = page.locator(`[data-testid="match-row"][data-game-id="${m.game_id}"]`)
      const compact = await row.locator('[data-testid="outcome"].oc--compact').evaluateAll((els) => els.map((el) => el.getAttribute('data-pointer') ?? ''))
      compact.forEach((pointer, i) => expect(header[i], `${m.opp_1_name} – ${m.opp_2_name}`).toBe(captured.get(feedPointer(pointer))!.oc_name))
    }
    expect(server.requests.some((r) => r.served === 'feed/events.sport-1.tournament-0.sub-50.line.en')).toBe(true)
    await snap(page, `captures-line.png`)
  })

  it('search finds the captured results', async () => {
    const hits = body<WireMatch[]>('search.query-manchester.line.en')
    const search = page.getByTestId('feed-search').locator('input')
    await search.fill('manchester')
    await search.press('Enter')
    await expectRowsOf(hits)
    expect(await page.getByTestId('match-row').count()).toBe(hits.length)
    expect(server.requests.filter((r) => r.path.startsWith('/feed/v1/search/')).map((r) => r.served)).toContain('feed/search.query-manchester.line.en')
  })

  it('opens the captured line match with its markets and prices', async () => {
    const event = body<WireMatch>(`event.game-${LINE_GAME}.group.line.en`)
    await page.locator(`[data-testid="match-row"][data-game-id="${LINE_GAME}"]`).locator('[data-col="match"]').click()
    const detail = page.getByTestId('match-detail')
    await detail.getByTestId('market-grid').waitFor({ timeout: 15_000 })
    const text = (await detail.textContent()) ?? ''
    expect(text).toContain(event.opp_1_name)
    expect(text).toContain(event.opp_2_name)
    expect(await detail.locator('.market__name').allTextContents()).toEqual(event.game_oc_list!.map((m) => m.group_name))
    // Only the first markets start open: all of them, to compare every price.
    await detail.getByTestId('markets-expand').click()
    const priced = await expectCapturedPrices(detail.getByTestId('market-grid'), outcomesOf([event]))
    expect(priced).toBe(event.game_oc_list!.flatMap((m) => m.oc_list.flat()).length)
    await snap(page, `captures-line-match.png`)
  })

  it('has no serious or critical axe violation on Line with the match open', async () => {
    const result = await axeOf(page).exclude('.n-notification-container').withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze()
    const blocking = result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')
    expect(blocking.map((v) => `${v.id}: ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(', ')}`)).toEqual([])
  })

  it('top matches opens the captured selection', async () => {
    await page.getByTestId('close-match').click()
    await page.getByTestId('feed-top').click()
    await page.getByTestId('feed-top-tag').waitFor()
    const asked = server.requests.filter((r) => r.path.startsWith('/feed/v1/topmatches/line/')).at(-1)
    expect(asked?.status).toBe(200)
    await expectRowsOf(body<WireMatch[]>(asked!.served.replace(/^feed\//, '')))
    await page.getByTestId('feed-top-tag').locator('.n-tag__close').click()
  })

  it('has no serious or critical axe violation on the Line list', async () => {
    await page.getByTestId('feed-search').locator('input').fill('')
    await page.getByTestId('feed-search').locator('input').press('Enter')
    await expectRowsOf(eventsOf('line'))
    const result = await axeOf(page).exclude('.n-notification-container').withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze()
    const blocking = result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')
    expect(blocking.map((v) => `${v.id}: ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(', ')}`)).toEqual([])
  })

  it('shows Line, the open match and Live light and dark (photographed at two window sizes with DESK_SHOTS=1)', async () => {
    type Frames = { document: { fonts: { ready: Promise<unknown> } }; requestAnimationFrame(f: () => void): void }
    // Fonts loaded and two frames painted after the resize: the layout the screenshot takes is settled.
    const settle = () =>
      page.evaluate(() => {
        const w = globalThis as unknown as Frames
        return w.document.fonts.ready.then(() => new Promise<void>((done) => w.requestAnimationFrame(() => w.requestAnimationFrame(done))))
      })
    const shoot = async (name: string) => {
      if (!TAKE_SHOTS) return
      for (const size of [{ width: 1280, height: 720 }, { width: 1440, height: 900 }]) {
        await page.setViewportSize(size)
        await settle()
        await snap(page, `captures-${name}-${size.width}x${size.height}-${scheme}.png`)
      }
    }
    let scheme: 'light' | 'dark' = 'light'
    for (scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme })
      await page.getByTestId('nav-line').click()
      await expectRowsOf(eventsOf('line'))
      await shoot('line')
      const search = page.getByTestId('feed-search').locator('input')
      await search.fill('manchester')
      await search.press('Enter')
      await page.locator(`[data-testid="match-row"][data-game-id="${LINE_GAME}"]`).locator('[data-col="match"]').click()
      await page.getByTestId('market-grid').waitFor()
      await shoot('match')
      await page.getByTestId('close-match').click()
      await search.fill('')
      await search.press('Enter')
      await page.getByTestId('nav-live').click()
      await expectRowsOf(eventsOf('live'))
      await shoot('live')
    }
    await page.emulateMedia({ colorScheme: 'light' })
    await page.setViewportSize({ width: 1280, height: 720 })
    await page.getByTestId('nav-line').click()
    await expectRowsOf(eventsOf('line'))
  })

  it('places a single from the keyboard with the real confirmation and shows the captured coupon code', async () => {
    const placed = captureJson<{ body: { coupons: { coupon_code: string }[] } }>('coupon', PLACEMENT_ANSWERS['success-single']).body.coupons[0].coupon_code
    // The captured match is a captured search hit (not in the captured list).
    await page.getByTestId('nav-line').click()
    const search = page.getByTestId('feed-search').locator('input')
    await search.fill('manchester')
    await search.press('Enter')
    await page.locator(`[data-testid="match-row"][data-game-id="${LINE_GAME}"]`).waitFor()
    await page.locator('body').click({ position: { x: 5, y: 700 } })
    await page.keyboard.press('/')
    await page.keyboard.press('ArrowDown')
    // The captured match whose `event` is captured too: the slip follows its feed and finds it (any
    // other match's event answers "Game not found" here, and the slip rightly marks it gone). Search
    // cards carry no prices: Enter opens the match; its first price, focused, takes Space.
    for (let i = 0; i < 10 && (await page.locator(`[data-testid="match-row"][data-game-id="${LINE_GAME}"]:focus`).count()) === 0; i++) await page.keyboard.press('j')
    expect(await page.locator('[data-testid="match-row"]:focus').getAttribute('data-game-id')).toBe(String(LINE_GAME))
    await page.keyboard.press('Enter')
    const firstPrice = page.locator('[data-testid="market-grid"] [data-testid="outcome"]:not([disabled])').first()
    await firstPrice.waitFor({ timeout: 15_000 })
    const pointer = await firstPrice.getAttribute('data-pointer')
    await firstPrice.focus()
    await page.keyboard.press('Space')
    await expect.poll(() => page.getByTestId('slip-selection').count()).toBe(1)
    await page.keyboard.press('s')
    await page.keyboard.type('10')
    // The real environment's confirmation, ticked from the keyboard: Tab to it, Space.
    for (let i = 0; i < 10 && (await page.locator('[data-testid="slip-confirm"]:focus, [data-testid="slip-confirm"] :focus').count()) === 0; i++) await page.keyboard.press('Tab')
    await page.keyboard.press('Space')
    await page.keyboard.press('Control+Enter')
    const result = page.locator('[data-testid="placement-result"][data-outcome="placed"]')
    await result.waitFor({ timeout: 15_000 })
    expect(((await result.locator('.code').first().textContent()) ?? '').trim()).toBe(placed)
    const sent = JSON.parse(server.requests.filter((r) => r.path === '/api/partner/coupons/place').at(-1)!.body) as { list_bets: string[]; amount: number }
    expect(sent.list_bets).toEqual([pointer])
    expect(sent.amount).toBe(10)
    await snap(page, `captures-placed.png`)
  })

  it('says a 507 on the slip', async () => {
    const wire = captureJson<{ error_code: number; error_message: string }>('coupon', PLACEMENT_ANSWERS['507'])
    // The captured match is still open (its event is captured: the slip can follow it).
    await page.locator('[data-testid="market-grid"] [data-testid="outcome"]:not([disabled])').first().click()
    const result = await placeFromSlip('507')
    expect(await result.getAttribute('data-outcome')).toBe('rejected')
    const text = (await result.textContent()) ?? ''
    expect(text).toContain(en.slip.rejectedError.replace('{code}', String(wire.error_code)))
    expect(text).toContain(en.slip.vendorErrors.new[wire.error_code as keyof typeof en.slip.vendorErrors.new])
    expect(await page.getByTestId('slip-selection').count()).toBe(1)
  })

  it('says a 501 (odds decreased) with the captured change record on the slip', async () => {
    const wire = captureJson<{ error_code: number; body: { changes: { game_id: number; bet_coefficient: number; actual_coefficient: number }[] } }>('coupon', PLACEMENT_ANSWERS['501-decreased'])
    const result = await placeFromSlip('501-decreased')
    expect(await result.getAttribute('data-outcome')).toBe('rejected')
    expect((await result.textContent()) ?? '').toContain(en.slip.rejectedError.replace('{code}', String(wire.error_code)))
    const records = result.getByTestId('change-record')
    expect(await records.count()).toBe(wire.body.changes.length)
    const cells = await records.first().locator('td').allTextContents()
    const change = wire.body.changes[0]
    expect(cells[0]).toBe(String(change.game_id))
    expect(Number(cells[1])).toBe(change.bet_coefficient)
    expect(Number(cells[2])).toBe(change.actual_coefficient)
    expect(cells[3]).toBe(en.slip.changes.decreased)
    await snap(page, `captures-501.png`)
  })

  it('Live lists the captured live matches with their prices', async () => {
    const matches = eventsOf('live')
    await page.getByTestId('nav-live').click()
    await page.getByTestId('view-live').waitFor()
    await expectRowsOf(matches)
    const captured = outcomesOf(matches)
    for (const m of matches) await expectCapturedPrices(page.locator(`[data-testid="match-row"][data-game-id="${m.game_id}"]`), captured)
    await snap(page, `captures-live.png`)
  })

  it('the captured won coupon in the blotter and the drawer: names, scores and the settlement multiplier', async () => {
    interface WireBet { opp1: string; opp2: string; bet_group_name: string; bet_name: string; tournament: string; sport_name: string; calc_coef: number; calculation_score_full: string; settlement_reason_code: string }
    const wire = captureJson<{ body: Array<{ coupon_code: string; real_win: number; calculate_coef: number; events_data: WireBet[] }> }>('coupon', 'calculated-settled').body[0]!
    const bet = wire.events_data[0]!
    await page.getByTestId('nav-coupons').click()
    await page.locator('.n-tabs-tab', { hasText: 'Recently calculated' }).click()
    const row = page.locator(`[data-testid="blotter-calculated"] [data-testid="coupon-row"][data-code="${wire.coupon_code}"]`)
    await row.waitFor({ timeout: 15_000 })
    const cell = (id: string) => row.locator(`[data-cell="${id}"]`).textContent()
    expect(await cell('teams')).toBe(`${bet.opp1} – ${bet.opp2}`)
    expect(await cell('market')).toBe(bet.bet_group_name)
    expect(await cell('outcome')).toBe(bet.bet_name)
    expect(Number(await cell('payout'))).toBe(wire.real_win)
    expect(await row.getByTestId('coupon-status').getAttribute('data-tone')).toBe('won')
    expect(await row.locator('[data-part="settled-at"]').textContent()).toBe(`×${wire.calculate_coef.toFixed(2)} won`)

    await row.focus()
    await page.keyboard.press('Enter')
    const drawer = page.getByTestId('coupon-detail')
    await drawer.waitFor()
    const betRow = drawer.getByTestId('bet-row').first()
    const part = (name: string) => betRow.locator(`[data-part="${name}"]`).first().textContent()
    expect(await part('teams')).toBe(`${bet.opp1} – ${bet.opp2}`)
    expect(await part('market')).toBe(bet.bet_group_name)
    expect(await part('outcome')).toBe(bet.bet_name)
    expect(await part('tournament')).toBe(`${bet.sport_name} · ${bet.tournament}`)
    expect(await part('settlement-score')).toBe(`at settlement ${bet.calculation_score_full}`)
    expect(await part('settled-at')).toBe(`settled at ×${bet.calc_coef.toFixed(2)} (won)`)
    expect(await part('reason-code')).toBe(bet.settlement_reason_code)
    expect(await drawer.getByTestId('coupon-multiplier').textContent()).toBe(`×${wire.calculate_coef.toFixed(2)}`)
    expect(await drawer.getByTestId('coupon-payout').textContent()).toBe(`Won ${wire.real_win.toFixed(2)}`)
    await settle(page)
    await snap(page, `captures-coupon-won.png`)
    await page.keyboard.press('Escape')
    await drawer.waitFor({ state: 'detached' })
  })

  it('raised no uncaught page errors', () => {
    expect(desk.pageErrors).toEqual([])
  })
})
