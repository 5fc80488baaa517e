/** The Line browser fed by deltas: prices move in place with their arrow, other rows keep their objects, the slip follows. */
import { describe, expect, it } from 'vitest'
import { flushPromises } from '@vue/test-utils'
import { useBetslipStore } from '@renderer/stores/betslip.js'
import { useFeedStore } from '@renderer/stores/feed.js'
import type { FeedEventDeltaDto, FeedListDeltaDto } from '../../src-shared/contract.js'
import { installFakeDesk } from './fake-desk.js'
import { markets, match, menu } from './feed-fixtures.js'
import { mountFeedBrowser } from './mount-feed-browser.js'

const w1Moved = (gameId: number, rate: number) => ({ market: '0:1', col: 0, row: 0, set: { rate, pointer: `line#${gameId}#1#1#0#${rate}` } })

describe('FeedBrowser (Line) on deltas', { timeout: 20_000 }, () => {
  it('a list delta moves one row\'s price with its arrow; the other rows keep their objects', async () => {
    const fake = installFakeDesk()
    fake.topic('feed.menu', menu)
    fake.topic('feed.events', [{ tournamentId: 88, tournamentName: 'Premier League', matches: [match(7001, markets(1.85).slice(0, 1)), match(7002, markets(2.2).slice(0, 1))] }])
    const { wrapper } = await mountFeedBrowser('line')
    const store = useFeedStore()
    const before = store.lines.line.events[0]!.matches
    const rowOdds = () => wrapper.findAll('[data-testid="match-row"]').map((r) => r.find('[data-testid="odds-now"]').text())
    expect(rowOdds()).toEqual(['1.85', '2.20'])

    // (The fixtures' pointers all name game 7001.)
    const delta: FeedListDeltaDto = { changed: [{ key: 'line:7002', markets: { outcomes: [w1Moved(7001, 2.05)] } }] }
    fake.pushDelta('feed.events', delta)
    await flushPromises()
    expect(rowOdds()).toEqual(['1.85', '2.05'])
    const after = store.lines.line.events[0]!.matches
    expect(after[0]).toBe(before[0])
    expect(after[1]).not.toBe(before[1])
    const move = wrapper.findAll('[data-testid="match-row"]')[1]!.find('[data-testid="odds-move"]')
    expect(move.attributes('data-move')).toBe('down')
    expect(move.text()).toContain('2.20')

    // A match added and one removed, by key: the list follows in the service's order.
    fake.pushDelta('feed.events', { tournaments: [{ tournamentId: 88, tournamentName: 'Premier League', keys: ['line:7003', 'line:7002'] }], added: [match(7003, markets(3.1).slice(0, 1))], removed: ['line:7001'] })
    await flushPromises()
    expect(rowOdds()).toEqual(['3.10', '2.05'])
    expect(store.lines.line.events[0]!.matches[1]).toBe(after[1])
  })

  it('the open match and the slip follow an event delta', async () => {
    const fake = installFakeDesk()
    fake.topic('feed.menu', menu)
    fake.topic('feed.events', [{ tournamentId: 88, tournamentName: 'Premier League', matches: [match(7001, markets(1.85).slice(0, 1))] }])
    fake.topic('feed.event', { kind: 'match', match: match(7001, markets(1.85)) })
    const { wrapper } = await mountFeedBrowser('line')
    await wrapper.findAll('[data-testid="match-row"]')[0]!.trigger('click')
    await flushPromises()
    const buttons = () => wrapper.find('[data-testid="market-grid"]').findAll('[data-testid="outcome"]')
    await buttons()[0]!.trigger('click')
    await flushPromises()
    expect(useBetslipStore().pointers).toEqual(['line#7001#1#1#0#1.85'])

    const delta: FeedEventDeltaDto = { match: { key: 'line:7001', set: { score: '1:0' }, markets: { outcomes: [w1Moved(7001, 1.6)] } } }
    fake.pushDelta('feed.event', delta)
    await flushPromises()
    expect(buttons()[0]!.find('[data-testid="odds-now"]').text()).toBe('1.60')
    expect(buttons()[0]!.find('[data-testid="odds-move"]').attributes('data-move')).toBe('down')
    // The slip's selection follows the feed's new price and pointer.
    expect(useBetslipStore().pointers).toEqual(['line#7001#1#1#0#1.6'])
    const event = useFeedStore().lines.line.event
    expect(event?.kind === 'match' && event.match.score).toBe('1:0')
  })
})
