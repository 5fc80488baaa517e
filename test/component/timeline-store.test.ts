import { describe, expect, it } from 'vitest'
import { useTimelineStore } from '@renderer/stores/timeline.js'
import type { TimelineEntryDto } from '../../src-shared/contract.js'
import { installFakeDesk } from './fake-desk.js'
import { freshPinia } from './mount.js'

const entry = (id: number, over: Partial<TimelineEntryDto> = {}): TimelineEntryDto => ({
  id,
  at: 1_000 + id,
  kind: 'settled',
  couponCode: '000000000001',
  status: 2,
  source: 'callback',
  summary: `entry ${id}`,
  amountDelta: null,
  ...over,
})

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

    fake.emit({ type: 'timeline.entry', entry: entry(5) })
    fake.emit({ type: 'timeline.entry', entry: entry(5) }) // duplicate delivery
    fake.emit({ type: 'timeline.entry', entry: entry(6, { kind: 'coupon_placed' }) }) // other kind
    fake.emit({ type: 'timeline.entry', entry: entry(7, { couponCode: '000000000002' }) }) // other coupon
    expect(tl.items.map((e) => e.id)).toEqual([5, 4, 3, 1, 2])
    expect(tl.liveCount).toBe(1)
  })
})
