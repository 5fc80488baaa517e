import { describe, expect, it } from 'vitest'
import { flushPromises } from '@vue/test-utils'
import FeedBrowser from '@renderer/components/FeedBrowser.vue'
import { useBetslipStore } from '@renderer/stores/betslip.js'
import { installFakeDesk } from './fake-desk.js'
import { gone, markets, match, menu } from './feed-fixtures.js'
import { freshPinia, mountWithApp } from './mount.js'

describe('FeedBrowser (Line)', () => {
  it('loads menu → events → event, keeps them fresh through feed.watch and unwatches on leave', async () => {
    let n = 0
    const fake = installFakeDesk({
      'feed.menu': () => menu,
      'feed.events': () => [{ tournamentId: 88, tournamentName: 'Premier League', matches: [match(7001, markets(1.85).slice(0, 1))] }],
      'feed.event': () => ({ kind: 'match', match: match(7001, markets(1.85)) }),
      'feed.watch': () => ({ watchId: `w${++n}` }),
      'feed.unwatch': () => ({ removed: true }),
    })
    const pinia = freshPinia()
    const { wrapper } = await mountWithApp(FeedBrowser, pinia, { props: { lineType: 'line' } })
    await flushPromises()

    // First visit opens the first sport (tournamentId 0 = all its tournaments).
    expect(fake.callsTo('feed.events')).toEqual([{ lineType: 'line', sportId: 1, tournamentId: 0, odds: true }])
    expect(fake.callsTo('feed.watch')).toEqual([
      { target: 'menu', lineType: 'line' },
      { target: 'events', lineType: 'line', sportId: 1, tournamentId: 0 },
    ])
    const rows = wrapper.findAll('[data-testid="match-row"]')
    expect(rows).toHaveLength(1)

    await rows[0]!.trigger('click')
    await flushPromises()
    expect(fake.callsTo('feed.event')).toEqual([{ lineType: 'line', gameId: 7001 }])
    expect(fake.callsTo('feed.watch')[2]).toEqual({ target: 'event', lineType: 'line', gameId: 7001 })
    const grid = () => wrapper.find('[data-testid="market-grid"]')
    const buttons = () => grid().findAll('[data-testid="outcome"]')
    expect(buttons().map((b) => b.text())).toEqual(['W11.85', 'X3.30', 'W24.10', 'Over1.90', 'Under1.90'])
    expect(buttons()[2]!.attributes('disabled')).toBeDefined() // blocked outcome

    // A pushed update for the event watch replaces the odds in place.
    fake.emit({ type: 'feed.updated', watchId: 'w3', data: { kind: 'match', match: match(7001, markets(1.95)) } })
    await flushPromises()
    expect(buttons()[0]!.text()).toBe('W11.95')
    // An update for a watch we do not hold is ignored.
    fake.emit({ type: 'feed.updated', watchId: 'zzz', data: { kind: 'match', match: match(7001, markets(9.99)) } })
    await flushPromises()
    expect(buttons()[0]!.text()).toBe('W11.95')

    await buttons()[0]!.trigger('click')
    await buttons()[2]!.trigger('click') // blocked: nothing happens
    expect(useBetslipStore().pointers).toEqual(['line#7001#1#1#0#1.95'])

    // The match leaves the line: notice shown, its watch dropped.
    fake.emit({ type: 'feed.updated', watchId: 'w3', data: gone(7001, 'not_found') })
    await flushPromises()
    expect(wrapper.find('[data-testid="match-gone"]').text()).toContain('Game not found')
    expect(fake.callsTo('feed.unwatch')).toEqual([{ watchId: 'w3' }])

    wrapper.unmount()
    await flushPromises()
    expect(fake.callsTo('feed.unwatch')).toEqual([{ watchId: 'w3' }, { watchId: 'w1' }, { watchId: 'w2' }])
  })

  it('unwatches a watch whose id arrives after the view was left', async () => {
    let release!: (v: { watchId: string }) => void
    const fake = installFakeDesk({
      'feed.menu': () => [],
      'feed.watch': () => new Promise((r) => (release = r)),
      'feed.unwatch': () => ({ removed: true }),
    })
    const pinia = freshPinia()
    const { wrapper } = await mountWithApp(FeedBrowser, pinia, { props: { lineType: 'live' } })
    await flushPromises()
    wrapper.unmount()
    release({ watchId: 'late-1' })
    await flushPromises()
    expect(fake.callsTo('feed.unwatch')).toEqual([{ watchId: 'late-1' }])
  })

  it('shows the service\'s top matches on click and goes back to the tournament list when it is closed', async () => {
    let n = 0
    const fake = installFakeDesk({
      'feed.menu': () => menu,
      'feed.events': () => [{ tournamentId: 88, tournamentName: 'Premier League', matches: [match(7001, markets(1.85).slice(0, 1))] }],
      'feed.topMatches': () => [match(9001, markets(2.2).slice(0, 1)), match(9002, markets(2.4).slice(0, 1))],
      'feed.watch': () => ({ watchId: `w${++n}` }),
      'feed.unwatch': () => ({ removed: true }),
    })
    const pinia = freshPinia()
    const { wrapper } = await mountWithApp(FeedBrowser, pinia, { props: { lineType: 'line' } })
    await flushPromises()
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
