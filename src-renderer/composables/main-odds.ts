/**
 * The match list's inline odds: the main market's outcomes placed by what they are (outcome type,
 * the third `oc_pointer` field), never by position. Three slots: W1 / X / W2 for a 1X2 market
 * (types 1, 2, 3), W1 / – / W2 for a two-way winner (types 401, 402); otherwise the first three
 * outcomes by type. An empty slot is null.
 */
import type { MarketDto, OutcomeDto } from '../../src-shared/contract.js'

const THREE_WAY = [1, 2, 3] as const
const TWO_WAY = [401, null, 402] as const

function bySlots(outcomes: OutcomeDto[], slots: ReadonlyArray<number | null>): Array<OutcomeDto | null> {
  return slots.map((type) => (type === null ? null : (outcomes.find((o) => o.typeId === type) ?? null)))
}

export function mainOdds(market: MarketDto | undefined | null): Array<OutcomeDto | null> {
  if (!market) return []
  const outcomes = market.columns.flat()
  const types = new Set(outcomes.map((o) => o.typeId))
  if (THREE_WAY.some((t) => types.has(t))) return bySlots(outcomes, THREE_WAY)
  if (types.has(401) || types.has(402)) return bySlots(outcomes, TWO_WAY)
  // Unknown market: order by type where known (stable, so equal or unknown types keep feed order).
  const rank = (o: OutcomeDto) => (o.typeId === null ? Number.POSITIVE_INFINITY : o.typeId)
  return [...outcomes].sort((a, b) => rank(a) - rank(b)).slice(0, 3)
}
