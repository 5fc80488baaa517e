/**
 * A feed refresh applied as main's delta (src-main/core/desk/feed-delta.ts) to what the window holds:
 * everything the delta does not touch keeps its object (tournaments, matches, markets, outcomes), so a
 * view keyed by match re-renders only the rows whose data moved. The result equals main's new
 * snapshot exactly (proven by property in test/component/feed-delta.test.ts).
 * Plain functions on plain data: a page can time them without the store.
 */
import type { EventResultDto, FeedEventDeltaDto, FeedListDeltaDto, MarketDto, MarketsPatchDto, MatchDto, MatchPatchDto, OutcomeDto, OutcomePatchDto, TournamentEventsDto } from '../../src-shared/contract.js'
import { noteRefresh } from './live-clock.js'

function patchMarkets(old: MarketDto[], d: MarketsPatchDto): MarketDto[] {
  const byKey = new Map(old.map((m) => [m.key, m]))
  for (const m of d.put ?? []) byKey.set(m.key, m)
  if (d.outcomes) {
    const touched = new Map<string, OutcomePatchDto[]>()
    for (const o of d.outcomes) touched.set(o.market, [...(touched.get(o.market) ?? []), o])
    for (const [key, changes] of touched) {
      const m = byKey.get(key)
      if (!m) continue
      const columns = m.columns.slice()
      for (const c of changes) {
        const col = columns[c.col] === m.columns[c.col] ? (columns[c.col] = m.columns[c.col].slice()) : columns[c.col]
        col[c.row] = { ...col[c.row], ...c.set } as OutcomeDto
      }
      byKey.set(key, { ...m, columns })
    }
  }
  return (d.order ?? old.map((m) => m.key)).map((k) => byKey.get(k)!)
}

/** One match with its patch applied (a new object; what the patch leaves alone is shared). */
export function applyMatchPatch(old: MatchDto, p: MatchPatchDto): MatchDto {
  const next = { ...old, ...p.set } as MatchDto
  for (const k of p.unset ?? []) delete (next as unknown as Record<string, unknown>)[k]
  if (p.markets && old.markets) next.markets = patchMarkets(old.markets, p.markets)
  return next
}

/** The list after `d`; `prev` is not changed. Live timers learn which matches moved (live-clock). */
export function applyListDelta(prev: TournamentEventsDto[], d: FeedListDeltaDto, now = Date.now()): TournamentEventsDto[] {
  if (!d.order && !d.tournaments && !d.added && !d.changed && !d.removed) {
    // Nothing moved: every timer stood still since the last refresh.
    noteRefresh(prev.flatMap((t) => t.matches), [], now)
    return prev
  }
  const changed = d.changed ?? []
  const fresh: Array<{ match: MatchDto; previousTimer: number | null }> = []
  const replaced = new Map<string, MatchDto>()
  for (const m of d.added ?? []) {
    replaced.set(m.key, m)
    fresh.push({ match: m, previousTimer: null })
  }
  const tours = new Map(prev.map((t) => [t.tournamentId, t]))
  const layout = new Map((d.tournaments ?? []).map((t) => [t.tournamentId, t]))
  const removed = new Set(d.removed ?? [])
  let held: Map<string, MatchDto> | null = null
  if (changed.length > 0 || layout.size > 0) {
    held = new Map()
    for (const t of prev) for (const m of t.matches) held.set(m.key, m)
    for (const p of changed) {
      const old = held.get(p.key)
      if (!old) continue
      const m = applyMatchPatch(old, p)
      replaced.set(p.key, m)
      fresh.push({ match: m, previousTimer: old.timerSec })
    }
  }
  const order = d.order ?? prev.map((t) => t.tournamentId)
  const next = order.map((id) => {
    const shape = layout.get(id)
    if (shape) return { tournamentId: id, tournamentName: shape.tournamentName, matches: shape.keys.map((k) => replaced.get(k) ?? held!.get(k)!) }
    const t = tours.get(id)!
    let touched = false
    const matches = t.matches.map((m) => {
      const r = replaced.get(m.key)
      if (r) touched = true
      return r ?? m
    })
    return touched ? { ...t, matches } : t
  })
  const moved = new Set(fresh.map((f) => f.match))
  const kept: MatchDto[] = []
  for (const t of next) for (const m of t.matches) if (!moved.has(m) && !removed.has(m.key)) kept.push(m)
  noteRefresh(kept, fresh, now)
  return next
}

/** The open match after `d`; the same object when nothing changed. */
export function applyEventDelta(prev: EventResultDto, d: FeedEventDeltaDto): EventResultDto {
  if (!d.match || prev.kind !== 'match') return prev
  return { ...prev, match: applyMatchPatch(prev.match, d.match) }
}
