import type { Page } from 'playwright-core'
import { startCaptureServer, type CaptureServer } from '../support/capture-server.js'
import { openConsole, type OpenConsole } from './launch.js'
import { addCustomProfile, storeSecret } from './profiles.js'

export const CAPTURES_PROFILE = 'Vendor captures'

/**
 * Adds a "Real services" profile on the capture server, stores the captured login's password and
 * a feed key (the server asks only that one is sent) before selecting it — so no sign-in without
 * credentials is attempted — then opens Line; resolves once the list shows rows.
 */
export async function useCapturesProfile(page: Page, server: CaptureServer): Promise<void> {
  await page.locator('[data-testid="env-badge"][data-env="demo"]').waitFor()
  await addCustomProfile(page, server, CAPTURES_PROFILE, server.login.username, async (row) => {
    await row.getByRole('button', { name: 'Edit' }).click()
    await storeSecret(page, 'password', server.login.password)
    await storeSecret(page, 'feedApiKey', 'capture-key')
  })
  await page.getByTestId('nav-line').click()
  await page.getByTestId('match-row').first().waitFor({ timeout: 30_000 })
}

/** A capture server, the console in Chromium at 1280×720, and the captures profile active on Line. */
export async function openCapturesConsole(): Promise<{ desk: OpenConsole; page: Page; server: CaptureServer }> {
  const server = await startCaptureServer()
  let desk: OpenConsole | null = null
  try {
    desk = await openConsole()
    await desk.page.setViewportSize({ width: 1280, height: 720 })
    await useCapturesProfile(desk.page, server)
    return { desk, page: desk.page, server }
  } catch (error) {
    await desk?.close()
    await server.close()
    throw error
  }
}
