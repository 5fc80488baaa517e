import { afterEach, describe, expect, it } from 'vitest'
import { createSimClock, type SimClock } from '../../../src-main/core/simulator/clock.js'
import { createWorld } from '../../../src-main/core/simulator/world/world.js'
import type { FeedWorld } from '../../../src-main/core/simulator/world/model.js'

const START = Date.UTC(2026, 10, 21, 12)
const open: Array<{ world: FeedWorld; clock: SimClock }> = []
function make(seed: number, matches: number) {
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

const snapshot = (world: FeedWorld) =>
  (['line', 'live'] as const).flatMap((lt) =>
    world.matches(lt).map((m) => [m.gameId, m.lineType, m.sportId, m.tournamentId, m.opp1.en, m.opp2.en, m.startMs, m.score1, m.score2, m.markets.map((x) => x.outcomes.map((o) => `${o.typeId}:${o.param}:${o.rate}:${o.blocked}`).join(','))]),
  )

describe('world generation', () => {
  it('is deterministic for a seed and differs between seeds', () => {
    const a = snapshot(make(42, 300).world)
    const b = snapshot(make(42, 300).world)
    const c = snapshot(make(43, 300).world)
    expect(a).toEqual(b)
    expect(a).not.toEqual(c)
  })

  it('generates 5,000 matches in about a second', () => {
    const t0 = performance.now()
    const { world } = make(1, 5000)
    const elapsed = performance.now() - t0
    expect(world.allMainMatches('line')).toHaveLength(5000)
    expect(elapsed).toBeLessThan(2000)
  })

  it('sizes the line by `matches`, has live matches at start, and consistent counters', () => {
    const { world } = make(3, 800)
    expect(world.allMainMatches('line')).toHaveLength(800)
    const live = world.allMainMatches('live')
    expect(live.length).toBeGreaterThanOrEqual(8)
    for (const m of live) {
      expect(m.state).toBe('live')
      expect(m.startMs).toBeLessThanOrEqual(START)
      expect(m.timerSec).toBeGreaterThanOrEqual(0)
    }
    for (const lt of ['line', 'live'] as const) {
      let total = 0
      for (const sport of world.counters(lt).values()) {
        let sum = 0
        for (const tours of sport.countries.values()) for (const n of tours.values()) sum += n
        expect(sport.total).toBe(sum)
        expect(sport.total).toBe(world.mainMatchesOfSport(lt, sport.sportId).length)
        total += sum
      }
      expect(total).toBe(world.allMainMatches(lt).length)
    }
  })

  it('builds plausible matches: distinct participants, .png icons, sub-games linked both ways, esports flagged', () => {
    const { world } = make(5, 1000)
    const all = world.matches('line')
    for (const m of all) {
      expect(m.opp1Id).not.toBe(m.opp2Id)
      expect(m.opp1Icon).toMatch(/\.png$/)
      expect(m.opp1.en).not.toBe('')
      expect(m.opp1.ru).not.toBe('')
      expect(m.startMs).toBeGreaterThan(START)
      expect(m.cybersport).toBe([40, 85].includes(m.sportId))
      for (const market of m.markets) for (const o of market.outcomes) expect(o.rate).toBeGreaterThanOrEqual(1.01)
      if (m.mainGameId !== null) expect(world.getMatch(m.mainGameId)!.subGameIds).toContain(m.gameId)
      for (const id of m.subGameIds) expect(world.getMatch(id)!.mainGameId).toBe(m.gameId)
    }
    expect(all.some((m) => m.tournament.name.en === '')).toBe(true)
    expect(all.some((m) => m.plan.length > 0)).toBe(true)
    expect(all.some((m) => m.markets.some((x) => x.outcomes.some((o) => o.blocked)))).toBe(true)
    expect(all.some((m) => m.markets.some((x) => x.outcomes.some((o) => o.playerId !== null)))).toBe(true)
    expect(new Set(all.map((m) => m.defaultsVariant)).size).toBe(4)
  })

  it('moves odds over simulated time', async () => {
    const { world, clock } = make(9, 200)
    const rates = (m: { markets: Array<{ outcomes: Array<{ rate: number }> }> }) => m.markets.flatMap((x) => x.outcomes.map((o) => o.rate)).join()
    const before = new Map(world.allMainMatches('live').map((m) => [m.gameId, rates(m)]))
    await clock.advance(60_000)
    const still = world.allMainMatches('live').filter((m) => before.has(m.gameId))
    expect(still.length).toBeGreaterThan(3)
    expect(still.some((m) => rates(m) !== before.get(m.gameId))).toBe(true)
  })
})
