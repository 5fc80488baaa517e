/**
 * A feed refresh applied as main's delta (src-main/core/desk/feed-delta.ts) to what the window holds:
 * everything the delta does not touch keeps its object (tournaments, matches, markets, outcomes), so a
 * view keyed by match re-renders only the rows whose data moved. The result equals main's new
 * snapshot exactly (proven by property in test/component/feed-delta.test.ts).
 * Plain functions on plain data: a page can time them without the store.
 */
import type {
  EventResultDto,
  FeedEventDeltaDto,
  FeedListDeltaDto,
  MarketDto,
  MarketsPatchDto,
  MatchDetailDto,
  MatchDetailPatchDto,
  MatchDto,
  MatchPatchDto,
  OutcomeDto,
  TournamentEventsDto,
} from '../../src-shared/contract.js'
import { pointerWithRate } from '../../src-shared/vocabulary/feed-delta.js'
import { indexOf, shareIndex, type ListIndex } from './list-index.js'

/** Column `col` of market `i` in `next`, copied on first touch: untouched markets and columns stay shared with `base`. */
function columnOf(next: MarketDto[], base: MarketDto[], i: number, col: number): OutcomeDto[] {
  let market = next[i]
  if (market === base[i]) next[i] = market = { ...market, columns: market.columns.slice() }
  const columns = market.columns
  let column = columns[col]
  if (column === base[i].columns[col]) columns[col] = column = column.slice()
  return column
}

function patchMarkets(old: MarketDto[], d: MarketsPatchDto): MarketDto[] {
  let base = old
  if (d.order || d.put) {
    const byKey = new Map(old.map((m) => [m.key, m]))
    for (const m of d.put ?? []) byKey.set(m.key, m)
    base = (d.order ?? old.map((m) => m.key)).map((k) => byKey.get(k)!)
  }
  if (!d.outcomes && !d.prices) return base
  const next = base.slice()
  for (const o of d.outcomes ?? []) {
    const i = next.findIndex((m) => m.key === o.market)
    if (i < 0) continue
    const col = columnOf(next, base, i, o.col)
    col[o.row] = { ...col[o.row], ...o.set } as OutcomeDto
  }
  for (const p of d.prices ?? []) {
    const i = p[0]
    const r = p[2]
    if (!next[i]?.columns[p[1]]?.[r]) continue
    const col = columnOf(next, base, i, p[1])
    const was = col[r]
    col[r] = { ...was, rate: p[3], pointer: pointerWithRate(was.pointer, p[3]) ?? was.pointer }
  }
  return next
}

function patchDetail(old: MatchDetailDto, d: MatchDetailPatchDto): MatchDetailDto {
  const next = { ...old, ...d.set }
  if (d.stats) {
    const stats = next.stats.slice()
    for (const [i, opp1, opp2] of d.stats) if (stats[i]) stats[i] = { ...stats[i], opp1, opp2 }
    next.stats = stats
  }
  return next
}

/** One match with its patch applied (a new object; what the patch leaves alone is shared). */
export function applyMatchPatch(old: MatchDto, p: MatchPatchDto): MatchDto {
  const next = { ...old, ...p.set } as MatchDto
  for (const k of p.unset ?? []) delete (next as unknown as Record<string, unknown>)[k]
  if (p.markets && old.markets) next.markets = patchMarkets(old.markets, p.markets)
  if (p.detail && old.detail) next.detail = patchDetail(old.detail, p.detail)
  return next
}

/** The list after `d`; `prev` is not changed. Live timers count on from the clock each match carries (match-clock.ts). */
export function applyListDelta(prev: TournamentEventsDto[], d: FeedListDeltaDto): TournamentEventsDto[] {
  if (!d.order && !d.tournaments && !d.added && !d.changed && !d.removed) return prev
  const changed = d.changed ?? []
  if (!d.order && !d.tournaments && !d.added && !d.removed) {
    const index = indexOf(prev)
    if (index) return applyChanges(prev, changed, index)
  }
  const replaced = new Map<string, MatchDto>()
  for (const m of d.added ?? []) replaced.set(m.key, m)
  const tours = new Map(prev.map((t) => [t.tournamentId, t]))
  const layout = new Map((d.tournaments ?? []).map((t) => [t.tournamentId, t]))
  let held: Map<string, MatchDto> | null = null
  if (changed.length > 0 || layout.size > 0) {
    held = new Map()
    for (const t of prev) for (const m of t.matches) held.set(m.key, m)
    for (const p of changed) {
      const old = held.get(p.key)
      if (!old) continue
      const m = applyMatchPatch(old, p)
      replaced.set(p.key, m)
    }
  }
  const order = d.order ?? prev.map((t) => t.tournamentId)
  return order.map((id) => {
    const shape = layout.get(id)
    if (shape)
      return {
        tournamentId: id,
        tournamentName: shape.tournamentName,
        matches: shape.keys.map((k) => replaced.get(k) ?? held!.get(k)!),
      }
    const t = tours.get(id)!
    let touched = false
    const matches = t.matches.map((m) => {
      const r = replaced.get(m.key)
      if (!r) return m
      touched = true
      return r
    })
    return touched ? { ...t, matches } : t
  })
}

/**
 * A refresh that only changed matches (most of them: prices moved): each change found by its position,
 * only the tournaments it touches copied, the rest shared, so the work follows the changes, not the list.
 */
function applyChanges(prev: TournamentEventsDto[], changed: MatchPatchDto[], index: ListIndex): TournamentEventsDto[] {
  const next = prev.slice()
  for (const p of changed) {
    const pos = index.at.get(p.key)
    if (!pos) continue
    const [t, i] = pos
    if (next[t] === prev[t]) next[t] = { ...prev[t], matches: prev[t].matches.slice() }
    next[t].matches[i] = applyMatchPatch(prev[t].matches[i], p)
  }
  shareIndex(next, index)
  return next
}

/** The open match after `d`; the same object when nothing changed. */
export function applyEventDelta(prev: EventResultDto, d: FeedEventDeltaDto): EventResultDto {
  if (!d.match || prev.kind !== 'match') return prev
  return { ...prev, match: applyMatchPatch(prev.match, d.match) }
}
