import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import {
  isUsableRate,
  normaliseChampionships,
  normaliseCountries,
  normaliseEvent,
  normaliseEvents,
  normaliseSports,
  normaliseSummaries,
  normaliseTournaments,
} from '../../../src-main/core/feed/index.js'
import { eventResultToDto, eventsToDto, matchToDto, sportsToNodes } from '../../../src-main/core/desk/map-feed.js'
import { feedTools } from '../../../src-main/core/desk/feed-watches.js'
import type { OutcomeDto } from '../../../src-shared/contract.js'
import { DeskError } from '../../../src-main/core/shared/errors.js'
import { championshipsBody, eventBody, eventsBody, menuBody, shortCard } from './fixtures.js'
import { hostileJson, mutated, nonFiniteNumbers } from './json-fuzz.js'

/**
 * Issue 8 item 6, as a property: any JSON value in any field of a feed answer gives either a
 * normalised result (with warnings for what was dropped) or a DeskError `feed_shape` for a body
 * that is not even the right container — never another throw — and the DTOs built from it hold
 * only finite numbers, with every outcome either bettable (usable odds, a pointer) or blocked.
 */
const tools = feedTools('http://cdn.test')
const RUNS = { numRuns: Number(process.env.FEED_FUZZ_RUNS ?? 300) }

/** Runs `fn`; a throw must be a DeskError feed_shape. Returns the value or undefined. */
function settle<T>(fn: () => T): T | undefined {
  try {
    return fn()
  } catch (error) {
    expect(error).toBeInstanceOf(DeskError)
    expect((error as DeskError).code).toBe('feed_shape')
    expect((error as DeskError).message.length).toBeGreaterThan(0)
    return undefined
  }
}

function outcomesOf(value: unknown): OutcomeDto[] {
  const out: OutcomeDto[] = []
  const walk = (v: unknown) => {
    if (!v || typeof v !== 'object') return
    if (Array.isArray(v)) return v.forEach(walk)
    const o = v as Record<string, unknown>
    if ('rate' in o && 'pointer' in o && 'blocked' in o) out.push(o as unknown as OutcomeDto)
    else Object.values(o).forEach(walk)
  }
  walk(value)
  return out
}

function checkDto(dto: unknown): void {
  expect(nonFiniteNumbers(dto)).toEqual([])
  expect(() => JSON.stringify(dto)).not.toThrow()
  for (const o of outcomesOf(dto)) {
    if (o.pointer !== '') {
      expect(isUsableRate(o.rate)).toBe(true)
      expect(o.pointer).toMatch(/^(line|live)#\d+#\d+#\d+#[-+0-9.eE]+#\d+(\.\d{1,6})?(#.+)?$/)
    } else {
      expect(o.blocked).toBe(true)
    }
  }
}

describe('feed normalisation never throws on hostile JSON', () => {
  it('events / calendar: any value in any field', () => {
    fc.assert(
      fc.property(mutated(eventsBody), fc.constantFrom('line', 'live') as fc.Arbitrary<'line' | 'live'>, (body, lineType) => {
        const list = settle(() => normaliseEvents(body, lineType))
        if (!list) return
        expect(Array.isArray(list.warnings)).toBe(true)
        checkDto(eventsToDto(list.items, tools))
      }),
      RUNS,
    )
  })

  it('event: any value in any field (markets in columns, stats, sub-games, plan)', () => {
    const template = eventBody({ event_plan: [{ opp_1_name: 'A', opp_2_name: 'B', opp_1_id: 1, opp_2_id: 2, opp_1_date: 1_790_000_000, game_start: 1_790_000_000 }] })
    fc.assert(
      fc.property(mutated(template), (body) => {
        const result = settle(() => normaliseEvent(body, 'live', 7001))
        if (result) checkDto(eventResultToDto(result, tools))
      }),
      RUNS,
    )
  })

  it('menu, countries, tournaments, top lists, championships', () => {
    fc.assert(
      fc.property(mutated(menuBody), mutated([shortCard, eventsBody[0].events_list[0]]), mutated(championshipsBody), (menu, summaries, champs) => {
        const sports = settle(() => normaliseSports(menu))
        if (sports) checkDto(sportsToNodes(sports.items, tools))
        settle(() => normaliseCountries(menu))
        settle(() => normaliseTournaments(menu))
        const top = settle(() => normaliseSummaries(summaries, 'line', 'topmatches'))
        if (top) checkDto(top.items.map((m) => matchToDto(m, tools)))
        settle(() => normaliseChampionships(champs))
      }),
      RUNS,
    )
  })

  it('a whole body of any JSON value', () => {
    fc.assert(
      fc.property(hostileJson, (body) => {
        settle(() => normaliseEvents(body, 'line'))
        settle(() => normaliseEvent(body, 'line', 1))
        settle(() => normaliseSports(body))
        settle(() => normaliseSummaries(body, 'live', 'search'))
      }),
      RUNS,
    )
  })

  it('odds: any value of oc_rate gives a bettable outcome only when the odds are usable', () => {
    fc.assert(
      fc.property(hostileJson, (rate) => {
        const body = [{ tournament_id: 1, events_list: [{ game_id: 9, game_oc_list: [{ group_id: 1, oc_list: [{ oc_name: '1', oc_rate: rate, oc_pointer: '9|1|1|0' }] }] }] }]
        const list = normaliseEvents(body, 'line')
        const [outcome] = eventsToDto(list.items, tools)[0].matches[0].markets![0].columns[0]
        const usable = (typeof rate === 'number' || (typeof rate === 'string' && /^\s*-?\d+(\.\d+)?\s*$/.test(rate))) && isUsableRate(Number(rate))
        expect(outcome.blocked).toBe(!usable)
        expect(outcome.pointer === '').toBe(!usable)
        if (!usable) expect(list.warnings.some((w) => w.path.endsWith('oc_rate'))).toBe(true)
      }),
      RUNS,
    )
  })
})

describe('examples the fuzz found', () => {
  it('a start time beyond the Date range and a lone-surrogate icon name give "none", not Infinity or a throw', () => {
    const list = normaliseEvents([{ tournament_id: 1, events_list: [{ game_id: 9, game_start: 1e308, opp_1_icon: '\uD800.png' }] }], 'line')
    const [match] = eventsToDto(list.items, tools)[0].matches
    expect(match.startMs).toBe(0)
    expect(match.opp1IconUrl).toBeNull()
  })
})
