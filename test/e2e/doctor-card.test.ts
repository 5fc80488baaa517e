import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Locator, Page } from 'playwright-core'
import { startSimulator, type RunningSimulator } from '../../src-main/core/simulator/server.js'
import { openConsole, type OpenConsole } from './launch.js'
import { seriousAxe, shootEverySize } from './look.js'
import { addCustomProfile, storeSecret } from './profiles.js'
import { describeClipped, findClippedText } from './clipped-text.js'

/**
 * Settings → "Check this environment" in real Chromium: on Demo every check passes; on a partner
 * profile with planted faults (a wrong password, a blocked feed key, the service's clock 45 s ahead)
 * against a separately started simulator, the failing checks come first with what to do, and "Check this environment" beside
 * the sign-in error gets there from wherever the operator is.
 */
let sim: RunningSimulator
let desk: OpenConsole
let page: Page

const RANK = { fail: 0, warn: 1, pass: 2, skip: 3 } as const
const card = () => page.getByTestId('doctor-card')
const verdicts = () => card().getByTestId('doctor-check').evaluateAll((rows) => rows.map((r) => `${(r as unknown as { dataset: { verdict: string; id: string } }).dataset.verdict} ${(r as unknown as { dataset: { id: string } }).dataset.id}`))
const row = (id: string): Locator => card().locator(`[data-testid="doctor-check"][data-id="${id}"]`)

/** The card shows a finished report whose overall verdict is `verdict`. */
async function reportShown(verdict: 'pass' | 'warn' | 'fail'): Promise<void> {
  await page.locator(`[data-testid="doctor-card"][data-state="${verdict}"]`).waitFor({ timeout: 60_000 })
}

async function looksRight(label: string): Promise<void> {
  // The toasts the faults raised on the way here are read and closed, as an operator would, so the card shows whole.
  const closers = page.locator('.n-notification .n-notification__close')
  // A toast may leave on its own between the count and the click: that click gives up soon instead of waiting out the default 30 s.
  while ((await closers.count()) > 0) await closers.first().click({ timeout: 2_000 }).catch(() => undefined)
  await expect.poll(() => page.locator('.n-notification').count()).toBe(0)
  await card().scrollIntoViewIfNeeded()
  await shootEverySize(page, 'doctor', label)
  expect(await seriousAxe(page, `doctor ${label}`)).toEqual([])
  // Nothing that matters is cut at the smaller size.
  const clipped = (await findClippedText(page, undefined, '[data-testid="doctor-card"]')).filter((c) => !c.excused || c.shown < 0.5)
  expect(clipped.length === 0 ? '' : describeClipped(`doctor ${label} at 1280x720`, clipped)).toBe('')
}

beforeAll(async () => {
  sim = await startSimulator({ port: 0, seed: 24, clockTickMs: 0 })
  desk = await openConsole()
  page = desk.page
  await page.locator('[data-testid="env-badge"][data-env="demo"]').waitFor()
  await page.getByTestId('balance').filter({ hasText: /10[\s,.\u00a0\u202f]?000/ }).waitFor({ timeout: 30_000 })
})

afterAll(async () => {
  await desk?.close()
  await sim?.close()
})

describe('the doctor card on Demo', () => {
  it('runs from the keyboard, shows progress, then every check passing', async () => {
    await page.getByTestId('nav-settings').click()
    await card().waitFor()
    await card().getByTestId('doctor-never').waitFor()
    const run = card().getByTestId('doctor-run')
    await run.focus()
    await page.keyboard.press('Enter')
    // Progress while it runs (the run may be quick: either the progress or the report is seen first).
    await page.locator('[data-testid="doctor-card"][data-state="running"], [data-testid="doctor-card"][data-state="pass"], [data-testid="doctor-card"][data-state="warn"], [data-testid="doctor-card"][data-state="fail"]').first().waitFor()
    await reportShown('pass')
    const shown = await verdicts()
    expect(shown).toHaveLength(20)
    expect(shown.filter((v) => !v.startsWith('pass '))).toEqual([])
    expect(await card().getByTestId('doctor-overall').textContent()).toContain('All checks pass')
    expect(await card().getByTestId('doctor-counts').textContent()).toBe('20 passing')
    expect(await card().getByTestId('doctor-at').textContent()).toContain('Demo')
    // Each in words: a figure, and no raw code (every kind and advice has words).
    expect(await row('clock.offset').getByTestId('doctor-figure').textContent()).toMatch(/clock/i)
  })

  it('shows the last report when Settings opens again', async () => {
    await page.reload()
    await page.getByTestId('nav-settings').click()
    await reportShown('pass')
    expect(await verdicts()).toHaveLength(20)
  })

  it('looks right at both sizes, light and dark, with no serious axe violation and nothing clipped', async () => {
    await looksRight('demo-all-pass')
  })
})

describe('the doctor card on a broken partner profile', () => {
  it('a refused sign-in: the header offers "Check", which opens the card, runs it and puts the keyboard there', async () => {
    await addCustomProfile(page, sim, 'Partner broken', 'demo')
    await storeSecret(page, 'feedApiKey', 'demo-key-blocked')
    await storeSecret(page, 'password', 'not-the-password')
    const planted = await fetch(`${sim.couponBaseUrl}/__sim/clock/offset`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ ms: 45_000 }) })
    expect(planted.status).toBe(200)
    // The console's own sign-in is refused first (Settings shows the form inline, so no dialog comes up).
    await page.locator('[data-testid="sign-in-state"][data-state="failed"]').waitFor({ timeout: 30_000 })
    await page.getByTestId('nav-line').click()
    await page.getByTestId('view-line').waitFor()
    const check = page.getByTestId('connection').getByTestId('check-environment')
    await check.click()
    await page.getByTestId('view-settings').waitFor()
    await reportShown('fail')
    expect(await card().getByTestId('doctor-at').textContent()).toContain('Partner broken')
    // The keyboard lands on the report's summary (a screen reader reads the verdict from there).
    const focused = () => page.evaluate(() => (globalThis as unknown as { document: { activeElement: { getAttribute(n: string): string | null } | null } }).document.activeElement?.getAttribute('data-testid') ?? null)
    await expect.poll(focused).toBe('doctor-summary')
  })

  it('failing checks come first, with their advice; then warnings, passes and skips', async () => {
    const shown = await verdicts()
    expect(shown).toHaveLength(20)
    const ranks = shown.map((v) => RANK[v.split(' ')[0] as keyof typeof RANK])
    expect(ranks).toEqual([...ranks].sort((a, b) => a - b))
    expect(shown[0]!.startsWith('fail ')).toBe(true)
    expect(shown).toContain('fail coupons.login')
    expect(shown).toContain('fail feed.key')
    expect(shown).toContain('fail clock.offset')
    const login = row('coupons.login')
    expect(await login.getByTestId('doctor-advice').getAttribute('data-advice')).toBe('checkPassword')
    expect(await login.getByTestId('doctor-advice').textContent()).toContain('The username or password is wrong')
    expect(await login.getByTestId('doctor-raw').textContent()).toMatch(/\S/)
    const key = row('feed.key')
    expect(await key.getByTestId('doctor-advice').getAttribute('data-advice')).toBe('unblockFeedKey')
    expect(await key.getByTestId('doctor-advice').textContent()).toContain('The feed key is blocked')
    expect(await key.getByTestId('doctor-figure').textContent()).toContain('Key blocked')
    const clock = row('clock.offset')
    expect(await clock.getByTestId('doctor-advice').getAttribute('data-advice')).toBe('syncClock')
    expect(await clock.getByTestId('doctor-figure').textContent()).toMatch(/The service’s clock is 4\d(\.\d)? s ahead of this machine’s/)
    // A check that could not run names the failure it waits on.
    const skipped = card().locator('[data-testid="doctor-check"][data-verdict="skip"]')
    expect(await skipped.count()).toBeGreaterThan(0)
    for (const text of await skipped.getByTestId('doctor-waits').allTextContents()) expect(text).toMatch(/^Waits on: /)
    expect(await card().getByTestId('doctor-overall').textContent()).toContain('Something is broken')
  })

  it('Copy report gives the partner’s support the report as text, without any secret', async () => {
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'])
    await card().getByTestId('doctor-copy').click()
    await card().getByTestId('doctor-copied').filter({ hasText: 'Copied' }).waitFor()
    const text = await page.evaluate(() => (globalThis as unknown as { navigator: { clipboard: { readText(): Promise<string> } } }).navigator.clipboard.readText())
    const lines = text.trim().split('\n')
    expect(lines[0]).toContain('Partner broken')
    expect(lines[1]).toMatch(/^Something is broken: 3 failing/)
    expect(lines.slice(3, 6).every((l) => l.startsWith('✕ Fail'))).toBe(true)
    expect(text).toContain('The username or password is wrong')
    for (const secret of ['not-the-password', 'demo-key-blocked']) expect(text).not.toContain(secret)
  })

  it('looks right at both sizes, light and dark, with no serious axe violation and nothing clipped', async () => {
    await looksRight('broken-profile')
  })

  it('the sign-in dialog’s "Check this environment" closes the dialog and runs the checks again', async () => {
    const ranAt = () => card().getByTestId('doctor-at').textContent()
    const earlier = await ranAt()
    await page.getByTestId('nav-line').click()
    await page.getByTestId('view-line').waitFor()
    const before = await card().count()
    expect(before).toBe(0)
    await page.getByTestId('session').getByTestId('login').click()
    const dialog = page.getByTestId('sign-in-dialog')
    await dialog.waitFor()
    await dialog.getByTestId('check-environment').click()
    await dialog.waitFor({ state: 'hidden' })
    await page.getByTestId('view-settings').waitFor()
    await reportShown('fail')
    await expect.poll(ranAt, { timeout: 30_000 }).not.toBe(earlier)
    expect((await verdicts())[0]).toMatch(/^fail /)
  })

  it('raised no uncaught page errors', () => {
    expect(desk.pageErrors).toEqual([])
  })
})
