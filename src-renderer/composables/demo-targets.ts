/**
 * What the Demo scenarios can act on, taken from what the console shows: the open match of Line and
 * Live, and the bet slip's selections (their matches and outcomes), so nobody types raw ids.
 */
import { computed, type ComputedRef } from 'vue'
import type { LineType, MatchDto } from '../../src-shared/contract.js'
import { useFeedStore } from '../stores/feed.js'
import { useBetslipStore } from '../stores/betslip.js'

export interface MatchTarget { key: string; gameId: number; lineType: LineType; name: string }
export interface OutcomeTarget { pointer: string; gameId: number; matchName: string; marketName: string; outcomeName: string; rate: number }

/** Outcomes of the open match's first market offered beside the slip's selections. */
const OPEN_MATCH_OUTCOMES = 6

const nameOf = (m: Pick<MatchDto, 'opp1' | 'opp2'>) => (m.opp2 ? `${m.opp1} – ${m.opp2}` : m.opp1)

export function useDemoTargets(): { matches: ComputedRef<MatchTarget[]>; outcomes: ComputedRef<OutcomeTarget[]> } {
  const feed = useFeedStore()
  const slip = useBetslipStore()
  const openMatches = computed(() =>
    (['line', 'live'] as const).flatMap((lt) => {
      const e = feed.lines[lt].event
      return e?.kind === 'match' ? [e.match] : []
    }),
  )
  const matches = computed(() => {
    const seen = new Map<string, MatchTarget>()
    for (const m of openMatches.value) seen.set(`${m.lineType}:${m.gameId}`, { key: `${m.lineType}:${m.gameId}`, gameId: m.gameId, lineType: m.lineType, name: nameOf(m) })
    for (const s of slip.selections) {
      const key = `${s.lineType}:${s.gameId}`
      if (!seen.has(key)) seen.set(key, { key, gameId: s.gameId, lineType: s.lineType, name: s.matchName })
    }
    return [...seen.values()]
  })
  const outcomes = computed(() => {
    const list: OutcomeTarget[] = slip.selections.map((s) => ({ pointer: s.pointer, gameId: s.gameId, matchName: s.matchName, marketName: s.marketName, outcomeName: s.outcomeName, rate: s.rate }))
    for (const m of openMatches.value) {
      const market = m.markets?.[0]
      if (!market) continue
      for (const o of market.columns.flat().slice(0, OPEN_MATCH_OUTCOMES)) {
        if (o.pointer && !list.some((x) => x.pointer === o.pointer))
          list.push({ pointer: o.pointer, gameId: m.gameId, matchName: nameOf(m), marketName: market.name, outcomeName: o.name, rate: o.rate })
      }
    }
    return list
  })
  return { matches, outcomes }
}
