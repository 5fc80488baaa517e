import { afterEach, describe, expect, it } from 'vitest'
import { createSimClock, type SimClock } from '../../../src-main/core/simulator/clock.js'
import { createWorld } from '../../../src-main/core/simulator/world/world.js'
import { decodeScoreParam, GROUP, scoreParam, TYPE, verdictOf, type SettleContext } from '../../../src-main/core/simulator/world/markets.js'
import type { FeedWorld, WorldMatch } from '../../../src-main/core/simulator/world/model.js'
import type { MatchFinishedEvent } from '../../../src-main/core/simulator/world/types.js'

const START = Date.UTC(2026, 10, 21, 12)
const open: Array<{ world: FeedWorld; clock: SimClock }> = []
function make(seed = 1, matches = 200, specialBets = false) {
  const clock = createSimClock({ tickMs: 0, timeScale: 0, startMs: START })
  const world = createWorld({ seed, matches, clock, specialBets })
  open.push({ world, clock })
  return { world, clock }
}
afterEach(() => {
  for (const { world, clock } of open.splice(0)) {
    world.stop()
    clock.stop()
  }
})

const ctx = (s1: number, s2: number, extra: Partial<SettleContext> = {}): SettleContext => ({ s1, s2, scorers: new Set(), lastScorer: null, ...extra })
const v = (type: number, param: string, s1: number, s2: number) => verdictOf(type, param, null, ctx(s1, s2))

describe('settlement rules', () => {
  it('settles results, double chance and both-teams-to-score', () => {
    expect([v(TYPE.w1, '0', 2, 1), v(TYPE.x, '0', 2, 1), v(TYPE.w2, '0', 2, 1)]).toEqual(['win', 'lose', 'lose'])
    expect(v(TYPE.x, '0', 1, 1)).toBe('win')
    expect([v(TYPE.d1x, '0', 1, 1), v(TYPE.d12, '0', 1, 1), v(TYPE.dx2, '0', 0, 1)]).toEqual(['win', 'lose', 'win'])
    expect(v(TYPE.win1, '0', 3, 1)).toBe('win')
    expect(v(TYPE.win2, '0', 1, 1)).toBe('return')
    expect(v(TYPE.bttsYes, '0', 1, 1)).toBe('win')
    expect(v(TYPE.bttsNo, '0', 1, 0)).toBe('win')
  })

  it('settles handicaps and totals from the parameter text, with returns and half results on quarter lines', () => {
    // 2:1 — 1 (-1) is exactly level → return; 1 (-0.75) = half on -0.5 (win) and half on -1 (return).
    expect(v(TYPE.h1, '-1', 2, 1)).toBe('return')
    expect(v(TYPE.ah1, '-0.75', 2, 1)).toBe('half_win')
    expect(v(TYPE.h1, '-1.5', 2, 1)).toBe('lose')
    expect(v(TYPE.ah2, '0.75', 2, 1)).toBe('half_lose')
    expect(v(TYPE.h2, '1.5', 2, 1)).toBe('win')
    expect(v(TYPE.ah1, '-0.25', 1, 1)).toBe('half_lose')
    expect(v(TYPE.ah2, '0.25', 1, 1)).toBe('half_win')
    expect(v(TYPE.over, '2.5', 2, 1)).toBe('win')
    expect(v(TYPE.under, '3', 2, 1)).toBe('return')
    expect(v(TYPE.atOver, '2.75', 2, 1)).toBe('half_win')
    expect(v(TYPE.atUnder, '2.75', 2, 1)).toBe('half_lose')
    expect(v(TYPE.atOver, '3.25', 2, 1)).toBe('half_lose')
    expect(v(TYPE.atUnder, '3.25', 2, 1)).toBe('half_win')
    expect(v(TYPE.under, '170.5', 90, 80)).toBe('win')
    expect([v(TYPE.t1Over, '1.5', 2, 0), v(TYPE.t1Under, '2', 2, 0), v(TYPE.t2Over, '0.5', 2, 0), v(TYPE.t2Under, '0.5', 2, 0)]).toEqual(['win', 'return', 'lose', 'win'])
  })

  it('settles encoded scores, three-way totals and the special markets', () => {
    expect(decodeScoreParam('2.001')).toEqual([2, 1])
    expect(decodeScoreParam('0.003')).toEqual([0, 3])
    expect(decodeScoreParam('0')).toEqual([0, 0])
    expect([scoreParam(2, 1), scoreParam(0, 1), scoreParam(3, 0), scoreParam(0, 0)]).toEqual(['2.001', '0.001', '3', '0'])
    expect([v(TYPE.score, '2.001', 2, 1), v(TYPE.score, '1.002', 2, 1), v(TYPE.score17, '3.003', 3, 3)]).toEqual(['win', 'lose', 'win'])
    expect([v(TYPE.score17Other, '3.003', 4, 0), v(TYPE.score17Other, '3.003', 3, 3)]).toEqual(['win', 'lose'])
    expect([v(TYPE.tw3Over, '3', 2, 1), v(TYPE.tw3Exact, '3', 2, 1), v(TYPE.tw3Under, '3', 2, 1)]).toEqual(['lose', 'win', 'lose'])
    expect([v(TYPE.i3Over, '1.5', 2, 1), v(TYPE.i3Under, '1.5', 2, 1)]).toEqual(['win', 'lose'])
    expect([v(TYPE.winToNil1, '0', 2, 0), v(TYPE.winToNil1, '0', 2, 1)]).toEqual(['win', 'lose'])
    expect([v(TYPE.dc1xT2Yes, '0.5', 1, 1), v(TYPE.dc1xT2No, '0.5', 1, 1), v(TYPE.dc12T2Yes, '0.5', 1, 1)]).toEqual(['win', 'lose', 'lose'])
    expect([v(TYPE.w1Or00, '0', 0, 0), v(TYPE.w2Or00, '0', 1, 0)]).toEqual(['win', 'lose'])
    // The template outcomes (parameters 1.0E-4 and 0.01) read as "W1/W2 or 0-0 or 1-1".
    expect([v(TYPE.w1OrScores, '1.0E-4', 1, 1), v(TYPE.w2OrScores, '0.01', 2, 2)]).toEqual(['win', 'lose'])
    expect(verdictOf(TYPE.last1, '0', null, ctx(1, 1, { lastScorer: 1 }))).toBe('win')
    expect(verdictOf(TYPE.last2, '0', null, ctx(1, 1, { lastScorer: 1 }))).toBe('lose')
    expect(v(TYPE.lastNone, '0', 0, 0)).toBe('win')
  })

  it('settles player markets from the scorers (Yes and No share the player id) and unknown outcomes as returns', () => {
    expect(verdictOf(TYPE.scorerYes, '0.5', 77, ctx(1, 0, { scorers: new Set([77]) }))).toBe('win')
    expect(verdictOf(TYPE.scorerNo, '0.5', 77, ctx(1, 0, { scorers: new Set([77]) }))).toBe('lose')
    expect(verdictOf(TYPE.scorerYes, '0.5', 78, ctx(1, 0, { scorers: new Set([77]) }))).toBe('lose')
    expect(v(9999, '0', 1, 0)).toBe('return')
  })
})

describe('match lifecycle', () => {
  it('startMatch gives a new live id; the old id is gone but still resolves to the match', () => {
    const { world } = make()
    const pre = world.allMainMatches('line').find((m) => m.subGameIds.length > 0)!
    const oldId = pre.gameId
    const oldSub = pre.subGameIds[0]
    const lineBefore = world.allMainMatches('line').length
    const newId = world.startMatch(oldId)!
    expect(newId).not.toBe(oldId)
    expect(world.getMatch(oldId)).toBeUndefined()
    expect(world.getMatch(oldSub)).toBeUndefined()
    expect(world.getMatch(newId, 'live')).toBe(pre)
    expect(world.getMatch(newId, 'line')).toBeUndefined()
    expect(world.findMatchByAnyId(oldId)).toBe(pre)
    expect(pre.state).toBe('live')
    expect(world.getMatch(pre.subGameIds[0], 'live')!.mainGameId).toBe(newId)
    expect(world.matchTreeRoot(pre.subGameIds[0])).toBe(newId)
    expect(world.matchTreeRoot(oldSub)).toBe(newId)
    expect(world.findOutcome('line', oldId, GROUP.result, TYPE.w1, '0')).toBeUndefined()
    expect(world.allMainMatches('line')).toHaveLength(lineBefore)
    expect(world.startMatch(newId)).toBeUndefined()
  })

  it('finishMatch emits one event per tree member with all ids and score-consistent verdicts', async () => {
    const { world } = make()
    const m = world.allMainMatches('line').find((x) => x.sportId === 1 && !x.pseudo && x.subGameIds.length >= 2)!
    const preId = m.gameId
    const liveId = world.startMatch(preId)!
    const events: MatchFinishedEvent[] = []
    world.onMatchFinished((e) => void events.push(e))
    expect(await world.finishMatch(m.subGameIds[0], [0, 3])).toBe(true)
    expect(events).toHaveLength(1 + m.subGameIds.length)
    const main = events[0]
    expect(main.match.gameId).toBe(liveId)
    expect(main.allGameIds).toEqual([preId, liveId])
    expect(main.match.state).toBe('finished')
    expect(main.cancelled).toBe(false)
    expect(main.verdict(GROUP.result, TYPE.w2, '0', null)).toBe('win')
    expect(main.verdict(GROUP.handicap, TYPE.h1, '2.5', null)).toBe('lose')
    expect(main.verdict(GROUP.correctScore, TYPE.score, '0.003', null)).toBe('win')
    expect(main.verdict(GROUP.lastGoal, TYPE.last2, '0', null)).toBe('win')
    const half = events.find((e) => (e.match as WorldMatch).desk.en === 'half')
    if (half) expect(half.match.score1 + half.match.score2).toBeLessThanOrEqual(3)
    expect(world.getMatch(liveId)).toBeUndefined()
    expect(await world.finishMatch(liveId)).toBe(false)
  })

  it('the clock starts matches at their start time and finishes them after a plausible duration', async () => {
    const { world, clock } = make(2, 100)
    const first = world.allMainMatches('line').filter((m) => !m.pseudo).sort((a, b) => a.startMs - b.startMs)[0]
    const events: MatchFinishedEvent[] = []
    world.onMatchFinished((e) => void events.push(e))
    await clock.advance(first.startMs - START - 1)
    expect(first.state).toBe('prematch')
    await clock.advance(1)
    expect(first.state).toBe('live')
    const liveId = first.gameId
    await clock.advance(first.durationMs - 60_000)
    const done = events.some((e) => e.match === first)
    // Set sports may end early (a player reached the needed sets); the others last their duration.
    if (first.sport.kind !== 'sets') expect(done).toBe(false)
    await clock.advance(2 * 60_000)
    const ev = events.find((e) => e.match === first)!
    expect(ev.allGameIds).toContain(liveId)
    const [s1, s2] = [first.score1, first.score2]
    if (!first.sport.draw) expect(s1).not.toBe(s2)
    const w1 = first.sport.draw ? ev.verdict(GROUP.result, TYPE.w1, '0', null) : ev.verdict(GROUP.winner, TYPE.win1, '0', null)
    expect(w1).toBe(s1 > s2 ? 'win' : 'lose')
  })

  it('cancelMatch returns every outcome and remembers the ids as served', async () => {
    const { world } = make()
    const m = world.allMainMatches('line').find((x) => x.sportId === 1 && !x.pseudo)!
    const id = m.gameId
    const events: MatchFinishedEvent[] = []
    world.onMatchFinished((e) => void events.push(e))
    expect(await world.cancelMatch(id)).toBe(true)
    expect(events[0].cancelled).toBe(true)
    expect(events[0].verdict(GROUP.result, TYPE.w1, '0', null)).toBe('return')
    expect(world.getMatch(id)).toBeUndefined()
    expect(world.wasServed(id, 'line')).toBe(true)
    expect(world.wasServed(id, 'live')).toBe(false)
    expect(await world.cancelMatch(id)).toBe(false)
  })

  it('pseudo-matches (Home / Away special bets) settle at kick-off and never go live', async () => {
    const { world, clock } = make(4, 600, true)
    const pseudo = world.allMainMatches('line').filter((m) => m.pseudo)
    expect(pseudo.length).toBeGreaterThan(0)
    const p = pseudo.sort((a, b) => a.startMs - b.startMs)[0]
    expect([p.opp1.en, p.opp2.en, p.opp1Icon]).toEqual(['Home', 'Away', 'teamdefault.png'])
    expect(p.markets.some((x) => x.groupId === GROUP.result)).toBe(false)
    const events: MatchFinishedEvent[] = []
    world.onMatchFinished((e) => void events.push(e))
    await clock.advance(p.startMs - START)
    expect(p.state).toBe('finished')
    expect(events.some((e) => e.match === p)).toBe(true)
    expect(world.getMatch(p.gameId, 'live')).toBeUndefined()
  })
})
