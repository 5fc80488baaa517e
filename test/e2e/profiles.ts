import type { Locator, Page } from 'playwright-core'
import type { RunningSimulator } from '../../src-main/core/simulator/server.js'

/** A field of the profile form, by its visible label. */
export const profileField = (page: Page, label: string): Locator =>
  page.getByTestId('profile-form').locator('.n-form-item').filter({ has: page.getByText(label, { exact: true }) }).locator('input').first()

/** The three URLs of a "Real services" profile (a simulator or the capture server has them). */
export type ServiceUrls = Pick<RunningSimulator, 'couponBaseUrl' | 'feedApiUrl' | 'cdnUrl'>

/**
 * Settings → add a "Real services" profile pointing at `sim` (a separately started simulator, or the
 * capture server, standing in for a partner's services), save it and select it; resolves once the header shows it.
 * `beforeUse` runs on the saved profile's row before it is selected (e.g. to store its secrets first).
 */
export async function addCustomProfile(page: Page, sim: ServiceUrls, name: string, username: string, beforeUse?: (row: Locator) => Promise<void>): Promise<Locator> {
  await page.getByTestId('nav-settings').click()
  await page.getByTestId('profile-add').click()
  await page.getByTestId('profile-name').locator('input').fill(name)
  await page.getByTestId('profile-form').locator('.n-form-item').filter({ has: page.getByText('Environment', { exact: true }) }).locator('.n-base-selection').click()
  await page.locator('.n-base-select-option').filter({ hasText: 'Real services' }).click()
  await profileField(page, 'Coupon API base URL').fill(sim.couponBaseUrl)
  await profileField(page, 'Feed API URL').fill(sim.feedApiUrl)
  await profileField(page, 'CDN URL').fill(sim.cdnUrl)
  await profileField(page, 'Username').fill(username)
  await page.getByTestId('profile-save').click()
  const row = page.getByTestId('profiles-card').locator('tr').filter({ hasText: name })
  await row.waitFor()
  await beforeUse?.(row)
  await row.getByRole('button', { name: 'Use' }).click()
  const badge = page.locator('[data-testid="env-badge"][data-env="custom"]')
  await badge.waitFor()
  return badge
}

/** Stores a secret of the selected profile from its Settings card (`password`, `feedApiKey`); resolves once it reads "set". */
export async function storeSecret(page: Page, kind: 'password' | 'feedApiKey', value: string): Promise<void> {
  const secret = page.getByTestId(`secret-${kind}`)
  await secret.locator('input').fill(value)
  await secret.getByRole('button', { name: 'Store' }).click()
  await page.locator(`[data-testid="secret-${kind}"][data-set="true"]`).waitFor()
}
