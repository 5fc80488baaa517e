import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { simControl } from './sim-control.js'
import { snap, openConsole, type OpenConsole } from './launch.js'

// The watch list on Demo: pin a Line match, start it in the simulator, and the pin follows it to its
// live id (the feed answers `Game id finished` for the Line id); it is stored, so a reload keeps it.
let desk: OpenConsole
let page: Page

beforeAll(async () => {
  desk = await openConsole({ skippableFeedClock: true })
  page = desk.page
  await page.locator('[data-testid="match-row"] [data-testid="outcome"]').first().waitFor({ timeout: 30_000 })
})

afterAll(() => desk?.close())

const pinOf = (lineType: string, gameId: number) => page.locator(`[data-testid="watch-pin"][data-line-type="${lineType}"][data-game-id="${gameId}"]`)

describe('the watch list (Demo)', () => {
  it('pins a Line match, follows it to Live when it starts, keeps it over a reload, unpins it', async () => {
    const row = page.getByTestId('match-row').nth(1)
    const gameId = Number(await row.getAttribute('data-game-id'))
    const [opp1] = (await row.locator('.team__name').allTextContents()).map((s) => s.trim())
    expect(await page.getByTestId('nav-watch-count').textContent()).toBe('0')

    await row.getByTestId('pin-toggle').click()
    const pinned = pinOf('line', gameId)
    await pinned.waitFor()
    expect(await pinned.textContent()).toContain(opp1)
    expect(await row.getByTestId('pin-toggle').getAttribute('aria-pressed')).toBe('true')
    await page.getByTestId('nav-watch-count').filter({ hasText: /^1$/ }).waitFor()
    // The Line match is no longer open in the list's view: pinning did not open it.
    expect(await page.getByTestId('match-detail').count()).toBe(0)

    const started = await simControl(page, `/matches/${gameId}/start`)
    expect(started.status).toBe(200)
    const liveId = ((await started.json()) as { gameId: number }).gameId
    expect(liveId).not.toBe(gameId)

    // The pin's own subscription sees the Line id finish (Prematch `event` is read every 30 s: the
    // test moves the desk's feed clock by that instead of waiting it out), then follows.
    await desk.skipFeedClock(30_000)
    const followed = pinOf('live', liveId)
    await followed.waitFor({ timeout: 15_000 })
    await followed.locator('[data-testid="watch-score"]').waitFor({ timeout: 20_000 })
    expect(await followed.textContent()).toContain(opp1)
    expect(await pinOf('line', gameId).count()).toBe(0)
    expect(await page.getByTestId('watch-pin').count()).toBe(1)
    await snap(page.getByTestId('watch-panel'), `watchlist-followed.png`)
    await snap(page, `watchlist-line.png`)

    await page.reload()
    await pinOf('live', liveId).waitFor({ timeout: 30_000 })
    await page.getByTestId('nav-watch-count').filter({ hasText: /^1$/ }).waitFor()

    await pinOf('live', liveId).getByTestId('watch-unpin').click()
    await page.getByTestId('watch-pin').waitFor({ state: 'detached' })
    await page.getByTestId('nav-watch-count').filter({ hasText: /^0$/ }).waitFor()
    expect(desk.pageErrors).toEqual([])
  })
})
