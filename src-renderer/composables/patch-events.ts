/**
 * A list refresh applied as a patch: every match that did not change keeps its previous object, so
 * a view keyed by match re-renders only the rows whose prices, score or timer moved. The new list's
 * order and membership are the service's, as sent.
 */
import type { MatchDto, TournamentEventsDto } from '../../src-shared/contract.js'

/** Deep equality of plain JSON data (what the contract carries), with an early exit. */
export function sameData(a: unknown, b: unknown): boolean {
  if (a === b) return true
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false
  if (Array.isArray(a)) {
    if (!Array.isArray(b) || a.length !== b.length) return false
    for (let i = 0; i < a.length; i++) if (!sameData(a[i], b[i])) return false
    return true
  }
  if (Array.isArray(b)) return false
  const ka = Object.keys(a)
  if (ka.length !== Object.keys(b).length) return false
  for (const k of ka) if (!sameData((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k])) return false
  return true
}

export interface PatchCount {
  kept: number
  changed: number
}

/** `next` with every unchanged match (same key, same data) replaced by its object from `prev`. */
export function patchEvents(prev: readonly TournamentEventsDto[], next: TournamentEventsDto[], count?: PatchCount): TournamentEventsDto[] {
  const old = new Map<string, MatchDto>()
  for (const t of prev) for (const m of t.matches) old.set(m.key, m)
  const oldTours = new Map(prev.map((t) => [t.tournamentId, t]))
  const patched = next.map((t) => {
    let same = true
    const matches = t.matches.map((m) => {
      const was = old.get(m.key)
      if (was && sameData(was, m)) {
        if (count) count.kept++
        return was
      }
      if (count) count.changed++
      same = false
      return m
    })
    const before = oldTours.get(t.tournamentId)
    // A whole tournament unchanged keeps its object too.
    if (same && before && before.tournamentName === t.tournamentName && before.matches.length === matches.length && before.matches.every((m, i) => m === matches[i])) return before
    return { ...t, matches }
  })
  return patched
}
