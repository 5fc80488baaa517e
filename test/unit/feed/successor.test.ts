import { describe, expect, it } from 'vitest'
import { findLiveSuccessor, type FeedClient, type MatchSummary } from '../../../src-main/core/feed/index.js'

const team = (name: string) => ({ id: null, name, icon: null, ids: [] }) as unknown as MatchSummary['opp1']
const live = (gameId: number, tournamentId: number, startMs: number) =>
  ({ gameId, tournamentId, startMs, isSubMatch: false, opp1: team('FC Perm'), opp2: team('FC Brno') }) as unknown as MatchSummary

/** The live list a lookup reads: two live matches of the same teams in the same tournament. */
const client = (matches: MatchSummary[]) =>
  ({ events: async () => ({ items: [{ tournamentId: 10, matches }] }) }) as unknown as Pick<FeedClient, 'events'>

describe('the live successor of a Prematch match', () => {
  const prematch = { lineType: 'line' as const, sportId: 1, tournamentId: 10, opp1: team('FC Perm'), opp2: team('FC Brno') }

  it('is the one starting nearest the Prematch start when the same teams play twice', async () => {
    const start = Date.UTC(2026, 10, 25, 7, 10)
    const earlier = live(700000256, 10, start - 3 * 3600_000)
    const became = live(700000673, 10, start + 60_000)
    expect(await findLiveSuccessor(client([earlier, became]), { ...prematch, startMs: start }, 'en')).toBe(700000673)
    expect(await findLiveSuccessor(client([became, earlier]), { ...prematch, startMs: start }, 'en')).toBe(700000673)
  })

  it('prefers its own tournament over a nearer start elsewhere', async () => {
    const start = Date.UTC(2026, 10, 25, 7, 10)
    const elsewhere = live(1, 99, start)
    const own = live(2, 10, start + 7200_000)
    expect(await findLiveSuccessor(client([elsewhere, own]), { ...prematch, startMs: start }, 'en')).toBe(2)
  })
})
