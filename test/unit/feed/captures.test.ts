import { afterAll, describe, expect, it } from 'vitest'
import { buildCouponPointer, outcomeTypeId, parseOcPointer, type Outcome } from '../../../src-main/core/feed/index.js'
import { missingCases } from '../../support/captures.js'
import { feedCapture, feedCaptureNames, HAVE_FEED_CAPTURES, lineTypeOfCapture, marketsOf, normaliseCapture, SKIP_MESSAGE } from './captures.js'

/** Production's own answers through the normalisers: nothing to repair, every open price bettable. */

interface RawOutcome { oc_name: string; oc_pointer: string; oc_block: boolean; oc_size: unknown }
interface RawMarket { group_id: number; oc_list: Array<RawOutcome | RawOutcome[]> }

/** Every raw market of a capture, in answer order, per match. */
function rawMarkets(json: unknown): RawMarket[][] {
  const out: RawMarket[][] = []
  const walk = (x: unknown): void => {
    if (Array.isArray(x)) return x.forEach(walk)
    if (!x || typeof x !== 'object') return
    const o = x as Record<string, unknown>
    if (Array.isArray(o.game_oc_list)) out.push(o.game_oc_list as RawMarket[])
    for (const v of Object.values(o)) if (v && typeof v === 'object') walk(v)
  }
  walk((json as { body: unknown }).body)
  return out
}

const open = (outcomes: Outcome[]) => outcomes.filter((o) => !o.oc_block)
const names = HAVE_FEED_CAPTURES ? feedCaptureNames() : []
const withOdds = names.filter((n) => rawMarkets(feedCapture(n)).length > 0)

describe.skipIf(!HAVE_FEED_CAPTURES)(`real feed captures${HAVE_FEED_CAPTURES ? '' : ` (${SKIP_MESSAGE})`}`, () => {
  it('covers every capture of the folder', () => {
    expect(names.length).toBeGreaterThanOrEqual(23)
    expect(withOdds).toEqual(expect.arrayContaining(['event.game-730321837.group.line.en.json', 'events.sport-1.tournament-0.sub-50.live.en.json', 'topmatches.full.live.en.json', 'toplist.full.sport-1.line.en.json']))
  })

  const normalised: string[] = []
  // A capture that gained no case (or a case that never ran) fails the file.
  afterAll(() => expect(missingCases('feed', '', normalised)).toEqual({ notBuilt: [], noCapture: [] }))

  it.each(names)('%s normalises with no warning', (name) => {
    normalised.push(name)
    const result = normaliseCapture(name)
    expect(result.warnings).toEqual([])
    if (name !== 'events-by-period.empty.json') expect(result.itemCount).toBeGreaterThan(0)
  })

  it.each(withOdds)('%s: every open outcome is bettable and its pointer text travels verbatim', (name) => {
    const lineType = lineTypeOfCapture(name)
    const outcomes = marketsOf(normaliseCapture(name).matches).flatMap((m) => m.outcomes)
    const rawPointers = rawMarkets(feedCapture(name)).flat().flatMap((m) => m.oc_list.flat().map((o) => o.oc_pointer))
    // Nothing lost or rewritten: the same pointers, as sent.
    expect(outcomes.map((o) => o.oc_pointer).sort()).toEqual([...rawPointers].sort())
    expect(open(outcomes).length).toBeGreaterThan(0)
    for (const o of open(outcomes)) {
      expect(o.oc_pointer).not.toBeNull()
      const coupon = buildCouponPointer(o, lineType).split('#')
      const feed = o.oc_pointer!.split('|')
      expect(coupon.slice(1, 5)).toEqual(feed)
      expect(outcomeTypeId(o)).toBe(Number(feed[2]))
    }
  })

  it('the figures of the issue: bettable open outcomes / open outcomes are now all of them', () => {
    const figure = (name: string) => {
      const outcomes = open(marketsOf(normaliseCapture(name).matches).flatMap((m) => m.outcomes))
      return `${outcomes.filter((o) => o.oc_pointer !== null).length}/${outcomes.length}`
    }
    // Before: 53/89, 40/110, 103/185, 97/444 (every handicap and total outcome refused).
    expect(figure('events.sport-1.tournament-0.sub-50.live.en.json')).toBe('89/89')
    expect(figure('events.sport-1.tournament-0.sub-50.line.en.json')).toBe('110/110')
    expect(figure('event.game-746146992.group.live.en.json')).toBe('185/185')
    expect(figure('event.game-730321837.group.line.en.json')).toBe('444/444')
  })

  it('keeps parameters such as 1.0E-4, 3.001 and -1.25 as text', () => {
    const params = new Set(withOdds.flatMap((n) => marketsOf(normaliseCapture(n).matches).flatMap((m) => m.outcomes.map((o) => parseOcPointer(o.oc_pointer)!.param))))
    for (const p of ['0', '1.5', '-1.25', '3.001', '1.0E-4']) expect(params).toContain(p)
  })

  it('flat lists (events, full top lists) are ordered by outcome type then parameter, not by price', () => {
    let ordered = 0
    for (const name of withOdds.filter((n) => !n.startsWith('event.'))) {
      for (const market of marketsOf(normaliseCapture(name).matches)) {
        expect(market.columns).toHaveLength(1)
        const keys = market.outcomes.map((o) => [outcomeTypeId(o)!, Number(parseOcPointer(o.oc_pointer)!.param)] as const)
        for (let i = 1; i < keys.length; i++) expect(keys[i][0] > keys[i - 1][0] || (keys[i][0] === keys[i - 1][0] && keys[i][1] >= keys[i - 1][1]), `${name} ${market.name}`).toBe(true)
        if (market.groupId === 1) {
          const order = ['W1', 'X', 'W2']
          const seen = market.outcomes.map((o) => order.indexOf(o.oc_name))
          expect(seen, market.outcomes.map((o) => o.oc_name).join(' ')).toEqual([...seen].sort((x, y) => x - y))
          expect(seen).not.toContain(-1)
          ordered++
        }
      }
    }
    expect(ordered).toBeGreaterThan(10)
    // The answer itself really is price-sorted (W2 before W1 somewhere), so the order above is ours.
    const raw = rawMarkets(feedCapture('events.sport-1.tournament-0.sub-50.live.en.json')).flat().filter((m) => m.group_id === 1)
    expect(raw.some((m) => (m.oc_list as RawOutcome[])[0].oc_name !== 'W1')).toBe(true)
  })

  it('event: markets by position (group_id repeats), the real column arrays in the order returned', () => {
    for (const name of withOdds.filter((n) => n.startsWith('event.'))) {
      const [match] = normaliseCapture(name).matches
      const raw = rawMarkets(feedCapture(name))[0]
      expect(match.markets!.map((m) => m.position)).toEqual(raw.map((_, i) => i))
      expect(new Set(match.markets!.map((m) => m.key)).size).toBe(raw.length)
      match.markets!.forEach((market, i) => {
        const columns = raw[i].oc_list as RawOutcome[][]
        expect(market.columns.map((c) => c.map((o) => o.oc_name))).toEqual(columns.map((c) => c.map((o) => o.oc_name)))
      })
    }
    const [line] = normaliseCapture('event.game-730321837.group.line.en.json').matches
    const ids = line.markets!.map((m) => m.groupId)
    expect(ids.length).toBeGreaterThan(new Set(ids).size)
    // columns hint and arrays differ in the real answers: both are kept
    expect(line.markets!.some((m) => m.columnsHint !== m.columns.length)).toBe(true)
  })

  it('game_mid = game_id is a main match; oc_size keeps 0 and strings side by side; template text is kept', () => {
    const matches = withOdds.flatMap((n) => normaliseCapture(n).matches)
    for (const m of matches) expect([m.mainGameId, m.isSubMatch]).toEqual([null, false])
    const sizes = marketsOf(matches).flatMap((m) => m.outcomes.map((o) => typeof o.oc_size))
    expect(new Set(sizes)).toEqual(new Set(['number', 'string']))
    const names = marketsOf(matches).flatMap((m) => m.outcomes.map((o) => o.oc_name))
    expect(names.some((n) => n.includes('||| dto.group'))).toBe(true)
  })

  it('calendar answer: same shape as events, odds counter without markets', () => {
    const { matches } = normaliseCapture('events-by-period.calendar.json')
    expect(matches.map((m) => [m.gameId, m.opp1.name, m.opp2.name, m.markets, m.oddsCounter, m.startMs])).toEqual([[758182302, 'Kazakhstan', 'Faroe Islands', null, 1261, 1_791_295_200_000]])
    expect(normaliseCapture('events-by-period.empty.json').matches).toEqual([])
  })
})
