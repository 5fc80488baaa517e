import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { applyEventDelta, applyListDelta } from '@renderer/composables/feed-delta.js'
import { sameData } from '@renderer/composables/patch-events.js'
import { matchListModel } from '@renderer/composables/match-list-model.js'
import { mainOddsHeader } from '@renderer/composables/main-odds.js'
import type { EventResultDto, FeedListDeltaDto, MarketDto, MatchDto, OutcomeDto, TournamentEventsDto } from '../../src-shared/contract.js'
import { diffEvent, diffList } from '../../src-main/core/desk/feed-delta.js'
import { pointerWithRate, priceChangeSchema, statChangeSchema } from '../../src-shared/vocabulary/feed-delta.js'

/**
 * Main's delta of a refresh (src-main/core/desk/feed-delta.ts), applied by the window to what it
 * holds (src-renderer/composables/feed-delta.ts), gives exactly main's new snapshot, for any sequence
 * of refreshes of a generated line: prices, blocked outcomes, scores, periods, timers, details,
 * markets that come and go or change layout, matches added, removed, moved, reordered, tournaments
 * renamed, added, dropped, and the odd list that needs a snapshot. What did not change keeps its object.
 */

const outcome = (g: number, i: number, rate: number): OutcomeDto => ({
  name: `O${i}`,
  rate,
  size: i % 3 === 0 ? '2.5' : null,
  blocked: false,
  playerId: null,
  pointer: `line#${g}#1#${i}#0#${rate}`,
  typeId: i,
})
const market = (g: number, k: number, width: number): MarketDto => ({
  key: `${k}:${k + 1}`,
  groupId: k + 1,
  name: `Market ${k}`,
  columns: Array.from({ length: width }, (_, c) => [outcome(g, c * 2, 1.5 + c), outcome(g, c * 2 + 1, 2 + c)]),
})
const match = (g: number, tournamentId: number): MatchDto => ({
  key: `line:${g}`,
  lineType: 'line',
  gameId: g,
  mainGameId: null,
  sportId: 1,
  sportName: 'Football',
  countryName: 'England',
  tournamentId,
  tournamentName: `T${tournamentId}`,
  startMs: 1_800_000_000_000 + g,
  isSubMatch: false,
  opp1: `Home ${g}`,
  opp2: `Away ${g}`,
  opp1IconUrl: null,
  opp2IconUrl: null,
  score: '',
  period: '',
  timerSec: 0,
  oddsCounter: 40,
  markets: [market(g, 0, 3), market(g, 1, 2)],
  subGames: [],
  detail: {
    subName: '',
    segment: '',
    periodScores: [],
    scoreExtra: '',
    extraTime: '',
    finished: null,
    stats: [
      { id: 45, name: 'Attacks', opp1: '3', opp2: '4' },
      { id: 70, name: 'Corner', opp1: '0', opp2: '1' },
    ],
    eventPlan: [],
  },
})

const OPS = ['rate', 'rate', 'rate', 'ratePointer', 'stat', 'stat', 'statRow', 'clock', 'dropClock', 'block', 'score', 'timer', 'period', 'detail', 'dropDetail', 'addMarket', 'dropMarket', 'widen', 'renameMarket', 'reorderMarkets', 'nullMarkets', 'addMatch', 'dropMatch', 'moveMatch', 'reorderMatches', 'renameTournament', 'addTournament', 'dropTournament', 'reorderTournaments', 'duplicate', 'nothing'] as const
type Op = { kind: (typeof OPS)[number]; a: number; b: number; c: number; r: number }
const op = fc.record({ kind: fc.constantFrom(...OPS), a: fc.nat(1000), b: fc.nat(1000), c: fc.nat(1000), r: fc.integer({ min: 101, max: 2000 }) })

const line = fc
  .array(fc.integer({ min: 0, max: 4 }), { minLength: 0, maxLength: 5 })
  .map((sizes) => {
    let g = 100
    return sizes.map((n, t): TournamentEventsDto => ({ tournamentId: t + 1, tournamentName: `T${t + 1}`, matches: Array.from({ length: n }, () => match(++g, t + 1)) }))
  })

let nextGame = 10_000
const pick = <T>(list: T[], i: number): T | undefined => (list.length ? list[i % list.length] : undefined)

/** Main normalises every answer afresh: the next refresh shares no object with the one before. */
function refresh(prev: TournamentEventsDto[], ops: Op[]): TournamentEventsDto[] {
  const next = structuredClone(prev)
  for (const o of ops) {
    const t = pick(next, o.a)
    const m = t && pick(t.matches, o.b)
    const mk = m?.markets && pick(m.markets, o.c)
    switch (o.kind) {
      case 'rate': {
        const oc = mk && pick(pick(mk.columns, o.b) ?? [], o.c)
        if (oc && m) Object.assign(oc, { rate: o.r / 100, pointer: `line#${m.gameId}#1#${oc.typeId}#0#${o.r / 100}` })
        break
      }
      case 'ratePointer': {
        // A price whose pointer does not follow from it (another parameter): the outcome goes as an object.
        const oc = mk && pick(pick(mk.columns, o.b) ?? [], o.c)
        if (oc && m) Object.assign(oc, { rate: o.r / 100, pointer: `line#${m.gameId}#1#${oc.typeId}#${o.c % 7}.5#${o.r / 100}` })
        break
      }
      case 'stat': {
        const st = m?.detail && pick(m.detail.stats, o.c)
        if (st) Object.assign(st, o.b % 2 ? { opp1: String(o.r % 90) } : { opp2: String(o.r % 90) })
        break
      }
      case 'statRow':
        if (m?.detail) m.detail.stats.splice(o.c % (m.detail.stats.length + 1), 0, { id: o.r, name: `S${o.r}`, opp1: '0', opp2: '0' })
        break
      case 'clock':
        if (m) Object.assign(m, { timerSec: o.r, clock: { at: 1_800_000_000_000 + o.b * 1000, running: o.c % 2 === 0 } })
        break
      case 'dropClock':
        if (m) delete m.clock
        break
      case 'block': {
        const oc = mk && pick(pick(mk.columns, o.c) ?? [], o.b)
        if (oc) oc.blocked = !oc.blocked
        break
      }
      case 'score':
        if (m) m.score = `${o.c % 5}:${o.r % 4}`
        break
      case 'timer':
        if (m) m.timerSec = o.r
        break
      case 'period':
        if (m) m.period = `${(o.c % 4) + 1} half`
        break
      case 'detail':
        if (m) m.detail = { ...(m.detail ?? { subName: '', segment: '', periodScores: [], scoreExtra: '', extraTime: '', finished: null, stats: [], eventPlan: [] }), periodScores: [`${o.c % 3}:0`], finished: o.r % 2 === 0 }
        break
      case 'dropDetail':
        if (m) delete m.detail
        break
      case 'addMarket':
        if (m?.markets) m.markets.splice(o.c % (m.markets.length + 1), 0, market(m.gameId, 10 + (o.r % 50), 1 + (o.b % 3)))
        break
      case 'dropMarket':
        if (m?.markets && m.markets.length) m.markets.splice(o.c % m.markets.length, 1)
        break
      case 'widen':
        if (mk) mk.columns[o.b % mk.columns.length].push(outcome(m!.gameId, 99, o.r / 100))
        break
      case 'renameMarket':
        if (mk) mk.name = `Market ${o.r}`
        break
      case 'reorderMarkets':
        if (m?.markets) m.markets.reverse()
        break
      case 'nullMarkets':
        if (m) m.markets = m.markets === null ? [market(m.gameId, 0, 2)] : null
        break
      case 'addMatch':
        if (t) t.matches.splice(o.b % (t.matches.length + 1), 0, match(++nextGame, t.tournamentId))
        break
      case 'dropMatch':
        if (t && m) t.matches.splice(t.matches.indexOf(m), 1)
        break
      case 'moveMatch': {
        const to = pick(next, o.c)
        if (t && m && to && to !== t) {
          t.matches.splice(t.matches.indexOf(m), 1)
          to.matches.push(m)
        }
        break
      }
      case 'reorderMatches':
        if (t) t.matches.reverse()
        break
      case 'renameTournament':
        if (t) t.tournamentName = `T${o.r}`
        break
      case 'addTournament':
        next.splice(o.a % (next.length + 1), 0, { tournamentId: 100 + o.r, tournamentName: `New ${o.r}`, matches: [match(++nextGame, 100 + o.r)] })
        // A tournament id the list already has is a duplicate the service could send: a snapshot then.
        break
      case 'dropTournament':
        if (t) next.splice(next.indexOf(t), 1)
        break
      case 'reorderTournaments':
        next.reverse()
        break
      case 'duplicate':
        // The same match twice: no key tells the two apart, so main sends the list whole.
        if (t && m && o.r % 4 === 0) t.matches.push(structuredClone(m))
        break
      case 'nothing':
        break
    }
  }
  return next
}

const wire = <T>(v: T): T => JSON.parse(JSON.stringify(v)) as T

/** Every match and tournament of `next` that equals its counterpart in `prev` is the same object. */
function expectKept(prev: TournamentEventsDto[], next: TournamentEventsDto[]) {
  const before = new Map<string, MatchDto>()
  for (const t of prev) for (const m of t.matches) before.set(m.key, m)
  for (const t of next)
    for (const m of t.matches) {
      const was = before.get(m.key)
      if (was && sameData(was, m)) expect(m).toBe(was)
    }
  const tours = new Map(prev.map((t) => [t.tournamentId, t]))
  for (const t of next) {
    const was = tours.get(t.tournamentId)
    if (was && sameData(was, t)) expect(t).toBe(was)
  }
}

describe('feed deltas', { timeout: 60_000 }, () => {
  it('snapshot, then each refresh as a delta applied to what is held, always equals the latest snapshot', () => {
    fc.assert(
      fc.property(line, fc.array(fc.array(op, { maxLength: 8 }), { minLength: 1, maxLength: 10 }), (first, steps) => {
        let latest = first
        let held = wire(first)
        let deltas = 0
        for (const ops of steps) {
          const next = refresh(latest, ops)
          const delta = diffList(latest, next)
          if (delta === null) held = wire(next)
          else {
            deltas++
            for (const c of delta.changed ?? []) {
              for (const p of c.markets?.prices ?? []) expect(priceChangeSchema.safeParse(p).success).toBe(true)
              for (const st of c.detail?.stats ?? []) expect(statChangeSchema.safeParse(st).success).toBe(true)
            }
            const after = applyListDelta(held, wire(delta))
            expectKept(held, after)
            held = after
          }
          expect(held).toEqual(next)
          latest = next
        }
        return deltas >= 0
      }),
      { numRuns: 400 },
    )
  })

  it('the list topics\' form (each match with its main market only): when that market moves, leaves or another comes first, the delta still gives the snapshot', () => {
    const mainOnly = (list: TournamentEventsDto[]): TournamentEventsDto[] =>
      list.map((t) => ({ ...t, matches: t.matches.map((m) => ({ ...m, markets: m.markets === null ? null : m.markets.slice(0, 1) })) }))
    fc.assert(
      fc.property(line, fc.array(fc.array(op, { maxLength: 8 }), { minLength: 1, maxLength: 10 }), (first, steps) => {
        let whole = first
        let latest = mainOnly(first)
        let held = wire(latest)
        for (const ops of steps) {
          whole = refresh(whole, ops)
          const next = mainOnly(whole)
          const delta = diffList(latest, next)
          held = delta === null ? wire(next) : applyListDelta(held, wire(delta))
          expect(held).toEqual(next)
          latest = next
        }
      }),
      { numRuns: 300 },
    )
  })

  it('a refresh that changed nothing is an empty delta, and the list held stays the same object', () => {
    fc.assert(
      fc.property(line, (first) => {
        const held = wire(first)
        const delta = diffList(first, structuredClone(first))
        expect(delta).toEqual({})
        expect(applyListDelta(held, delta!)).toBe(held)
      }),
    )
  })

  it('a price move is a tuple of position and price (its pointer follows from it), not the match or the outcome\'s fields', () => {
    const prev = [{ tournamentId: 1, tournamentName: 'T1', matches: [match(1, 1), match(2, 1)] }]
    const next = structuredClone(prev)
    Object.assign(next[0].matches[1].markets![0].columns[1][0], { rate: 3.3, pointer: 'line#2#1#2#0#3.3' })
    Object.assign(next[0].matches[1].markets![1].columns[0][1], { rate: 1.234567891, pointer: 'line#2#1#1#0#1.234568' })
    const delta = diffList(prev, next) as FeedListDeltaDto
    expect(delta).toEqual({ changed: [{ key: 'line:2', markets: { prices: [[0, 1, 0, 3.3], [1, 0, 1, 1.234567891]] } }] })
    for (const p of delta.changed![0].markets!.prices!) expect(priceChangeSchema.parse(p)).toEqual(p)
    const held = wire(prev)
    const after = applyListDelta(held, delta)
    expect(after[0].matches[0]).toBe(held[0].matches[0])
    expect(after[0].matches[1].markets![0].columns[0]).toBe(held[0].matches[1].markets![0].columns[0])
    expect(after).toEqual(next)
  })

  it('a pointer takes a new price in its coefficient field, with or without a player id, as the desk writes it; anything else is not a pointer', () => {
    expect(pointerWithRate('live#700#1#3#0#1.396', 2.05)).toBe('live#700#1#3#0#2.05')
    expect(pointerWithRate('line#9#20#7#-1.5#1.8#4411', 1.2345678)).toBe('line#9#20#7#-1.5#1.234568#4411')
    expect(pointerWithRate('line#9#20#7#0#1.8', 1e-7)).toBe('line#9#20#7#0#0')
    expect(pointerWithRate('', 2)).toBeNull()
    expect(pointerWithRate('line#9#20#7#0', 2)).toBeNull()
    expect(pointerWithRate('line#9#20#7#0#1.8#1#2', 2)).toBeNull()
  })

  it('a price with a pointer of its own, a blocked outcome: the changed fields as an object; a moved statistic: its position and values', () => {
    const prev = [{ tournamentId: 1, tournamentName: 'T1', matches: [match(1, 1)] }]
    const next = structuredClone(prev)
    Object.assign(next[0].matches[0].markets![0].columns[0][0], { rate: 1.7, pointer: 'line#1#1#0#2.5#1.7' })
    next[0].matches[0].markets![0].columns[0][1].blocked = true
    next[0].matches[0].detail!.stats[1].opp2 = '2'
    next[0].matches[0].detail!.periodScores = ['1:0']
    const delta = diffList(prev, next) as FeedListDeltaDto
    expect(delta.changed).toEqual([
      {
        key: 'line:1',
        markets: {
          outcomes: [
            { market: '0:1', col: 0, row: 0, set: { rate: 1.7, pointer: 'line#1#1#0#2.5#1.7' } },
            { market: '0:1', col: 0, row: 1, set: { blocked: true } },
          ],
        },
        detail: { set: { periodScores: ['1:0'] }, stats: [[1, '0', '2']] },
      },
    ])
    expect(statChangeSchema.parse(delta.changed![0].detail!.stats![0])).toEqual([1, '0', '2'])
    expect(applyListDelta(wire(prev), wire(delta))).toEqual(next)
  })

  it('a list mostly new is sent whole; so is one where a match key repeats', () => {
    const prev = [{ tournamentId: 1, tournamentName: 'T1', matches: [match(1, 1)] }]
    expect(diffList(prev, [{ tournamentId: 1, tournamentName: 'T1', matches: [match(1, 1), match(2, 1), match(3, 1)] }])).toBeNull()
    expect(diffList(prev, [{ tournamentId: 1, tournamentName: 'T1', matches: [match(1, 1), match(1, 1)] }])).toBeNull()
  })

  it('the open match: a delta while it stays the same match, a snapshot when it goes', () => {
    fc.assert(
      fc.property(fc.array(fc.array(op, { maxLength: 6 }), { minLength: 1, maxLength: 8 }), (steps) => {
        let latest = { kind: 'match', match: match(7, 1) } as EventResultDto
        let held: EventResultDto = wire(latest)
        for (const ops of steps) {
          const list: TournamentEventsDto[] = latest.kind === 'match' ? [{ tournamentId: 1, tournamentName: 'T1', matches: [latest.match] }] : []
          const m: MatchDto | undefined = refresh(list, ops.filter((o) => !['dropMatch', 'moveMatch', 'addTournament', 'dropTournament', 'duplicate', 'addMatch'].includes(o.kind)))[0]?.matches[0]
          const next: EventResultDto = m && ops.every((o) => o.kind !== 'dropMatch') ? { kind: 'match', match: m } : { kind: 'gone', gameId: 7, lineType: 'line', reason: 'finished', vendorText: 'Game id finished' }
          const delta = diffEvent(latest, next)
          held = delta === null ? wire(next) : applyEventDelta(held, wire(delta))
          expect(held).toEqual(next)
          latest = next
        }
      }),
      { numRuns: 300 },
    )
  })
})

describe('the match list model over those deltas', { timeout: 60_000 }, () => {
  it('after any sequence of refreshes it says what the list held says: shape, each match by key, the odds header', () => {
    const mainOnly = (list: TournamentEventsDto[]): TournamentEventsDto[] =>
      list.map((t) => ({ ...t, matches: t.matches.map((m) => ({ ...m, markets: m.markets === null ? null : m.markets.slice(0, 1) })) }))
    fc.assert(
      fc.property(line, fc.array(fc.array(op, { maxLength: 8 }), { minLength: 1, maxLength: 10 }), (first, steps) => {
        const model = matchListModel()
        let whole = first
        let latest = mainOnly(first)
        let held = wire(latest)
        model.set(held)
        // A view that read some keys before the refreshes (their cells exist) and one that did not.
        const read = held.flatMap((t) => t.matches.map((m) => m.key)).filter((_, i) => i % 2 === 0)
        for (const k of read) model.match(k)
        for (const ops of steps) {
          whole = refresh(whole, ops)
          const next = mainOnly(whole)
          const delta = diffList(latest, next)
          if (delta === null) {
            held = wire(next)
            model.set(held)
          } else {
            const d = wire(delta)
            held = applyListDelta(held, d)
            model.set(held, d)
          }
          const shape = model.shape()
          expect(shape.groups?.map((g) => [g.tournamentId, g.tournamentName, [...g.keys]])).toEqual(held.map((t) => [t.tournamentId, t.tournamentName, t.matches.map((m) => m.key)]))
          expect(shape.count).toBe(held.reduce((n, t) => n + t.matches.length, 0))
          // (A key the service repeats names one match: the list is then sent whole, and the last one is shown.)
          const keys = held.flatMap((t) => t.matches.map((m) => m.key))
          for (const t of held) for (const m of t.matches) if (keys.indexOf(m.key) === keys.lastIndexOf(m.key)) expect(model.match(m.key)).toBe(m)
          expect(model.header()).toEqual(mainOddsHeader(held.flatMap((t) => t.matches.map((m) => m.markets?.[0]))))
          latest = next
        }
      }),
      { numRuns: 300 },
    )
  })
})
