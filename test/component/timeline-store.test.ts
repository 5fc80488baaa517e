import { describe, expect, it } from 'vitest'
import { flushPromises } from '@vue/test-utils'
import { useTimelineStore } from '@renderer/stores/timeline.js'
import { installFakeDesk } from './fake-desk.js'
import { freshPinia } from './mount.js'
import { timelineEntry as entry } from './timeline-fixtures.js'

describe('timeline store', () => {
  it('queries with the filters, pages by cursor and prepends matching live entries once', async () => {
    const fake = installFakeDesk({
      'timeline.query': (input) => {
        const i = input as { cursor?: string }
        return i.cursor === 'c2' ? { items: [entry(1), entry(2)], nextCursor: null } : { items: [entry(4), entry(3)], nextCursor: 'c2' }
      },
    })
    freshPinia()
    const tl = useTimelineStore()
    tl.filters.kind = 'settled'
    tl.filters.couponCode = ' 000000000001 '
    await tl.query()
    expect(fake.callsTo('timeline.query')).toEqual([{ limit: 100, kind: 'settled', couponCode: '000000000001' }])
    expect(tl.items.map((e) => e.id)).toEqual([4, 3])

    await tl.loadMore()
    expect(fake.callsTo('timeline.query')[1]).toEqual({ limit: 100, kind: 'settled', couponCode: '000000000001', cursor: 'c2' })
    expect(tl.items.map((e) => e.id)).toEqual([4, 3, 1, 2])
    expect(tl.nextCursor).toBeNull()
    await tl.loadMore() // no cursor: no call
    expect(fake.callsTo('timeline.query')).toHaveLength(2)

    // New entries arrive as deltas of the `timeline` subscription (oldest first), held while the view shows it.
    fake.topic('timeline', [entry(4)])
    tl.liveWatch.acquire()
    await flushPromises()
    expect(fake.callsTo('watch.subscribe')).toEqual([{ subscriptionId: expect.any(String), topic: { name: 'timeline', limit: 1 } }])
    fake.pushDelta('timeline', { entries: [entry(5), entry(6, { kind: 'coupon_placed' }), entry(7, { couponCode: '000000000002' })] })
    fake.pushDelta('timeline', { entries: [entry(5)] }) // duplicate delivery
    await flushPromises()
    expect(tl.items.map((e) => e.id)).toEqual([5, 4, 3, 1, 2])
    expect(tl.liveCount).toBe(1)
  })
})

describe('timeline store across a profile switch', () => {
  it('drops the old profile\'s pages at once and queries again when the new snapshot arrives', async () => {
    let profile = 'a'
    const fake = installFakeDesk({ 'timeline.query': () => ({ items: [entry(profile === 'a' ? 1 : 100)], nextCursor: null }) })
    fake.topic('timeline', () => [entry(profile === 'a' ? 1 : 100)])
    freshPinia()
    const tl = useTimelineStore()
    tl.liveWatch.acquire()
    await tl.query()
    await flushPromises()
    expect(tl.items.map((e) => e.id)).toEqual([1])
    profile = 'b'
    fake.switchProfile('b', { resnapshot: false })
    expect(tl.items).toEqual([])
    fake.pushSnapshot('timeline', [entry(100)])
    await flushPromises()
    expect(tl.items.map((e) => e.id)).toEqual([100])
    expect(fake.callsTo('timeline.query')).toHaveLength(2)
  })
})
