import type { Locator, Page } from 'playwright-core'

/** Opens the first Line match and adds its first open outcome to the bet slip. */
export async function pickFirstLineOutcome(page: Page): Promise<void> {
  await page.getByTestId('nav-line').click()
  await page.getByTestId('match-row').first().click()
  const outcome = page.locator('[data-testid="outcome"]:not([disabled])').first()
  await outcome.waitFor()
  await outcome.click()
}

/** Places the slip with `amount`: the placement result, once shown. */
export async function placeSlip(page: Page, amount: string, timeout?: number): Promise<Locator> {
  await page.getByTestId('slip-amount').locator('input').fill(amount)
  await page.getByTestId('place').click()
  const result = page.getByTestId('placement-result')
  await result.waitFor(timeout === undefined ? undefined : { timeout })
  return result
}
