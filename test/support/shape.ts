import { JsonNumber, parseJsonText, type JsonValue } from './json-text.js'

/**
 * The shape of JSON answers: at every path, which kinds of value were seen and whether a key was on
 * every object there or only on some. Arrays are merged over their items, so `body[]` describes
 * every item. Numbers are told apart by how the text writes them (see json-text.ts); strings by
 * whether they read as a number (`"1.5"`, `"65"`, `"0"`) or not.
 */
export const KINDS = ['integer', 'float', 'numeric text', 'free text', 'boolean', 'null', 'object', 'array'] as const
export type Kind = (typeof KINDS)[number]
export type Presence = 'always' | 'sometimes'

export interface Shape {
  kinds: Set<Kind>
  /** Objects seen here; a key seen on fewer of them is present only sometimes. */
  objects: number
  keys: Map<string, { shape: Shape; seen: number }>
  /** Merged shape of the array items seen here; absent when every array was empty. */
  items?: Shape
}

const NUMERIC_TEXT = /^[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?$/

export function kindOf(value: JsonValue): Kind {
  if (value === null) return 'null'
  if (value instanceof JsonNumber) return value.isInteger ? 'integer' : 'float'
  if (Array.isArray(value)) return 'array'
  if (typeof value === 'string') return NUMERIC_TEXT.test(value) ? 'numeric text' : 'free text'
  if (typeof value === 'boolean') return 'boolean'
  if (typeof value === 'object') return 'object'
  // A plain JS number lost its spelling (`5.0` became 5): parse the text with parseJsonText instead.
  throw new TypeError(`not a value of parseJsonText: ${typeof value}`)
}

const empty = (): Shape => ({ kinds: new Set(), objects: 0, keys: new Map() })

function add(shape: Shape, value: JsonValue): void {
  const kind = kindOf(value)
  shape.kinds.add(kind)
  if (kind === 'object') {
    shape.objects++
    for (const [key, child] of Object.entries(value as Record<string, JsonValue>)) {
      let entry = shape.keys.get(key)
      if (!entry) shape.keys.set(key, (entry = { shape: empty(), seen: 0 }))
      entry.seen++
      add(entry.shape, child)
    }
  } else if (kind === 'array') {
    for (const item of value as JsonValue[]) add((shape.items ??= empty()), item)
  }
}

/** One shape for several answers of one kind (every capture, or every simulator answer, of an endpoint). */
export function shapeOfAll(values: JsonValue[]): Shape {
  if (values.length === 0) throw new Error('shapeOfAll needs at least one value')
  const shape = empty()
  for (const value of values) add(shape, value)
  return shape
}

/** Shape of JSON texts, numbers kept as written. */
export const shapeOfTexts = (texts: string[]): Shape => shapeOfAll(texts.map(parseJsonText))

export interface PathShape {
  kinds: Kind[]
  presence: Presence
}

/**
 * Flat view: path → kinds and presence. Paths: `$` (the root), `body`, `body[]` (array items),
 * `body[].game_oc_list[].oc_list[][]`. Presence is about keys; the root and array items are `always`.
 */
export function flattenShape(shape: Shape): Map<string, PathShape> {
  const out = new Map<string, PathShape>()
  const walk = (s: Shape, path: string, presence: Presence) => {
    out.set(path || '$', { kinds: KINDS.filter((k) => s.kinds.has(k)), presence })
    for (const [key, entry] of s.keys) walk(entry.shape, path ? `${path}.${key}` : key, entry.seen === s.objects ? 'always' : 'sometimes')
    if (s.items) walk(s.items, `${path}[]`, 'always')
  }
  walk(shape, '', 'always')
  return out
}

/** `integer|null (sometimes)`: for messages. */
export const describe = (p: PathShape | undefined): string => (p ? p.kinds.join('|') + (p.presence === 'sometimes' ? ' (sometimes)' : '') : '(absent)')
