import { afterEach, describe, expect, it } from 'vitest'
import type { DeskHandlers } from '../../../src-shared/contract.js'
import { createHarness, type Harness } from './helpers.js'

/** Issue 8: what settlements and the reconciler read in the background (Demo simulator over HTTP). */
let h: Harness | null = null
afterEach(async () => {
  await h?.close()
  h = null
})

async function simCall(base: string, path: string, body?: unknown): Promise<Record<string, unknown>> {
  const res = await fetch(`${base}/__sim${path}`, body === undefined ? {} : { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })
  expect(res.status).toBe(200)
  return (await res.json()) as Record<string, unknown>
}

async function pointers(api: DeskHandlers, count: number): Promise<string[]> {
  const out: string[] = []
  const menu = await api.feed.menu({ lineType: 'line' })
  for (const sport of menu) {
    const events = await api.feed.events({ lineType: 'line', sportId: sport.id, tournamentId: 0 })
    for (const match of events.flatMap((e) => e.matches)) {
      for (const o of (match.markets ?? []).flatMap((m) => m.columns.flat())) {
        if (!o.blocked && o.pointer && !out.includes(o.pointer)) out.push(o.pointer)
        if (out.length === count) return out
      }
    }
  }
  throw new Error('not enough bettable outcomes')
}

describe('desk background reads', () => {
  it('8 settlements are pushed from their callback snapshots: no coupon read at all', async () => {
    h = await createHarness({ balancePollMs: 600_000, reconcileMs: 600_000 })
    const api = h.core.handlers
    const base = (await api.app.info(undefined)).endpoints.coupons
    await api.session.login(undefined)
    await api.listener.start(undefined)
    const codes: string[] = []
    for (const pointer of await pointers(api, 8)) {
      const placed = await api.coupons.place({ pointers: [pointer], amount: 2, multi: false, mode: 'accept', confirmed: false })
      if (placed.outcome !== 'placed') throw new Error(`placement ${placed.outcome}`)
      codes.push(placed.coupons[0].couponCode)
    }
    // Every coupon read from now on answers 503 and uses up one of these: we count them.
    await simCall(base, '/faults', { reads: 'error-503', count: 1000 })
    for (const code of codes) await api.demo.settle({ code, result: 'lose' })
    for (const code of codes) {
      const pushed = await h.waitFor('coupon.settled', (e) => e.coupon.couponCode === code)
      expect(pushed.coupon).toMatchObject({ status: 4 })
    }
    await new Promise((r) => setTimeout(r, 1500))
    const faults = (await simCall(base, '/faults')) as { readErrors: number }
    expect(1000 - faults.readErrors).toBe(0)
    await simCall(base, '/faults', { clear: true })
  })

  it('after an explicit sign-out, a reconciler pass still running never signs in again', async () => {
    h = await createHarness({ balancePollMs: 600_000, reconcileMs: 5 })
    const api = h.core.handlers
    await api.session.login(undefined)
    const [pointer] = await pointers(api, 1)
    const placed = await api.coupons.place({ pointers: [pointer], amount: 2, multi: false, mode: 'accept', confirmed: false })
    if (placed.outcome !== 'placed') throw new Error(`placement ${placed.outcome}`)
    for (let round = 0; round < 6; round++) {
      await new Promise((r) => setTimeout(r, 40 + round * 7))
      await api.session.logout(undefined)
      const mark = h.events.length
      await new Promise((r) => setTimeout(r, 250))
      const after = h.events.slice(mark).filter((e) => e.type === 'session.changed').map((e) => (e.type === 'session.changed' ? e.status.state : ''))
      expect(after, `round ${round}`).not.toContain('signed-in')
      expect((await api.session.status(undefined)).state).toBe('signed-out')
      await api.session.login(undefined)
    }
  })
})
