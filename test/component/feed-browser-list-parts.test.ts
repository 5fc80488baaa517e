/** The match list's count while a big list comes in two parts: the whole list's, not the first part's rows. */
import { describe, expect, it } from 'vitest'
import { flushPromises } from '@vue/test-utils'
import type { DeskEventBody, TournamentEventsDto } from '../../src-shared/contract.js'
import { installFakeDesk } from './fake-desk.js'
import { markets, match, menu } from './feed-fixtures.js'
import { mountFeedBrowser } from './mount-feed-browser.js'

const tournament = (id: number, gameIds: number[]): TournamentEventsDto => ({ tournamentId: id, tournamentName: `T${id}`, matches: gameIds.map((g) => match(g, markets(1.85).slice(0, 1))) })
const whole = [tournament(1, [7001, 7002, 7003]), tournament(2, [7004, 7005])]
const head = [tournament(1, [7001, 7002])]

describe('FeedBrowser: a big list in two parts', { timeout: 20_000 }, () => {
  it('counts the whole list while only its first part is held, then its rows once the whole arrived', async () => {
    const fake = installFakeDesk({
      'watch.subscribe': ({ subscriptionId, topic }) =>
        topic.name === 'feed.events'
          ? { subscriptionId, epoch: fake.epoch, seq: 5, topic: topic.name, snapshot: head, partial: true, whole: 5, live: true, error: null }
          : { subscriptionId, epoch: fake.epoch, seq: 1, topic: topic.name, snapshot: topic.name === 'feed.menu' ? menu : null, live: true, error: null },
    })
    const { wrapper } = await mountFeedBrowser('line')
    const count = () => wrapper.find('.browser__bar .mono').text()
    const rows = () => wrapper.findAll('[data-testid="match-row"]')
    expect(rows()).toHaveLength(2)
    expect(count()).toContain('5')

    const id = (fake.callsTo('watch.subscribe') as Array<{ subscriptionId: string; topic: { name: string } }>).find((c) => c.topic.name === 'feed.events')!.subscriptionId
    fake.emit({ type: 'watch.snapshot', subscriptionId: id, seq: 5, topic: 'feed.events', snapshot: whole } as DeskEventBody)
    await flushPromises()
    expect(rows()).toHaveLength(5)
    expect(count()).toContain('5')

    // A later whole snapshot counts its own rows: nothing of the first part's count stays behind.
    fake.emit({ type: 'watch.snapshot', subscriptionId: id, seq: 6, topic: 'feed.events', snapshot: [tournament(1, [7001])] } as DeskEventBody)
    await flushPromises()
    expect(rows()).toHaveLength(1)
    expect(count()).toContain('1')
    expect(count()).not.toContain('5')
  })

  it('without the whole count (an older main) the first part counts its rows', async () => {
    const fake = installFakeDesk({
      'watch.subscribe': ({ subscriptionId, topic }) =>
        topic.name === 'feed.events'
          ? { subscriptionId, epoch: fake.epoch, seq: 5, topic: topic.name, snapshot: head, partial: true, live: true, error: null }
          : { subscriptionId, epoch: fake.epoch, seq: 1, topic: topic.name, snapshot: topic.name === 'feed.menu' ? menu : null, live: true, error: null },
    })
    const { wrapper } = await mountFeedBrowser('line')
    expect(wrapper.findAll('[data-testid="match-row"]')).toHaveLength(2)
    expect(wrapper.find('.browser__bar .mono').text()).toContain('2')
  })

  it('says it is loading, not "0 matches", while a list has not come yet', async () => {
    const fake = installFakeDesk({
      'watch.subscribe': ({ subscriptionId, topic }) => ({ subscriptionId, epoch: fake.epoch, seq: 1, topic: topic.name, snapshot: topic.name === 'feed.menu' ? menu : null, live: true, error: null }),
    })
    const { wrapper } = await mountFeedBrowser('line')
    expect(wrapper.find('[data-testid="feed-count-loading"]').exists()).toBe(true)
    expect(wrapper.find('.browser__bar').text()).not.toContain('0 matches')
    const id = (fake.callsTo('watch.subscribe') as Array<{ subscriptionId: string; topic: { name: string } }>).find((c) => c.topic.name === 'feed.events')!.subscriptionId
    fake.emit({ type: 'watch.snapshot', subscriptionId: id, seq: 2, topic: 'feed.events', snapshot: [] } as DeskEventBody)
    await flushPromises()
    // An empty list that came is said as such.
    expect(wrapper.find('[data-testid="feed-count-loading"]').exists()).toBe(false)
    expect(wrapper.find('.browser__bar .mono').text()).toContain('0')
  })
})
