import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { openConsole, type OpenConsole } from './launch.js'
import { simBaseOf, simControl } from './sim-control.js'

/**
 * The listener stays where coupons expect it: an operator stops and starts it from Settings while a
 * coupon is open; the listener comes back at the same address, and the coupon's settlement still
 * arrives by callback (not by polling), credited once.
 */
let desk: OpenConsole
let page: Page

interface DeskShim {
  listener: { status(): Promise<{ value: { running: boolean; url: string | null; stranded?: number } }> }
  feed: { menu(i: unknown): Promise<{ value: Array<{ id: number; countries: Array<{ tournaments: Array<{ id: number }> }> }> }>; events(i: unknown): Promise<{ value: Array<{ matches: Array<{ markets: Array<{ columns: Array<Array<{ pointer: string; blocked: boolean }>> }> | null }> }> }> }
  coupons: { place(i: unknown): Promise<{ ok: boolean; value?: { outcome: string; coupons?: Array<{ couponCode: string }> } }> }
  timeline: { query(i: unknown): Promise<{ value: { items: Array<{ kind: string; source: string; couponCode: string | null }> } }> }
}
const shim = <T>(fn: (desk: DeskShim) => Promise<T>): Promise<T> =>
  page.evaluate(`(${fn.toString()})(globalThis.desk)`) as Promise<T>

async function listenerStatus() {
  return shim((d) => d.listener.status().then((r) => r.value))
}

/** One prematch single of 10 through the console's own contract; its code. */
async function placeOne(): Promise<string> {
  return shim(async (d) => {
    const menu = (await d.feed.menu({ lineType: 'line' })).value
    for (const sport of menu) {
      for (const t of sport.countries.flatMap((c) => c.tournaments)) {
        const events = (await d.feed.events({ lineType: 'line', sportId: sport.id, tournamentId: t.id, odds: true })).value
        for (const m of events.flatMap((e) => e.matches)) {
          const o = (m.markets ?? []).flatMap((k) => k.columns.flat()).find((x) => !x.blocked && x.pointer !== '')
          if (!o) continue
          const r = await d.coupons.place({ pointers: [o.pointer], amount: 10, multi: false, mode: 'accept', confirmed: false })
          if (!r.ok || r.value?.outcome !== 'placed') throw new Error(`placement ${JSON.stringify(r)}`)
          return r.value.coupons![0]!.couponCode
        }
      }
    }
    throw new Error('no open outcome in the Demo line')
  })
}

async function waitFor<T>(read: () => Promise<T>, ok: (value: T) => boolean, what: string, timeoutMs = 30_000): Promise<T> {
  const until = Date.now() + timeoutMs
  let last: T = await read()
  while (!ok(last)) {
    if (Date.now() > until) throw new Error(`${what}: still ${JSON.stringify(last)}`)
    await page.waitForTimeout(100)
    last = await read()
  }
  return last
}

beforeAll(async () => {
  desk = await openConsole()
  page = desk.page
  await page.setViewportSize({ width: 1280, height: 720 })
  await page.getByTestId('balance').waitFor({ timeout: 30_000 })
})
afterAll(async () => {
  await desk?.close()
})

describe('the callback listener across a Stop and a Start', () => {
  it('comes back at the same address, and the open coupon is settled by its callback', async () => {
    const before = await waitFor(listenerStatus, (s) => s.running && s.url !== null, 'listener running')
    const code = await placeOne()

    await page.getByTestId('nav-settings').click()
    const card = page.getByTestId('listener-card')
    await card.getByRole('button', { name: 'Stop', exact: true }).click()
    // While it is stopped the open coupon expects its settlement at an address nobody listens on: said.
    await card.getByTestId('listener-stranded').waitFor({ timeout: 15_000 })
    expect((await listenerStatus()).running).toBe(false)

    await card.getByRole('button', { name: 'Start', exact: true }).click()
    const after = await waitFor(listenerStatus, (s) => s.running, 'listener running again')
    expect(after.url).toBe(before.url)
    await card.getByTestId('listener-stranded').waitFor({ state: 'detached', timeout: 15_000 })

    expect((await simControl(page, `/coupons/${code}/settle`, { result: 'win' })).ok).toBe(true)
    const entriesOf = () =>
      page.evaluate(async (c) => {
        const d = (globalThis as unknown as { desk: DeskShim }).desk
        return (await d.timeline.query({ couponCode: c, limit: 50 })).value.items
      }, code)
    const entries = await waitFor(entriesOf, (items) => items.some((e) => e.kind === 'settled'), 'settlement of the open coupon')
    const mine = entries.filter((e) => e.couponCode === code && e.kind === 'settled')
    expect(mine).toHaveLength(1)
    expect(mine[0]!.source).toBe('callback')

    // The simulator's own log: its delivery went to the listener's one address and was answered 200 on the first try.
    const log = (await (await fetch(`${await simBaseOf(page)}/__sim/callbacks/deliveries`)).json()) as { deliveries: Array<{ couponCodes: string[]; url: string; status: number | null; attempt: number }> }
    const ours = log.deliveries.filter((d) => d.couponCodes.includes(code))
    expect(ours.map((d) => ({ url: d.url, status: d.status, attempt: d.attempt }))).toEqual([{ url: before.url, status: 200, attempt: 1 }])
  })

  it('raised no uncaught page errors', () => {
    expect(desk.pageErrors).toEqual([])
  })
})
