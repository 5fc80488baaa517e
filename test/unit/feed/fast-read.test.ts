import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import {
  ChampionshipSchema,
  CountrySchema,
  EventPlanItemSchema,
  EventsTournamentSchema,
  MarketSchema,
  MatchSchema,
  OutcomeSchema,
  SportSchema,
  StatItemSchema,
  SubGameSchema,
  TournamentSchema,
} from '../../../src-main/core/feed/schemas.js'
import { fastReaderOf } from '../../../src-main/core/feed/fast-read.js'
import { hostileJson } from './json-fuzz.js'

/**
 * The hand-read wire schemas must say exactly what zod says: same value for every field (the
 * coercions, the nulls), and refuse exactly the items zod refuses (zod then words the warning).
 */
const SCHEMAS = {
  ChampionshipSchema,
  CountrySchema,
  EventPlanItemSchema,
  EventsTournamentSchema,
  MarketSchema,
  MatchSchema,
  OutcomeSchema,
  SportSchema,
  StatItemSchema,
  SubGameSchema,
  TournamentSchema,
}

describe('hand-read feed schemas', () => {
  for (const [name, schema] of Object.entries(SCHEMAS)) {
    it(`${name}: same fields as zod, refused exactly when zod refuses`, () => {
      const fast = fastReaderOf(schema)
      expect(fast).not.toBeNull()
      const keys = Object.keys(schema.shape)
      const item = fc.oneof(
        { weight: 8, arbitrary: fc.dictionary(fc.constantFrom(...keys, 'x_extra'), hostileJson, { maxKeys: keys.length + 1 }) },
        { weight: 1, arbitrary: hostileJson },
      )
      fc.assert(
        fc.property(item, (raw) => {
          const nulled: string[] = []
          const quick = fast!.read(raw, (_value, key) => nulled.push(key), 'p', [])
          const slow = schema.safeParse(raw)
          expect(quick !== undefined).toBe(slow.success)
          if (!slow.success || !quick) return
          const data = slow.data as Record<string, unknown>
          for (const key of keys) expect([key, quick[key] ?? undefined]).toEqual([key, data[key] ?? undefined])
          for (const key of keys) expect([key, quick[key] === null]).toEqual([key, data[key] === null])
          const input = raw as Record<string, unknown>
          expect(nulled.sort()).toEqual(keys.filter((k) => data[k] === null && input[k] !== null && input[k] !== undefined).sort())
        }),
        { numRuns: 400 },
      )
    })
  }
})
