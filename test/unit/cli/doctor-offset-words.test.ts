import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { offsetText } from '../../../src-main/core/cli/doctor-words.js'

describe('the doctor\'s clock offset in words', () => {
  it('uses the unit a reader takes in at a glance', () => {
    expect(offsetText(850)).toBe('+850 ms')
    expect(offsetText(-5_000)).toBe('−5000 ms')
    expect(offsetText(45_210)).toBe('+45.2 s')
    expect(offsetText(-7_500_000)).toBe('−2 h 5 min')
    expect(offsetText(3 * 86_400_000 + 4 * 3_600_000)).toBe('+3 d 4 h')
  })
  it('keeps the sign and never prints an empty figure', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e11, max: 1e11 }), (ms) => {
        const text = offsetText(ms)
        expect(text.startsWith(ms >= 0 ? '+' : '−')).toBe(true)
        expect(text.length).toBeGreaterThan(1)
        expect(text).toMatch(/\d/)
      }),
    )
  })
})
