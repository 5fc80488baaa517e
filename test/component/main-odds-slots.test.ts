import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import type { MarketDto, OutcomeDto } from '../../src-shared/contract.js'
import { fitsHeader, mainOdds, mainOddsHeader } from '../../src-renderer/composables/main-odds.js'

/** The slots as first written (copies, a Set and a search per slot): the one-walk reader must place the same outcome objects. */
function reference(market: MarketDto | undefined | null): Array<OutcomeDto | null> {
  if (!market) return []
  const outcomes = market.columns.flat()
  const types = new Set(outcomes.map((o) => o.typeId))
  const bySlots = (slots: ReadonlyArray<number | null>) => slots.map((type) => (type === null ? null : (outcomes.find((o) => o.typeId === type) ?? null)))
  if ([1, 2, 3].some((t) => types.has(t))) return bySlots([1, 2, 3])
  if (types.has(401) || types.has(402)) return bySlots([401, null, 402])
  const rank = (o: OutcomeDto) => (o.typeId === null ? Number.POSITIVE_INFINITY : o.typeId)
  return [...outcomes].sort((a, b) => rank(a) - rank(b)).slice(0, 3)
}

const outcome = fc.record({
  name: fc.constantFrom('W1', 'X', 'W2', '1', '2', 'Over', 'Under', ''),
  rate: fc.double({ min: 1.01, max: 50, noNaN: true }),
  size: fc.constantFrom(null, '0', '2.5'),
  blocked: fc.boolean(),
  playerId: fc.constant(null),
  pointer: fc.constant('line#1#1#1#0#2'),
  typeId: fc.constantFrom(null, 1, 2, 3, 7, 8, 9, 10, 401, 402, 1000),
})
const market = fc.record({ key: fc.constant('0:1'), groupId: fc.constant(1), name: fc.constant('1x2'), columns: fc.array(fc.array(outcome, { maxLength: 4 }), { maxLength: 3 }) })

describe('main odds slots', () => {
  it('places the same outcomes as the reference, by identity, for any market', () => {
    fc.assert(
      fc.property(market, (m) => {
        const got = mainOdds(m)
        const want = reference(m)
        expect(got.length).toBe(want.length)
        got.forEach((o, i) => expect(o).toBe(want[i]))
      }),
      { numRuns: 500 },
    )
  })

  it('gives the same header for equal markets whatever other layouts were read before (shared layouts hold no state)', () => {
    fc.assert(
      fc.property(fc.array(market, { minLength: 1, maxLength: 20 }), fc.array(market, { maxLength: 20 }), (markets, others) => {
        const before = mainOddsHeader(structuredClone(markets))
        mainOddsHeader(others)
        const after = mainOddsHeader(structuredClone(markets))
        expect(after).toEqual(before)
        if (after) for (const m of markets) expect(fitsHeader(m, after)).toBe(fitsHeader(structuredClone(m), after))
      }),
      { numRuns: 200 },
    )
  })
})
