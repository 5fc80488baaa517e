import type { Locator, Page } from 'playwright-core'

/** Opens the first Line match and adds the first open outcome of its markets to the bet slip. */
export async function pickFirstLineOutcome(page: Page): Promise<void> {
  await page.getByTestId('nav-line').click()
  // On the teams: the row's middle holds its prices, which a click would add to the slip.
  await page.getByTestId('match-row').first().locator('[data-col="match"]').click()
  const outcome = page.locator('[data-testid="market-grid"] [data-testid="outcome"]:not([disabled])').first()
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
