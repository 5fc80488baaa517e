import fc from 'fast-check'

/**
 * Arbitraries for "any JSON value in any field": a realistic template whose fields are each kept,
 * recursed into, dropped, or replaced by a hostile JSON value (what `JSON.parse` can give, so
 * `Infinity` from a 400-digit number too).
 */
const HOSTILE: unknown[] = [
  0, -0, -1, -1.5, 1e-300, 1e308, -1e308, Infinity, -Infinity, 2 ** 53 + 2, 0.1 + 0.2,
  '', ' ', '0', '-1', 'abc', '1e400', '9'.repeat(400), '\uD800', 'a\u0000b', '../../etc', '1|2|3', '1|2|3|1e999',
  true, false, null, [], {}, [null], { __proto__: null }, [[]], { length: 2 },
]

export const hostileJson: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...HOSTILE) },
  { weight: 2, arbitrary: fc.jsonValue({ maxDepth: 2 }) },
  { weight: 1, arbitrary: fc.string({ maxLength: 8 }) },
  // JSON.parse never gives NaN (and an own `constructor` of NaN fails toStrictEqual even against itself).
  { weight: 1, arbitrary: fc.double({ noNaN: true }) },
)

const DROP = Symbol('drop')

/** The template with every field independently kept, mutated further, dropped or replaced. */
export function mutated(template: unknown, depth = 0): fc.Arbitrary<unknown> {
  const replace = hostileJson
  if (depth > 6) return fc.constant(template)
  if (Array.isArray(template)) {
    const items = template.map((item) => mutated(item, depth + 1))
    return fc.oneof(
      { weight: 6, arbitrary: items.length > 0 ? fc.tuple(...items).chain((xs) => fc.constant(xs)) : fc.constant([]) },
      { weight: 1, arbitrary: replace },
      { weight: 1, arbitrary: fc.tuple(...items, replace).map((xs) => xs) },
    )
  }
  if (template && typeof template === 'object') {
    const entries = Object.entries(template as Record<string, unknown>)
    const fields = entries.map(([key, value]) =>
      fc.oneof(
        { weight: 6, arbitrary: fc.constant(value) },
        { weight: 2, arbitrary: mutated(value, depth + 1) },
        { weight: 2, arbitrary: replace },
        { weight: 1, arbitrary: fc.constant(DROP) },
      ).map((v) => [key, v] as const),
    )
    const object = fc.tuple(...fields, fc.option(fc.tuple(fc.constantFrom('__proto__', 'constructor', 'extra_field', 'toString'), replace))).map((pairs) => {
      const out: Record<string, unknown> = {}
      for (const pair of pairs.slice(0, -1) as Array<readonly [string, unknown]>) if (pair[1] !== DROP) out[pair[0]] = pair[1]
      const extra = pairs.at(-1) as [string, unknown] | null
      // As JSON.parse builds it: an own property, even for "__proto__".
      if (extra) Object.defineProperty(out, extra[0], { value: extra[1], enumerable: true, writable: true, configurable: true })
      return out
    })
    return fc.oneof({ weight: 8, arbitrary: object }, { weight: 1, arbitrary: replace })
  }
  return fc.oneof({ weight: 3, arbitrary: fc.constant(template) }, { weight: 1, arbitrary: replace })
}

/** Every number reachable in `value` is finite (a DTO crosses as JSON, where Infinity turns into null). */
export function nonFiniteNumbers(value: unknown, path = '$', out: string[] = [], seen = new Set<unknown>()): string[] {
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) out.push(`${path}=${value}`)
    return out
  }
  if (!value || typeof value !== 'object' || seen.has(value)) return out
  seen.add(value)
  for (const [key, v] of Object.entries(value)) nonFiniteNumbers(v, `${path}.${key}`, out, seen)
  return out
}
