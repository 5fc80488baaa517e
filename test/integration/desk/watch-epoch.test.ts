import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { DeskEvent, WatchSubscribed, WatchTopic } from '../../../src-shared/contract.js'
import { createDispatcher, type Dispatch } from '../../../src-main/core/shared/dispatch.js'
import { startProxiedDesk, type ProxiedDesk } from './proxied-desk.js'

/**
 * The profile epoch: results carry the epoch of the profile active when the call started, events
 * the epoch of the environment that emitted them. A balance read and an active-coupons read in
 * flight during a profile switch come back tagged with the old epoch (the console drops them), and
 * every subscription is served again from the new profile under the new epoch.
 */
let desk: ProxiedDesk
let dispatch: Dispatch

beforeAll(async () => {
  desk = await startProxiedDesk({ seed: 3, profileName: 'Held' })
  dispatch = createDispatcher(desk.h.core.handlers, { epoch: desk.h.core.epoch })
})
afterAll(() => desk?.close())

const topics: WatchTopic[] = [{ name: 'feed.menu', lineType: 'line' }, { name: 'coupons.active' }, { name: 'balance' }, { name: 'timeline' }, { name: 'listener' }]

describe('profile epoch', () => {
  it('app.info, results and events carry the epoch; a switch issues the next one', async () => {
    const info = await dispatch('desk:app:info', undefined)
    expect(info).toMatchObject({ ok: true, epoch: 1, value: { epoch: 1 } })
    const refused = await dispatch('desk:coupons:get', { code: '' })
    expect(refused).toMatchObject({ ok: false, code: 'bad_input', epoch: 1 })
    await dispatch('desk:profiles:select', { id: desk.profileId })
    expect(desk.h.core.epoch()).toBe(2)
    expect(desk.h.events.find((e) => e.type === 'profile.changed')).toMatchObject({ profileId: desk.profileId, epoch: 2 })
    expect(desk.h.events.every((e) => typeof e.epoch === 'number')).toBe(true)
  })

  it('a balance read and an active-coupons read in flight during a switch come back with the old epoch; subscriptions follow the new profile', async () => {
    expect((await dispatch('desk:session:login', undefined)).ok).toBe(true)
    const subs: WatchSubscribed[] = []
    for (const [i, topic] of topics.entries()) {
      const answer = await dispatch('desk:watch:subscribe', { subscriptionId: `epoch-sub-${i}`, topic })
      if (!answer.ok) throw new Error(answer.message)
      subs.push(answer.value as WatchSubscribed)
    }
    const old = desk.h.core.epoch()
    expect(subs.every((s) => s.epoch === old)).toBe(true)
    for (const s of subs.slice(0, 3)) await desk.h.waitFor('watch.snapshot', (e) => e.subscriptionId === s.subscriptionId)

    desk.proxy.hold((path) => path.endsWith('/balance') || path.endsWith('/coupons/active'))
    const balance = dispatch('desk:balance:get', undefined)
    const active = dispatch('desk:coupons:active', undefined)
    await expect.poll(() => desk.proxy.held()).toBe(2)
    const mark = desk.h.events.length
    const switched = await dispatch('desk:profiles:select', { id: 'demo' })
    expect(switched).toMatchObject({ ok: true, epoch: old })
    expect(desk.h.core.epoch()).toBe(old + 1)
    desk.proxy.release()

    // The answers were computed for the profile active when they were asked: tagged with its epoch.
    const [late1, late2] = [await balance, await active]
    expect(late1.epoch).toBe(old)
    expect(late2.epoch).toBe(old)
    expect((await dispatch('desk:app:info', undefined)).epoch).toBe(old + 1)

    // Every subscription is served again under the new epoch: snapshots where the new profile has
    // data without signing in, the stale state (signed out) for coupons and balance until it signs in.
    const since = () => desk.h.events.slice(mark) as Array<DeskEvent & { subscriptionId?: string }>
    for (const s of [subs[0], subs[3], subs[4]]) await desk.h.waitFor('watch.snapshot', (e) => e.subscriptionId === s.subscriptionId && e.epoch === old + 1)
    for (const s of [subs[1], subs[2]]) {
      const state = since().find((e) => e.type === 'watch.state' && e.subscriptionId === s.subscriptionId && e.epoch === old + 1)
      expect(state).toMatchObject({ live: false, error: { code: 'signed_out' } })
    }
    expect((await dispatch('desk:session:login', undefined)).ok).toBe(true)
    for (const s of [subs[1], subs[2]]) await desk.h.waitFor('watch.snapshot', (e) => e.subscriptionId === s.subscriptionId && e.epoch === old + 1)
    // Nothing the old profile computes after the switch is pushed to the subscriptions.
    expect(since().filter((e) => e.type.startsWith('watch.') && e.epoch === old)).toEqual([])
    // seq keeps growing across the switch: nothing new looks older than the snapshot a window holds.
    const menuSeqs = desk.h.events.filter((e) => e.type.startsWith('watch.') && (e as { subscriptionId?: string }).subscriptionId === subs[0].subscriptionId).map((e) => (e as { seq: number }).seq)
    expect(menuSeqs).toEqual([...menuSeqs].sort((x, y) => x - y))
    expect(menuSeqs[0]).toBeGreaterThanOrEqual(subs[0].seq)
    for (const s of subs) await dispatch('desk:watch:unsubscribe', { subscriptionId: s.subscriptionId })
  })

  it('a coupon placed and a timeline entry written before a window subscribes are in its snapshot', async () => {
    const menu = await desk.h.core.handlers.feed.menu({ lineType: 'line' })
    let pointer = ''
    for (const sport of menu) {
      const events = await desk.h.core.handlers.feed.events({ lineType: 'line', sportId: sport.id, tournamentId: 0 })
      pointer = events.flatMap((e) => e.matches).flatMap((m) => m.markets ?? []).flatMap((m) => m.columns.flat()).find((o) => !o.blocked && o.pointer)?.pointer ?? ''
      if (pointer) break
    }
    const placed = await desk.h.core.handlers.coupons.place({ pointers: [pointer], amount: 3, multi: false, mode: 'accept', confirmed: false })
    if (placed.outcome !== 'placed') throw new Error(`placement ${placed.outcome}`)
    const code = placed.coupons[0].couponCode

    const timeline = await desk.h.subscribe({ name: 'timeline', limit: 20 })
    expect(timeline.topic === 'timeline' && (timeline.snapshot as Array<{ couponCode: string | null; kind: string }>).some((e) => e.couponCode === code && e.kind === 'coupon_placed')).toBe(true)

    const active = await desk.h.subscribe({ name: 'coupons.active' })
    const first = active.snapshot ?? (await desk.h.waitFor('watch.snapshot', (e) => e.subscriptionId === active.subscriptionId)).snapshot
    expect((first as Array<{ couponCode: string }>).map((c) => c.couponCode)).toContain(code)
    // A second window on the same topic gets the held list at once, with its sequence number.
    const second = await desk.h.subscribe({ name: 'coupons.active' })
    expect((second.snapshot as Array<{ couponCode: string }>).map((c) => c.couponCode)).toContain(code)
    expect(second.seq).toBeGreaterThan(active.seq)

    // A new placement joins the list at once, as a delta (the next poll is 15 s away).
    const again = await desk.h.core.handlers.coupons.place({ pointers: [pointer], amount: 2, multi: false, mode: 'accept', confirmed: false })
    if (again.outcome !== 'placed') throw new Error(`placement ${again.outcome}`)
    const added = await desk.h.waitFor('watch.delta', (e) => e.subscriptionId === second.subscriptionId && e.topic === 'coupons.active' && e.delta.upsert.some((c) => c.couponCode === again.coupons[0].couponCode), 2000)
    expect(added.seq).toBeGreaterThan(second.seq)
  })
})
