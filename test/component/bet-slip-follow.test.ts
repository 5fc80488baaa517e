import { afterEach, describe, expect, it } from 'vitest'
import { flushPromises } from '@vue/test-utils'
import type { EventResultDto, WatchTopic } from '../../src-shared/contract.js'
import { installFakeDesk } from './fake-desk.js'
import { gone } from './feed-fixtures.js'
import { followedGames, mountSlipWith, perm, pick, pushEvent, resultMarket } from './slip-feed.js'

/** The slip follows the feed for every match on it: moved, blocked and gone selections are said, and Place follows. */
function feedOf(world: Record<number, EventResultDto>) {
  const fake = installFakeDesk({ 'coupons.place': () => ({ outcome: 'placed', coupons: [] }) })
  fake.topic('feed.event', (t: Extract<WatchTopic, { name: 'feed.event' }>) => world[t.gameId] ?? null)
  return fake
}

describe('bet slip: prices follow the feed', () => {
  afterEach(() => {
    document.body.innerHTML = ''
  })

  it('holds one feed.event subscription per match on the slip while shown, and lets go of them', async () => {
    const fake = feedOf({ 7001: perm(7001, [resultMarket(7001, 1.85)]), 7002: perm(7002, [resultMarket(7002, 2.2)]) })
    const { slip, wrapper } = await mountSlipWith([pick(7001, 'W1', 1.85), pick(7001, 'X', 3.3), pick(7002, 'W1', 2.2)])
    expect(followedGames(fake)).toEqual([7001, 7002])

    slip.remove(pick(7002, 'W1', 2.2).pointer)
    await flushPromises()
    expect(followedGames(fake)).toEqual([7001])
    slip.add(pick(7003, 'W2', 5))
    await flushPromises()
    expect(followedGames(fake)).toEqual([7001, 7003])

    wrapper.unmount()
    await flushPromises()
    expect(fake.subscriptions()).toEqual([])
  })

  it('a moved price is shown old → new with an arrow and words; the potential win and the pointer placed are the current ones', async () => {
    const fake = feedOf({ 7001: perm(7001, [resultMarket(7001, 1.85)]) })
    const { wrapper } = await mountSlipWith([pick(7001, 'W1', 1.85)], 10)
    const row = () => wrapper.find('[data-testid="slip-selection"]')
    expect(row().attributes('data-mark')).toBe('open')
    expect(row().find('[data-testid="slip-mark"]').exists()).toBe(false)

    await pushEvent(fake, 7001, perm(7001, [resultMarket(7001, 1.95)]))
    expect(row().attributes('data-mark')).toBe('moved')
    const mark = row().find('[data-testid="slip-mark"]')
    expect(mark.attributes('data-direction')).toBe('up')
    expect(mark.text()).toBe('▲ Price up: 1.85 → 1.95 (the new price is placed)')
    expect(mark.find('[aria-hidden="true"]').text()).toBe('▲') // the arrow is decoration: the words carry it
    expect(row().find('[data-testid="slip-rate"]').text()).toBe('1.95')
    expect(wrapper.find('[data-testid="slip-potential-win"]').text()).toContain('19.50')

    await pushEvent(fake, 7001, perm(7001, [resultMarket(7001, 1.7)]))
    expect(row().find('[data-testid="slip-mark"]').text()).toBe('▼ Price down: 1.85 → 1.70 (the new price is placed)')
    expect(wrapper.find('[data-testid="slip-potential-win"]').text()).toContain('17.00')

    await wrapper.find('[data-testid="place"]').trigger('click')
    await flushPromises()
    expect(fake.callsTo('coupons.place')).toEqual([expect.objectContaining({ pointers: ['line#7001#1#1#0#1.7'] })])
  })

  it('a price back where it was taken is no longer marked moved', async () => {
    const fake = feedOf({ 7001: perm(7001, [resultMarket(7001, 2.0)]) })
    const { wrapper } = await mountSlipWith([pick(7001, 'W1', 1.85)])
    const row = () => wrapper.find('[data-testid="slip-selection"]')
    expect(row().attributes('data-mark')).toBe('moved') // the match's own answer already differs from the list the pick came from
    await pushEvent(fake, 7001, perm(7001, [resultMarket(7001, 1.85)]))
    expect(row().attributes('data-mark')).toBe('open')
  })

  it('a blocked outcome is said (Place stays: the service answers for it); a withdrawn one is gone and Place is off with why', async () => {
    const fake = feedOf({ 7001: perm(7001, [resultMarket(7001, 1.85)]), 7002: perm(7002, [resultMarket(7002, 2.2)]) })
    const { slip, wrapper } = await mountSlipWith([pick(7001, 'W1', 1.85), pick(7002, 'X', 3.3)])
    const rows = () => wrapper.findAll('[data-testid="slip-selection"]')
    const place = () => wrapper.find('[data-testid="place"]')

    await pushEvent(fake, 7001, perm(7001, [resultMarket(7001, 1.85, 3.3, 4.1, ['W1'])]))
    expect(rows()[0]!.attributes('data-mark')).toBe('blocked')
    expect(rows()[0]!.find('[data-testid="slip-mark"]').text()).toBe('Blocked in the feed: the service refuses it until it reopens')
    expect(place().attributes('disabled')).toBeUndefined()

    // Match 7002 still there, its 1X2 without X: the outcome is no longer offered.
    const withoutX = resultMarket(7002, 2.2)
    withoutX.columns = [withoutX.columns[0]!, withoutX.columns[2]!]
    await pushEvent(fake, 7002, perm(7002, [withoutX]))
    expect(rows()[1]!.attributes('data-mark')).toBe('gone')
    expect(rows()[1]!.find('[data-testid="slip-mark"]').text()).toBe('Gone: the outcome is no longer offered')
    expect(place().attributes('disabled')).toBeDefined()
    expect(wrapper.find('[data-testid="slip-gone-reason"]').text()).toBe('Place is off: remove the selection that is gone (1 on the slip).')
    expect(slip.canPlace).toBe(false)

    await rows()[1]!.find('button.sel__remove').trigger('click')
    await flushPromises()
    expect(wrapper.find('[data-testid="slip-gone-reason"]').exists()).toBe(false)
    expect(place().attributes('disabled')).toBeUndefined()
  })

  it('a match the feed reports gone marks its selections gone in words and is no longer polled', async () => {
    const fake = feedOf({ 7001: perm(7001, [resultMarket(7001, 1.85)]), 7002: perm(7002, [resultMarket(7002, 2.2)]) })
    const { wrapper } = await mountSlipWith([pick(7001, 'W1', 1.85), pick(7002, 'W1', 2.2)])
    const id7002 = fake.subscriptions('feed.event')[1]!.id

    await pushEvent(fake, 7002, gone(7002, 'finished'))
    const row = wrapper.findAll('[data-testid="slip-selection"]')[1]!
    expect(row.attributes('data-mark')).toBe('gone')
    expect(row.find('[data-testid="slip-mark"]').text()).toBe('Gone: the match went live under a new id, was cancelled or ended')
    expect(wrapper.find('[data-testid="place"]').attributes('disabled')).toBeDefined()
    expect(fake.callsTo('watch.unsubscribe')).toEqual([{ subscriptionId: id7002 }])
    expect(followedGames(fake)).toEqual([7001])
  })

  it('says when a followed match is not being refreshed', async () => {
    const fake = feedOf({ 7001: perm(7001, [resultMarket(7001, 1.85)]) })
    const { wrapper } = await mountSlipWith([pick(7001, 'W1', 1.85)])
    expect(wrapper.find('[data-testid="slip-unconfirmed"]').exists()).toBe(false)
    fake.pushState('feed.event', { live: false, error: { code: 'feed_network', message: 'connect ECONNREFUSED' } })
    await flushPromises()
    expect(wrapper.find('[data-testid="slip-unconfirmed"]').text()).toBe('Price not confirmed: the feed is not being refreshed')
  })
})

describe('bet slip: one match in an accumulator', () => {
  afterEach(() => {
    document.body.innerHTML = ''
  })

  it('two outcomes of one match: singles stay fine, an accumulator names the teams and Place is off', async () => {
    feedOf({})
    const { slip, wrapper } = await mountSlipWith([pick(7001, 'W1', 1.85), pick(7002, 'W1', 2.2, { matchName: 'Arsenal – Chelsea' })])
    const place = () => wrapper.find('[data-testid="place"]')
    const warnings = () => wrapper.findAll('[data-testid="slip-same-match"]').map((w) => w.text())
    await wrapper.find('[data-testid="slip-accumulator"] input').setValue(true)
    expect(warnings()).toEqual([])
    expect(place().attributes('disabled')).toBeUndefined()

    // Checked as the selection is added.
    slip.add(pick(7001, 'X', 3.3))
    await flushPromises()
    expect(warnings()).toEqual(['FC Perm – FC Brno: 1X2 · W1 and 1X2 · X are of one match and cannot be in one accumulator'])
    expect(wrapper.findAll('[data-testid="slip-selection"]').map((r) => r.attributes('data-same-match') === 'true')).toEqual([true, false, true])
    expect(place().attributes('disabled')).toBeDefined()

    await wrapper.find('[data-testid="slip-singles"] input').setValue(true)
    expect(warnings()).toEqual([])
    expect(wrapper.findAll('[data-same-match]')).toHaveLength(0)
    expect(place().attributes('disabled')).toBeUndefined()
  })

  it('a sub-match (corners, a period) is the same match as its main match', async () => {
    const fake = feedOf({ 7101: perm(7101, [resultMarket(7101, 1.6)], { mainGameId: 7001, isSubMatch: true, opp1: 'FC Perm (corners)' }) })
    const { slip, wrapper } = await mountSlipWith([pick(7001, 'W1', 1.85), pick(7101, 'W1', 1.6, { matchName: 'FC Perm (corners) – FC Brno' })])
    slip.multi = false
    await flushPromises()
    // The pick did not say it was a sub-match: the match's own feed answer does.
    expect(followedGames(fake)).toEqual([7001, 7101])
    expect(wrapper.findAll('[data-testid="slip-same-match"]').map((w) => w.text())).toEqual(['FC Perm – FC Brno: 1X2 · W1 and 1X2 · W1 are of one match and cannot be in one accumulator'])
    expect(slip.canPlace).toBe(false)
  })

  it('a sub-match picked with its main match id is caught before the feed answers', async () => {
    feedOf({})
    const { slip } = await mountSlipWith([pick(7001, 'W1', 1.85), pick(7102, 'X', 2.9, { mainGameId: 7001 })])
    slip.multi = false
    expect(slip.sameMatch.map((g) => g.matchName)).toEqual(['FC Perm – FC Brno'])
    expect(slip.canPlace).toBe(false)
  })
})
