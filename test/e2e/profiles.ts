import type { Locator, Page } from 'playwright-core'
import type { RunningSimulator } from '../../src-main/core/simulator/server.js'

/** A field of the profile form, by its visible label. */
export const profileField = (page: Page, label: string): Locator =>
  page.getByTestId('profile-form').locator('.n-form-item').filter({ has: page.getByText(label, { exact: true }) }).locator('input').first()

/**
 * Settings → add a "Real services" profile pointing at `sim` (a separately started simulator standing
 * in for a partner's services), save it and select it; resolves once the header shows it.
 */
export async function addCustomProfile(page: Page, sim: RunningSimulator, name: string, username: string): Promise<Locator> {
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
  await row.getByRole('button', { name: 'Use' }).click()
  const badge = page.locator('[data-testid="env-badge"][data-env="custom"]')
  await badge.waitFor()
  return badge
}
