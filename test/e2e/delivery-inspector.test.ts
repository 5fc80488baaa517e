import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { openConsole, type OpenConsole } from './launch.js'
import { seriousAxe, shootEverySize, SIZES } from './look.js'
import { pickFirstLineOutcome, placeSlip } from './slip.js'
import { simControl } from './sim-control.js'
import { describeClipped, findClippedText } from './clipped-text.js'

/**
 * A wrong callback secret loses nothing, on Demo: the operator stores a wrong secret in Settings, a
 * settlement is refused for its signature and kept raw; the deliveries tab says why; after the fix a
 * re-verify credits it once; the inspector shows payload, headers, verdict and links to the coupon.
 */
let desk: OpenConsole
let page: Page
let code = ''

beforeAll(async () => {
  desk = await openConsole()
  page = desk.page
  await page.setViewportSize(SIZES[0])
  await page.getByTestId('balance').filter({ hasText: /10[\s,.\u00a0\u202f]?000/ }).waitFor({ timeout: 30_000 })
})
afterAll(() => desk?.close())

/** Settings → the Demo profile's callback secret. Demo always reads "set" (it has its own), so the stored value is awaited by the field clearing. */
async function storeCallbackSecret(value: string): Promise<void> {
  await page.getByTestId('nav-settings').click()
  const field = page.getByTestId('secret-callbackSecret')
  await field.waitFor()
  await field.locator('input').fill(value)
  await field.getByRole('button', { name: 'Store' }).click()
  // The typed value is dropped once main stored it and rebuilt the profile's environment with it.
  const input = field.locator('input')
  const deadline = Date.now() + 15_000
  while ((await input.inputValue()) !== '') {
    if (Date.now() > deadline) throw new Error('the callback secret was not stored')
    await page.waitForTimeout(100)
  }
  await page.getByTestId('listener-state').filter({ hasText: 'Running at' }).waitFor({ timeout: 15_000 })
}

async function openDeliveries(): Promise<void> {
  await page.getByTestId('nav-timeline').click()
  await page.locator('.n-tabs-tab', { hasText: 'Callback deliveries' }).click()
  await page.getByTestId('deliveries-panel').waitFor()
}

/** Refreshes the deliveries until a row for the coupon shows (the list is read on demand). */
async function rowFor(predicate: string): Promise<ReturnType<Page['locator']>> {
  const row = page.locator(`[data-testid="delivery-row"]${predicate}`).filter({ hasText: code }).first()
  const deadline = Date.now() + 20_000
  while ((await row.count()) === 0) {
    if (Date.now() > deadline) throw new Error(`no delivery row for ${code}`)
    await page.getByTestId('deliveries-refresh').click()
    await page.waitForTimeout(250)
  }
  return row
}

async function clipped(view: string): Promise<string> {
  await page.evaluate(() => (globalThis as unknown as { document: { fonts: { ready: Promise<unknown> } } }).document.fonts.ready.then(() => undefined))
  const found = await findClippedText(page)
  return describeClipped(view, found.filter((f) => !f.excused))
}

async function axeBothSchemes(): Promise<void> {
  // Off the table rows: a hovered row's tint is not what the operator reads.
  await page.mouse.move(5, 700)
  expect(await seriousAxe(page, 'deliveries')).toEqual([])
}

const shoot = (name: string) => shootEverySize(page, 'deliveries', name)

describe('a wrong callback secret loses nothing (Demo)', () => {
  it('a settlement signed with the real secret is refused while a wrong one is stored, and kept', async () => {
    await storeCallbackSecret('typed-wrong-secret')
    await pickFirstLineOutcome(page)
    const result = await placeSlip(page, '10', 30_000)
    expect(await result.getAttribute('data-outcome')).toBe('placed')
    code = ((await result.locator('.code').first().textContent()) ?? '').trim()
    expect(code).not.toBe('')
    expect((await simControl(page, `/coupons/${code}/settle`, { result: 'win' })).status).toBe(200)

    await openDeliveries()
    const row = await rowFor('[data-verdict="forged"]')
    expect(await row.getByTestId('delivery-reason').textContent()).toBe('wrong signature')
    expect(await row.textContent()).toContain('kept raw')
    expect(await page.getByTestId('deliveries-kept').textContent()).toMatch(/waiting for a re-verify: 1\./)
    expect(await clipped('Deliveries 1280×720')).toBe('')
    await axeBothSchemes()
    await shoot('refused')
  })

  it('opens from the keyboard: verdict and why, headers, the payload as received, the coupon it names', async () => {
    const row = page.locator('[data-testid="delivery-row"][data-verdict="forged"]').filter({ hasText: code }).first()
    await row.getByTestId('delivery-open').focus()
    await page.keyboard.press('Enter')
    const inspector = page.getByTestId('delivery-inspector')
    await inspector.waitFor()
    expect(await inspector.getByTestId('inspector-verdict').textContent()).toBe('Signature refused')
    expect(await inspector.getByTestId('inspector-reason').getAttribute('data-reason')).toBe('signature_mismatch')
    expect(await inspector.getByTestId('inspector-reason').textContent()).toMatch(/does not match the body/)
    expect(await inspector.getByTestId('inspector-answer-status').textContent()).toBe('HTTP 401')
    const headers = (await inspector.getByTestId('inspector-headers').textContent()) ?? ''
    expect(headers.toLowerCase()).toContain('x-coupon-signature')
    expect(headers).not.toContain('typed-wrong-secret')
    const payload = JSON.parse((await inspector.getByTestId('inspector-payload').textContent()) ?? '') as { event: string; coupons: Array<{ coupon_code: string }> }
    expect(payload.event).toBe('coupons.settled')
    expect(payload.coupons.map((c) => c.coupon_code)).toEqual([code])
    expect(await inspector.getByTestId('inspector-coupon-link').allTextContents()).toEqual([code])
    expect(await clipped('Delivery inspector 1280×720')).toBe('')
    await axeBothSchemes()
    await shoot('inspector-refused')
    await page.keyboard.press('Escape')
    await inspector.waitFor({ state: 'detached' })
  })

  it('after the secret is fixed, a re-verify credits the settlement once', async () => {
    // The operator types the secret the service signs with (Demo: its simulator's).
    await storeCallbackSecret('demo-secret')
    await openDeliveries()
    await page.getByTestId('deliveries-reverify').click()
    const report = page.getByTestId('deliveries-reverify-result')
    await report.waitFor()
    expect(await report.textContent()).toMatch(/1 checked, 1 applied, 0 already applied, 0 still refused/)
    const row = await rowFor('[data-verdict="forged"]')
    await row.getByTestId('delivery-reverified').waitFor()
    // A second re-verify has nothing left to check.
    await page.getByTestId('deliveries-reverify').click()
    await report.filter({ hasText: 'Nothing to re-verify.' }).waitFor()

    await page.locator('.n-tabs-tab', { hasText: 'Entries' }).click()
    await page.getByTestId('timeline-code').locator('input').fill(code)
    await page.getByTestId('timeline-apply').click()
    const settled = page.locator('[data-testid="timeline-row"][data-kind="settled"]')
    await settled.first().waitFor({ timeout: 15_000 })
    expect(await settled.count()).toBe(1)
  })

  it('the delivery opened again says it was applied on re-verify, and its coupon link opens the coupon', async () => {
    await page.locator('.n-tabs-tab', { hasText: 'Callback deliveries' }).click()
    const row = await rowFor('[data-verdict="forged"]')
    await row.click()
    const inspector = page.getByTestId('delivery-inspector')
    await inspector.waitFor()
    expect(await inspector.getByTestId('inspector-reverify').textContent()).toMatch(/applied/)
    expect(await inspector.getByTestId('inspector-first').textContent()).toMatch(/First delivery of this batch/)
    expect(await inspector.getByTestId('inspector-batch').textContent()).toMatch(/^[0-9a-f]{32}$/)
    await shoot('inspector-applied')
    await inspector.getByTestId('inspector-coupon-link').first().click()
    const drawer = page.getByTestId('coupon-detail')
    await drawer.waitFor({ timeout: 15_000 })
    // The link's query is dropped once the drawer opens, so the same link opens it again.
    expect(page.url()).toMatch(/#\/coupons$/)
    expect(await drawer.textContent()).toContain(code)
    await page.keyboard.press('Escape')
  })

  it('raised no uncaught page errors', () => {
    expect(desk.pageErrors).toEqual([])
  })
})
