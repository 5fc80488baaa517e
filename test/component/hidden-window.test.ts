import { describe, expect, it } from 'vitest'
import { flushPromises } from '@vue/test-utils'
import type { MatchDto, TournamentEventsDto } from '../../src-shared/contract.js'
import { useBetslipStore } from '@renderer/stores/betslip.js'
import { installFakeDesk } from './fake-desk.js'
import { markets, match, menu } from './feed-fixtures.js'
import { mountFeedBrowser } from './mount-feed-browser.js'

// Its own file: the window's visibility is one for every mounted browser.
const tour = (tournamentId: number, tournamentName: string, matches: MatchDto[]): TournamentEventsDto => ({ tournamentId, tournamentName, matches })
const m = (gameId: number) => match(gameId, markets(1.85).slice(0, 1), { key: `line:${gameId}` })

describe('a hidden window', { timeout: 20_000 }, () => {
  const setVisibility = (state: 'hidden' | 'visible') => {
    Object.defineProperty(document, 'visibilityState', { value: state, configurable: true })
    document.dispatchEvent(new Event('visibilitychange'))
  }
  it('lets go of its feed subscriptions while hidden and takes them again when shown', async () => {
    const fake = installFakeDesk()
    fake.topic('feed.menu', menu)
    fake.topic('feed.events', [tour(20, 'Serie A', [m(2001)])])
    try {
      await mountFeedBrowser('line')
      // The slip follows its match's feed too: that subscription pauses with the others.
      useBetslipStore().add({ pointer: 'line#2001#1#1#0#1.85', lineType: 'line', gameId: 2001, matchName: 'Arsenal – Chelsea', marketName: '1X2', outcomeName: 'W1', rate: 1.85 })
      await flushPromises()
      expect(fake.subscriptions().map((s) => s.topic.name).sort()).toEqual(['feed.event', 'feed.events', 'feed.menu'])
      setVisibility('hidden')
      await flushPromises()
      expect(fake.subscriptions()).toEqual([])
      setVisibility('visible')
      await flushPromises()
      expect(fake.subscriptions().map((s) => s.topic.name).sort()).toEqual(['feed.event', 'feed.events', 'feed.menu'])
    } finally {
      setVisibility('visible')
    }
  })
})
