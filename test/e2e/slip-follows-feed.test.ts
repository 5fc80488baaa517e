import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { simControl } from './sim-control.js'
import { snap, openConsole, type OpenConsole } from './launch.js'
import { pickFirstLineOutcome, placeSlip } from './slip.js'

// The bet slip against the Demo simulator in real Chromium: a price moved in the service shows on
// the slip, a placement at the old price is refused (501) and placed after "Take the new odds",
// and a match that starts leaves its Prematch selection gone with Place off.
let desk: OpenConsole
let page: Page

/**
 * A Prematch match's `event` is read every 30 s (the vendor's minimum). The test moves the clock the
 * desk paces the feed on by that much instead of waiting it out: the next read starts at once, and a
 * change shows within a few seconds of real time.
 */
const PREMATCH_EVENT_MS = 30_000
const FEED_FOLLOW_MS = 15_000

const sim = (path: string, body: unknown = {}) => simControl(page, path, body)
/** `line#game#group#type#param#coef[#player]` of the slip's only selection. */
async function selectionPointer(): Promise<{ gameId: number; groupId: number; typeId: number; param: string; rate: number }> {
  const pointer = (await page.getByTestId('slip-selection').first().getAttribute('data-pointer')) ?? ''
  const [, game, group, type, param, coef] = pointer.split('#')
  return { gameId: Number(game), groupId: Number(group), typeId: Number(type), param: param!, rate: Number(coef) }
}
const moveOdds = async (p: Awaited<ReturnType<typeof selectionPointer>>, rate: number) => {
  const r = await sim(`/matches/${p.gameId}/odds`, { groupId: p.groupId, typeId: p.typeId, param: p.param, rate })
  expect(r.status).toBe(200)
}
const odds = (n: number) => n.toFixed(3).replace(/0$/, '')

beforeAll(async () => {
  desk = await openConsole({ skippableFeedClock: true })
  page = desk.page
  await page.getByTestId('balance').filter({ hasText: /10[\s,.\u00a0\u202f]?000/ }).waitFor({ timeout: 30_000 })
})

afterAll(() => desk?.close())

describe('the bet slip follows the feed (Demo)', () => {
  let picked: Awaited<ReturnType<typeof selectionPointer>>
  let moved = 0

  it('a price moved in the service shows on the slip, old → new with words', async () => {
    await pickFirstLineOutcome(page)
    picked = await selectionPointer()
    moved = Math.round((picked.rate + 0.37) * 100) / 100
    await moveOdds(picked, moved)
    await desk.skipFeedClock(PREMATCH_EVENT_MS)

    const row = page.locator('[data-testid="slip-selection"][data-mark="moved"]')
    await row.waitFor({ timeout: FEED_FOLLOW_MS })
    expect(await row.getByTestId('slip-rate').textContent()).toBe(odds(moved))
    expect(await row.getByTestId('slip-mark').textContent()).toContain(`Price up: ${odds(picked.rate)} → ${odds(moved)}`)
    expect(await row.getAttribute('data-pointer')).toBe(`line#${picked.gameId}#${picked.groupId}#${picked.typeId}#${picked.param}#${moved}`)
    await snap(page, `slip-moved.png`)
  })

  it('placed at a price the service moved again: refused (501), and placed after "Take the new odds"', async () => {
    // The slip just read this match: its next read is 30 s away (the feed clock is not moved here), so the slip still holds the old price.
    const again = Math.round((moved + 0.21) * 100) / 100
    await moveOdds(picked, again)
    const result = await placeSlip(page, '10', 15_000)
    expect(await result.getAttribute('data-outcome')).toBe('rejected')
    expect(await page.getByTestId('vendor-error').textContent()).toBe('The odds changed and the mode does not allow it')
    const refused = page.locator('[data-testid="slip-selection"][data-refused="rejected"]')
    expect(await refused.getByTestId('slip-refused').textContent()).toBe(`Refused: the odds changed from ${odds(moved)} to ${odds(again)}`)

    await page.getByTestId('take-new-odds').click()
    await page.locator('[data-testid="slip-selection"]').getByTestId('slip-rate').filter({ hasText: odds(again) }).waitFor()
    expect(await page.getByTestId('placement-result').count()).toBe(0) // nothing was placed by taking
    await page.getByTestId('place').click()
    const placed = page.locator('[data-testid="placement-result"][data-outcome="placed"]')
    await placed.waitFor({ timeout: 15_000 })
    expect(await placed.textContent()).toContain(`@ ${odds(again)}`)
  })

  it('a Prematch match that starts leaves its selection gone and Place off, with why', async () => {
    const row = page.getByTestId('match-row').nth(1)
    const gameId = Number(await row.getAttribute('data-game-id'))
    await row.locator('[data-col="match"]').click()
    await page.getByTestId('match-detail').filter({ hasText: `#${gameId}` }).waitFor()
    await page.getByTestId('match-detail').locator('[data-testid="outcome"]:not([disabled])').first().click()
    await page.locator(`[data-testid="slip-selection"][data-pointer^="line#${gameId}#"]`).waitFor()
    await page.getByTestId('slip-amount').locator('input').fill('10')
    expect(await page.getByTestId('place').isDisabled()).toBe(false)

    expect((await sim(`/matches/${gameId}/start`)).status).toBe(200)
    await desk.skipFeedClock(PREMATCH_EVENT_MS)
    const gone = page.locator('[data-testid="slip-selection"][data-mark="gone"]')
    await gone.waitFor({ timeout: FEED_FOLLOW_MS })
    expect(await gone.getByTestId('slip-mark').textContent()).toContain('Gone: the match went live under a new id, was cancelled or ended')
    expect(await page.getByTestId('place').isDisabled()).toBe(true)
    expect(await page.getByTestId('slip-gone-reason').textContent()).toContain('remove the selection that is gone')
    await snap(page, `slip-gone.png`)
  })

  it('raised no uncaught page errors', () => {
    expect(desk.pageErrors).toEqual([])
  })
})
