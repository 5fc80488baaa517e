/**
 * Stable places for the rows a virtual list renders: a row keeps its place while it stays in view,
 * and a row scrolling in takes a place a row of the same kind scrolling out let go. Keyed by place,
 * the list then patches an element and its row component with the new row's data instead of
 * unmounting one and mounting another: scrolling costs a patch per row, not a mount.
 */
export interface Placed {
  /** The row's own key (unique in the list). */
  key: string
  /** Rows of one kind share places (a header never reuses a match row's element). */
  kind: string
}

export function createRowPool(): (rows: ReadonlyArray<Placed>) => string[] {
  let held = new Map<string, { place: string; kind: string }>()
  /** Places no row holds now, by kind, in the order they were shown: kept for the next rows scrolling in. */
  const free = new Map<string, string[]>()
  let made = 0
  return (rows) => {
    const kept = new Map<string, { place: string; kind: string }>()
    for (const r of rows) {
      const was = held.get(r.key)
      if (was && was.kind === r.kind && !kept.has(r.key)) kept.set(r.key, was)
    }
    for (const [key, was] of held) {
      if (kept.get(key) === was) continue
      const list = free.get(was.kind) ?? []
      list.push(was.place)
      free.set(was.kind, list)
    }
    // New rows take the freed places first come first served: when every row in view changes (a
    // fast scroll), each place gets the row at its old position and no element moves.
    const now = new Map<string, { place: string; kind: string }>()
    const out = rows.map((r) => {
      const at = kept.get(r.key) ?? { place: free.get(r.kind)?.shift() ?? `${r.kind}:${made++}`, kind: r.kind }
      now.set(r.key, at)
      return at.place
    })
    held = now
    return out
  }
}
