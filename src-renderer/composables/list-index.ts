/**
 * Where each match of a list sits (tournament index, match index), worked out once per list shape:
 * a refresh that only changes matches keeps every position, so the next list shares the index and a
 * change is found by key without walking the list.
 */
import type { TournamentEventsDto } from '../../src-shared/contract.js'

export interface ListIndex {
  /** Key to `[tournament index, match index]`. */
  readonly at: ReadonlyMap<string, readonly [number, number]>
}

const indexes = new WeakMap<readonly TournamentEventsDto[], ListIndex | null>()

/** The list's index; null when a key repeats (positions cannot say which one a change means). */
export function indexOf(list: readonly TournamentEventsDto[]): ListIndex | null {
  const known = indexes.get(list)
  if (known !== undefined) return known
  const at = new Map<string, readonly [number, number]>()
  let index: ListIndex | null = null
  build: {
    for (let t = 0; t < list.length; t++) {
      const matches = list[t].matches
      for (let i = 0; i < matches.length; i++) {
        const m = matches[i]
        if (at.has(m.key)) break build
        at.set(m.key, [t, i])
      }
    }
    index = { at }
  }
  indexes.set(list, index)
  return index
}

/** `next` has the same shape as the list `index` belongs to: it shares the index. */
export function shareIndex(next: readonly TournamentEventsDto[], index: ListIndex): void {
  indexes.set(next, index)
}
