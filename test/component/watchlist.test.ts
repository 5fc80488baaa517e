import { afterEach, describe, expect, it, vi } from 'vitest'
import { flushPromises } from '@vue/test-utils'
import { getActivePinia } from 'pinia'
import { useWatchlistStore } from '@renderer/stores/watchlist.js'
import { useBetslipStore } from '@renderer/stores/betslip.js'
import { useFeedStore } from '@renderer/stores/feed.js'
import ShortcutHelp from '@renderer/components/ShortcutHelp.vue'
import type { DeskEventBody, EventResultDto, InputOf, PinDto, WatchTopic } from '../../src-shared/contract.js'
import { MAX_PINS } from '../../src-shared/vocabulary/limits.js'
import { installFakeDesk, type FakeDesk } from './fake-desk.js'
import { gone, markets, match, menu } from './feed-fixtures.js'
import { mountFeedBrowser } from './mount-feed-browser.js'
import { mountWithApp } from './mount.js'

type Ref = { lineType: 'line' | 'live'; gameId: number }
const same = (a: Ref, b: Ref) => a.lineType === b.lineType && a.gameId === b.gameId
const pinned = (gameId: number, lineType: 'line' | 'live' = 'line'): PinDto => ({ lineType, gameId, sportId: 1, tournamentId: 88, opp1: 'Arsenal', opp2: 'Chelsea', startMs: 1_800_000_000_000, pinnedAt: 1 })
const liveMatch = (gameId: number) => match(gameId, markets(2.2).slice(0, 1), { lineType: 'live', key: `live:${gameId}`, score: '1:0', period: '2nd half', timerSec: 3000 })

/** Main's watch list, per profile, as the contract answers it (copies: the store never shares main's arrays). */
function withWatchlist(fake: FakeDesk, initial: Record<string, PinDto[]> = {}) {
  const byProfile: Record<string, PinDto[]> = { demo: [], ...structuredClone(initial) }
  let profile = 'demo'
  const answer = () => structuredClone({ pins: (byProfile[profile] ??= []), max: MAX_PINS })
  fake.handle('watchlist.list', () => answer())
  fake.handle('watchlist.pin', ({ replaces, ...m }: InputOf<'watchlist', 'pin'>) => {
    const pins = (byProfile[profile] ??= [])
    const at = replaces ? pins.findIndex((p) => same(p, replaces)) : pins.findIndex((p) => same(p, m))
    const pin = { ...m, pinnedAt: 1 }
    if (at >= 0) pins.splice(at, 1, pin)
    else pins.push(pin)
    return answer()
  })
  fake.handle('watchlist.unpin', (ref) => {
    byProfile[profile] = (byProfile[profile] ?? []).filter((p) => !same(p, ref))
    return answer()
  })
  return {
    pins: () => byProfile[profile] ?? [],
    switchTo(id: string) {
      profile = id
      fake.switchProfile(id)
    },
  }
}

function feedFake(event: (topic: Extract<WatchTopic, { name: 'feed.event' }>) => EventResultDto = (t) => ({ kind: 'match', match: t.lineType === 'live' ? liveMatch(t.gameId) : match(t.gameId, markets(1.85).slice(0, 1)) })) {
  const fake = installFakeDesk()
  fake.topic('feed.menu', menu)
  fake.topic('feed.events', [{ tournamentId: 88, tournamentName: 'Premier League', matches: [match(7001, markets(1.85).slice(0, 1)), match(7002, markets(1.6).slice(0, 1), { opp1: 'Spurs', opp2: 'Everton' })] }])
  fake.topic('feed.event', event)
  return fake
}

async function mountLine() {
  const mounted = await mountFeedBrowser('line')
  await useWatchlistStore().load()
  await flushPromises()
  return mounted
}

const eventTopics = (fake: FakeDesk) => fake.subscriptions('feed.event').map((s) => s.topic)
const subOf = (fake: FakeDesk, ref: Ref) => fake.subscriptions('feed.event').find((s) => same(s.topic as Ref, ref))

describe('watch list: store and panel', { timeout: 20_000 }, () => {
  afterEach(() => {
    document.body.innerHTML = ''
  })

  it('pins a row, watches it, shows teams and prices (one goes to the slip), unpins from the panel and stops watching', async () => {
    const fake = feedFake()
    const main = withWatchlist(fake)
    const { wrapper } = await mountLine()
    const panel = () => wrapper.find('[data-testid="watch-panel"]')
    expect(panel().text()).toContain('Pin a match')
    expect(eventTopics(fake)).toEqual([])

    await wrapper.find('[data-testid="match-row"][data-game-id="7001"] [data-testid="pin-toggle"]').trigger('click')
    await flushPromises()
    expect(fake.callsTo('watchlist.pin')).toEqual([{ lineType: 'line', gameId: 7001, sportId: 1, tournamentId: 88, opp1: 'Arsenal', opp2: 'Chelsea', startMs: 1_800_000_000_000 }])
    expect(main.pins().map((p) => p.gameId)).toEqual([7001])
    // The row click that opens a match did not happen: the star is its own button.
    expect(useFeedStore().lines.line.gameId).toBeNull()
    expect(eventTopics(fake)).toEqual([{ name: 'feed.event', lineType: 'line', gameId: 7001 }])
    const pin = panel().find('[data-testid="watch-pin"]')
    expect(pin.attributes()).toMatchObject({ 'data-line-type': 'line', 'data-game-id': '7001', 'data-state': 'match' })
    expect(pin.text()).toContain('Arsenal – Chelsea')
    expect(panel().find('[data-testid="watch-count"]').text()).toBe(`1 / ${MAX_PINS}`)
    expect(wrapper.find('[data-testid="match-row"][data-game-id="7001"] [data-testid="pin-toggle"]').attributes('aria-pressed')).toBe('true')

    // The feed moves the price: the panel shows the pushed one, and a click adds it to the slip.
    fake.pushSnapshot('feed.event', { kind: 'match', match: match(7001, markets(2.05).slice(0, 1)) })
    await flushPromises()
    await pin.find('[data-testid="outcome"]').trigger('click')
    expect(useBetslipStore().pointers).toEqual(['line#7001#1#1#0#2.05'])

    const id = subOf(fake, { lineType: 'line', gameId: 7001 })!.id
    await pin.find('[data-testid="watch-unpin"]').trigger('click')
    await flushPromises()
    expect(fake.callsTo('watchlist.unpin')).toEqual([{ lineType: 'line', gameId: 7001 }])
    expect(panel().findAll('[data-testid="watch-pin"]')).toHaveLength(0)
    expect(fake.callsTo('watch.unsubscribe')).toContainEqual({ subscriptionId: id })
    expect(wrapper.find('[data-testid="match-row"][data-game-id="7001"] [data-testid="pin-toggle"]').attributes('aria-pressed')).toBe('false')
    wrapper.unmount()
  })

  it('p pins and unpins the focused row; the open match pins from its header and with p anywhere else', async () => {
    const fake = feedFake()
    const main = withWatchlist(fake)
    const { wrapper } = await mountLine()
    await mountWithApp(ShortcutHelp, getActivePinia()!)
    const row = wrapper.find('[data-testid="match-row"][data-game-id="7002"]')
    await row.trigger('keydown', { key: 'p' })
    await flushPromises()
    expect(main.pins().map((p) => [p.gameId, p.opp1])).toEqual([[7002, 'Spurs']])
    await row.trigger('keydown', { key: 'p' })
    await flushPromises()
    expect(main.pins()).toEqual([])

    await useFeedStore().selectMatch('line', 7001)
    await flushPromises()
    const headerPin = () => wrapper.find('[data-testid="pin-open-match"]')
    expect(headerPin().attributes('aria-pressed')).toBe('false')
    window.dispatchEvent(new KeyboardEvent('keydown', { key: 'p', bubbles: true }))
    await flushPromises()
    expect(main.pins().map((p) => p.gameId)).toEqual([7001])
    expect(headerPin().attributes('aria-pressed')).toBe('true')
    await headerPin().trigger('click')
    await flushPromises()
    expect(main.pins()).toEqual([])
    wrapper.unmount()
  })

  it('a live pin shows score, period and timer; a gone one is marked and no longer watched', async () => {
    const fake = feedFake((t) => (t.gameId === 7002 ? gone(7002, 'not_found') : { kind: 'match', match: liveMatch(t.gameId) }))
    withWatchlist(fake, { demo: [pinned(9001, 'live'), pinned(7002)] })
    const { wrapper } = await mountLine()
    const live = wrapper.find('[data-testid="watch-pin"][data-game-id="9001"]')
    expect(live.attributes('data-line-type')).toBe('live')
    expect(live.find('[data-testid="watch-score"]').text()).toBe('1:0')
    expect(live.text()).toContain("2nd half 50'00")
    expect(live.findAll('[data-testid="outcome"]').length).toBeGreaterThan(0)
    const lost = wrapper.find('[data-testid="watch-pin"][data-game-id="7002"]')
    expect(lost.attributes('data-state')).toBe('gone')
    expect(lost.find('[data-testid="watch-gone"]').attributes('data-reason')).toBe('not_found')
    expect(lost.text()).toContain('The feed has no such match any more')
    expect(eventTopics(fake)).toEqual([{ name: 'feed.event', lineType: 'live', gameId: 9001 }])
    expect(fake.callsTo('feed.liveSuccessor')).toEqual([])

    // A source that stops being refreshed is marked too.
    fake.pushState('feed.event', { live: false, error: { code: 'feed_network', message: 'down' } })
    await flushPromises()
    expect(live.find('[data-testid="watch-stale"]').exists()).toBe(true)
    wrapper.unmount()
  })

  it('a pinned Line match that answers Game id finished follows to its live id (and says so when none is found yet)', async () => {
    const fake = feedFake()
    const main = withWatchlist(fake, { demo: [pinned(7005), pinned(7001)] })
    let successor: number | null = null
    fake.handle('feed.liveSuccessor', () => ({ gameId: successor }))
    const { wrapper } = await mountLine()
    const finish = () => {
      const sub = subOf(fake, { lineType: 'line', gameId: 7001 })!
      fake.emit({ type: 'watch.snapshot', subscriptionId: sub.id, seq: ++sub.seq, topic: 'feed.event', snapshot: gone(7001, 'finished') } as DeskEventBody)
    }
    finish()
    await flushPromises()
    expect(fake.callsTo('feed.liveSuccessor')).toEqual([{ gameId: 7001 }])
    const pin = () => wrapper.findAll('[data-testid="watch-pin"]')[1]!
    expect(pin().attributes('data-state')).toBe('gone')
    expect(pin().text()).toContain('Not found in Live')

    successor = 9100
    await pin().find('[data-testid="watch-retry"]').trigger('click')
    await flushPromises()
    expect(fake.callsTo('watchlist.pin').at(-1)).toEqual({ lineType: 'live', gameId: 9100, sportId: 1, tournamentId: 88, opp1: 'Arsenal', opp2: 'Chelsea', startMs: 1_800_000_000_000, replaces: { lineType: 'line', gameId: 7001 } })
    // Same place in the list, now the live match, watched under its live id.
    expect(main.pins().map((p) => `${p.lineType}:${p.gameId}`)).toEqual(['line:7005', 'live:9100'])
    expect(pin().attributes()).toMatchObject({ 'data-line-type': 'live', 'data-game-id': '9100', 'data-state': 'match' })
    expect(pin().find('[data-testid="watch-score"]').text()).toBe('1:0')
    expect(eventTopics(fake)).toEqual([
      { name: 'feed.event', lineType: 'line', gameId: 7005 },
      { name: 'feed.event', lineType: 'live', gameId: 9100 },
    ])
    wrapper.unmount()
  })

  it('follows at once when the live match is known', async () => {
    const fake = feedFake((t) => (t.lineType === 'line' ? gone(t.gameId, 'finished') : { kind: 'match', match: liveMatch(t.gameId) }))
    const main = withWatchlist(fake, { demo: [pinned(7001)] })
    fake.handle('feed.liveSuccessor', ({ gameId }) => ({ gameId: gameId + 1000 }))
    const { wrapper } = await mountLine()
    expect(main.pins().map((p) => `${p.lineType}:${p.gameId}`)).toEqual(['live:8001'])
    expect(wrapper.find('[data-testid="watch-pin"]').attributes('data-game-id')).toBe('8001')
    expect(eventTopics(fake)).toEqual([{ name: 'feed.event', lineType: 'live', gameId: 8001 }])
    wrapper.unmount()
  })

  it(`says when the list is full (${MAX_PINS}) and offers no pin for another match`, async () => {
    const fake = feedFake()
    withWatchlist(fake, { demo: Array.from({ length: MAX_PINS }, (_, i) => pinned(100 + i)) })
    const { wrapper } = await mountLine()
    expect(wrapper.find('[data-testid="watch-full"]').text()).toContain(`full (${MAX_PINS} matches)`)
    const star = wrapper.find('[data-testid="match-row"][data-game-id="7001"] [data-testid="pin-toggle"]')
    expect(star.attributes('disabled')).toBeDefined()
    expect(star.attributes('aria-label')).toContain('full')
    expect(await useWatchlistStore().pin(match(7001, null))).toBe(false)
    expect(fake.callsTo('watchlist.pin')).toEqual([])
    wrapper.unmount()
  })

  it('a pin opens its match in its own view', async () => {
    const fake = feedFake()
    withWatchlist(fake, { demo: [pinned(7002), pinned(9001, 'live')] })
    const { wrapper, router } = await mountLine()
    await router.push('/line')
    await wrapper.find('[data-testid="watch-pin"][data-game-id="7002"] [data-testid="watch-open"]').trigger('click')
    await flushPromises()
    expect(useFeedStore().lines.line.gameId).toBe(7002)
    expect(router.currentRoute.value.path).toBe('/line')
    await wrapper.find('[data-testid="watch-pin"][data-game-id="9001"] [data-testid="watch-open"]').trigger('click')
    await flushPromises()
    expect(useFeedStore().lines.live.gameId).toBe(9001)
    // The view's component loads lazily: the route changes once it has.
    await vi.waitFor(() => expect(router.currentRoute.value.path).toBe('/live'))
    wrapper.unmount()
  })

  it('another profile shows its own pins; the old ones stop being watched', async () => {
    const fake = feedFake()
    const main = withWatchlist(fake, { demo: [pinned(7001)], other: [pinned(9001, 'live')] })
    const { wrapper } = await mountLine()
    expect(eventTopics(fake)).toEqual([{ name: 'feed.event', lineType: 'line', gameId: 7001 }])
    main.switchTo('other')
    await flushPromises()
    expect(wrapper.findAll('[data-testid="watch-pin"]').map((p) => p.attributes('data-game-id'))).toEqual(['9001'])
    expect(eventTopics(fake)).toEqual([{ name: 'feed.event', lineType: 'live', gameId: 9001 }])
    wrapper.unmount()
  })
})
