import type { z } from 'zod'
import { DeskError } from '../shared/errors.js'
import { fastReaderOf } from './fast-read.js'
import type { Extra, FeedWarning } from './types.js'

/** Item-level parsing helpers shared by the normalisers. */

type LooseSchema = z.ZodType & { shape: Record<string, unknown> }

/** Parses one item; on failure records a warning and returns null. Also reports fields that were
 *  present with an unusable value and therefore defaulted. */
export function parseItem<S extends LooseSchema>(schema: S, raw: unknown, path: string, warnings: FeedWarning[]): z.output<S> | null {
  const fast = fastReaderOf(schema)
  const quick = fast?.read(raw, noteIgnored, path, warnings)
  if (quick) return quick as z.output<S>
  const result = schema.safeParse(raw)
  if (!result.success) {
    const first = result.error.issues[0]
    const where = first && first.path.length > 0 ? `${first.path.join('.')}: ` : ''
    warnings.push({ path, message: `skipped malformed item (${where}${first?.message ?? 'invalid'})` })
    return null
  }
  const parsed = result.data as Record<string, unknown>
  const input = raw as Record<string, unknown>
  for (const key of Object.keys(schema.shape)) {
    if (parsed[key] === null) noteIgnored(input[key], key, path, warnings)
  }
  return result.data as z.output<S>
}

/** A field present with an unusable value, therefore defaulted. */
function noteIgnored(value: unknown, key: string, path: string, warnings: FeedWarning[]): void {
  // 0, '', [] and null are the feed's "no value" defaults: defaulting them is not worth a warning.
  const isDefault = value === undefined || value === null || value === '' || value === 0 || (Array.isArray(value) && value.length === 0)
  if (!isDefault) warnings.push({ path: `${path}.${key}`, message: `ignored unexpected value of type ${Array.isArray(value) ? 'array' : typeof value}` })
}

/** Shared by every item without unmodelled fields (most of them): one object, not one per outcome. */
export const NO_EXTRA: Extra = Object.freeze({})

/** Keeps an unmodelled field as data: a feed key named `__proto__` (JSON.parse makes it an own
 *  field) would otherwise set the object's prototype and the field would be lost. */
export function keepExtra(extra: Extra, key: string, value: unknown): void {
  if (key === '__proto__') Object.defineProperty(extra, key, { value, enumerable: true, writable: true, configurable: true })
  else extra[key] = value
}

/** Fields of `raw` that the schema does not model (read-only). */
export function extraOf(raw: unknown, known: Set<string>): Extra {
  let extra: Extra | null = null
  if (raw && typeof raw === 'object') {
    const input = raw as Record<string, unknown>
    const keys = Object.keys(input)
    for (let i = 0; i < keys.length; i++) {
      if (known.has(keys[i])) continue
      keepExtra((extra ??= {}), keys[i], input[keys[i]])
    }
  }
  return extra ?? NO_EXTRA
}

export function requireArray(body: unknown, what: string): unknown[] {
  if (Array.isArray(body)) return body
  throw new DeskError('feed_shape', `${what}: expected an array body, got ${body === null ? 'null' : typeof body}`, { data: { what } })
}

