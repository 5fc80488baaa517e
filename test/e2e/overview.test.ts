import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { startSimulator, type RunningSimulator } from '../../src-main/core/simulator/server.js'
import { startCountingProxy, type CountingProxy } from '../integration/desk/counting-proxy.js'
import { describeClipped, findClippedText } from './clipped-text.js'
import { openConsole, type OpenConsole } from './launch.js'
import { seriousAxe, shootEverySize } from './look.js'
import { addCustomProfile, storeSecret } from './profiles.js'
import { simControl } from './sim-control.js'
import { pickFirstLineOutcome, placeSlip } from './slip.js'

// An account manager with three clients: Demo and two on a partner's services (a separately started
// simulator: accounts `demo` behind a loopback proxy and `small` straight). The overview reads every
// one of them; the proxy is closed mid-test and only that client's row turns stale.
const POLL_MS = 1500
let sim: RunningSimulator
let proxy: CountingProxy
let desk: OpenConsole
let page: Page

const row = (name: string) => page.getByTestId(`overview-row-${name}`)
const readAt = async (name: string) => Number((await row(name).getAttribute('data-read-at')) ?? 0)
async function names(): Promise<string[]> {
  return page.locator('[data-testid="overview-table"] tbody tr[data-profile] th .name__text').allTextContents()
}

beforeAll(async () => {
  sim = await startSimulator({ port: 0, seed: 21, clockTickMs: 0 })
  proxy = await startCountingProxy(sim.couponBaseUrl)
  process.env.DESK_OVERVIEW_POLL_MS = String(POLL_MS)
  process.env.DESK_OVERVIEW_TIMEOUT_MS = '2500'
  desk = await openConsole()
  page = desk.page
  await page.locator('[data-testid="env-badge"][data-env="demo"]').waitFor()
  await addCustomProfile(page, { couponBaseUrl: proxy.url, feedApiUrl: `${proxy.url}/feed`, cdnUrl: sim.cdnUrl }, 'Client Alpha', 'demo')
  await storeSecret(page, 'password', 'demo')
  await storeSecret(page, 'feedApiKey', 'demo-key')
  await addCustomProfile(page, sim, 'Client Bravo', 'small')
  await storeSecret(page, 'password', 'demo')
  await storeSecret(page, 'feedApiKey', 'demo-key-limited')
  await page.getByTestId('profile-use-demo').click()
  await page.locator('[data-testid="env-badge"][data-env="demo"]').waitFor()
  // Demo's history gets a settled coupon (won) and its account an open one.
  await pickFirstLineOutcome(page)
  const won = await (await placeSlip(page, '7')).getByTestId('open-coupon').first().getAttribute('data-code')
  expect((await simControl(page, `/coupons/${won}/settle`, { result: 'win' })).status).toBe(200)
  await pickFirstLineOutcome(page)
  await placeSlip(page, '12.5')
  // The doctor checks Demo once: its verdict joins Demo's row.
  const ran = (await page.evaluate(() => (globalThis as unknown as { desk: { doctor: { run(): Promise<unknown> } } }).desk.doctor.run())) as { ok: boolean }
  expect(ran.ok).toBe(true)
  // Toasts of the setup (a profile used before its key was stored, the win) are not part of the view.
  for (const close of await page.locator('.n-notification .n-base-close').all()) await close.click().catch(() => undefined)
}, 120_000)

afterAll(async () => {
  delete process.env.DESK_OVERVIEW_POLL_MS
  delete process.env.DESK_OVERVIEW_TIMEOUT_MS
  proxy?.release()
  await desk?.close()
  await proxy?.close()
  await sim?.close()
})

describe('all clients on one screen', () => {
  it('Alt+8 opens the overview: every profile read, with its balance, session and feed key', async () => {
    await page.keyboard.press('Alt+8')
    await page.getByTestId('view-overview').waitFor()
    for (const name of ['Demo', 'Client Alpha', 'Client Bravo']) await row(name).locator('[data-col="read"] .ok').waitFor({ timeout: 20_000 })
    expect(await row('Client Bravo').locator('[data-col="balance"]').textContent()).toBe('20.00')
    expect(await row('Client Alpha').locator('[data-col="session"]').textContent()).toBe('Signed in')
    await row('Client Bravo').locator('[data-col="feedKey"]', { hasText: /1[12] days left/ }).waitFor()
    expect(await row('Demo').textContent()).toContain('active')
    await row('Demo').locator('[data-col="activeCoupons"]', { hasText: '1' }).waitFor()
    expect(await row('Demo').locator('[data-col="openStake"]').textContent()).toBe('12.50')
    await row('Demo').locator('[data-col="lastSettlement"]', { hasText: 'Won' }).waitFor()
    await row('Demo').locator('[data-col="doctor"]', { hasText: /All passed|Warnings|Failures/ }).waitFor()
    expect(await row('Client Bravo').locator('[data-col="doctor"]').textContent()).toBe('Never run')
    expect(await names()).toEqual(['Client Alpha', 'Client Bravo', 'Demo'])
  })

  it('sorts by any column from its header, by click and from the keyboard', async () => {
    await page.getByTestId('overview-sort-balance').click()
    const byBalance = await names()
    expect(byBalance[byBalance.length - 1]).toBe('Client Bravo') // 20, the smallest balance, last when largest first
    expect(await page.locator('th[aria-sort="descending"]').count()).toBe(1)
    await page.getByTestId('overview-sort-balance').focus()
    await page.keyboard.press('Enter')
    expect((await names())[0]).toBe('Client Bravo')
    expect(await page.locator('th[aria-sort="ascending"]').count()).toBe(1)
    await page.getByTestId('overview-sort-profile').focus()
    await page.keyboard.press('Enter')
    expect(await names()).toEqual(['Client Alpha', 'Client Bravo', 'Demo'])
  })

  it('looks right and passes axe at both sizes, light and dark; nothing that matters is clipped at 1280x720', async () => {
    await page.setViewportSize({ width: 1280, height: 720 })
    expect(describeClipped('overview', await findClippedText(page, ['[data-testid="overview-table"] th', '[data-testid="overview-table"] td'], '[data-testid="view-overview"]'))).toBe('')
    await shootEverySize(page, 'overview', 'fresh')
    expect(await seriousAxe(page, 'overview')).toEqual([])
  })

  it('a client that stops answering turns stale in its own row; the others stay fresh', async () => {
    const alphaBefore = await readAt('Client Alpha')
    await proxy.close()
    const stale = page.locator('[data-testid="overview-row-Client Alpha"][data-stale="true"]')
    await stale.waitFor({ timeout: 20_000 })
    const since = Date.now()
    expect(await stale.locator('[data-col="read"]').textContent()).toMatch(/Not reachable.*The coupon service cannot be reached.*Figures as read/)
    expect(await stale.locator('[data-col="balance"]').textContent()).not.toBe('—') // the last known figures stay
    // The figures are the last ones read: a read already past the proxy when it closed may be stamped
    // a moment after, but none succeeds once the row is stale.
    const alphaAfter = await readAt('Client Alpha')
    expect(alphaAfter).toBeGreaterThanOrEqual(alphaBefore)
    expect(alphaAfter).toBeLessThanOrEqual(since)
    // The others are read again after Alpha went stale, and stay fresh; Alpha's figures stay as read.
    await expect.poll(async () => Math.min(await readAt('Demo'), await readAt('Client Bravo')), { timeout: 20_000, interval: 200 }).toBeGreaterThan(since)
    for (const name of ['Demo', 'Client Bravo']) expect(await row(name).getAttribute('data-stale')).toBe('false')
    expect(await readAt('Client Alpha')).toBe(alphaAfter)
    expect(await stale.count()).toBe(1)
    await shootEverySize(page, 'overview', 'one-unreachable')
    expect(await seriousAxe(page, 'overview with an unreachable client')).toEqual([])
  })

  it('Enter on a row makes that client active and opens its coupons; so does a click', async () => {
    await row('Client Bravo').focus()
    await page.keyboard.press('Enter')
    await page.getByTestId('view-coupons').waitFor()
    await page.locator('[data-testid="env-badge"][data-env="custom"]', { hasText: 'Client Bravo' }).waitFor()
    await page.keyboard.press('Alt+8')
    await row('Client Bravo').locator('.tag--active').waitFor()
    await row('Demo').click()
    await page.getByTestId('view-coupons').waitFor()
    await page.locator('[data-testid="env-badge"][data-env="demo"]').waitFor()
    expect(desk.pageErrors).toEqual([])
  })
})
