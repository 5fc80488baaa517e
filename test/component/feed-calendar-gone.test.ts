import { afterEach, describe, expect, it, vi } from 'vitest'
import { flushPromises } from '@vue/test-utils'
import FeedBrowser from '@renderer/components/FeedBrowser.vue'
import { useFeedStore } from '@renderer/stores/feed.js'
import { installFakeDesk, fail } from './fake-desk.js'
import { gone, markets, match, menu } from './feed-fixtures.js'
import { freshPinia, mountWithApp } from './mount.js'

const EXPIRED = 'the feed key has expired; ask the vendor to extend it (feed error 100: Package has expired)'
const list = (gameId: number) => [{ tournamentId: 88, tournamentName: 'Premier League', matches: [match(gameId, markets(1.85).slice(0, 1))] }]

function feedFake(extra: Record<string, (input: unknown) => unknown> = {}) {
  let n = 0
  return installFakeDesk({
    'feed.menu': () => menu,
    'feed.events': () => list(7001),
    'feed.calendar': () => list(7100),
    'feed.watch': () => ({ watchId: `w${++n}` }),
    'feed.unwatch': () => ({ removed: true }),
    ...extra,
  })
}

describe('Line browser: period choice, feed error alert, gone matches', () => {
  afterEach(() => {
    document.body.innerHTML = ''
  })

  it('a calendar period lists and watches the calendar of the selected sport, back to Top lists events', async () => {
    const fake = feedFake()
    const pinia = freshPinia()
    const { wrapper } = await mountWithApp(FeedBrowser, pinia, { props: { lineType: 'line' } })
    await flushPromises()
    expect(wrapper.find('[data-testid="feed-period"]').attributes('data-period')).toBe('top')
    expect(wrapper.text()).toContain('Days are Kyiv days')

    await useFeedStore().setPeriod('line', 'd1')
    await flushPromises()
    expect(fake.callsTo('feed.calendar')).toEqual([{ sportId: 1, tournamentId: 0, period: { day: 1 } }])
    expect(fake.callsTo('feed.watch')).toContainEqual({ target: 'calendar', lineType: 'line', sportId: 1, tournamentId: 0, period: { day: 1 } })
    expect(fake.callsTo('feed.unwatch')).toContainEqual({ watchId: 'w2' }) // the events watch it replaced
    expect(wrapper.findAll('[data-testid="match-row"]').map((r) => r.attributes('data-game-id'))).toEqual(['7100'])
    expect(wrapper.find('[data-testid="feed-period"]').text()).toMatch(/^\+1 day \w{3} \d{1,2} \w{3}$/)

    // A tournament keeps the period; pushes for the calendar watch refresh the list.
    await useFeedStore().selectTournament('line', 1, 88)
    await flushPromises()
    expect(fake.callsTo('feed.calendar')[1]).toEqual({ sportId: 1, tournamentId: 88, period: { day: 1 } })
    const calendarWatch = fake.calls.filter((c) => c.name === 'feed.watch').length
    fake.emit({ type: 'feed.updated', watchId: `w${calendarWatch}`, data: list(7200) })
    await flushPromises()
    expect(wrapper.findAll('[data-testid="match-row"]').map((r) => r.attributes('data-game-id'))).toEqual(['7200'])

    await useFeedStore().setPeriod('line', 'top')
    await flushPromises()
    expect(fake.callsTo('feed.events').at(-1)).toEqual({ lineType: 'line', sportId: 1, tournamentId: 88, odds: true })
    wrapper.unmount()
  })

  it('the Live browser has no period choice', async () => {
    feedFake()
    const pinia = freshPinia()
    const { wrapper } = await mountWithApp(FeedBrowser, pinia, { props: { lineType: 'live' } })
    await flushPromises()
    expect(wrapper.find('[data-testid="feed-period"]').exists()).toBe(false)
    wrapper.unmount()
  })

  it('keeps a typed feed error on top while the feed answers with it, and clears it when a watch recovers', async () => {
    const fake = feedFake({ 'feed.events': () => fail('feed_key_expired', EXPIRED) })
    const pinia = freshPinia()
    const { wrapper } = await mountWithApp(FeedBrowser, pinia, { props: { lineType: 'line' } })
    await flushPromises()
    const alert = () => wrapper.find('[data-testid="feed-error-alert"]')
    expect(alert().attributes('data-code')).toBe('feed_key_expired')
    expect(alert().text()).toContain('The feed key has expired')
    expect(alert().text()).toContain('Ask your account manager to renew it, then paste the new key in Settings → Profiles → Feed API key.')
    expect(alert().find('[data-testid="feed-error-raw"]').text()).toBe('Package has expired')

    // The menu watch fails the same way; then it answers again: the key works, the alert goes.
    fake.emit({ type: 'feed.error', watchId: 'w1', code: 'feed_key_expired', message: EXPIRED })
    await flushPromises()
    expect(alert().exists()).toBe(true)
    fake.emit({ type: 'feed.updated', watchId: 'w1', data: menu })
    await flushPromises()
    expect(alert().exists()).toBe(false)

    // A transport failure is not a key problem: no alert (the notification and the connection say it).
    fake.emit({ type: 'feed.error', watchId: 'w1', code: 'feed_network', message: 'connect ECONNREFUSED' })
    await flushPromises()
    expect(alert().exists()).toBe(false)
    wrapper.unmount()
  })

  it('a Line match gone under its id: says why, refreshes the list, finds the live match and opens it in Live', async () => {
    const fake = feedFake({
      'feed.event': (input) => ((input as { lineType: string }).lineType === 'line' ? gone(7001, 'finished') : { kind: 'match', match: match(9001, markets(2), { lineType: 'live', key: 'live:9001', sportId: 1 }) }),
      'feed.liveSuccessor': () => ({ gameId: 9001 }),
    })
    const pinia = freshPinia()
    const { wrapper, router } = await mountWithApp(FeedBrowser, pinia, { props: { lineType: 'line' } })
    await flushPromises()
    const eventsBefore = fake.callsTo('feed.events').length

    await wrapper.find('[data-testid="match-row"]').trigger('click')
    await flushPromises()
    const notice = wrapper.find('[data-testid="match-gone"]')
    expect(notice.attributes('data-reason')).toBe('finished')
    expect(notice.text()).toContain('This match id is gone')
    expect(notice.text()).toContain('went live under a new id, was cancelled or ended')
    expect(wrapper.find('[data-testid="match-gone-raw"]').text()).toContain('Game id finished')
    expect(fake.callsTo('feed.events').length).toBe(eventsBefore + 1)
    expect(fake.callsTo('feed.liveSuccessor')).toEqual([{ gameId: 7001 }])
    // Gone: the id is not watched any more (its watch, started with the selection, is dropped).
    const watchIds = fake.calls.filter((c) => c.name === 'feed.watch').map((c, i) => ({ target: (c.input as { target: string }).target, id: `w${i + 1}` }))
    const eventWatch = watchIds.find((w) => w.target === 'event')!
    expect(fake.callsTo('feed.unwatch')).toContainEqual({ watchId: eventWatch.id })

    await wrapper.find('[data-testid="open-in-live"]').trigger('click')
    await flushPromises()
    await vi.waitFor(() => expect(router.currentRoute.value.name).toBe('live'), { timeout: 5000 })
    const live = useFeedStore().lines.live
    expect(live.gameId).toBe(9001)
    expect(live.event?.kind).toBe('match')
    expect(live.sportId).toBe(1)
    wrapper.unmount()
  })

  it('not found and no successor: each said in its own words', async () => {
    const fake = feedFake({ 'feed.event': () => gone(7001, 'not_found'), 'feed.liveSuccessor': () => ({ gameId: null }) })
    const pinia = freshPinia()
    const { wrapper } = await mountWithApp(FeedBrowser, pinia, { props: { lineType: 'line' } })
    await flushPromises()
    await wrapper.find('[data-testid="match-row"]').trigger('click')
    await flushPromises()
    expect(wrapper.find('[data-testid="match-gone"]').text()).toContain('No such match under Line')
    expect(fake.callsTo('feed.liveSuccessor')).toEqual([]) // only a finished Line match is looked for

    fake.handle('feed.event', () => gone(7001, 'finished'))
    await useFeedStore().selectMatch('line', 7001)
    await flushPromises()
    const successor = wrapper.find('[data-testid="match-successor"]')
    expect(successor.attributes('data-found')).toBe('false')
    expect(successor.text()).toContain('No live match with the same teams was found')
    wrapper.unmount()
  })
})
