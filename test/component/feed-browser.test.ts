import { describe, expect, it } from 'vitest'
import { flushPromises } from '@vue/test-utils'
import { useBetslipStore } from '@renderer/stores/betslip.js'
import type { WatchTopic } from '../../src-shared/contract.js'
import { installFakeDesk } from './fake-desk.js'
import { gone, markets, match, menu } from './feed-fixtures.js'
import { mountFeedBrowser } from './mount-feed-browser.js'

const topicsOf = (calls: unknown[]) => calls.map((c) => (c as { topic: WatchTopic }).topic)

describe('FeedBrowser (Line)', { timeout: 20_000 }, () => {
  it('shows menu → events → event from the feed subscriptions, follows their snapshots and releases them on leave', async () => {
    const fake = installFakeDesk()
    fake.topic('feed.menu', menu)
    fake.topic('feed.events', [{ tournamentId: 88, tournamentName: 'Premier League', matches: [match(7001, markets(1.85).slice(0, 1))] }])
    fake.topic('feed.event', { kind: 'match', match: match(7001, markets(1.85)) })
    const { wrapper } = await mountFeedBrowser('line')

    // First visit opens the first sport (tournamentId 0 = all its tournaments); no one-off feed reads.
    expect(topicsOf(fake.callsTo('watch.subscribe'))).toEqual([
      { name: 'feed.menu', lineType: 'line' },
      { name: 'feed.events', lineType: 'line', sportId: 1, tournamentId: 0 },
    ])
    expect(fake.callsTo('feed.menu')).toEqual([])
    expect(fake.callsTo('feed.events')).toEqual([])
    const rows = wrapper.findAll('[data-testid="match-row"]')
    expect(rows).toHaveLength(1)

    await rows[0]!.trigger('click')
    await flushPromises()
    expect(topicsOf(fake.callsTo('watch.subscribe'))[2]).toEqual({ name: 'feed.event', lineType: 'line', gameId: 7001 })
    const grid = () => wrapper.find('[data-testid="market-grid"]')
    const buttons = () => grid().findAll('[data-testid="outcome"]')
    expect(buttons().map((b) => b.text())).toEqual(['W11.85', 'X3.30', 'W24.10', 'Over1.90', 'Under1.90'])
    expect(buttons()[2]!.attributes('disabled')).toBeDefined() // blocked outcome

    // A pushed snapshot of the event replaces the odds in place (and is what main answers a new subscriber).
    fake.topic('feed.event', { kind: 'match', match: match(7001, markets(1.95)) })
    fake.pushSnapshot('feed.event', { kind: 'match', match: match(7001, markets(1.95)) })
    await flushPromises()
    expect(buttons()[0]!.find('[data-testid="odds-now"]').text()).toBe('1.95')
    // The move is said with an arrow and the previous price, not by colour alone.
    const moved = buttons()[0]!.find('[data-testid="odds-move"]')
    expect(moved.attributes('data-move')).toBe('up')
    expect(moved.text()).toContain('1.85')
    // A snapshot for a subscription we do not hold is ignored.
    fake.emit({ type: 'watch.snapshot', subscriptionId: 'someone-elses', seq: 99, topic: 'feed.event', snapshot: { kind: 'match', match: match(7001, markets(9.99)) } })
    await flushPromises()
    expect(buttons()[0]!.find('[data-testid="odds-now"]').text()).toBe('1.95')

    await buttons()[0]!.trigger('click')
    await buttons()[2]!.trigger('click') // blocked: nothing happens
    expect(useBetslipStore().pointers).toEqual(['line#7001#1#1#0#1.95'])

    // The match leaves the line: notice shown, its subscriptions dropped (the browser's, and the slip's that follows the pick).
    const eventSubs = fake.subscriptions('feed.event').map((s) => ({ subscriptionId: s.id }))
    expect(eventSubs).toHaveLength(2)
    fake.pushSnapshot('feed.event', gone(7001, 'not_found'))
    await flushPromises()
    expect(wrapper.find('[data-testid="match-gone"]').text()).toContain('Game not found')
    expect(fake.callsTo('watch.unsubscribe')).toEqual(eventSubs)

    wrapper.unmount()
    await flushPromises()
    expect(fake.subscriptions()).toEqual([])
  })

  it('marks the match list stale while its subscription is not live', async () => {
    const fake = installFakeDesk()
    fake.topic('feed.menu', menu)
    fake.topic('feed.events', [{ tournamentId: 88, tournamentName: 'Premier League', matches: [match(7001, markets(1.85).slice(0, 1))] }])
    const { wrapper } = await mountFeedBrowser('live')
    const stale = () => wrapper.find('[data-testid="feed-list-stale"]')
    expect(stale().attributes('role')).toBe('status')
    expect(stale().text()).toBe('')
    fake.pushState('feed.events', { live: false, error: { code: 'feed_network', message: 'connect ECONNREFUSED' } })
    await flushPromises()
    expect(stale().text()).toMatch(/^Stale — last updated \d{2}:\d{2}:\d{2}, The feed cannot be reached$/)
    expect(wrapper.findAll('[data-testid="match-row"]')).toHaveLength(1)
    fake.pushSnapshot('feed.events', [])
    fake.pushState('feed.events', { live: true, error: null })
    await flushPromises()
    expect(stale().text()).toBe('')
    wrapper.unmount()
  })

  it('releases a subscription whose answer arrives after the view was left', async () => {
    const fake = installFakeDesk()
    const held = fake.hold('watch.subscribe')
    const { wrapper } = await mountFeedBrowser('live')
    wrapper.unmount()
    held.release()
    await flushPromises()
    expect(fake.subscriptions()).toEqual([])
  })

  it('shows the service\'s top matches on click and goes back to the tournament list when it is closed', async () => {
    const fake = installFakeDesk({ 'feed.topMatches': () => [match(9001, markets(2.2).slice(0, 1)), match(9002, markets(2.4).slice(0, 1))] })
    fake.topic('feed.menu', menu)
    fake.topic('feed.events', [{ tournamentId: 88, tournamentName: 'Premier League', matches: [match(7001, markets(1.85).slice(0, 1))] }])
    const { wrapper } = await mountFeedBrowser('line')
    expect(wrapper.findAll('[data-testid="match-row"]')).toHaveLength(1)

    await wrapper.find('[data-testid="feed-top"]').trigger('click')
    await flushPromises()
    expect(fake.callsTo('feed.topMatches')).toEqual([{ lineType: 'line' }])
    expect(wrapper.findAll('[data-testid="match-row"]')).toHaveLength(2)
    expect(wrapper.find('[data-testid="feed-top-tag"]').exists()).toBe(true)

    await wrapper.find('[data-testid="feed-top-tag"] .n-tag__close').trigger('click')
    await flushPromises()
    expect(wrapper.findAll('[data-testid="match-row"]')).toHaveLength(1)
    wrapper.unmount()
  })
})
