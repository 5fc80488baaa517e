import { openTimelineStore } from '../../../src-main/core/timeline/index.js'
import { existsSync } from 'node:fs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { DeskHandlers, InputOf } from '../../../src-shared/contract.js'
import { timelineFile } from '../../../src-main/core/desk/index.js'
import { startSimulator, type RunningSimulator } from '../../../src-main/core/simulator/server.js'
import { createHarness, errorOf, type Harness } from './helpers.js'

/** Profiles, secrets and a custom (non-demo) environment pointing at a separately started simulator. */
const PASSWORD = 'Pw-Top-Secret-4242'
const CALLBACK_SECRET = 'Cb-Secret-Phrase-7777'

let sim: RunningSimulator
let h: Harness
let api: DeskHandlers
let customId = ''

beforeAll(async () => {
  sim = await startSimulator({ port: 0, clockTickMs: 0, seed: 1 })
  h = await createHarness()
  api = h.core.handlers
})
afterAll(async () => {
  await h?.close()
  await sim?.close()
})

const customInput = (): InputOf<'profiles', 'save'> => ({
  name: 'Staging',
  environment: 'custom',
  couponBaseUrl: sim.couponBaseUrl,
  feedApiUrl: sim.feedApiUrl,
  cdnUrl: sim.cdnUrl,
  username: 'demo2',
  language: 'en',
  legacyMode: false,
  timeZone: 'utc',
  listener: { enabled: false, host: '127.0.0.1', port: 0, path: '/callbacks' },
})

async function simPost(path: string, body: unknown): Promise<void> {
  const res = await fetch(`${sim.couponBaseUrl}/__sim${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })
  expect(res.status).toBe(200)
}

async function firstPointer(): Promise<string> {
  const menu = await api.feed.menu({ lineType: 'line' })
  for (const sport of menu) {
    for (const t of sport.countries.flatMap((c) => c.tournaments)) {
      const events = await api.feed.events({ lineType: 'line', sportId: sport.id, tournamentId: t.id })
      const outcome = events
        .flatMap((e) => e.matches)
        .flatMap((m) => m.markets ?? [])
        .flatMap((m) => m.columns.flat())
        .find((o) => !o.blocked && o.pointer)
      if (outcome) return outcome.pointer
    }
  }
  throw new Error('no bettable outcome')
}

describe('desk core: profiles, secrets and a custom environment', () => {
  it('lists the Demo profile as the active default and saves a custom profile', async () => {
    const list = await h.call(() => api.profiles.list(undefined))
    expect(list.activeId).toBe('demo')
    expect(list.profiles.map((p) => p.id)).toEqual(['demo'])
    const saved = await h.call(() => api.profiles.save(customInput()))
    customId = saved.id
    expect(saved).toMatchObject({ name: 'Staging', environment: 'custom', username: 'demo2', secrets: { password: false, feedApiKey: false, callbackSecret: false } })
    expect((await h.call(() => api.profiles.list(undefined))).profiles).toHaveLength(2)
  })

  it('a custom profile without a feed key turns its feed subscriptions stale with the error', async () => {
    await h.call(() => api.profiles.select({ id: customId }))
    const { subscriptionId } = await h.call(() => h.subscribe({ name: 'feed.menu', lineType: 'line' }))
    const stale = await h.waitFor('watch.state', (e) => e.subscriptionId === subscriptionId && !e.live)
    expect(stale.error?.code).toBe('missing_secret')
    expect((await errorOf(api.feed.menu({ lineType: 'live' }))).code).toBe('missing_secret')
    expect(await api.watch.unsubscribe({ subscriptionId })).toEqual({ removed: true })
    await h.call(() => api.profiles.select({ id: 'demo' }))
  })

  it('stores secrets: status shows them set, values never come back', async () => {
    await h.call(() => api.profiles.setSecret({ id: customId, kind: 'password', value: PASSWORD }))
    await h.call(() => api.profiles.setSecret({ id: customId, kind: 'callbackSecret', value: CALLBACK_SECRET }))
    const dto = await h.call(() => api.profiles.setSecret({ id: customId, kind: 'feedApiKey', value: 'demo-key' }))
    expect(dto.secrets).toEqual({ password: true, feedApiKey: true, callbackSecret: true })
    const cleared = await h.call(() => api.profiles.clearSecret({ id: customId, kind: 'callbackSecret' }))
    expect(cleared.secrets.callbackSecret).toBe(false)
    await h.call(() => api.profiles.setSecret({ id: customId, kind: 'callbackSecret', value: CALLBACK_SECRET }))
  })

  it('switching profile keeps the subscriptions (new snapshot under the new epoch) and announces the new profile', async () => {
    const { subscriptionId, epoch } = await h.call(() => h.subscribe({ name: 'feed.menu', lineType: 'line' }))
    await h.waitFor('watch.snapshot', (e) => e.subscriptionId === subscriptionId)
    const before = h.events.length
    const selected = await h.call(() => api.profiles.select({ id: customId }))
    expect(selected.id).toBe(customId)
    const after = h.events.slice(before)
    expect(after).toContainEqual({ type: 'profile.changed', profileId: customId, epoch: epoch + 1 })
    expect(after.some((e) => e.type === 'session.changed' && e.status.state === 'signed-out' && e.epoch === epoch + 1)).toBe(true)
    const again = await h.waitFor('watch.snapshot', (e) => e.subscriptionId === subscriptionId && e.epoch === epoch + 1)
    expect(again.topic).toBe('feed.menu')
    expect(await api.watch.unsubscribe({ subscriptionId })).toEqual({ removed: true })

    const info = await h.call(() => api.app.info(undefined))
    expect(info).toMatchObject({ profileId: customId, environment: 'custom', endpoints: { coupons: sim.couponBaseUrl, feed: sim.feedApiUrl, cdn: sim.cdnUrl } })
  })

  it('requires confirmation for a real placement and reports bad credentials in the session', async () => {
    const pointer = await firstPointer()
    const place = (confirmed: boolean) => api.coupons.place({ pointers: [pointer], amount: 2, multi: false, mode: 'accept', confirmed })
    expect((await errorOf(place(false))).code).toBe('not_confirmed')

    const rejected = await h.call(() => place(true))
    expect(rejected).toMatchObject({ outcome: 'rejected', code: 'auth_failed' })
    const status = await h.call(() => api.session.status(undefined))
    expect(status).toMatchObject({ state: 'failed', accountState: 'bad-credentials', tokenTail: null })

    expect((await errorOf(api.demo.settle({ code: '000000000001', result: 'win' }))).code).toBe('not_demo')
    expect((await errorOf(api.demo.advanceClock({ ms: 1000 }))).code).toBe('not_demo')
  })

  it('places for real with the right password and keeps one timeline DB per profile', async () => {
    await h.call(() => api.profiles.setSecret({ id: customId, kind: 'password', value: 'demo' }))
    const status = await h.call(() => api.session.login(undefined))
    expect(status).toMatchObject({ state: 'signed-in', username: 'demo2', accountState: 'active' })
    const pointer = await firstPointer()
    const placed = await h.call(() => api.coupons.place({ pointers: [pointer], amount: 2, multi: false, mode: 'accept', confirmed: true }))
    expect(placed.outcome).toBe('placed')
    if (placed.outcome !== 'placed') return
    const history = await h.call(() => api.timeline.couponHistory({ code: placed.coupons[0].couponCode }))
    expect(history.map((e) => e.kind)).toEqual(['coupon_placed'])
    expect(existsSync(timelineFile(h.dataDir, customId))).toBe(true)
    // Demo has its own database (its listener runs from the start); the custom coupon is not in it.
    const demoFile = timelineFile(h.dataDir, 'demo')
    if (existsSync(demoFile)) {
      const demoStore = openTimelineStore(demoFile)
      try {
        expect(demoStore.query({ couponCode: placed.coupons[0].couponCode }).items).toEqual([])
      } finally {
        demoStore.close()
      }
    }
  })

  it('speaks the legacy routes when the profile says so (edit rebuilds the environment)', async () => {
    const before = h.events.length
    const saved = await h.call(() => api.profiles.save({ ...customInput(), id: customId, legacyMode: true }))
    expect(saved.legacyMode).toBe(true)
    expect(h.events.slice(before).some((e) => e.type === 'session.changed' && e.status.state === 'signed-out')).toBe(true)
    expect(h.events.slice(before)).toContainEqual(expect.objectContaining({ type: 'profile.changed', profileId: customId }))
    const pointer = await firstPointer()
    const placed = await h.call(() => api.coupons.place({ pointers: [pointer], amount: 2, multi: false, mode: 'accept', confirmed: true }))
    if (placed.outcome !== 'placed') throw new Error(`placement ${placed.outcome}`)
    const legacy = await h.call(() => api.coupons.get({ code: placed.coupons[0].couponCode }))
    expect(legacy).toMatchObject({ couponCode: placed.coupons[0].couponCode, amount: 2 })
    expect(typeof legacy.bets[0].id).toBe('string')
    await h.call(() => api.profiles.save({ ...customInput(), id: customId, legacyMode: false }))
  })

  it('maps a disabled account (1004) to accountState disabled', async () => {
    await simPost('/accounts/demo2/state', { state: 'disabled' })
    await h.call(() => api.session.logout(undefined))
    const failure = await errorOf(api.session.login(undefined))
    expect(failure.code).toBe('account_disabled')
    expect(await h.call(() => api.session.status(undefined))).toMatchObject({ state: 'failed', accountState: 'disabled' })
    await simPost('/accounts/demo2/state', { state: 'active' })
  })

  it('starts the listener with the profile when its settings say enabled, with the vault secret', async () => {
    await h.call(() => api.profiles.save({ ...customInput(), id: customId, listener: { enabled: true, host: '127.0.0.1', port: 0, path: '/hook' } }))
    const status = await h.call(() => api.listener.status(undefined))
    expect(status).toMatchObject({ running: true, reason: null })
    expect(status.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/hook$/)
    // A delivery signed with another secret is refused by the profile's listener.
    const res = await fetch(status.url!, { method: 'POST', headers: { 'content-type': 'application/json', 'x-coupon-signature': `sha256=${'0'.repeat(64)}` }, body: '{}' })
    expect(res.status).toBe(401)
    await h.waitFor('connection.changed', (e) => e.service === 'listener' && e.state === 'online')
  })

  it('removing the active profile falls back to Demo', async () => {
    const result = await h.call(() => api.profiles.remove({ id: customId }))
    expect(result).toEqual({ activeId: 'demo' })
    expect(h.events).toContainEqual(expect.objectContaining({ type: 'profile.changed', profileId: 'demo' }))
    expect((await h.call(() => api.app.info(undefined))).environment).toBe('demo')
    expect(h.events.some((e) => e.type === 'connection.changed' && e.service === 'listener' && e.state !== 'online')).toBe(true)
    // What runs now is Demo's own listener (on by default), not the removed profile's.
    const demoListener = await api.listener.status(undefined)
    expect(demoListener.running).toBe(true)
    expect(demoListener.url).toMatch(/\/callbacks$/)
  })

  it('never returned or pushed a secret value', () => {
    expect(h.outputs.length).toBeGreaterThan(10)
    const everything = JSON.stringify(h.outputs) + JSON.stringify(h.events)
    expect(everything).not.toContain(PASSWORD)
    expect(everything).not.toContain(CALLBACK_SECRET)
    expect(everything).not.toMatch(/eyJ[A-Za-z0-9_-]{4,}\./) // no JWT either
  })
})
