import { describe, expect, it } from 'vitest'
import {
  normaliseChampionships,
  normaliseCountries,
  normaliseEvent,
  normaliseEvents,
  normaliseSports,
  normaliseSummaries,
  normaliseTournaments,
  outcomeTypeId,
  parseOcPointer,
} from '../../../src-main/core/feed/index.js'
import { DeskError } from '../../../src-main/core/shared/errors.js'
import { championshipsBody, eventBody, eventsBody, menuBody, prematchRow, shortCard } from './fixtures.js'

describe('navigation normalisation', () => {
  it('keeps the menu hierarchy, both countryId spellings, empty tournament names and unknown fields', () => {
    const { items, warnings } = normaliseSports(menuBody, 'menu')
    expect(warnings).toEqual([])
    const [football] = items
    expect(football).toMatchObject({ id: 1, name: 'Football', counter: 3 })
    const england = football.countries![0]
    expect(england).toMatchObject({ id: 10, sportId: 1, counter: 3 })
    expect(england.tournaments!.map((t) => [t.id, t.name, t.countryId])).toEqual([
      [100, 'Premier League', 10],
      [101, '', 10],
    ])
    expect(england.tournaments![1].extra).toEqual({ brand_new_field: 'kept' })
  })

  it('separates "sub not sent" (null) from an empty sub', () => {
    const { items } = normaliseSports([{ id: 1, name: 'Football', counter: 0 }, { id: 2, name: 'Tennis', counter: 0, sub: [] }])
    expect(items.map((s) => s.countries)).toEqual([null, []])
  })

  it('countries from `countries` carry sport_id and no tournaments', () => {
    const { items } = normaliseCountries([{ id: 10, name: 'England', sport_id: 1, counter: 5 }])
    expect(items[0]).toMatchObject({ id: 10, sportId: 1, counter: 5, tournaments: null })
  })

  it('skips a malformed item with a warning and keeps the rest', () => {
    const { items, warnings } = normaliseTournaments([
      { id: 100, name: 'A', counter: 1, sport_id: 1, countryId: 10 },
      { name: 'no id' },
      'garbage',
      { id: '102', name: 'B', counter: 'lots', sport_id: 1, countryId: 10 },
    ])
    expect(items.map((t) => t.id)).toEqual([100, 102])
    expect(items[1].counter).toBe(0)
    expect(warnings.map((w) => w.path)).toEqual(['body[1]', 'body[2]', 'body[3].counter'])
  })

  it('rejects a body that is not a list as feed_shape', () => {
    expect(() => normaliseSports({ not: 'a list' })).toThrow(DeskError)
    try {
      normaliseSports(null)
    } catch (error) {
      expect((error as DeskError).code).toBe('feed_shape')
    }
  })

  it('championships', () => {
    const { items } = normaliseChampionships(championshipsBody)
    expect(items.map((c) => [c.position, c.tournamentId, c.countryId, c.counter])).toEqual([
      [1, 100, 10, 2],
      [2, 200, 20, 7],
    ])
  })
})

describe('match normalisation', () => {
  it('maps every Prematch default live variant to one domain default', () => {
    const variants = [
      { timer: 0, period_name: '', score_period: '', pitch: '', vi: null, zp: null, va: null, stat_list: [] },
      { timer: null, period_name: null, score_period: null, pitch: null, vi: '', zp: 0, va: 0, stat_list: null },
      { timer: '', period_name: [], score_period: 0, pitch: 0, vi: [], zp: '', va: '', stat_list: '' },
    ]
    const results = variants.map((v) => normaliseEvents([{ tournament_id: 1, tournament_name: 'T', events_list: [prematchRow(v)] }], 'line'))
    for (const r of results) expect(r.warnings).toEqual([])
    for (const m of results.map((r) => r.items[0].matches[0])) {
      expect(m).toMatchObject({ timerSec: null, periodName: null, scorePeriod: null, pitch: null, videoId: null, trackerId: null, videoAvailable: false, stats: [] })
    }
  })

  it('events: flat oc_list → one column + flat list, counter kept apart from the real count, seconds → ms', () => {
    const { items, warnings } = normaliseEvents(eventsBody, 'line')
    expect(warnings).toEqual([])
    expect(items.map((t) => [t.tournamentId, t.tournamentName])).toEqual([
      [100, 'Premier League'],
      [101, ''],
    ])
    const m = items[0].matches[0]
    expect(m.key).toBe('line:5001')
    expect(m.lineType).toBe('line')
    expect(m.startMs).toBe(1_790_000_000_000)
    expect(m.score).toBe('0:0')
    expect(m.oddsCounter).toBe(42)
    expect(m.outcomeCount).toBe(3)
    const market = m.markets![0]
    expect(market.columnsHint).toBe(3)
    expect(market.columns).toHaveLength(1)
    expect(market.outcomes.map((o) => o.oc_name)).toEqual(['1', 'X', '2'])
    expect(market.outcomes.map((o) => o.oc_size)).toEqual([0, '0', ''])
    expect(market.outcomes[1].oc_block).toBe(true)
    // Kept as the feed's text; its parts are read when the outcome is bet.
    expect(market.outcomes[0].oc_pointer).toBe('5001|1|1|0')
    expect(parseOcPointer(market.outcomes[0].oc_pointer)).toEqual({ raw: '5001|1|1|0', gameId: 5001, groupId: 1, typeId: 1, param: '0' })
    expect(market.outcomes.map((o) => outcomeTypeId(o))).toEqual([1, 2, 3])
    expect([market.position, market.key]).toEqual([0, '0:1'])
    expect(m.extra).toEqual({ sgame_id: '', stat_id: '', stat_list_extra: [], game_plan: null })
  })

  it('odds=false: missing game_oc_list is "not requested" (null), distinct from []', () => {
    const rowWithout = prematchRow()
    delete rowWithout.game_oc_list
    const [without, empty] = normaliseEvents([{ tournament_id: 1, tournament_name: 'T', events_list: [rowWithout, prematchRow({ game_id: 2, game_oc_list: [] })] }], 'line').items[0].matches
    expect(without.markets).toBeNull()
    expect(without.oddsCounter).toBe(42)
    expect(without.outcomeCount).toBe(0)
    expect(empty.markets).toEqual([])
  })

  it('event: nested columns keep feed order; oc_size string or number; player outcomes; live fields', () => {
    const result = normaliseEvent(eventBody(), 'live', 7001)
    expect(result.kind).toBe('match')
    if (result.kind !== 'match') return
    const m = result.match
    expect(m.key).toBe('live:7001')
    expect(m).toMatchObject({ timerSec: 1830, score: '1:0', periodName: '1st half', finished: false, pitch: '11', videoAvailable: true, videoId: 'stream-1', trackerId: 9001 })
    expect(m.oddsCounter).toBe(999)
    expect(m.outcomeCount).toBe(3)
    expect(m.markets!.map((mk) => mk.groupId)).toEqual([2, 30])
    expect(m.markets![0].columns.map((c) => c.map((o) => o.oc_name))).toEqual([['Over 2.5'], ['Under 2.5']])
    expect(m.markets![0].outcomes.map((o) => o.oc_size)).toEqual([2.5, '2.5'])
    expect(m.markets![1].outcomes[0].op_id).toBe(555)
    expect(m.subGames).toEqual([{ gameId: 7002, gameNum: null, name: 'Corners' }])
    expect(m.stats).toEqual([{ id: 1, name: 'Corners', opp1: '3', opp2: '1' }])
  })

  it('event for an unavailable id answers gone with the message (status 1 body)', () => {
    expect(normaliseEvent({ message: 'Event not found' }, 'line', 5001)).toEqual({ kind: 'gone', gameId: 5001, lineType: 'line', reason: 'unavailable', message: 'Event not found' })
    expect(normaliseEvent({ message: 'Game not found' }, 'line', 5001)).toMatchObject({ kind: 'gone', reason: 'not_found', message: 'Game not found' })
    expect(normaliseEvent({ message: 'Game id finished' }, 'line', 5001)).toMatchObject({ kind: 'gone', reason: 'finished', message: 'Game id finished' })
    expect(() => normaliseEvent({ foo: 1 }, 'line', 5001)).toThrow(/neither game_id nor message/)
    expect(() => normaliseEvent([], 'line', 5001)).toThrow(DeskError)
  })

  it('a malformed market is skipped and an outcome with unusable odds kept as blocked, with warnings; the match survives', () => {
    const body = eventBody({
      game_oc_list: [
        { group_id: 1, group_name: 'ok', columns: 1, oc_list: [{ oc_name: 'a', oc_rate: 'not a number', oc_pointer: '1|1|1|0' }, { oc_name: 'b', oc_rate: 2, oc_pointer: 'broken' }] },
        { group_name: 'no id' },
        'nonsense',
      ],
    })
    const result = normaliseEvent(body, 'line', 7001)
    if (result.kind !== 'match') throw new Error('expected a match')
    expect(result.match.markets).toHaveLength(1)
    expect(result.match.markets![0].outcomes.map((o) => [o.oc_name, o.oc_rate, o.oc_block, o.oc_pointer])).toEqual([
      ['a', 0, true, '1|1|1|0'],
      ['b', 2, false, null],
    ])
    expect(result.warnings.map((w) => w.path)).toEqual([
      'body.game_oc_list[0].oc_list[0].oc_rate',
      'body.game_oc_list[0].oc_list[1].oc_pointer',
      'body.game_oc_list[1]',
      'body.game_oc_list[2]',
    ])
  })

  it('short cards (topmatches/toplist): no odds → markets null; missing ids are null', () => {
    const { items } = normaliseSummaries([shortCard], 'line', 'topmatches')
    expect(items[0]).toMatchObject({ gameId: 5001, markets: null, countryId: null, tournamentId: null, tournamentName: 'Premier League', score: '0:0', timerSec: null })
    expect(items[0].opp1).toEqual({ name: 'Arsenal', icon: 'arsenal.png', id: null, ids: [] })
  })
})

describe('what production sends (independent of the captures)', () => {
  const oc = (name: string, rate: number, pointer: string, size: string | number = 0) => ({ oc_group_name: 'm', oc_name: name, oc_rate: rate, oc_size: size, oc_pointer: pointer, oc_block: false, op_id: null })
  const row = (markets: unknown[], extra: Record<string, unknown> = {}) => normaliseEvents([{ tournament_id: 1, tournament_name: 'T', events_list: [prematchRow({ game_oc_list: markets, ...extra })] }], 'line')

  it('a price-sorted flat list is placed by outcome type, then parameter (stable); pointer-less outcomes last', () => {
    const { items, warnings } = row([
      { group_id: 1, group_name: '1x2', columns: 3, oc_list: [oc('W2', 1.4, '9|1|3|0'), oc('X', 4.6, '9|1|2|0'), oc('W1', 7.5, '9|1|1|0')] },
      { group_id: 17, group_name: 'Total', columns: 2, oc_list: [oc('Under 3.5', 1.3, '9|17|10|3.5', '3.5'), oc('Over 2.5', 1.8, '9|17|9|2.5', '2.5'), oc('Over 1.0E-4', 1.1, '9|17|9|1.0E-4', '1.0E-4'), oc('odd', 2, 'x'), oc('Under 2.5', 2.1, '9|17|10|2.5', '2.5')] },
      { group_id: 17, group_name: 'Total', columns: 2, oc_list: [] },
    ])
    expect(warnings.map((w) => w.path)).toEqual(['body[0].events_list[0].game_oc_list[1].oc_list[3].oc_pointer'])
    const [w, total, again] = items[0].matches[0].markets!
    expect(w.outcomes.map((o) => o.oc_name)).toEqual(['W1', 'X', 'W2'])
    expect(total.outcomes.map((o) => o.oc_name)).toEqual(['Over 1.0E-4', 'Over 2.5', 'Under 2.5', 'Under 3.5', 'odd'])
    expect([w.key, total.key, again.key]).toEqual(['0:1', '1:17', '2:17'])
  })

  it('event columns keep the order returned, even when price-sorted', () => {
    const result = normaliseEvent(eventBody({ game_oc_list: [{ group_id: 1, group_name: '1X2', columns: 2, oc_list: [[oc('W2', 1.4, '7001|1|3|0')], [oc('X', 4.6, '7001|1|2|0'), oc('W1', 7.5, '7001|1|1|0')]] }] }), 'live', 7001)
    if (result.kind !== 'match') throw new Error('expected a match')
    expect(result.match.markets![0].columns.map((c) => c.map((o) => o.oc_name))).toEqual([['W2'], ['X', 'W1']])
    expect(result.match.markets![0].columnsHint).toBe(2)
  })

  it('game_mid: equal to game_id, null or absent → main match; another id → sub-match of it', () => {
    const of = (game_mid: unknown) => row([], { game_id: 700, game_mid }).items[0].matches[0]
    for (const mid of [700, null, undefined, 0]) expect([of(mid).mainGameId, of(mid).isSubMatch], String(mid)).toEqual([null, false])
    expect([of(699).mainGameId, of(699).isSubMatch]).toEqual([699, true])
  })

  it('real shapes need no warning; truly malformed ones still get one', () => {
    const fine = row([], { sgame_id: '6a35079e5e99bd05c63e9101', stat_id: '0', va: 1, vi: 'DR_1_1783063692', zp: 700, opp_1_ids: [11, '12'], stat_list: [{ id: 45, name: 'Possession %', opp1: '61', opp2: '39' }] })
    expect(fine.warnings).toEqual([])
    expect(fine.items[0].matches[0]).toMatchObject({ videoAvailable: true, videoId: 'DR_1_1783063692', trackerId: 700, opp1: { ids: [11, 12] }, extra: { sgame_id: '6a35079e5e99bd05c63e9101', stat_id: '0' } })
    const bad = row([], { opp_1_ids: [11, 'eleven', null], stat_list: ['x'], va: { on: true } })
    expect(bad.warnings.map((w) => w.path.replace('body[0].events_list[0].', ''))).toEqual(expect.arrayContaining(['va', 'opp_1_ids[1]', 'opp_1_ids[2]', 'stat_list[0]']))
    expect(bad.items[0].matches[0].opp1.ids).toEqual([11])
  })
})

describe('extended top/search items', () => {
  it('keep match fields a summary does not model in extra (nothing dropped)', () => {
    const { items } = normaliseSummaries([prematchRow({ score_period: '1:0', finale: false, mystery: 7 })], 'line', 'topmatches')
    expect(items[0].markets).toHaveLength(1)
    expect(items[0].extra).toMatchObject({ score_period: '1:0', finale: false, mystery: 7, sub_games: [], event_plan: [], game_desk: '' })
    expect(items[0].extra).not.toHaveProperty('game_id')
  })
})

describe('parseOcPointer', () => {
  it('three integer ids and the parameter as text, kept verbatim', () => {
    expect(parseOcPointer('12|3|4|-250')).toEqual({ raw: '12|3|4|-250', gameId: 12, groupId: 3, typeId: 4, param: '-250' })
    for (const param of ['0', '1.5', '-1.25', '+2', '3.001', '350.075', '1.0E-4', '2.50', '1e3', '-0.0']) {
      expect(parseOcPointer(`746037229|2|7|${param}`)?.param).toBe(param)
    }
  })

  it('anything else is malformed', () => {
    const bad = ['', '1|2|3', '1|2|3|4|5', 'a|b|c|d', '1|2|3|', '1|2|3|.5', '1|2|3|1.', '1|2|3|1,5', '1|2|3|0x10', '1|2|3|NaN', '1|2|3|Infinity', '1|2|3| 1', ' 1|2|3|4', '-1|2|3|4', '1.5|2|3|4', '99999999999999999|2|3|4', '1|2|3|1E', null, undefined]
    for (const raw of bad) expect(parseOcPointer(raw), String(raw)).toBeNull()
  })
})
