import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { startSimulator, type RunningSimulator } from '../../src-main/core/simulator/server.js'
import { snap, openConsole, TAKE_SHOTS, type OpenConsole } from './launch.js'
import { addCustomProfile, storeSecret } from './profiles.js'
import { settle } from './settle.js'

// Issue 15 in the browser: the Line period choice over the match calendar, the Feed key & account
// card, a match that went live under a new id, the feed key expiry tag and the typed key errors.
// Demo first; then a "partner" simulator whose keys expire soon, have expired, or refuse this address.
const DAY = 86_400_000
let desk: OpenConsole
let page: Page
let sim: RunningSimulator

const SIZES = [
  { width: 1280, height: 720 },
  { width: 1440, height: 900 },
] as const

/** Screenshots of the current view at both desk sizes, light and dark (the theme follows the OS); `DESK_SHOTS=1` only. */
async function shoot(name: string, prepare?: () => Promise<void>): Promise<void> {
  if (!TAKE_SHOTS) return
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme })
    for (const size of SIZES) {
      await page.setViewportSize(size)
      await prepare?.()
      await settle(page)
      await snap(page, `${name}-${size.width}x${size.height}-${scheme}.png`)
    }
  }
  await page.emulateMedia({ colorScheme: 'light' })
  await page.setViewportSize({ width: 1440, height: 900 })
}

/** The Kyiv calendar date of a UTC instant. */
const kyivDate = (ms: number) => new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Kyiv', year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date(ms))

/** Start times of the rows shown ("MM-DD HH:MM", UTC: the demo profile shows UTC), as instants. */
async function rowStarts(): Promise<number[]> {
  // The cell shows the day over the time; its title holds both as one text.
  const texts = await page.locator('[data-testid="match-row"] [data-col="start"]').evaluateAll((els) => els.map((el) => el.getAttribute('title') ?? ''))
  const year = new Date().getUTCFullYear()
  return texts.map((text) => {
    const m = /(\d{2})-(\d{2}) (\d{2}):(\d{2})/.exec(text)
    if (!m) throw new Error(`no start time in "${text}"`)
    let ms = Date.UTC(year, Number(m[1]) - 1, Number(m[2]), Number(m[3]), Number(m[4]))
    if (ms < Date.now() - 180 * DAY) ms = Date.UTC(year + 1, Number(m[1]) - 1, Number(m[2]), Number(m[3]), Number(m[4]))
    return ms
  })
}

async function choosePeriod(label: RegExp): Promise<void> {
  await page.getByTestId('feed-period').click()
  await page.locator('.n-base-select-option').filter({ hasText: label }).click()
}

beforeAll(async () => {
  const now = Date.now()
  // The partner's clock runs 10 days behind ours: a key that expired yesterday for us is still served
  // by it, so its X-Key-Expires header lies in our past (the red tag); `demo-key-expired` is refused.
  sim = await startSimulator({
    port: 0,
    seed: 21,
    clockTickMs: 0,
    startMs: now - 10 * DAY,
    feedKeys: {
      'desk-key-soon': { expiresAt: now + 3.5 * DAY, languages: ['en', 'ua', 'cn'], label: 'soon' },
      'desk-key-lapsed': { expiresAt: now - DAY, label: 'lapsed for us' },
    },
  })
  desk = await openConsole()
  page = desk.page
  await page.locator('[data-testid="env-badge"][data-env="demo"]').waitFor()
})

afterAll(async () => {
  await desk?.close()
  await sim?.close()
})

describe('Line: the period choice over the match calendar (Demo)', () => {
  it('opens with the default list, then shows the next 12 hours and a whole Kyiv day', async () => {
    await page.getByTestId('nav-line').click()
    await page.getByTestId('match-row').first().waitFor()
    const period = page.getByTestId('feed-period')
    expect(await period.getAttribute('data-period')).toBe('top')
    expect(await period.textContent()).toContain('Top')
    await expect(page.getByText('Periods are Kyiv days', { exact: false }).count()).resolves.toBe(1)

    await choosePeriod(/^Next 12 hours$/)
    await page.locator('[data-testid="feed-period"][data-period="h12"]').waitFor()
    await page.getByTestId('match-row').first().waitFor()
    const now = Date.now()
    const starts = await rowStarts()
    expect(starts.length).toBeGreaterThan(0)
    // Started matches are left out; a minute's slack for the row format without seconds.
    for (const ms of starts) expect(ms).toBeGreaterThan(now - 60_000 - 60_000)
    for (const ms of starts) expect(ms).toBeLessThanOrEqual(now + 12 * 3600_000 + 60_000)
  })

  it('is reachable from the keyboard: +2 days lists only that Kyiv day, labelled with its date', async () => {
    const selection = page.getByTestId('feed-period').locator('.n-base-selection-label')
    await selection.focus()
    await page.keyboard.press('Enter')
    const option = page.locator('.n-base-select-option').filter({ hasText: /^\+2 days / })
    await option.waitFor()
    const label = (await option.textContent()) ?? ''
    // Walk down to it with the arrow keys and take it with Enter.
    for (let i = 0; i < 12 && !(await option.getAttribute('class'))?.includes('pending'); i++) await page.keyboard.press('ArrowDown')
    await page.keyboard.press('Enter')
    await page.locator('[data-testid="feed-period"][data-period="d2"]').waitFor()
    expect(await page.getByTestId('feed-period').textContent()).toContain(label.trim())
    await page.getByTestId('match-row').first().waitFor()
    const day = kyivDate(Date.now() + 2 * DAY)
    for (const ms of await rowStarts()) expect(kyivDate(ms)).toBe(day)
    await shoot('line-calendar')
  })

  it('back to Top shows the default list again; a focused row opens with Enter', async () => {
    await choosePeriod(/^Top/)
    await page.locator('[data-testid="feed-period"][data-period="top"]').waitFor()
    const row = page.getByTestId('match-row').first()
    await row.waitFor()
    await row.focus()
    await page.keyboard.press('Enter')
    await page.getByTestId('market-grid').waitFor()
    expect(await page.getByTestId('match-detail').textContent()).toContain(`#${await row.getAttribute('data-game-id')}`)
  })
})

describe('a Line match that went live under a new id (Demo)', () => {
  it('says the id is gone, finds the live match and opens it in Live', async () => {
    const info = (await page.evaluate(() => (globalThis as unknown as { desk: { app: { info(): Promise<unknown> } } }).desk.app.info())) as { value: { endpoints: { coupons: string } } }
    const row = page.getByTestId('match-row').nth(1)
    const gameId = Number(await row.getAttribute('data-game-id'))
    const [opp1] = ((await row.locator('.team__name').allTextContents()) as string[]).map((s) => s.trim())
    const started = await fetch(`${info.value.endpoints.coupons}/__sim/matches/${gameId}/start`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' })
    expect(started.status).toBe(200)
    const liveId = ((await started.json()) as { gameId: number }).gameId

    await row.locator('[data-col="match"]').click()
    const gone = page.locator('[data-testid="match-gone"][data-reason="finished"]')
    await gone.waitFor()
    expect(await gone.textContent()).toContain('went live under a new id, was cancelled or ended')
    expect(await page.getByTestId('match-gone-raw').textContent()).toContain('Game id finished')
    await page.locator('[data-testid="match-successor"][data-found="true"]').waitFor({ timeout: 30_000 })
    expect(await page.getByTestId('match-successor').textContent()).toContain(`#${liveId}`)
    await snap(page, `line-gone-successor.png`)

    await page.getByTestId('open-in-live').click()
    await page.getByTestId('view-live').waitFor()
    await page.getByTestId('match-detail').getByText(opp1!, { exact: false }).first().waitFor()
    expect(await page.getByTestId('match-detail').textContent()).toContain(`#${liveId}`)
  })
})

describe('Settings: Feed key & account (Demo)', () => {
  it('reads the account: client, this address, every key with plan, limits and 7-day usage', async () => {
    await page.getByTestId('nav-settings').click()
    const card = page.getByTestId('feed-account-card')
    await card.getByTestId('feed-account-key').first().waitFor()
    expect(await card.getByTestId('feed-account-client').textContent()).toContain('Partner Desk Demo')
    expect(await card.getByTestId('feed-account-ip').textContent()).toBe('127.0.0.1')
    const current = card.locator('[data-testid="feed-account-key"][data-current="true"]')
    expect(await current.count()).toBe(1)
    expect(await current.textContent()).toContain('in use')
    expect(await current.getByTestId('feed-account-languages').textContent()).toContain('ua')
    expect(await current.getByTestId('usage-7d').locator('thead th').count()).toBe(7)
    expect(await card.getByTestId('feed-account-key').count()).toBeGreaterThan(3)
    // The header shows nothing while the key is far from its expiry; Settings shows the date.
    expect(await page.getByTestId('feed-key-tag').count()).toBe(0)
    expect(await card.getByTestId('feed-key-expiry').getAttribute('data-state')).toBe('ok')
    await shoot('settings-account', async () => {
      await card.scrollIntoViewIfNeeded()
    })
  })

  it("offers the key's languages in the profile form of the active profile", async () => {
    const row = page.getByTestId('profiles-card').locator('tr').filter({ hasText: 'Demo' }).first()
    await row.getByRole('button', { name: 'Edit' }).click()
    const language = page.getByTestId('profile-language')
    expect(await language.getAttribute('data-source')).toBe('key')
    await language.click()
    const codes = await page.locator('.n-base-select-option').allTextContents()
    expect(codes).toEqual(expect.arrayContaining(['en', 'ua']))
    await page.keyboard.press('Escape')
  })
})


async function storeFeedKey(value: string): Promise<void> {
  const secret = page.getByTestId('secret-feedApiKey')
  await secret.locator('input').fill(value)
  await secret.getByRole('button', { name: 'Store' }).click()
  await page.locator('[data-testid="secret-feedApiKey"][data-set="true"]').waitFor()
}

describe("a partner's feed key: expiry tag and typed key errors", () => {
  it('a key expiring in 3 days shows an amber tag in the header and the date in Settings', async () => {
    await addCustomProfile(page, sim, 'Partner keys', 'demo')
    // Signed in, so no sign-in form comes up over the Line while the key changes (this is about the feed key).
    await storeSecret(page, 'password', 'demo')
    await page.getByTestId('session').filter({ hasText: 'Signed in' }).waitFor({ timeout: 30_000 })
    await storeFeedKey('desk-key-soon')

    await page.getByTestId('nav-line').click()
    await page.getByTestId('match-row').first().waitFor()
    const tag = page.locator('[data-testid="feed-key-tag"][data-state="soon"]')
    await tag.waitFor()
    expect(await tag.textContent()).toContain('Feed key expires in 3 days')
    await snap(page, `header-key-soon.png`)
    await tag.click()
    await page.getByTestId('view-settings').waitFor()
    const expiry = page.locator('[data-testid="feed-key-expiry"][data-state="soon"]')
    await expiry.waitFor()
    expect(await expiry.textContent()).toContain('3 days left')
  })

  it('a key whose expiry has passed shows a red tag', async () => {
    await storeFeedKey('desk-key-lapsed')
    await page.getByTestId('nav-line').click()
    const tag = page.locator('[data-testid="feed-key-tag"][data-state="expired"]')
    await tag.waitFor({ timeout: 30_000 })
    expect(await tag.textContent()).toContain('Feed key expired')
  })

  it('an expired key: the Line browser says so and what to do, with the feed text', async () => {
    await page.getByTestId('nav-settings').click()
    await storeFeedKey('demo-key-expired')
    await page.getByTestId('nav-line').click()
    const alert = page.locator('[data-testid="feed-error-alert"][data-code="feed_key_expired"]')
    await alert.waitFor({ timeout: 30_000 })
    const text = (await alert.textContent()) ?? ''
    expect(text).toContain('The feed key has expired')
    expect(text).toContain('ask your account manager to renew it'.replace(/^a/, 'A'))
    expect(text).toContain('Settings → Profiles → Feed API key')
    expect(await alert.getByTestId('feed-error-raw').textContent()).toBe('Package has expired')
    const notice = page.locator('[data-testid="feed-error-notice"][data-code="feed_key_expired"]').first()
    await notice.waitFor()
    await snap(page, `line-key-expired.png`)
  })

  it('an address the key does not allow: the alert names it and says to add it to the allowed IPs', async () => {
    await page.getByTestId('nav-settings').click()
    await storeFeedKey('demo-key-ip')
    await page.getByTestId('nav-line').click()
    const alert = page.locator('[data-testid="feed-error-alert"][data-code="feed_ip_not_allowed"]')
    await alert.waitFor({ timeout: 30_000 })
    expect(await alert.textContent()).toContain("Ask your account manager to add 127.0.0.1 to the key's allowed IPs.")
    expect(await alert.getByTestId('feed-error-raw').textContent()).toBe('Access from IP 127.0.0.1 is not allowed for this Package')
  })

  it('a good key again: the alert goes away', async () => {
    await page.getByTestId('nav-settings').click()
    await storeFeedKey('desk-key-soon')
    await page.getByTestId('nav-line').click()
    await page.getByTestId('match-row').first().waitFor()
    expect(await page.getByTestId('feed-error-alert').count()).toBe(0)
  })

  it('raised no uncaught page errors', () => {
    expect(desk.pageErrors).toEqual([])
  })
})
