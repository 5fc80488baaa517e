import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { signPayload } from '../../src-main/core/callbacks/signature.js'
import { captureJson, captureText } from '../support/captures.js'
import { captureServerAvailable, type CaptureServer } from '../support/capture-server.js'
import { SHOTS, TAKE_SHOTS, type OpenConsole } from './launch.js'
import { axeOf } from './look.js'
import { openCapturesConsole } from './captures-profile.js'
import { settle } from './settle.js'

/**
 * The vendor's captured callback delivered to the listener of a profile backed by the captures: it is
 * applied, answered as the vendor's captured acknowledgement, shows in the timeline, and its delivery
 * opens in the inspector with the payload as received.
 */
const available = captureServerAvailable()
if (!available.ok) console.warn(available.message)

const SECRET = 'capture-profile-callback-secret'
interface CapturedCallback { batchId: string; couponCount: number; coupons: Array<{ coupon_code: string }> }

let desk: OpenConsole
let page: Page
let server: CaptureServer
let listenerUrl = ''

beforeAll(async () => {
  if (!available.ok) return
  ;({ desk, page, server } = await openCapturesConsole())
})
afterAll(async () => {
  await desk?.close()
  await server?.close()
})

describe.skipIf(!available.ok)('the vendor\'s captured callback on a captures-backed profile', () => {
  it('the listener starts once the profile has a callback secret', async () => {
    await page.getByTestId('nav-settings').click()
    const field = page.getByTestId('secret-callbackSecret')
    await field.locator('input').fill(SECRET)
    await field.getByRole('button', { name: 'Store' }).click()
    await page.locator('[data-testid="secret-callbackSecret"][data-set="true"]').waitFor()
    // A new "Real services" profile's listener is started by the operator.
    await page.getByTestId('listener-card').getByRole('button', { name: 'Start' }).click()
    const state = page.getByTestId('listener-state').filter({ hasText: 'Running at' })
    await state.waitFor({ timeout: 15_000 })
    listenerUrl = /Running at (\S+)/.exec((await state.textContent()) ?? '')![1]
    expect(listenerUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/\S+$/)
  })

  it('the captured delivery is applied and answered like the captured acknowledgement', async () => {
    const body = captureText('coupon', 'callback-intermediate-accumulator.json')
    const res = await fetch(listenerUrl, { method: 'POST', headers: { 'content-type': 'application/json', 'x-coupon-signature': signPayload(SECRET, body) }, body })
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual(captureJson('coupon', 'callback-ack'))
  })

  it('its coupon shows in the timeline and the delivery opens with the payload as received', async () => {
    const captured = captureJson<CapturedCallback>('coupon', 'callback-intermediate-accumulator')
    const code = captured.coupons[0].coupon_code
    await page.getByTestId('nav-timeline').click()
    await page.getByTestId('timeline-code').locator('input').fill(code)
    await page.getByTestId('timeline-apply').click()
    const entry = page.locator('[data-testid="timeline-row"]').filter({ hasText: code }).first()
    await entry.waitFor({ timeout: 15_000 })
    expect(await entry.getByTestId('timeline-source').textContent()).toBe('Callback')

    await page.locator('.n-tabs-tab', { hasText: 'Callback deliveries' }).click()
    const row = page.locator('[data-testid="delivery-row"][data-verdict="valid"]').filter({ hasText: captured.batchId }).first()
    await row.waitFor({ timeout: 15_000 })
    expect(await row.getByTestId('delivery-reason').textContent()).toBe('applied')
    await row.getByTestId('delivery-open').focus()
    await page.keyboard.press('Enter')
    const inspector = page.getByTestId('delivery-inspector')
    await inspector.waitFor()
    expect(await inspector.getByTestId('inspector-verdict').textContent()).toBe('Signature valid')
    expect(await inspector.getByTestId('inspector-batch').textContent()).toBe(captured.batchId)
    expect(await inspector.getByTestId('inspector-first').count()).toBe(1)
    expect(JSON.parse((await inspector.getByTestId('inspector-payload').textContent()) ?? '')).toEqual(JSON.parse(captureText('coupon', 'callback-intermediate-accumulator.json')))
    expect(JSON.parse((await inspector.getByTestId('inspector-answer-body').textContent()) ?? '')).toEqual(captureJson('coupon', 'callback-ack'))
    expect(await inspector.getByTestId('inspector-coupon-link').getAttribute('href')).toContain(`/coupons?code=${code}`)
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme })
      await page.mouse.move(5, 700)
      await settle(page)
      const axe = await axeOf(page).exclude('.n-notification-container').withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze()
      const blocking = axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')
      expect(blocking.map((v) => `${scheme}: ${v.id} ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([])
      if (TAKE_SHOTS) {
        for (const size of [{ width: 1280, height: 720 }, { width: 1440, height: 900 }]) {
          await page.setViewportSize(size)
          await settle(page)
          await page.screenshot({ path: `${SHOTS}/deliveries-captures-inspector-${size.width}x${size.height}-${scheme}.png` })
        }
        await page.setViewportSize({ width: 1280, height: 720 })
      }
    }
    await page.emulateMedia({ colorScheme: 'light' })
    await page.keyboard.press('Escape')
  })

  it('raised no uncaught page errors', () => {
    expect(desk.pageErrors).toEqual([])
  })
})
