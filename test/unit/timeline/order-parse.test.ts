import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { parseOrder } from '../../../src-main/core/timeline/order.js'

// The schema the stored order state was read with before it was checked by hand: the verdicts must not move.
const schema = z.object({ cycles: z.array(z.unknown()), openRank: z.unknown().optional() })
function bySchema(text: unknown) {
  if (typeof text !== 'string') return null
  try {
    const o = schema.safeParse(JSON.parse(text))
    if (!o.success) return null
    return { cycles: o.data.cycles.filter((c): c is number => typeof c === 'number'), openRank: typeof o.data.openRank === 'number' ? o.data.openRank : 0 }
  } catch {
    return null
  }
}

const orderLike = fc.record(
  { cycles: fc.oneof(fc.array(fc.oneof(fc.integer(), fc.double({ noNaN: true, noDefaultInfinity: true }), fc.string(), fc.constant(null))), fc.jsonValue()), openRank: fc.jsonValue() },
  { requiredKeys: [] },
)

describe('stored order state read back', () => {
  it('keeps the numbers of a well-formed state', () => {
    expect(parseOrder('{"cycles":[1760000000,1760000500],"openRank":2}')).toEqual({ cycles: [1760000000, 1760000500], openRank: 2 })
    expect(parseOrder('{"cycles":[1,"x",null]}')).toEqual({ cycles: [1], openRank: 0 })
  })

  it('is null for what is not a state (rebuilt from the coupon row)', () => {
    for (const text of [null, 42, '', 'not json', '[]', 'null', '{"cycles":"x"}', '{"openRank":1}', '[{"cycles":[]}]']) expect(parseOrder(text)).toBeNull()
  })

  it('gives the verdict the schema gave, for any JSON text', () => {
    fc.assert(
      fc.property(fc.oneof(orderLike, fc.jsonValue()), (value) => {
        const text = JSON.stringify(value)
        expect(parseOrder(text)).toEqual(bySchema(text))
      }),
      { numRuns: 500 },
    )
  })
})
