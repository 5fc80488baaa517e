import { afterEach, describe, expect, it, vi } from 'vitest'
import { flushPromises } from '@vue/test-utils'
import { useFeedStore } from '@renderer/stores/feed.js'
import type { WatchTopic } from '../../src-shared/contract.js'
import { installFakeDesk, type FakeHandlers } from './fake-desk.js'
import { gone, markets, match, menu } from './feed-fixtures.js'
import { mountFeedBrowser } from './mount-feed-browser.js'

const list = (gameId: number) => [{ tournamentId: 88, tournamentName: 'Premier League', matches: [match(gameId, markets(1.85).slice(0, 1))] }]
const topicsOf = (calls: unknown[]) => calls.map((c) => (c as { topic: WatchTopic }).topic)

function feedFake(extra: FakeHandlers = {}) {
  const fake = installFakeDesk(extra)
  fake.topic('feed.menu', menu)
  fake.topic('feed.events', list(7001))
  fake.topic('feed.calendar', list(7100))
  return fake
}

describe('Line browser: period choice, feed error alert, gone matches', { timeout: 20_000 }, () => {
  afterEach(() => {
    document.body.innerHTML = ''
  })

  it('a calendar period lists and watches the calendar of the selected sport, back to Top lists events', async () => {
    const fake = feedFake()
    const { wrapper } = await mountFeedBrowser('line')
    expect(wrapper.find('[data-testid="feed-period"]').attributes('data-period')).toBe('top')
    expect(wrapper.text()).toContain('Periods are Kyiv days (Europe/Kyiv); start times are shown in UTC')
    const eventsSub = fake.subscriptions('feed.events')[0]!.id

    await useFeedStore().setPeriod('line', 'd1')
    await flushPromises()
    expect(topicsOf(fake.callsTo('watch.subscribe'))).toContainEqual({ name: 'feed.calendar', lineType: 'line', sportId: 1, tournamentId: 0, period: { day: 1 } })
    expect(fake.callsTo('watch.unsubscribe')).toContainEqual({ subscriptionId: eventsSub }) // the events list it replaced
    expect(wrapper.findAll('[data-testid="match-row"]').map((r) => r.attributes('data-game-id'))).toEqual(['7100'])
    expect(wrapper.find('[data-testid="feed-period"]').text()).toMatch(/^\+1 day \w{3} \d{1,2} \w{3}$/)

    // A tournament keeps the period; pushed snapshots of the calendar refresh the list.
    await useFeedStore().selectTournament('line', 1, 88)
    await flushPromises()
    expect(topicsOf(fake.callsTo('watch.subscribe')).at(-1)).toEqual({ name: 'feed.calendar', lineType: 'line', sportId: 1, tournamentId: 88, period: { day: 1 } })
    fake.pushSnapshot('feed.calendar', list(7200))
    await flushPromises()
    expect(wrapper.findAll('[data-testid="match-row"]').map((r) => r.attributes('data-game-id'))).toEqual(['7200'])

    await useFeedStore().setPeriod('line', 'top')
    await flushPromises()
    expect(topicsOf(fake.callsTo('watch.subscribe')).at(-1)).toEqual({ name: 'feed.events', lineType: 'line', sportId: 1, tournamentId: 88 })
    expect(fake.subscriptions('feed.calendar')).toEqual([])
    wrapper.unmount()
  })

  it('the Live browser has no period choice', async () => {
    feedFake()
    const { wrapper } = await mountFeedBrowser('live')
    expect(wrapper.find('[data-testid="feed-period"]').exists()).toBe(false)
    wrapper.unmount()
  })

  it('keeps a typed feed error on top while the source is not live with it, and clears it when the source recovers', async () => {
    const fake = feedFake({
      'watch.subscribe': ({ subscriptionId, topic }) => ({
        subscriptionId,
        epoch: 1,
        seq: 1,
        topic: topic.name,
        snapshot: topic.name === 'feed.menu' ? menu : null,
        live: topic.name === 'feed.menu',
        error: topic.name === 'feed.menu' ? null : { code: 'feed_key_expired', message: 'Package has expired' },
      }),
    })
    const { wrapper } = await mountFeedBrowser('line')
    const alert = () => wrapper.find('[data-testid="feed-error-alert"]')
    expect(alert().attributes('data-code')).toBe('feed_key_expired')
    expect(alert().text()).toContain('The feed key has expired')
    expect(wrapper.find('[data-testid="feed-list-stale"]').text()).toContain('Stale — not loaded, The feed key has expired')

    // The source answers again: the key works, the alert goes.
    const sub = fake.calls.filter((c) => c.name === 'watch.subscribe').map((c) => c.input as { subscriptionId: string; topic: WatchTopic }).find((c) => c.topic.name === 'feed.events')!
    fake.emit({ type: 'watch.state', subscriptionId: sub.subscriptionId, seq: 2, live: true, error: null })
    await flushPromises()
    expect(alert().exists()).toBe(false)

    // A transport failure is not a key problem: no alert (the stale tag, the notification and the connection say it).
    fake.emit({ type: 'watch.state', subscriptionId: sub.subscriptionId, seq: 3, live: false, error: { code: 'feed_network', message: 'connect ECONNREFUSED' } })
    await flushPromises()
    expect(alert().exists()).toBe(false)
    expect(wrapper.find('[data-testid="feed-list-stale"]').text()).toContain('The feed cannot be reached')
    wrapper.unmount()
  })

  it('a Line match gone under its id: says why, finds the live match and opens it in Live', async () => {
    const fake = feedFake({ 'feed.liveSuccessor': () => ({ gameId: 9001 }) })
    fake.topic('feed.event', (t) => (t.lineType === 'line' ? gone(7001, 'finished') : { kind: 'match', match: match(9001, markets(2), { lineType: 'live', key: 'live:9001', sportId: 1 }) }))
    const { wrapper, router } = await mountFeedBrowser('line')

    await wrapper.find('[data-testid="match-row"]').trigger('click')
    await flushPromises()
    const notice = wrapper.find('[data-testid="match-gone"]')
    expect(notice.attributes('data-reason')).toBe('finished')
    expect(notice.text()).toContain('This match id is gone')
    expect(notice.text()).toContain('went live under a new id, was cancelled or ended')
    expect(wrapper.find('[data-testid="match-gone-raw"]').text()).toContain('Game id finished')
    expect(fake.callsTo('feed.liveSuccessor')).toEqual([{ gameId: 7001 }])
    // Gone: the id is not watched any more.
    expect(fake.subscriptions('feed.event')).toEqual([])

    await wrapper.find('[data-testid="open-in-live"]').trigger('click')
    await flushPromises()
    await vi.waitFor(() => expect(router.currentRoute.value.name).toBe('live'), { timeout: 5000 })
    const live = useFeedStore().lines.live
    expect(live.gameId).toBe(9001)
    const release = useFeedStore().hold('live') // what the Live view does when it is shown
    await vi.waitFor(() => expect(live.event?.kind).toBe('match'))
    expect(live.sportId).toBe(1)
    release()
    wrapper.unmount()
  })

  it('not found and no successor: each said in its own words', async () => {
    const fake = feedFake({ 'feed.liveSuccessor': () => ({ gameId: null }) })
    fake.topic('feed.event', gone(7001, 'not_found'))
    const { wrapper } = await mountFeedBrowser('line')
    await wrapper.find('[data-testid="match-row"]').trigger('click')
    await flushPromises()
    expect(wrapper.find('[data-testid="match-gone"]').text()).toContain('No such match under Line')
    expect(fake.callsTo('feed.liveSuccessor')).toEqual([]) // only a finished Line match is looked for

    fake.topic('feed.event', gone(7001, 'finished'))
    await useFeedStore().selectMatch('line', 7001)
    await flushPromises()
    const successor = wrapper.find('[data-testid="match-successor"]')
    expect(successor.attributes('data-found')).toBe('false')
    expect(successor.text()).toContain('No live match with the same teams was found')
    wrapper.unmount()
  })
})
