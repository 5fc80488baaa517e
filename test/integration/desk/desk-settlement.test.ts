import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { DeskHandlers } from '../../../src-shared/contract.js'
import { createHarness, type Harness } from './helpers.js'

/** Demo: callbacks into the listener → timeline, unknown placements, outages and the balance poller. */
let h: Harness
let api: DeskHandlers
let simBase = ''

beforeAll(async () => {
  h = await createHarness({ balancePollMs: 100 })
  api = h.core.handlers
  simBase = (await api.app.info(undefined)).endpoints.coupons
  await api.session.login(undefined)
})
afterAll(async () => {
  await h?.close()
})

async function sim(path: string, body: unknown): Promise<void> {
  const res = await fetch(`${simBase}/__sim${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })
  expect(res.status).toBe(200)
}

/** Distinct bettable pointers from the prematch line. */
async function pointers(count: number): Promise<string[]> {
  const out: string[] = []
  const menu = await api.feed.menu({ lineType: 'line' })
  for (const sport of menu) {
    const events = await api.feed.events({ lineType: 'line', sportId: sport.id, tournamentId: 0 })
    for (const match of events.flatMap((e) => e.matches)) {
      const o = (match.markets ?? []).flatMap((m) => m.columns.flat()).find((x) => !x.blocked && x.pointer)
      if (o) out.push(o.pointer)
      if (out.length === count) return out
    }
  }
  throw new Error('not enough bettable outcomes')
}

describe('desk core settlement flow (Demo)', () => {
  it('a settlement callback reaches the listener, lands in the timeline and is pushed', async () => {
    const started = await api.listener.start(undefined)
    expect(started.running).toBe(true)
    const timeline = await h.subscribe({ name: 'timeline' })
    const active = await h.subscribe({ name: 'coupons.active' })
    const [pointer] = await pointers(1)
    const placed = await api.coupons.place({ pointers: [pointer], amount: 4, multi: false, mode: 'accept', confirmed: false })
    if (placed.outcome !== 'placed') throw new Error(`placement ${placed.outcome}`)
    const code = placed.coupons[0].couponCode

    await api.demo.settle({ code, result: 'lose' })
    const entry = await h.waitFor('watch.delta', (e) => e.subscriptionId === timeline.subscriptionId && e.topic === 'timeline' && e.delta.entries.some((x) => x.couponCode === code && x.kind === 'settled'))
    expect(entry.topic === 'timeline' && entry.delta.entries[0]).toMatchObject({ source: 'callback', status: 4, amountDelta: 0 })
    const pushed = await h.waitFor('coupon.settled', (e) => e.coupon.couponCode === code)
    expect(pushed.coupon).toMatchObject({ status: 4 })
    // The settled coupon leaves the active list at once (no wait for the next poll).
    const left = await h.waitFor('watch.delta', (e) => e.subscriptionId === active.subscriptionId && e.topic === 'coupons.active' && e.delta.remove.includes(code))
    expect(left.seq).toBeGreaterThan(active.seq)
    await api.watch.unsubscribe({ subscriptionId: timeline.subscriptionId })
    await api.watch.unsubscribe({ subscriptionId: active.subscriptionId })

    const history = await api.timeline.couponHistory({ code })
    expect(history.map((e) => e.kind)).toEqual(['coupon_placed', 'settled'])
    const deliveries = await api.timeline.deliveries({})
    expect(deliveries.items.some((d) => d.verdict === 'valid' && d.answer === 200)).toBe(true)
    const settledOnly = await api.timeline.query({ kind: 'settled' })
    expect(settledOnly.items.map((e) => e.couponCode)).toContain(code)
    const newestFirst = await api.timeline.query({ limit: 1 })
    expect(newestFirst.items[0]).toMatchObject({ couponCode: code, kind: 'settled' })
    expect(newestFirst.nextCursor).not.toBeNull()
    const older = await api.timeline.query({ limit: 1, cursor: newestFirst.nextCursor! })
    expect(older.items[0]).toMatchObject({ couponCode: code, kind: 'coupon_placed' })
    await api.listener.stop(undefined)
  })

  it('an indeterminate placement is kept by attempt id and resolved without placing again', async () => {
    const [pointer] = await pointers(1)
    await sim('/faults', { placement: 'drop-after-commit' })
    const result = await api.coupons.place({ pointers: [pointer], amount: 1, multi: false, mode: 'accept', confirmed: false })
    await sim('/faults', { clear: true })
    expect(result.outcome).toBe('unknown')
    if (result.outcome !== 'unknown') return
    const resolved = await api.coupons.resolvePlacement({ attemptId: result.attemptId })
    expect(resolved, JSON.stringify(resolved)).toMatchObject({ outcome: 'placed' })
    if (resolved.outcome !== 'placed') return
    expect(resolved.coupons).toHaveLength(1)
    const history = await api.timeline.couponHistory({ code: resolved.coupons[0].couponCode })
    expect(history.map((e) => e.kind)).toEqual(['coupon_placed'])
    await expect(api.coupons.resolvePlacement({ attemptId: result.attemptId })).rejects.toMatchObject({ code: 'unknown_attempt' })
  })

  it('reports the coupon service offline on repeated 5xx and online again when it answers', async () => {
    await sim('/faults', { reads: 'error-503', count: 10 })
    // HTTP 503, or with the simulator's variations HTTP 200 code 0 error 10000: either is a retryable outage.
    await expect(api.coupons.active(undefined)).rejects.toMatchObject({ retry: 'safe' })
    await h.waitFor('connection.changed', (e) => e.service === 'coupons' && e.state === 'offline')
    // A window opening now learns the state from app.info, not only from the event it missed.
    expect((await api.app.info(undefined)).connections.coupons).toMatchObject({ state: 'offline', reason: { code: expect.any(String), detail: expect.any(String) } })
    await sim('/faults', { clear: true })
    await sim('/faults', { reads: null })
    await api.coupons.active(undefined)
    const events = h.events.filter((e) => e.type === 'connection.changed' && e.service === 'coupons')
    expect(events.at(-1)).toMatchObject({ state: 'online' })
    expect((await api.app.info(undefined)).connections.coupons.state).toBe('online')
  })

  it('the balance poller pushes a change made outside the desk, once per value', async () => {
    const sub = await h.subscribe({ name: 'balance' })
    await api.balance.get(undefined)
    await sim('/accounts/demo/balance', { balance: 4321.5 })
    const isIt = (e: (typeof h.events)[number]) => e.type === 'watch.delta' && e.subscriptionId === sub.subscriptionId && e.topic === 'balance' && e.delta.balance === 4321.5
    const pushed = await h.waitFor('watch.delta', isIt, 3000)
    expect(pushed.topic === 'balance' && pushed.delta.at).toBeGreaterThan(0)
    await new Promise((r) => setTimeout(r, 350)) // a few more poll periods
    expect(h.events.filter(isIt)).toHaveLength(1)
    await api.watch.unsubscribe({ subscriptionId: sub.subscriptionId })
  })
})
