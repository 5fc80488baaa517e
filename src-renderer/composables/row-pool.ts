/**
 * Stable places for the rows a virtual list renders: a row keeps its place while it stays in view,
 * and a row scrolling in takes a place a row of the same kind scrolling out let go. Keyed by place,
 * the list then patches an element and its row component with the new row's data instead of
 * unmounting one and mounting another: scrolling costs a patch per row, not a mount. Places no row
 * holds now stay rendered, hidden, with their last row: the mix of kinds in view changes as headers
 * pass, and a place that left the list would be mounted again when it comes back.
 */
export interface Placed {
  /** The row's own key (unique in the list). */
  key: string
  /** Rows of one kind share places (a header never reuses a match row's element). */
  kind: string
}

export interface Placing<T> {
  /** The place of each row given, in order. */
  places: string[]
  /** Places no row holds now, each with the row it held last. */
  idle: Array<{ place: string; row: T }>
}

export function createRowPool<T extends Placed>(): (rows: ReadonlyArray<T>) => Placing<T> {
  let held = new Map<string, string>()
  /** Places no row holds, by kind, in the order they were shown: for the next rows scrolling in. */
  const free = new Map<string, string[]>()
  const last = new Map<string, T>()
  let made = 0
  return (rows) => {
    const kept = new Map<string, string>()
    for (const r of rows) {
      const place = held.get(r.key)
      if (place !== undefined && last.get(place)?.kind === r.kind && !kept.has(r.key)) kept.set(r.key, place)
    }
    for (const [key, place] of held) {
      if (kept.get(key) === place) continue
      const kind = last.get(place)!.kind
      free.set(kind, [...(free.get(kind) ?? []), place])
    }
    // New rows take the freed places first come first served: when every row in view changes (a
    // fast scroll), each place gets the row at its old position and no element moves.
    const now = new Map<string, string>()
    const places = rows.map((r) => {
      const place = kept.get(r.key) ?? free.get(r.kind)?.shift() ?? `${r.kind}:${made++}`
      now.set(r.key, place)
      last.set(place, r)
      return place
    })
    held = now
    const idle = [...free.values()].flat().map((place) => ({ place, row: last.get(place)! }))
    return { places, idle }
  }
}
