/**
 * A feed refresh applied as main's delta (src-main/core/desk/feed-delta.ts) to what the window holds:
 * everything the delta does not touch keeps its object (tournaments, matches, markets, outcomes), so a
 * view keyed by match re-renders only the rows whose data moved. The result equals main's new
 * snapshot exactly (proven by property in test/component/feed-delta.test.ts).
 * Plain functions on plain data: a page can time them without the store.
 */
import type { EventResultDto, FeedEventDeltaDto, FeedListDeltaDto, MarketDto, MarketsPatchDto, MatchDto, MatchPatchDto, OutcomeDto, TournamentEventsDto } from '../../src-shared/contract.js'
import { noteRefresh } from './live-clock.js'
import { indexOf, shareIndex, type ListIndex } from './list-index.js'

function patchMarkets(old: MarketDto[], d: MarketsPatchDto): MarketDto[] {
  let base = old
  if (d.order || d.put) {
    const byKey = new Map(old.map((m) => [m.key, m]))
    for (const m of d.put ?? []) byKey.set(m.key, m)
    base = (d.order ?? old.map((m) => m.key)).map((k) => byKey.get(k)!)
  }
  if (!d.outcomes) return base
  const next = base.slice()
  for (const o of d.outcomes) {
    const i = next.findIndex((m) => m.key === o.market)
    if (i < 0) continue
    // Copied on first touch: untouched markets and columns stay shared.
    if (next[i] === base[i]) next[i] = { ...base[i], columns: base[i].columns.slice() }
    const columns = next[i].columns
    if (columns[o.col] === base[i].columns[o.col]) columns[o.col] = columns[o.col].slice()
    columns[o.col][o.row] = { ...columns[o.col][o.row], ...o.set } as OutcomeDto
  }
  return next
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
  if (!d.order && !d.tournaments && !d.added && !d.removed) {
    const index = indexOf(prev)
    if (index) return applyChanges(prev, changed, index, now)
  }
  const fresh: Array<{ match: MatchDto; previousTimer: number | null }> = []
  const replaced = new Map<string, MatchDto>()
  for (const m of d.added ?? []) {
    replaced.set(m.key, m)
    fresh.push({ match: m, previousTimer: null })
  }
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
      fresh.push({ match: m, previousTimer: old.timerSec })
    }
  }
  const order = d.order ?? prev.map((t) => t.tournamentId)
  // Matches the delta left alone (their timers stood still), gathered on the way.
  const kept: MatchDto[] = []
  const next = order.map((id) => {
    const shape = layout.get(id)
    if (shape)
      return {
        tournamentId: id,
        tournamentName: shape.tournamentName,
        matches: shape.keys.map((k) => {
          const r = replaced.get(k)
          if (r) return r
          const m = held!.get(k)!
          kept.push(m)
          return m
        }),
      }
    const t = tours.get(id)!
    let touched = false
    const matches = t.matches.map((m) => {
      const r = replaced.get(m.key)
      if (!r) {
        kept.push(m)
        return m
      }
      touched = true
      return r
    })
    return touched ? { ...t, matches } : t
  })
  noteRefresh(kept, fresh, now)
  return next
}

/**
 * A refresh that only changed matches (most of them: prices moved): each change found by its position,
 * only the tournaments it touches copied, the rest shared, so the work follows the changes, not the list.
 */
function applyChanges(prev: TournamentEventsDto[], changed: MatchPatchDto[], index: ListIndex, now: number): TournamentEventsDto[] {
  const next = prev.slice()
  const fresh: Array<{ match: MatchDto; previousTimer: number | null }> = []
  for (const p of changed) {
    const pos = index.at.get(p.key)
    if (!pos) continue
    const [t, i] = pos
    if (next[t] === prev[t]) next[t] = { ...prev[t], matches: prev[t].matches.slice() }
    const old = prev[t].matches[i]
    const m = applyMatchPatch(old, p)
    next[t].matches[i] = m
    if (m.timerSec > 0) index.timed = true
    fresh.push({ match: m, previousTimer: old.timerSec })
  }
  shareIndex(next, index)
  // Only a match with a timer running has a clock to stop: a list without one has nothing to tell.
  const kept: MatchDto[] = []
  if (index.timed)
    for (let t = 0; t < next.length; t++) {
      const ms = next[t].matches
      const was = prev[t].matches
      for (let i = 0; i < ms.length; i++) if (ms[i] === was[i]) kept.push(ms[i])
    }
  noteRefresh(kept, fresh, now)
  return next
}

/** The open match after `d`; the same object when nothing changed. */
export function applyEventDelta(prev: EventResultDto, d: FeedEventDeltaDto): EventResultDto {
  if (!d.match || prev.kind !== 'match') return prev
  return { ...prev, match: applyMatchPatch(prev.match, d.match) }
}
