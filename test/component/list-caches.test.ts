import { describe, expect, it } from 'vitest'
import { mainOddsHeader } from '@renderer/composables/main-odds.js'
import { formatStart } from '@renderer/composables/format.js'
import { oc } from './feed-fixtures.js'

// The match list remembers work per start time and per market object (it mounts rows as they scroll
// in and works the header out over thousands of rows on each refresh): what it remembers is never stale.
const oneX2 = (names: [string, string, string]) => ({ key: '0:1', groupId: 1, name: '1x2', columns: [names.map((n, i) => oc(n, 2 + i, false, i + 1))] })

describe('what the match list remembers', () => {
  it('a start time written once reads the same again, and each language gets its own writing', () => {
    const ms = Date.UTC(2026, 10, 27, 18, 5)
    expect(formatStart(ms, 'utc', 'en')).toBe('11-27 18:05')
    expect(formatStart(ms, 'utc', 'en')).toBe('11-27 18:05')
    expect(formatStart(ms, 'utc', 'uk')).toBe('27.11 18:05')
    expect(formatStart(ms + 5 * 60_000, 'utc', 'en')).toBe('11-27 18:10')
  })

  it('a refreshed market (a new object) is read again, so the header follows the new names', () => {
    const before = oneX2(['W1', 'X', 'W2'])
    expect(mainOddsHeader([before, before])?.names).toEqual(['W1', 'X', 'W2'])
    const renamed = oneX2(['1', 'Draw', '2'])
    expect(mainOddsHeader([renamed, renamed])?.names).toEqual(['1', 'Draw', '2'])
    // The same object again is the same answer.
    expect(mainOddsHeader([before])?.names).toEqual(['W1', 'X', 'W2'])
  })
})
