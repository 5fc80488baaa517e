/** api/watch.ts on its own: ids, ordering across epochs, a subscribe refused mid switch, useWatch's lifetime. */
import { describe, expect, it } from 'vitest'
import { flushPromises } from '@vue/test-utils'
import { effectScope, nextTick, ref } from 'vue'
import { call } from '@renderer/api/desk.js'
import { subscribe } from '@renderer/api/watch.js'
import { useWatch } from '@renderer/composables/useWatch.js'
import type { WatchTopic } from '../../src-shared/contract.js'
import { fail, installFakeDesk } from './fake-desk.js'

describe('a watch subscription', () => {
  it('picks an id main accepts, keeps the newest (epoch, seq) and drops a delta older than its snapshot', async () => {
    const fake = installFakeDesk()
    fake.topic('balance', { balance: 1, at: 1 })
    await call('app', 'info')
    const sub = subscribe({ name: 'balance' })
    expect(sub.id).toMatch(/^[A-Za-z0-9_-]{8,64}$/)
    await flushPromises()
    expect(sub.data.value).toEqual({ balance: 1, at: 1 })
    expect(sub.status).toMatchObject({ epoch: 1, seq: 1, live: true })

    fake.emit({ type: 'watch.snapshot', subscriptionId: sub.id, seq: 5, topic: 'balance', snapshot: { balance: 5, at: 5 } })
    fake.emit({ type: 'watch.delta', subscriptionId: sub.id, seq: 4, topic: 'balance', delta: { balance: 4, at: 4 } })
    expect(sub.data.value).toEqual({ balance: 5, at: 5 })
    // A new epoch restarts nothing: its snapshot wins whatever its seq (main's seq is global, this is belt and braces).
    fake.switchProfile('b', { resnapshot: false })
    expect(sub.data.value).toBeNull()
    fake.emit({ type: 'watch.snapshot', subscriptionId: sub.id, seq: 2, topic: 'balance', snapshot: { balance: 7, at: 7 } })
    expect(sub.data.value).toEqual({ balance: 7, at: 7 })
    await sub.stop()
    expect(fake.callsTo('watch.unsubscribe')).toEqual([{ subscriptionId: sub.id }])
  })

  it('asks again when main refused it between two profiles (profile_changed)', async () => {
    let refuse = true
    const fake = installFakeDesk({
      'watch.subscribe': ({ subscriptionId, topic }) =>
        refuse ? fail('profile_changed', 'The active profile changed; subscribe again') : { subscriptionId, epoch: 2, seq: 3, topic: topic.name, snapshot: [], live: true, error: null },
    })
    await call('app', 'info')
    const sub = subscribe({ name: 'coupons.active' })
    await flushPromises()
    expect(sub.stale()).toBe(true)
    refuse = false
    fake.switchProfile('b')
    await flushPromises()
    expect(fake.callsTo('watch.subscribe')).toHaveLength(2)
    expect(sub.data.value).toEqual([])
    expect(sub.stale()).toBe(false)
    await sub.stop()
  })
})

describe('useWatch', () => {
  it('subscribes while its scope lives, follows the topic, none while it is null', async () => {
    const fake = installFakeDesk()
    fake.topic('feed.event', (t) => ({ kind: 'gone', gameId: t.gameId, lineType: t.lineType, reason: 'not_found', vendorText: 'Game not found' }))
    const gameId = ref<number | null>(1)
    const scope = effectScope()
    const used = scope.run(() => useWatch(() => (gameId.value === null ? null : { name: 'feed.event', lineType: 'line', gameId: gameId.value })))!
    await flushPromises()
    expect(used.data.value).toMatchObject({ gameId: 1 })
    gameId.value = 2
    await nextTick()
    await flushPromises()
    expect(used.data.value).toMatchObject({ gameId: 2 })
    expect(fake.subscriptions().map((s) => (s.topic as Extract<WatchTopic, { name: 'feed.event' }>).gameId)).toEqual([2])
    gameId.value = null
    await nextTick()
    await flushPromises()
    expect(fake.subscriptions()).toEqual([])
    gameId.value = 3
    await nextTick()
    scope.stop()
    await flushPromises()
    expect(fake.subscriptions()).toEqual([])
  })
})
