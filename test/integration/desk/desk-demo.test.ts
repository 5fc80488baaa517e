import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { DeskHandlers, MatchDto, OutcomeDto } from '../../../src-shared/contract.js'
import { createHarness, errorOf, type Harness } from './helpers.js'

/** The Demo profile end to end: the core starts the embedded simulator itself and talks real HTTP to it. */
let h: Harness
let api: DeskHandlers
beforeAll(async () => {
  h = await createHarness({ balancePollMs: 200 })
  api = h.core.handlers
})
afterAll(async () => {
  await h?.close()
})

/** First prematch match with an open, bettable outcome (through the feed handlers). */
async function bettable(skip = 0): Promise<{ match: MatchDto; outcome: OutcomeDto }> {
  const menu = await h.call(() => api.feed.menu({ lineType: 'line' }))
  let seen = 0
  for (const sport of menu) {
    for (const country of sport.countries) {
      for (const t of country.tournaments) {
        const events = await h.call(() => api.feed.events({ lineType: 'line', sportId: sport.id, tournamentId: t.id, odds: true }))
        for (const match of events.flatMap((e) => e.matches)) {
          const outcome = (match.markets ?? []).flatMap((m) => m.columns.flat()).find((o) => !o.blocked && o.pointer !== '')
          if (outcome && seen++ >= skip) return { match, outcome }
        }
      }
    }
  }
  throw new Error('no bettable outcome in the demo line')
}

describe('desk core on the Demo profile', () => {
  it('answers app.info with the embedded simulator endpoints', async () => {
    const info = await h.call(() => api.app.info(undefined))
    expect(info).toMatchObject({ version: '9.9.9-test', bridge: 'web', profileId: 'demo', profileName: 'Demo', environment: 'demo' })
    expect(info.endpoints.coupons).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/)
    expect(info.endpoints.feed).toBe(`${info.endpoints.coupons}/feed`)
    expect(info.endpoints.cdn).toBe(`${info.endpoints.coupons}/cdn`)
  })

  it('signs in and out; after an explicit sign-out coupon calls refuse until the next sign-in', async () => {
    expect((await h.call(() => api.session.status(undefined))).state).toBe('signed-out')
    const status = await h.call(() => api.session.login(undefined))
    expect(status).toMatchObject({ state: 'signed-in', username: 'demo', accountState: 'active', reason: null })
    expect(status.tokenTail).toMatch(/^[A-Za-z0-9_-]{1,4}$/)
    expect(status.expiresAt).toBeGreaterThan(Date.now())
    expect(h.events.some((e) => e.type === 'session.changed' && e.status.state === 'signed-in')).toBe(true)

    const out = await h.call(() => api.session.logout(undefined))
    expect(out).toMatchObject({ state: 'signed-out', tokenTail: null })
    expect((await errorOf(api.balance.get(undefined))).code).toBe('signed_out')
    expect((await h.call(() => api.session.login(undefined))).state).toBe('signed-in')
  })

  it('reads the balance and pushes it to balance subscribers', async () => {
    const sub = await h.call(() => h.subscribe({ name: 'balance' }))
    const balance = await h.call(() => api.balance.get(undefined))
    expect(balance.balance).toBeGreaterThan(0)
    const pushed = await h.waitFor('watch.snapshot', (e) => e.subscriptionId === sub.subscriptionId)
    expect(pushed.topic === 'balance' && pushed.snapshot?.balance).toBe(balance.balance)
    await api.watch.unsubscribe({ subscriptionId: sub.subscriptionId })
    expect(h.events.some((e) => e.type === 'connection.changed' && e.service === 'coupons' && e.state === 'online')).toBe(true)
  })

  it('maps the feed: menu with icons, events with pointers, event with full markets', async () => {
    const menu = await h.call(() => api.feed.menu({ lineType: 'line' }))
    expect(menu.length).toBeGreaterThan(0)
    const info = await api.app.info(undefined)
    expect(menu[0].iconUrl).toBe(`${info.endpoints.cdn}/sports/v1/color/${menu[0].id}.webp`)
    expect(menu[0].countries[0].tournaments[0].iconUrl).toMatch(/\/tournaments\/v1\/color\/\d+\.webp$/)

    const { match, outcome } = await bettable()
    expect(match.lineType).toBe('line')
    expect(match.key).toBe(`line:${match.gameId}`)
    expect(outcome.pointer).toMatch(new RegExp(`^line#${match.gameId}#\\d+#\\d+#-?\\d+#${outcome.rate}(#\\d+)?$`))

    const event = await h.call(() => api.feed.event({ lineType: 'line', gameId: match.gameId }))
    expect(event.kind).toBe('match')
    if (event.kind !== 'match') return
    expect(event.match.gameId).toBe(match.gameId)
    expect((event.match.markets ?? []).length).toBeGreaterThanOrEqual((match.markets ?? []).length)

    const gone = await h.call(() => api.feed.event({ lineType: 'line', gameId: 999_999_999 }))
    expect(gone.kind).toBe('gone')
  })

  it('places a coupon, reads it back (get, active) and records it in the timeline', async () => {
    const balanceSub = await h.subscribe({ name: 'balance' })
    const timelineSub = await h.subscribe({ name: 'timeline' })
    const before = (await api.balance.get(undefined)).balance
    const { outcome } = await bettable()
    const placed = await h.call(() => api.coupons.place({ pointers: [outcome.pointer], amount: 5, multi: false, mode: 'reject', confirmed: false }))
    expect(placed.outcome).toBe('placed')
    if (placed.outcome !== 'placed') return
    const coupon = placed.coupons[0]
    expect(coupon).toMatchObject({ amount: 5, status: 0, calculateDate: null })
    expect(coupon.couponCode).toMatch(/^\d+$/)
    expect(coupon.bets[0].pointer).toBe(outcome.pointer)

    const got = await h.call(() => api.coupons.get({ code: coupon.couponCode }))
    expect(got.couponCode).toBe(coupon.couponCode)
    const active = await h.call(() => api.coupons.active(undefined))
    expect(active.map((c) => c.couponCode)).toContain(coupon.couponCode)

    // The placement asks for one balance read soon: the new balance is pushed without a renderer poll.
    const pushed = await h.waitFor('watch.delta', (e) => e.subscriptionId === balanceSub.subscriptionId && e.topic === 'balance' && e.delta.balance === before - 5)
    expect(pushed.topic === 'balance' && pushed.delta.balance).toBe(before - 5)

    const page = await h.call(() => api.timeline.query({ couponCode: coupon.couponCode }))
    expect(page.items).toHaveLength(1)
    expect(page.items[0]).toMatchObject({ kind: 'coupon_placed', couponCode: coupon.couponCode, source: 'placement', amountDelta: -5 })
    const entry = await h.waitFor('watch.delta', (e) => e.subscriptionId === timelineSub.subscriptionId && e.topic === 'timeline' && e.delta.entries.some((x) => x.couponCode === coupon.couponCode))
    expect(entry.topic === 'timeline' && entry.delta.entries[0].kind).toBe('coupon_placed')
    await api.watch.unsubscribe({ subscriptionId: balanceSub.subscriptionId })
    await api.watch.unsubscribe({ subscriptionId: timelineSub.subscriptionId })

    const missing = await errorOf(api.coupons.get({ code: '000000000000' }))
    expect(missing.code).toBe('coupon_not_found')
  })

  it('returns a rejected placement with its change records (odds changed, mode reject)', async () => {
    const { outcome } = await bettable(1)
    const parts = outcome.pointer.split('#')
    parts[5] = String(Math.round((Number(parts[5]) + 0.37) * 100) / 100)
    const result = await h.call(() => api.coupons.place({ pointers: [parts.join('#')], amount: 5, multi: false, mode: 'reject', confirmed: false }))
    expect(result.outcome).toBe('rejected')
    if (result.outcome !== 'rejected') return
    expect(result.errorCode).toBe(501)
    expect(result.changes[0]).toMatchObject({ status: 'rejected', actualCoefficient: outcome.rate })
    expect(result.changes[0].changeType === 1 || result.changes[0].changeType === 2).toBe(true)
  })

  it('settles a coupon through demo.settle; get shows it won and the timeline records it', async () => {
    const { outcome } = await bettable(2)
    const placed = await api.coupons.place({ pointers: [outcome.pointer], amount: 3, multi: false, mode: 'accept', confirmed: false })
    if (placed.outcome !== 'placed') throw new Error(`placement ${placed.outcome}`)
    const code = placed.coupons[0].couponCode
    expect(await h.call(() => api.demo.settle({ code, result: 'win' }))).toMatchObject({ ok: true, code, coupon: { couponCode: code, status: 2 } })
    const settled = await h.call(() => api.coupons.get({ code }))
    expect(settled).toMatchObject({ status: 2 })
    expect(settled.realWin).toBeGreaterThan(3)
    expect(settled.calculateDate).not.toBeNull()

    const calculated = await h.call(() => api.coupons.calculated({ minutes: 5 }))
    expect(calculated.map((c) => c.couponCode)).toContain(code)
    const byIds = await h.call(() => api.coupons.resultsByIds({ codes: [code, '000000000009'] }))
    expect(byIds.map((c) => c.couponCode)).toEqual([code])
    const now = Date.now()
    const byPeriod = await h.call(() => api.coupons.resultsByPeriod({ from: now - 3_600_000, to: now + 60_000 }))
    expect(byPeriod.map((c) => c.couponCode)).toContain(code)
    expect((await errorOf(api.coupons.resultsByPeriod({ from: now, to: now }))).code).toBe('validation')

    const unknown = await errorOf(api.demo.settle({ code: '000000000001', result: 'win' }))
    expect(unknown.code).toBe('not_found')
    const advanced = await h.call(() => api.demo.advanceClock({ ms: 1000 }))
    expect(advanced.now).toBeGreaterThan(now)
  })

  it('subscribes to the menu: a snapshot arrives with the subscription id, unsubscribe ends it', async () => {
    const { subscriptionId } = await h.call(() => h.subscribe({ name: 'feed.menu', lineType: 'live' }))
    const update = await h.waitFor('watch.snapshot', (e) => e.subscriptionId === subscriptionId)
    expect(update.topic === 'feed.menu' && Array.isArray(update.snapshot)).toBe(true)
    expect(await h.call(() => api.watch.unsubscribe({ subscriptionId }))).toEqual({ removed: true })
    expect(await api.watch.unsubscribe({ subscriptionId })).toEqual({ removed: false })
  })

  it('runs the callback listener of the profile (on by default in Demo), stops and restarts it', async () => {
    const status = await h.call(() => api.listener.status(undefined))
    expect(status.running).toBe(true)
    await h.call(() => api.listener.stop(undefined))
    const started = await h.call(() => api.listener.start(undefined))
    expect(started.running).toBe(true)
    expect(started.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/callbacks$/)
    const stopped = await h.call(() => api.listener.stop(undefined))
    expect(stopped).toMatchObject({ running: false, url: null })
  })
})
