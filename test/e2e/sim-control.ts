import type { Page } from 'playwright-core'

/** The Demo profile's embedded simulator, as the page's console reports it (`app.info`). */
export async function simBaseOf(page: Page): Promise<string> {
  const info = (await page.evaluate(() => (globalThis as unknown as { desk: { app: { info(): Promise<unknown> } } }).desk.app.info())) as { value: { endpoints: { coupons: string } } }
  return info.value.endpoints.coupons
}

/** A simulator control route (`POST /__sim/…`) of the console's Demo simulator. */
export async function simControl(page: Page, path: string, body: unknown = {}): Promise<Response> {
  return fetch(`${await simBaseOf(page)}/__sim${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })
}
