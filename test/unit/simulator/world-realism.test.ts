import { afterEach, describe, expect, it } from 'vitest'
import { createSimClock, type SimClock } from '../../../src-main/core/simulator/clock.js'
import { createWorld } from '../../../src-main/core/simulator/world/world.js'
import type { FeedWorld } from '../../../src-main/core/simulator/world/model.js'

const START = Date.UTC(2026, 10, 21, 12)
const open: Array<{ world: FeedWorld; clock: SimClock }> = []
function make(seed: number, matches: number, specialBets?: boolean) {
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

/** Names no partner would take for a team: placeholders of a template or of a special bet. */
const PLACEHOLDER = /^(home|away|team\s*\d*|opp(onent)?\s*\d*|player\s*\d*|side\s*\d*|tbd|n\/a|\?+|-+)$/i

function placeholders(world: FeedWorld): string[] {
  const bad: string[] = []
  for (const lt of ['line', 'live'] as const) {
    for (const m of world.matches(lt)) {
      for (const lang of ['en', 'ru']) {
        const names = [m.opp1[lang], m.opp2[lang], ...m.plan.flatMap((p) => [p.opp1[lang], p.opp2[lang]])]
        for (const name of names) if (name === undefined || name.trim() === '' || PLACEHOLDER.test(name.trim())) bad.push(`${m.gameId} ${lang}: "${name}"`)
      }
      if (m.opp1.en === m.opp2.en) bad.push(`${m.gameId}: one team on both sides (${m.opp1.en})`)
    }
  }
  return bad
}

describe('Demo world realism', () => {
  it('has no placeholder team names anywhere: Prematch, Live, sub-matches and group plans, in both languages', async () => {
    for (const seed of [1, 2]) {
      const { world, clock } = make(seed, 1000)
      expect(placeholders(world)).toEqual([])
      // Matches made later (going live, replenishing the line) too.
      await clock.advance(2 * 3600_000)
      expect(placeholders(world)).toEqual([])
    }
  })

  it("production's `Home` / `Away` special bets appear only when asked for (variation special-bets)", () => {
    const { world } = make(1, 1000, true)
    expect(placeholders(world).length).toBeGreaterThan(0)
  })

  it('gives the sides of one league different name forms (no "X Wolves – Y Wolves" by rule)', () => {
    const { world } = make(3, 1500)
    const bySuffix = world.matches('line').filter((m) => m.mainGameId === null && [1, 2, 3, 6].includes(m.sportId))
    const same = bySuffix.filter((m) => m.opp1.en.split(' ').at(-1) === m.opp2.en.split(' ').at(-1) && m.opp1.en.split(' ')[0] !== m.opp2.en.split(' ')[0])
    expect(same.length / bySuffix.length).toBeLessThan(0.2)
  })
})
