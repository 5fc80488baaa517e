/**
 * Prices for search results. The service's search cards carry no markets, so the first hits are
 * followed with `feed.event` (main polls each match once, at the event pace, however many views
 * follow it) and show the match's main market like any list row. The search itself is still asked
 * only on the operator's action, as the spec wants.
 */
import { computed, shallowRef, type ComputedRef } from 'vue'
import type { EventResultDto, MatchDto } from '../../src-shared/contract.js'
import { keyedWatch } from '../api/shared-watch.js'
import { useSharedWatch } from './useWatch.js'

/** Hits priced at once; further down the operator opens the match (a search rarely has more than a few). */
export const PRICED_SEARCH_HITS = 20

const keyOf = (m: Pick<MatchDto, 'lineType' | 'gameId'>) => `${m.lineType}:${m.gameId}`

/** A search card with the main market of its match, as far as the match's own answer has come. */
export function withMainMarket(hit: MatchDto, answer: EventResultDto | undefined): MatchDto {
  if (answer?.kind !== 'match' || answer.match.gameId !== hit.gameId) return hit
  const markets = answer.match.markets ?? []
  return { ...hit, markets: markets.slice(0, 1), oddsCounter: answer.match.oddsCounter }
}

export function useSearchPrices(hits: () => MatchDto[] | null): ComputedRef<MatchDto[] | null> {
  const answers = shallowRef<Record<string, EventResultDto>>({})
  const followed = keyedWatch<'feed.event'>(
    () => (hits() ?? []).slice(0, PRICED_SEARCH_HITS).map((m) => ({ key: keyOf(m), topic: { name: 'feed.event' as const, lineType: m.lineType, gameId: m.gameId } })),
    (key) => {
      const take = (v: EventResultDto) => void (answers.value = { ...answers.value, [key]: v })
      return { snapshot: take, delta: (_d, v) => take(v) }
    },
  )
  useSharedWatch({ acquire: followed.acquire })
  return computed(() => hits()?.map((m) => withMainMarket(m, answers.value[keyOf(m)])) ?? null)
}
