import type { FeedClient } from './client.js'
import type { MatchSummary, Participant } from './types.js'

/**
 * A Prematch match whose `event` answered `Game id finished` may have gone live under a new id
 * (ids are never linked by the service). Looks for it among the live matches of its sport: the same
 * participants on the same sides, compared by id when both ids are known (> 0), else by name
 * (case-insensitive, trimmed). A match of the same tournament wins over one of another tournament;
 * among several (the same teams can meet twice in a day, or in two competitions), the one whose
 * start is nearest the Prematch start.
 */
export type SuccessorSource = Pick<MatchSummary, 'lineType' | 'sportId' | 'tournamentId' | 'opp1' | 'opp2'> & { startMs?: number | null }

function same(a: Participant, b: Participant): boolean {
  if (a.id !== null && a.id > 0 && b.id !== null && b.id > 0) return a.id === b.id
  const name = (p: Participant) => p.name.trim().toLowerCase()
  return name(a) !== '' && name(a) === name(b)
}

export async function findLiveSuccessor(client: Pick<FeedClient, 'events'>, match: SuccessorSource, lang: string): Promise<number | null> {
  if (match.lineType !== 'line' || match.sportId === null || match.sportId <= 0) return null
  const live = await client.events(match.sportId, 0, 'live', lang, { odds: false })
  let best: { gameId: number; rank: [number, number] } | null = null
  for (const tournament of live.items) {
    for (const candidate of tournament.matches) {
      if (candidate.isSubMatch || !same(match.opp1, candidate.opp1) || !same(match.opp2, candidate.opp2)) continue
      const sameTournament = match.tournamentId !== null && (candidate.tournamentId ?? tournament.tournamentId) === match.tournamentId
      const apart = match.startMs && candidate.startMs ? Math.abs(candidate.startMs - match.startMs) : Number.MAX_SAFE_INTEGER
      const rank: [number, number] = [sameTournament ? 0 : 1, apart]
      if (!best || rank[0] < best.rank[0] || (rank[0] === best.rank[0] && rank[1] < best.rank[1])) best = { gameId: candidate.gameId, rank }
    }
  }
  return best?.gameId ?? null
}
