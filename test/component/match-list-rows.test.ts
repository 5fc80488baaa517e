/** The match list's rows as plain elements under one click handler, the places rows keep as the list scrolls, and a row's price moves. */
import { describe, expect, it, vi } from 'vitest'
import { effectScope, nextTick, shallowRef } from 'vue'
import { flushPromises } from '@vue/test-utils'
import { useBetslipStore } from '@renderer/stores/betslip.js'
import { createRowPool } from '@renderer/composables/row-pool.js'
import { usePriceMoves } from '@renderer/composables/price-moves.js'
import type { OutcomeDto } from '../../src-shared/contract.js'
import { installFakeDesk } from './fake-desk.js'
import { markets, match, menu, oc } from './feed-fixtures.js'
import { mountFeedBrowser } from './mount-feed-browser.js'

describe('a list row under the list\'s one click handler', { timeout: 20_000 }, () => {
  it('a price goes to the slip without opening the match, a blocked one does nothing, the rest of the row opens it', async () => {
    const fake = installFakeDesk()
    fake.topic('feed.menu', menu)
    fake.topic('feed.events', [{ tournamentId: 88, tournamentName: 'Premier League', matches: [match(7001, markets(1.85).slice(0, 1)), match(7002, markets(2.2).slice(0, 1))] }])
    fake.topic('feed.event', { kind: 'match', match: match(7001, markets(1.85)) })
    const { wrapper } = await mountFeedBrowser('line')
    const row = () => wrapper.get('[data-testid="match-row"][data-game-id="7001"]')
    // The open match is the selected row (the slip follows a pick's match too, so subscriptions say nothing here).
    const opened = () => row().attributes('aria-current') === 'true'

    const prices = row().findAll('[data-testid="outcome"]')
    expect(prices.map((p) => p.attributes('data-slot'))).toEqual(['0', '1', '2'])
    await prices[0]!.get('[data-testid="odds-now"]').trigger('click')
    await flushPromises()
    expect(useBetslipStore().pointers).toEqual(['line#7001#1#1#0#1.85'])
    expect(opened()).toBe(false)

    // W2 is blocked: disabled, and a click that reaches it anyway picks nothing and opens nothing.
    expect(prices[2]!.attributes('disabled')).toBeDefined()
    expect(prices[2]!.attributes('title')).toBeTruthy()
    await prices[2]!.trigger('click')
    await flushPromises()
    expect(useBetslipStore().pointers).toEqual(['line#7001#1#1#0#1.85'])
    expect(opened()).toBe(false)

    await row().get('[data-col="match"]').trigger('click')
    await flushPromises()
    expect(opened()).toBe(true)
    expect(wrapper.findAll('[data-testid="match-row"]').filter((r) => r.attributes('aria-current') === 'true')).toHaveLength(1)
    wrapper.unmount()
  })

  it('labels the pin for its match and keeps a price\'s name for people who cannot see the header', async () => {
    const fake = installFakeDesk()
    fake.topic('feed.menu', menu)
    fake.topic('feed.events', [{ tournamentId: 88, tournamentName: 'Premier League', matches: [match(7001, markets(1.85).slice(0, 1))] }])
    const { wrapper } = await mountFeedBrowser('line')
    const pin = wrapper.get('[data-testid="match-row"] [data-testid="pin-toggle"]')
    expect(pin.attributes('aria-label')).toBe('Pin Arsenal – Chelsea to the watch list')
    expect(pin.attributes('aria-pressed')).toBe('false')
    expect(wrapper.get('[data-testid="match-row"] [data-testid="outcome"]').attributes('title')).toBe('1X2: W1')
    wrapper.unmount()
  })

  it('puts a team name into the pin label as it is, pattern characters included', async () => {
    const fake = installFakeDesk()
    fake.topic('feed.menu', menu)
    fake.topic('feed.events', [{ tournamentId: 88, tournamentName: 'Premier League', matches: [{ ...match(7001, markets(1.85).slice(0, 1)), opp1: "FC $& $' $1" }] }])
    const { wrapper } = await mountFeedBrowser('line')
    expect(wrapper.get('[data-testid="match-row"] [data-testid="pin-toggle"]').attributes('aria-label')).toBe("Pin FC $& $' $1 – Chelsea to the watch list")
    wrapper.unmount()
  })
})

describe('row places (createRowPool)', () => {
  const rows = (...keys: string[]) => keys.map((key) => ({ key, kind: key.startsWith('t') ? 'group' : 'match' }))

  it('a row keeps its place while in view; a row scrolling in takes the place one scrolling out let go', () => {
    const place = createRowPool()
    const a = place(rows('t1', 'm1', 'm2', 'm3'))
    const b = place(rows('m1', 'm2', 'm3', 'm4'))
    expect(b.places.slice(0, 3)).toEqual(a.places.slice(1, 4))
    // No match place was free, so m4 got a new one; the header's place waits, idle, with its header.
    expect(a.places).not.toContain(b.places[3])
    expect(b.idle).toEqual([{ place: a.places[0], row: { key: 't1', kind: 'group' } }])
    const c = place(rows('m2', 'm3', 'm4', 'm5'))
    expect(c.places[3]).toBe(b.places[0])
    expect(new Set(c.places).size).toBe(4)
  })

  it('when every row in view changes, each place gets the row at its old position, and a header never takes a match row\'s place', () => {
    const place = createRowPool()
    const a = place(rows('m1', 'm2', 't1', 'm3'))
    const b = place(rows('m7', 'm8', 't2', 'm9'))
    expect(b.places).toEqual(a.places)
    expect(b.idle).toEqual([])
    const c = place(rows('t3', 't4', 'm10'))
    expect(c.places[0]).toBe(a.places[2])
    expect(c.places[1]).not.toBe(a.places[0])
    expect(c.places[2]).toBe(a.places[0])
    expect(c.idle.map((i) => i.row.kind)).toEqual(['match', 'match'])
  })
})

describe('a row\'s price moves (usePriceMoves)', () => {
  it('marks a changed price of the same outcome with its direction and old price for a while; another outcome in the place is not a move', async () => {
    vi.useFakeTimers()
    try {
      const places = shallowRef<Array<OutcomeDto | null>>([oc('W1', 1.85, false, 1), oc('X', 3.3, false, 2), null])
      const scope = effectScope()
      const moves = scope.run(() => usePriceMoves(places, 5000))!
      expect(moves.value.every((m) => !m)).toBe(true)

      places.value = [oc('W1', 2.05, false, 1), oc('X', 3.1, false, 2), null]
      await nextTick()
      expect(moves.value.slice(0, 2)).toEqual([{ dir: 'up', from: 1.85 }, { dir: 'down', from: 3.3 }])
      expect(moves.value[2] ?? null).toBeNull()

      // The row now shows another match: its outcomes are others, so the marks go.
      places.value = [oc('W1', 1.5, false, 1, 7002), oc('X', 3.1, false, 2), null]
      await nextTick()
      expect(moves.value[0]).toBeNull()
      expect(moves.value[1]).toEqual({ dir: 'down', from: 3.3 })

      vi.advanceTimersByTime(5001)
      expect(moves.value.every((m) => !m)).toBe(true)
      scope.stop()
    } finally {
      vi.useRealTimers()
    }
  })
})
