/**
 * The shape of a JSON value: which keys, which value types, recursively. Arrays are merged over
 * their items, so one shape describes every item; "number" covers integers and floats; a key whose
 * values differ between items gets alternatives ("number|string"). Used to compare the simulator's
 * answers with the vendor's captures (keys and types, not values).
 */
export type Kind = 'array' | 'boolean' | 'null' | 'number' | 'object' | 'string'

export interface Shape {
  /** Every kind seen at this place, sorted. */
  kinds: Kind[]
  /** Keys of the objects seen here (merged); `optional` when some of those objects lack the key. */
  keys?: Record<string, { shape: Shape; optional: boolean }>
  /** Key order of the first object seen here (for order comparisons). */
  order?: string[]
  /** Merged shape of the array items seen here; absent when every array was empty. */
  items?: Shape
}

function kindOf(value: unknown): Kind {
  if (value === null) return 'null'
  if (Array.isArray(value)) return 'array'
  const t = typeof value
  if (t === 'string' || t === 'number' || t === 'boolean') return t
  if (t === 'object') return 'object'
  throw new TypeError(`not a JSON value: ${t}`)
}

/** The shape of one JSON value (as produced by JSON.parse). Pure. */
export function shapeOf(json: unknown): Shape {
  const kind = kindOf(json)
  if (kind === 'object') {
    const obj = json as Record<string, unknown>
    const keys: Shape['keys'] = {}
    for (const [key, value] of Object.entries(obj)) keys[key] = { shape: shapeOf(value), optional: false }
    return { kinds: ['object'], keys, order: Object.keys(obj) }
  }
  if (kind === 'array') {
    const list = json as unknown[]
    let items: Shape | undefined
    for (const item of list) items = items ? mergeShapes(items, shapeOf(item)) : shapeOf(item)
    return items ? { kinds: ['array'], items } : { kinds: ['array'] }
  }
  return { kinds: [kind] }
}

/** Union of two shapes (what either of them allows). Pure. */
export function mergeShapes(a: Shape, b: Shape): Shape {
  const kinds = [...new Set([...a.kinds, ...b.kinds])].sort() as Kind[]
  const out: Shape = { kinds }
  if (a.keys || b.keys) {
    const keys: NonNullable<Shape['keys']> = {}
    const names = new Set([...Object.keys(a.keys ?? {}), ...Object.keys(b.keys ?? {})])
    for (const name of names) {
      const x = a.keys?.[name]
      const y = b.keys?.[name]
      if (x && y) keys[name] = { shape: mergeShapes(x.shape, y.shape), optional: x.optional || y.optional }
      // A key missing from objects on one side is optional; a side that had no objects says nothing.
      else if (x) keys[name] = { shape: x.shape, optional: x.optional || b.keys !== undefined }
      else if (y) keys[name] = { shape: y.shape, optional: y.optional || a.keys !== undefined }
    }
    out.keys = keys
    out.order = a.order ?? b.order
  }
  if (a.items && b.items) out.items = mergeShapes(a.items, b.items)
  else if (a.items || b.items) out.items = a.items ?? b.items
  return out
}

/** Shape of several samples of one answer kind (e.g. every capture or every simulator answer of an endpoint). */
export function shapeOfAll(values: unknown[]): Shape {
  if (values.length === 0) throw new Error('shapeOfAll needs at least one value')
  return values.map(shapeOf).reduce(mergeShapes)
}

/**
 * Flat view: path → kinds ("number|string"), with " (optional)" where some objects lacked the key.
 * Paths: `body`, `body[]` (array items), `body[].game_oc_list[].oc_list[]`.
 */
export function flattenShape(shape: Shape, options: { optional?: boolean } = {}): Record<string, string> {
  const out: Record<string, string> = {}
  const walk = (s: Shape, path: string, optional: boolean) => {
    out[path || '$'] = s.kinds.join('|') + (optional && options.optional !== false ? ' (optional)' : '')
    for (const [key, entry] of Object.entries(s.keys ?? {})) walk(entry.shape, path ? `${path}.${key}` : key, entry.optional)
    if (s.items) walk(s.items, `${path}[]`, false)
  }
  walk(shape, '', false)
  return out
}

export interface ShapeDifference {
  path: string
  /** What `actual` has at this path (undefined: the path is absent from `actual`). */
  actual?: string
  /** What `expected` has (undefined: the path is absent from `expected`). */
  expected?: string
}

/**
 * Differences between two shapes, path by path. `ignoreOptional` compares kinds only (a key that
 * is sometimes absent on one side and always present on the other does not count).
 */
export function diffShapes(actual: Shape, expected: Shape, options: { ignoreOptional?: boolean } = {}): ShapeDifference[] {
  const flat = (s: Shape) => flattenShape(s, { optional: !options.ignoreOptional })
  const a = flat(actual)
  const e = flat(expected)
  const diffs: ShapeDifference[] = []
  for (const path of new Set([...Object.keys(a), ...Object.keys(e)])) {
    if (a[path] !== e[path]) diffs.push({ path, actual: a[path], expected: e[path] })
  }
  return diffs.sort((x, y) => x.path.localeCompare(y.path))
}

/** One line per difference, for test messages and reports. */
export function formatDifferences(diffs: ShapeDifference[]): string {
  return diffs.map((d) => `${d.path}: actual ${d.actual ?? '(absent)'}, expected ${d.expected ?? '(absent)'}`).join('\n')
}
