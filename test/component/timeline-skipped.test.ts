/** Damaged history rows main left out of a timeline page are said in the view, not silently dropped. */
import { describe, expect, it } from 'vitest'
import { flushPromises } from '@vue/test-utils'
import TimelineView from '@renderer/views/TimelineView.vue'
import { useTimelineStore } from '@renderer/stores/timeline.js'
import { installFakeDesk } from './fake-desk.js'
import { freshPinia, mountWithApp } from './mount.js'
import { timelineEntry as entry } from './timeline-fixtures.js'

describe('timeline skipped rows', { timeout: 20_000 }, () => {
  it('the store keeps the skipped rows of every page read, and a fresh query starts again', async () => {
    let damaged = true
    installFakeDesk({
      'timeline.query': (input) => {
        const cursor = (input as { cursor?: string }).cursor
        if (cursor === 'c2') return { items: [entry(1)], nextCursor: null, skipped: [{ table: 'timeline', id: 2 }] }
        return damaged ? { items: [entry(4)], nextCursor: 'c2', skipped: [{ table: 'timeline', id: 3 }] } : { items: [entry(4)], nextCursor: null }
      },
    })
    freshPinia()
    const tl = useTimelineStore()
    await tl.query()
    expect(tl.skipped).toEqual([{ table: 'timeline', id: 3 }])
    await tl.loadMore()
    expect(tl.skipped.map((r) => r.id)).toEqual([3, 2])
    damaged = false
    await tl.query()
    expect(tl.skipped).toEqual([])
  })

  it('the view shows a warning alert with the count, and none when nothing was skipped', async () => {
    installFakeDesk({
      'timeline.query': () => ({ items: [entry(4)], nextCursor: null, skipped: [{ table: 'timeline', id: 3 }, { table: 'timeline', id: 2 }] }),
    })
    const { wrapper } = await mountWithApp(TimelineView, freshPinia())
    await flushPromises()
    const alert = wrapper.find('[data-testid="timeline-skipped"]')
    expect(alert.exists()).toBe(true)
    expect(alert.attributes('role')).toBe('alert')
    expect(alert.text()).toContain('2 stored entries could not be read')
    useTimelineStore().skipped = []
    await flushPromises()
    expect(wrapper.find('[data-testid="timeline-skipped"]').exists()).toBe(false)
    wrapper.unmount()
  })
})
