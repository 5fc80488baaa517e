import { describe, expect, it } from 'vitest'
import { flushPromises } from '@vue/test-utils'
import { useFeedStore } from '@renderer/stores/feed.js'
import { patchEvents, type PatchCount } from '@renderer/composables/patch-events.js'
import type { MatchDto, TournamentEventsDto, WatchTopic } from '../../src-shared/contract.js'
import { installFakeDesk } from './fake-desk.js'
import { markets, match, menu } from './feed-fixtures.js'
import { mountFeedBrowser } from './mount-feed-browser.js'

const topicsOf = (calls: unknown[]) => calls.map((c) => (c as { topic: WatchTopic }).topic)
const tour = (tournamentId: number, tournamentName: string, matches: MatchDto[]): TournamentEventsDto => ({ tournamentId, tournamentName, matches })
const m = (gameId: number, w1 = 1.85, over: Partial<MatchDto> = {}) => match(gameId, markets(w1).slice(0, 1), { key: `line:${gameId}`, ...over })

describe('the match list by tournament', { timeout: 20_000 }, () => {
  it('groups the matches under their tournaments in the service order, each header once', async () => {
    const fake = installFakeDesk()
    fake.topic('feed.menu', menu)
    fake.topic('feed.events', [tour(20, 'Serie A', [m(2001), m(2002)]), tour(10, 'La Liga', [m(1001)])])
    const { wrapper } = await mountFeedBrowser('line')
    const headers = wrapper.findAll('[data-testid="tournament-header"]').map((h) => h.text())
    expect(headers).toEqual(['Serie A2', 'La Liga1'])
    // Rows follow their header; the tournament is not repeated in a grouped row.
    const order = wrapper.findAll('[data-testid="tournament-header"], [data-testid="match-row"]').map((e) => e.attributes('data-game-id') ?? 'H')
    expect(order).toEqual(['H', '2001', '2002', 'H', '1001'])
    expect(wrapper.find('[data-testid="match-row"]').text()).not.toContain('Serie A')
  })

  it('shows search results flat, each with its tournament, and no market count it does not have', async () => {
    const fake = installFakeDesk()
    fake.topic('feed.menu', menu)
    fake.topic('feed.events', [tour(20, 'Serie A', [m(2001)])])
    fake.handle('feed.search', () => ({ ok: true, value: [match(3001, null, { key: 'line:3001', tournamentName: 'Bundesliga' })], epoch: fake.epoch }))
    const { wrapper } = await mountFeedBrowser('line')
    await useFeedStore().search('line', 'Arse')
    await flushPromises()
    expect(wrapper.findAll('[data-testid="tournament-header"]')).toHaveLength(0)
    const row = wrapper.get('[data-testid="match-row"]')
    expect(row.text()).toContain('Bundesliga')
    expect(row.get('[data-col="markets"]').text()).toBe('')
  })

  it('prices the search hits with their match\'s main market, followed while the results are shown', async () => {
    const fake = installFakeDesk()
    fake.topic('feed.menu', menu)
    fake.topic('feed.events', [])
    fake.topic('feed.event', (t: Extract<WatchTopic, { name: 'feed.event' }>) => ({ kind: 'match', match: match(t.gameId, markets(2.4), { key: `line:${t.gameId}`, oddsCounter: 57 }) }))
    fake.handle('feed.search', () => ({ ok: true, value: [match(3001, null, { key: 'line:3001' }), match(3002, null, { key: 'line:3002' })], epoch: fake.epoch }))
    const { wrapper } = await mountFeedBrowser('line')
    await useFeedStore().search('line', 'Arse')
    await flushPromises()
    const followed = () => fake.subscriptions('feed.event').map((x) => (x.topic as { gameId: number }).gameId)
    expect(followed()).toEqual([3001, 3002])
    const rows = wrapper.findAll('[data-testid="match-row"]')
    expect(rows.map((r) => r.find('[data-testid="odds-now"]').text())).toEqual(['2.40', '2.40'])
    expect(rows[0]!.get('[data-col="markets"]').text()).toBe('+57')
    useFeedStore().clearSearch('line')
    await flushPromises()
    expect(followed()).toEqual([])
  })

  it('asks the feed for the full line, the esports side and a championship as the operator chooses', async () => {
    const fake = installFakeDesk()
    fake.topic('feed.menu', menu)
    fake.topic('feed.events', [])
    const nba = { sportId: 3, sportName: 'Basketball', tournamentId: 77, tournamentName: 'NBA', countryName: 'USA', counter: 9, iconUrl: '' }
    fake.handle('feed.topChampionships', () => ({ ok: true, value: [nba], epoch: fake.epoch }))
    await mountFeedBrowser('line')
    const feed = useFeedStore()
    feed.setScope('line', 'all')
    await flushPromises()
    feed.setEsports('line', true)
    await flushPromises()
    await feed.loadChampionships('line')
    await feed.openChampionship('line', feed.lines.line.championships![0]!)
    await flushPromises()
    const topics = topicsOf(fake.callsTo('watch.subscribe'))
    expect(topics).toContainEqual({ name: 'feed.events', lineType: 'line', sportId: 1, tournamentId: 0, all: true })
    expect(topics).toContainEqual({ name: 'feed.menu', lineType: 'line', cybersport: true })
    // A championship is loaded on the regular side, whatever side was shown.
    expect(topics.at(-1)).toEqual({ name: 'feed.events', lineType: 'line', sportId: 3, tournamentId: 77 })
    expect(feed.lines.line.esports).toBe(false)
  })

  it('a refresh keeps the objects of unchanged matches, so only changed rows render again', async () => {
    const fake = installFakeDesk()
    fake.topic('feed.menu', menu)
    fake.topic('feed.events', [tour(20, 'Serie A', [m(2001), m(2002)])])
    await mountFeedBrowser('line')
    const feed = useFeedStore()
    const before = feed.lines.line.events[0]!.matches
    fake.pushSnapshot('feed.events', [tour(20, 'Serie A', [m(2001), m(2002, 2.5)])])
    await flushPromises()
    const after = feed.lines.line.events[0]!.matches
    expect(after[0]).toBe(before[0])
    expect(after[1]).not.toBe(before[1])
    expect(after[1]!.markets![0]!.columns[0]![0]!.rate).toBe(2.5)
  })
})

describe('live rows without a clock', { timeout: 20_000 }, () => {
  it('show the current set\'s games where a clock would be, and no minutes (tennis: timer 0)', async () => {
    const fake = installFakeDesk()
    fake.topic('feed.menu', menu)
    const detail = { subName: '', segment: '', periodScores: ['6:4', '3:2'], scoreExtra: '30:15', extraTime: '', finished: false, stats: [], eventPlan: [] }
    const tennis = m(4001, 1.85, { key: 'live:4001', lineType: 'live', sportId: 4, period: '2nd set', score: '1:0', timerSec: 0, detail })
    const football = m(4002, 1.85, { key: 'live:4002', lineType: 'live', period: '2nd half', score: '1:0', timerSec: 3000, detail: { ...detail, periodScores: ['1:0', '0:0'] } })
    fake.topic('feed.events', [tour(30, 'ATP Vienna', [tennis, football])])
    const { wrapper } = await mountFeedBrowser('live')
    const [t, f] = wrapper.findAll('[data-testid="match-row"]')
    expect(t!.get('[data-col="period"]').text()).toBe('2nd set(3:2)')
    expect(t!.find('[data-testid="live-timer"]').exists()).toBe(false)
    expect(f!.find('[data-testid="live-set-score"]').exists()).toBe(false)
    expect(f!.get('[data-testid="live-timer"]').text()).toBe("50'00")
    wrapper.unmount()
  })
})

describe('patchEvents', () => {
  it('counts kept and changed matches and keeps whole unchanged tournaments', () => {
    const prev = [tour(1, 'A', [m(1), m(2)]), tour(2, 'B', [m(3)])]
    const count: PatchCount = { kept: 0, changed: 0 }
    const next = patchEvents(prev, [tour(1, 'A', [m(1), m(2, 3.1)]), tour(2, 'B', [m(3)]), tour(3, 'C', [m(4)])], count)
    expect(count).toEqual({ kept: 2, changed: 2 })
    expect(next[1]).toBe(prev[1])
    expect(next[0]).not.toBe(prev[0])
    expect(next.map((t) => t.tournamentName)).toEqual(['A', 'B', 'C'])
  })
})
