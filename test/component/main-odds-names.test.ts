import { describe, expect, it } from 'vitest'
import { fitsHeader, mainOddsHeader, outcomeLabel } from '@renderer/composables/main-odds.js'
import { oc } from './feed-fixtures.js'

/** Prices with names: the outcome names over the list's prices come from the feed, by outcome type. */
const oneX2 = (order: Array<[string, number, number]>) => ({ key: '0:1', groupId: 1, name: '1x2', columns: [order.map(([n, r, type]) => oc(n, r, false, type))] })
const winner = { key: '0:9', groupId: 9, name: 'Winner', columns: [[oc('2', 1.844, false, 402), oc('1', 1.959, false, 401)]] }

describe('names over the inline odds', () => {
  it('a list of 1X2 markets is headed by their names in type order, whatever the feed order', () => {
    const a = oneX2([['W2', 1.4, 3], ['X', 4.6, 2], ['W1', 7.5, 1]])
    const b = oneX2([['W1', 2.1, 1], ['W2', 3.3, 3], ['X', 3.2, 2]])
    expect(mainOddsHeader([a, undefined, b])?.names).toEqual(['W1', 'X', 'W2'])
  })

  it('a two-way list is headed 1 · (nothing) · 2: never read as a 1X2 with a price missing', () => {
    expect(mainOddsHeader([winner, winner])?.names).toEqual(['1', '', '2'])
  })

  it('the layout most rows share heads the list; a row laid out otherwise carries its own names', () => {
    const full = oneX2([['W1', 2.1, 1], ['X', 3.2, 2], ['W2', 3.3, 3]])
    const header = mainOddsHeader([winner, full, full])
    expect(header?.names).toEqual(['W1', 'X', 'W2'])
    expect(fitsHeader(full, header!)).toBe(true)
    expect(fitsHeader(winner, header!)).toBe(false)
    expect(mainOddsHeader([])).toBeNull()
  })

  it('a 1X2 missing its draw in one row still takes the draw name from another', () => {
    const noDraw = oneX2([['W1', 2.1, 1], ['W2', 3.3, 3]])
    const header = mainOddsHeader([noDraw, oneX2([['W1', 2.1, 1], ['X', 3.2, 2], ['W2', 3.3, 3]]), noDraw])
    expect(header?.names).toEqual(['W1', 'X', 'W2'])
    expect(fitsHeader(noDraw, header!)).toBe(true)
  })

  it('an outcome label keeps a parameter that says something, never a zero one', () => {
    expect(outcomeLabel({ name: 'W2', size: '0' })).toBe('W2')
    expect(outcomeLabel({ name: 'Over', size: '2.5' })).toBe('Over 2.5')
    expect(outcomeLabel({ name: 'H1 (-1.5)', size: '-1.5' })).toBe('H1 (-1.5)')
    expect(outcomeLabel({ name: 'Yes', size: null })).toBe('Yes')
  })
})
