import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { normaliseEvent, normaliseEvents } from '../../../src-main/core/feed/normalise.js'
import { MatchSchema, MarketSchema, OutcomeSchema } from '../../../src-main/core/feed/schemas.js'
import { buildCouponPointer, ocPointerTypeId, outcomeTypeId, parseOcPointer, readOcPointer } from '../../../src-main/core/feed/pointer.js'
import { feedCapture, feedCaptureNames, HAVE_FEED_CAPTURES, lineTypeOfCapture, SKIP_MESSAGE } from './captures.js'
import { eventBody, eventsBody, prematchRow } from './fixtures.js'
import { hostileJson, mutated } from './json-fuzz.js'

/**
 * The one-pass reader (normalise-fast.ts) against the reference path (every match through the
 * wire schemas, normalise-match.ts): the same items, value for value and in the same order, and
 * the same warnings in the same order, on the vendor's captures and on hostile bodies.
 */
const RUNS = { numRuns: Number(process.env.FEED_FUZZ_RUNS ?? 300) }

/** An outcome's fields in one order: the usual outcome is the parsed object itself, in the order the
 *  feed sent its keys, and every reader of an outcome reads it by name (its DTO is built field by field). */
const OUTCOME_ORDER = ['oc_group_name', 'oc_name', 'oc_rate', 'oc_size', 'oc_pointer', 'oc_block', 'op_id', 'extra']
const outcomeKeysInOrder = (_key: string, value: unknown): unknown =>
  value && typeof value === 'object' && !Array.isArray(value) && 'oc_pointer' in value && 'oc_rate' in value
    ? Object.fromEntries(OUTCOME_ORDER.filter((k) => k in value).map((k) => [k, (value as Record<string, unknown>)[k]]))
    : value

function same(fast: unknown, reference: unknown): void {
  expect(fast).toStrictEqual(reference)
  // Key order too (but an outcome's, above): a DTO built from either crosses the bridge as the same text.
  expect(JSON.stringify(fast, outcomeKeysInOrder)).toBe(JSON.stringify(reference, outcomeKeysInOrder))
}

function sameEvents(body: unknown, lineType: 'line' | 'live'): void {
  const run = (reference: boolean) => {
    try {
      return normaliseEvents(body, lineType, reference)
    } catch (error) {
      return { threw: String(error) }
    }
  }
  same(run(false), run(true))
}

function sameEvent(body: unknown, lineType: 'line' | 'live'): void {
  const run = (reference: boolean) => {
    try {
      return normaliseEvent(body, lineType, 1, reference)
    } catch (error) {
      return { threw: String(error), data: (error as { data?: unknown }).data }
    }
  }
  same(run(false), run(true))
}

/** Outcomes the reader takes without a word, in any order and with any type ids and parameters,
 *  so the market's ordering (type id, then parameter) is what is compared. */
const cleanOutcome = fc.record({
  oc_group_name: fc.constantFrom('Total', 'Handicap', 'Total'),
  oc_name: fc.string({ maxLength: 6 }),
  oc_rate: fc.double({ min: 1.01, max: 1000, noNaN: true }),
  oc_size: fc.oneof(fc.constantFrom(0, '0', '2.5', -1.5), fc.integer()),
  oc_pointer: fc
    .tuple(fc.integer({ min: 0, max: 4 }), fc.constantFrom('0', '2.5', '-1.25', '10', '3.001', '1.0E-4', '1e999', '-1e999', '9'.repeat(400), '+2', '0.50'))
    .map(([type, param]) => `5001|2|${type}|${param}`),
  oc_block: fc.boolean(),
  op_id: fc.constantFrom(null, 7),
  x_extra: fc.option(hostileJson, { nil: undefined }),
}, { requiredKeys: ['oc_rate'], noNullPrototype: true })

/** A key order of its own per object, as the feed may send it. */
const shuffled = (value: Record<string, unknown>, seed: number): Record<string, unknown> => {
  const keys = Object.keys(value)
  for (let i = keys.length - 1; i > 0; i--) {
    const j = (seed * (i + 7)) % (i + 1)
    ;[keys[i], keys[j]] = [keys[j], keys[i]]
  }
  return Object.fromEntries(keys.map((k) => [k, value[k]]))
}

describe('one-pass feed reader = reference path', () => {
  it.skipIf(!HAVE_FEED_CAPTURES)(`every events and event capture${HAVE_FEED_CAPTURES ? '' : ` (${SKIP_MESSAGE})`}`, () => {
    const names = feedCaptureNames().filter((n) => n.startsWith('events') || n.startsWith('event.'))
    expect(names.length).toBeGreaterThan(2)
    for (const name of names) {
      const body = feedCapture(name).body
      if (name.startsWith('event.')) sameEvent(body, lineTypeOfCapture(name))
      else sameEvents(body, lineTypeOfCapture(name))
    }
  })

  it('the reader knows exactly the fields the schemas model (the rest goes to extra)', () => {
    const row = prematchRow()
    const named = Object.fromEntries([...Object.keys(MatchSchema.shape), ...Object.keys(MarketSchema.shape), ...Object.keys(OutcomeSchema.shape)].map((k) => [k, undefined]))
    // Each modelled field given an unknown twin: only the twin may land in extra.
    const twin = Object.fromEntries(Object.keys(named).map((k) => [`${k}_x`, 1]))
    const body = [{ tournament_id: 1, events_list: [{ ...row, ...twin, game_oc_list: [{ group_id: 1, ...twin, oc_list: [{ oc_rate: 2, oc_pointer: '5001|1|1|0', ...twin }] }] }] }]
    sameEvents(body, 'line')
    const match = normaliseEvents(body, 'line').items[0].matches[0]
    expect(Object.keys(match.extra).sort()).toEqual([...Object.keys(twin), 'game_plan', 'sgame_id', 'stat_id', 'stat_list_extra'].sort())
    expect(Object.keys(match.markets![0].extra).sort()).toEqual(Object.keys(twin).sort())
    expect(Object.keys(match.markets![0].outcomes[0].extra!).sort()).toEqual(Object.keys(twin).sort())
  })

  it('hostile events bodies: same tournaments, matches and warnings', () => {
    fc.assert(fc.property(mutated(eventsBody), fc.constantFrom('line', 'live') as fc.Arbitrary<'line' | 'live'>, (body, lineType) => sameEvents(body, lineType)), RUNS)
  })

  it('hostile event bodies (markets in columns, stats, sub-games, plan): same match and warnings', () => {
    fc.assert(fc.property(mutated(eventBody()), fc.constantFrom('line', 'live') as fc.Arbitrary<'line' | 'live'>, (body, lineType) => sameEvent(body, lineType)), RUNS)
  })

  it('outcomes with exactly the seven keys, in the captures order, values at the edges of each type: same outcomes and warnings', () => {
    // The reader's by-name path takes these; every value here is one it must either keep exactly as
    // the reference does or hand on (odds out of range, a malformed pointer, a text where a number
    // goes), and a list mixes them with unusual outcomes so the reader moves between its paths.
    const usual = fc.record({
      oc_group_name: fc.oneof(fc.constantFrom('Total', 'Handicap', ''), fc.string({ maxLength: 4 }), fc.constantFrom(0, 5, null, [])),
      oc_name: fc.oneof(fc.string({ maxLength: 6 }), fc.constantFrom(0, 1.5, null, [], {})),
      oc_rate: fc.oneof(fc.double({ min: 1.01, max: 1000, noNaN: true }), fc.constantFrom(0, -1, 1_000_000, 1_000_001, 1e308, '1.5', null, true)),
      oc_size: fc.oneof(fc.constantFrom(0, '0', '2.5', -1.5, 1e308, null, [], '', true, {}), fc.integer()),
      oc_pointer: fc.oneof(
        fc.constantFrom('5001|2|9|2.5', '5001|2|9|-1.25', '5001|2|9|1.0E-4', '', '5001|2|9', '5001|2|x|0', ' 5001|2|9|0', '9'.repeat(17) + '|1|1|0'),
        fc.tuple(fc.nat(), fc.nat(), fc.integer({ min: 0, max: 12 }), fc.constantFrom('0', '3.001', '+2', '-0.5')).map((p) => p.join('|')),
        fc.constantFrom(null, 12, []),
      ),
      oc_block: fc.oneof(fc.boolean(), fc.constantFrom(0, 1, '1', null)),
      op_id: fc.oneof(fc.constantFrom(null, 7, 0, -3, 2.5, '7', ''), fc.nat()),
    }, { noNullPrototype: true })
    const unusual = fc.oneof(cleanOutcome, usual.map((o) => ({ ...o, x_extra: 1 })), usual.map((o) => shuffled(o, 3)))
    const outcome = fc.oneof({ weight: 4, arbitrary: usual }, { weight: 1, arbitrary: unusual })
    fc.assert(
      fc.property(fc.array(fc.array(outcome, { maxLength: 6 }), { minLength: 1, maxLength: 4 }), (lists) => {
        const markets = lists.map((oc_list, i) => ({ group_id: i + 1, group_name: 'Total', columns: 2, oc_list }))
        sameEvents([{ tournament_id: 1, events_list: [prematchRow({ game_oc_list: markets })] }], 'line')
        sameEvent(prematchRow({ game_oc_list: markets.map((m) => ({ ...m, oc_list: [m.oc_list, m.oc_list.slice(1)] })) }), 'live')
      }),
      RUNS,
    )
  })

  it('flat outcome lists in any order, shuffled keys, odd parameters: same order by type then parameter', () => {
    fc.assert(
      fc.property(fc.array(fc.array(cleanOutcome, { maxLength: 9 }), { minLength: 1, maxLength: 4 }), fc.nat(), (lists, seed) => {
        const markets = lists.map((oc_list, i) => shuffled({ group_id: i + 1, group_name: 'Total', columns: 2, oc_list: oc_list.map((o, j) => shuffled(o, seed + j)) }, seed))
        sameEvents([{ tournament_id: 1, events_list: [shuffled(prematchRow({ game_oc_list: markets }), seed)] }], 'line')
        sameEvent(prematchRow({ game_oc_list: markets.map((m) => ({ ...m, oc_list: [m.oc_list] })) }), 'live')
      }),
      RUNS,
    )
  })

  it('an outcome keeps oc_pointer as the text the feed sent: null exactly when it is malformed, its type id alongside, its parts read when bet', () => {
    const pointer = fc.oneof(
      fc.constantFrom('5001|2|9|2.5', '5001|2|9|-1.25', '5001|2|9|1.0E-4', '007|2|9|0', '5001|2|9', '5001|2|9|1|1', '5001|2|x|0', ' 5001|2|9|0', '', '5001|2|9|1e'),
      fc.tuple(fc.nat(), fc.nat(), fc.nat(), fc.constantFrom('0', '3.001', '+2')).map((parts) => parts.join('|')),
      fc.string({ maxLength: 12 }),
    )
    fc.assert(
      fc.property(fc.array(pointer, { minLength: 1, maxLength: 6 }), fc.boolean(), (pointers, flat) => {
        const oc_list = pointers.map((oc_pointer, i) => ({ oc_name: `o${i}`, oc_rate: 1.5 + i, oc_pointer }))
        const market = { group_id: 2, group_name: 'Total', columns: 2, oc_list: flat ? oc_list : [oc_list] }
        const body = [{ tournament_id: 1, events_list: [prematchRow({ game_oc_list: [market] })] }]
        sameEvents(body, 'line')
        const outcomes = normaliseEvents(body, 'line').items[0].matches[0].markets![0].outcomes
        expect(outcomes).toHaveLength(pointers.length)
        for (const o of outcomes) {
          const sent = pointers[Number(o.oc_name.slice(1))]
          const parts = parseOcPointer(sent)
          // The text sent, unchanged (never repaired), or null when the parser refuses it.
          expect(o.oc_pointer).toBe(parts && sent !== '' ? sent : null)
          expect(outcomeTypeId(o)).toBe(parts ? parts.typeId : null)
          if (parts) expect(buildCouponPointer(o, 'line')).toBe(['line', parts.gameId, parts.groupId, parts.typeId, parts.param, o.oc_rate].join('#'))
          else expect(() => buildCouponPointer(o, 'line')).toThrow(/oc_pointer/)
          expect(Object.keys(o)).toEqual(['oc_group_name', 'oc_name', 'oc_rate', 'oc_size', 'oc_pointer', 'oc_block', 'op_id'])
        }
      }),
      RUNS,
    )
  })

  it('the pointer readers say what parseOcPointer says, on any text', () => {
    const id = fc.oneof(fc.constantFrom('', '0', '007', '9007199254740991', '9007199254740992', '12345678901234567', ' 1', '-1', '+2', '1.5', '１', 'a'), fc.nat().map(String))
    const param = fc.oneof(
      fc.constantFrom('', '0', '-0', '+2', '1.5', '-1.25', '1.', '.5', '1e5', '1E-4', '1.0E+4', 'e5', '1e', '1e+', '1e-', '1.5e', '1.5e3', '+', '-', '--1', '1.5.5', '1 ', '9'.repeat(400)),
      fc.string({ maxLength: 6 }),
      fc.double().map(String),
    )
    const text = fc.oneof(
      { weight: 4, arbitrary: fc.tuple(id, id, id, param).map((parts) => parts.join('|')) },
      { weight: 1, arbitrary: fc.array(fc.oneof(id, param), { minLength: 1, maxLength: 6 }).map((parts) => parts.join('|')) },
      { weight: 1, arbitrary: fc.string({ maxLength: 24 }) },
    )
    fc.assert(fc.property(text, (raw) => {
        const parsed = parseOcPointer(raw)
        expect(readOcPointer(raw)).toStrictEqual(parsed)
        expect(ocPointerTypeId(raw)).toBe(parsed ? parsed.typeId : -1)
      }), { numRuns: 2000 })
  })
})
