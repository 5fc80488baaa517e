import { describe, expect, it } from 'vitest'
import { mainOdds } from '@renderer/composables/main-odds.js'
import { kyivDay, periodKeyOf, periodOf, PERIOD_KEYS } from '@renderer/composables/calendar.js'
import { oc } from './feed-fixtures.js'

describe('inline main odds by outcome type', () => {
  it('places 1X2 by type whatever the order the list came in (price order puts W2 first)', () => {
    const market = { key: '0:1', groupId: 1, name: '1x2', columns: [[oc('W2', 1.4, false, 3), oc('X', 4.6, false, 2), oc('W1', 7.5, false, 1)]] }
    expect(mainOdds(market).map((o) => o?.name)).toEqual(['W1', 'X', 'W2'])
  })
  it('leaves the draw slot empty when there is none (a missing X, or a two-way winner)', () => {
    expect(mainOdds({ key: '0:1', groupId: 1, name: '1x2', columns: [[oc('W2', 1.4, false, 3), oc('W1', 2.5, false, 1)]] }).map((o) => o?.name ?? null)).toEqual(['W1', null, 'W2'])
    expect(mainOdds({ key: '0:9', groupId: 9, name: 'Winner', columns: [[oc('2', 1.4, false, 402), oc('1', 2.5, false, 401)]] }).map((o) => o?.name ?? null)).toEqual(['1', null, '2'])
  })
  it('orders another market by type, unknown types last in feed order', () => {
    const market = { key: '0:17', groupId: 17, name: 'Total', columns: [[oc('Under', 1.9, false, 10), oc('?', 2, false, null), oc('Over', 1.9, false, 9)]] }
    expect(mainOdds(market).map((o) => o?.name)).toEqual(['Over', 'Under', '?'])
    expect(mainOdds(undefined)).toEqual([])
  })
})

describe('the calendar periods', () => {
  it('maps every choice to the contract period and back', () => {
    expect(periodOf('top')).toBeNull()
    expect(periodOf('h12')).toEqual({ hours: 12 })
    expect(periodOf('d0')).toEqual({ day: 0 })
    for (const key of PERIOD_KEYS.filter((k) => k !== 'top')) expect(periodKeyOf(periodOf(key)!)).toBe(key)
  })
  it('counts days in Kyiv: 22:30 UTC in summer is already the next day there', () => {
    const lateUtc = Date.UTC(2026, 6, 10, 22, 30) // 01:30 on 11 July in Kyiv (UTC+3)
    expect(kyivDay(lateUtc, 0)).toEqual({ iso: '2026-07-11', label: 'Sat 11 Jul' })
    expect(kyivDay(lateUtc, 5).iso).toBe('2026-07-16')
    // Across the October clock change the date still moves by whole days.
    expect(kyivDay(Date.UTC(2026, 9, 24, 12), 1).iso).toBe('2026-10-25')
    expect(kyivDay(Date.UTC(2026, 9, 24, 12), 2).iso).toBe('2026-10-26')
  })
})
