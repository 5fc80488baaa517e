import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { captureJson } from '../support/captures.js'
import { captureServerAvailable, type CaptureServer } from '../support/capture-server.js'
import type { OpenConsole } from './launch.js'
import { openCapturesConsole } from './captures-profile.js'

/**
 * The exposure on the vendor's own `active` answer (a profile on the capture server): the captured open
 * coupon's match, sport, tournament, market and outcome by their real names, its stake and potential
 * payout. Every value asserted is read from the capture file.
 */
const available = captureServerAvailable()
if (!available.ok) console.warn(available.message)

interface WireBet { game_id: number; opp1: string; opp2: string; sport_name: string; tournament: string; bet_group_name: string; bet_name: string }
interface WireCoupon { coupon_code: string; amount: number; potential_win: number; events_data: WireBet[] }
const active = () => captureJson<{ body: WireCoupon[] }>('coupon', 'active.json').body

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

const money = (text: string | null) => Number((text ?? '').replace(/[^\d.-]/g, ''))

describe.skipIf(!available.ok)('exposure on the vendor captures', () => {
  it('shows the captured active coupon per match and outcome by its real names', async () => {
    const [coupon] = active()
    const bet = coupon!.events_data[0]!
    await page.keyboard.press('Alt+6')
    const row = page.locator(`[data-testid="exposure-match"][data-game="${bet.game_id}"]`)
    await row.waitFor({ timeout: 30_000 })
    expect(await row.getByTestId('exposure-match-link').textContent()).toBe(`${bet.opp1} – ${bet.opp2}`)
    expect(await row.textContent()).toContain(`${bet.sport_name} · ${bet.tournament}`)
    expect(money(await row.getByTestId('exposure-stake').textContent())).toBe(coupon!.amount)
    expect(money(await row.getByTestId('exposure-potential').textContent())).toBe(coupon!.potential_win)
    await row.getByTestId('exposure-toggle').click()
    expect(await page.getByTestId('exposure-outcome').first().textContent()).toContain(`${bet.bet_group_name} · ${bet.bet_name}`)
    expect(desk.pageErrors).toEqual([])
  })
})
