import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { BrowserContext, Page } from 'playwright-core'
import { launchBrowser, startWebConsole } from './launch.js'
import { pickFirstLineOutcome, placeSlip } from './slip.js'

/**
 * Issue 8 #5 in the browser: the web bridge's socket drops while a placement is in flight (it
 * reached the desk, its answer is lost). The console must show an unknown outcome, not a plain
 * error, and resolve it once reconnected.
 */
let server: Awaited<ReturnType<typeof startWebConsole>>
let browser: BrowserContext
let page: Page
let dropNextPlacement = true
const pageErrors: string[] = []

beforeAll(async () => {
  server = await startWebConsole()
  browser = await launchBrowser()
  page = await browser.newPage()
  page.on('pageerror', (error) => pageErrors.push(error.message))
  await page.routeWebSocket(/\/desk/, (ws) => {
    const upstream = ws.connectToServer()
    let mute = false
    ws.onMessage((message) => {
      upstream.send(message)
      if (dropNextPlacement && String(message).includes('"desk:coupons:place"')) {
        dropNextPlacement = false
        mute = true // the answer never comes back
        setTimeout(() => {
          ws.close()
          upstream.close()
        }, 400)
      }
    })
    upstream.onMessage((message) => {
      if (!mute) ws.send(message)
    })
  })
  await page.goto(server.url)
  await page.getByTestId('balance').filter({ hasText: /10[\s,.\u00a0\u202f]?000/ }).waitFor({ timeout: 30_000 })
}, 90_000)

afterAll(async () => {
  await browser?.close()
  await server?.stop()
})

describe('a placement in flight when the bridge socket drops', () => {
  it('is an unknown outcome, resolved after the reconnect', async () => {
    await pickFirstLineOutcome(page)
    const result = await placeSlip(page, '15', 15_000)
    expect(await result.getAttribute('data-outcome')).toBe('unknown')
    // The shim answers with a code; the console words it (no sentence crosses the bridge).
    expect(await page.getByTestId('unknown-cause').textContent()).toBe('The service gave no clear answer (The connection to the application was lost). Do not place again: resolve this attempt first.')
    expect(await page.getByTestId('place').isDisabled()).toBe(true)
    await page.getByTestId('resolve').click()
    const resolution = page.getByTestId('resolution')
    await resolution.waitFor({ timeout: 15_000 })
    expect(await resolution.getAttribute('data-outcome')).toBe('placed')
    expect(pageErrors).toEqual([])
  })
})
