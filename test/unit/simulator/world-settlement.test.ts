import { afterEach, describe, expect, it } from 'vitest'
import { createSimClock, type SimClock } from '../../../src-main/core/simulator/clock.js'
import { createWorld } from '../../../src-main/core/simulator/world/world.js'
import { GROUP, settleOutcome, TYPE } from '../../../src-main/core/simulator/world/markets.js'
import type { FeedWorld, WorldMatch } from '../../../src-main/core/simulator/world/model.js'
import type { MatchFinishedEvent } from '../../../src-main/core/simulator/world/types.js'

const START = Date.UTC(2026, 10, 21, 12)
const open: Array<{ world: FeedWorld; clock: SimClock }> = []
function make(seed = 1, matches = 200) {
  const clock = createSimClock({ tickMs: 0, timeScale: 0, startMs: START })
  const world = createWorld({ seed, matches, clock })
  open.push({ world, clock })
  return { world, clock }
}
afterEach(() => {
  for (const { world, clock } of open.splice(0)) {
    world.stop()
    clock.stop()
  }
})

const v = (group: number, type: number, param: number, s1: number, s2: number) => settleOutcome(group, type, param, null, s1, s2, new Set())

describe('settlement rules', () => {
  it('settles results, double chance and both-teams-to-score', () => {
    expect([v(GROUP.result, TYPE.w1, 0, 2, 1), v(GROUP.result, TYPE.x, 0, 2, 1), v(GROUP.result, TYPE.w2, 0, 2, 1)]).toEqual(['win', 'lose', 'lose'])
    expect(v(GROUP.result, TYPE.x, 0, 1, 1)).toBe('win')
    expect([v(GROUP.doubleChance, TYPE.d1x, 0, 1, 1), v(GROUP.doubleChance, TYPE.d12, 0, 1, 1), v(GROUP.doubleChance, TYPE.dx2, 0, 0, 1)]).toEqual(['win', 'lose', 'win'])
    expect(v(GROUP.winner, TYPE.win1, 0, 3, 1)).toBe('win')
    expect(v(GROUP.winner, TYPE.win2, 0, 1, 1)).toBe('return')
    expect(v(GROUP.btts, TYPE.bttsYes, 0, 1, 1)).toBe('win')
    expect(v(GROUP.btts, TYPE.bttsNo, 0, 1, 0)).toBe('win')
  })

  it('settles asian handicaps and totals with returns and half results', () => {
    // 2:1 — H1(-1) is exactly level → return; H1(-0.75) = half on -0.5 (win) and half on -1 (return).
    expect(v(GROUP.handicap, TYPE.h1, -100, 2, 1)).toBe('return')
    expect(v(GROUP.handicap, TYPE.h1, -75, 2, 1)).toBe('half_win')
    expect(v(GROUP.handicap, TYPE.h1, -150, 2, 1)).toBe('lose')
    expect(v(GROUP.handicap, TYPE.h2, 75, 2, 1)).toBe('half_lose')
    expect(v(GROUP.handicap, TYPE.h2, 150, 2, 1)).toBe('win')
    expect(v(GROUP.handicap, TYPE.h1, -25, 1, 1)).toBe('half_lose')
    expect(v(GROUP.handicap, TYPE.h2, 25, 1, 1)).toBe('half_win')
    expect(v(GROUP.total, TYPE.over, 250, 2, 1)).toBe('win')
    expect(v(GROUP.total, TYPE.under, 300, 2, 1)).toBe('return')
    expect(v(GROUP.total, TYPE.over, 275, 2, 1)).toBe('half_win')
    expect(v(GROUP.total, TYPE.under, 275, 2, 1)).toBe('half_lose')
    expect(v(GROUP.total, TYPE.over, 325, 2, 1)).toBe('half_lose')
    expect(v(GROUP.total, TYPE.under, 325, 2, 1)).toBe('half_win')
    expect(v(GROUP.total, TYPE.under, 17050, 90, 80)).toBe('win')
  })

  it('settles player markets from the scorers and unknown outcomes as returns', () => {
    expect(settleOutcome(GROUP.scorer, TYPE.scorer, 0, 77, 1, 0, new Set([77]))).toBe('win')
    expect(settleOutcome(GROUP.scorer, TYPE.scorer, 0, 78, 1, 0, new Set([77]))).toBe('lose')
    expect(v(555, 9999, 0, 1, 0)).toBe('return')
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
    expect(world.findOutcome('line', oldId, GROUP.result, TYPE.w1, 0)).toBeUndefined()
    expect(world.allMainMatches('line')).toHaveLength(lineBefore)
    expect(world.startMatch(newId)).toBeUndefined()
  })

  it('finishMatch emits one event per tree member with all ids and score-consistent verdicts', async () => {
    const { world } = make()
    const m = world.allMainMatches('line').find((x) => x.sportId === 1 && x.subGameIds.length === 2)!
    const preId = m.gameId
    const liveId = world.startMatch(preId)!
    const events: MatchFinishedEvent[] = []
    world.onMatchFinished((e) => void events.push(e))
    expect(await world.finishMatch(m.subGameIds[0], [0, 3])).toBe(true)
    expect(events).toHaveLength(3)
    const main = events[0]
    expect(main.match.gameId).toBe(liveId)
    expect(main.allGameIds).toEqual([preId, liveId])
    expect(main.match.state).toBe('finished')
    expect(main.verdict(GROUP.result, TYPE.w2, 0, null)).toBe('win')
    expect(main.verdict(GROUP.handicap, TYPE.h1, 250, null)).toBe('lose')
    const half = events.find((e) => (e.match as WorldMatch).desk.en === 'half')
    if (half) expect(half.match.score1 + half.match.score2).toBeLessThanOrEqual(3)
    expect(world.getMatch(liveId)).toBeUndefined()
    expect(await world.finishMatch(liveId)).toBe(false)
  })

  it('the clock starts matches at their start time and finishes them after a plausible duration', async () => {
    const { world, clock } = make(2, 100)
    const first = world.allMainMatches('line').sort((a, b) => a.startMs - b.startMs)[0]
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
    const w1 = first.sport.draw ? ev.verdict(GROUP.result, TYPE.w1, 0, null) : ev.verdict(GROUP.winner, TYPE.win1, 0, null)
    expect(w1).toBe(s1 > s2 ? 'win' : 'lose')
  })
})
