import type { FeedWarning } from './types.js'
import { idNum, liveText, optArr, optBool, optNum, optSize, optStr, rawValue } from './schemas.js'

/**
 * The wire schemas read by hand: a `events` list of 5,000 matches runs hundreds of thousands of
 * field checks, and zod's generic union/catch machinery spent several times JSON.parse's time on
 * them. Each reader below gives exactly what its schema gives (same coercions, same null); a value
 * the schema would reject (a bad id, a body that is not an object) makes `readFast` answer
 * `undefined`, and the caller runs zod for its precise error text.
 */

const NUMERIC = /^\s*-?\d+(\.\d+)?\s*$/
const INTEGER = /^\s*-?\d+\s*$/
/** Marks a value its schema refuses (only ids can be refused; every optional field falls back to null). */
const REFUSED = Symbol('refused')

type Reader = (v: unknown) => unknown

const readId: Reader = (v) => {
  const n = typeof v === 'number' ? v : typeof v === 'string' && INTEGER.test(v) ? Number(v) : NaN
  return Number.isSafeInteger(n) ? n : REFUSED
}

const readNum: Reader = (v) => {
  if (v === undefined || v === null) return v
  if (typeof v === 'number') return Number.isFinite(v) ? v : null
  if (typeof v === 'string' && NUMERIC.test(v)) {
    const n = Number(v)
    return Number.isFinite(n) ? n : null
  }
  return null
}

const readStr: Reader = (v) => {
  if (v === undefined || v === null || typeof v === 'string') return v
  return typeof v === 'number' && Number.isFinite(v) ? String(v) : null
}

const readLive: Reader = (v) => {
  if (v === undefined || v === null || typeof v === 'string') return v
  return typeof v === 'number' && Number.isFinite(v) ? (v === 0 ? null : String(v)) : null
}

const readBool: Reader = (v) => {
  if (v === undefined || v === null || typeof v === 'boolean') return v
  if (v === 0 || v === '0' || v === 'false') return false
  if (v === 1 || v === '1' || v === 'true') return true
  return null
}

const readArr: Reader = (v) => (v === undefined || v === null || Array.isArray(v) ? v : null)

const readSize: Reader = (v) => {
  if (v === undefined || v === null || typeof v === 'string') return v
  return typeof v === 'number' && Number.isFinite(v) ? v : null
}

const readRaw: Reader = (v) => v

/** Field schemas (by identity) the hand readers stand for. */
const READERS = new Map<unknown, Reader>([
  [idNum, readId],
  [optNum, readNum],
  [optStr, readStr],
  [liveText, readLive],
  [optBool, readBool],
  [optArr, readArr],
  [optSize, readSize],
  [rawValue, readRaw],
])

export interface FastReader {
  /** The parsed item, or undefined when the schema would refuse it. `onNull(value, key)` is told of
   *  every field present that the schema turned to null. */
  read(raw: unknown, onNull: (value: unknown, key: string, path: string, warnings: FeedWarning[]) => void, path: string, warnings: FeedWarning[]): Record<string, unknown> | undefined
}

const cache = new WeakMap<object, FastReader | null>()

/** A fast reader for an object schema whose fields all have hand readers; null otherwise (use zod). */
export function fastReaderOf(schema: { shape: Record<string, unknown> }): FastReader | null {
  const known = cache.get(schema)
  if (known !== undefined) return known
  const keys = Object.keys(schema.shape)
  const readers = keys.map((k) => READERS.get(schema.shape[k]))
  const fast: FastReader | null = readers.every((r) => r !== undefined)
    ? {
        read(raw, onNull, path, warnings) {
          if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) return undefined
          const input = raw as Record<string, unknown>
          const out: Record<string, unknown> = {}
          for (let i = 0; i < keys.length; i++) {
            const key = keys[i]
            const value = input[key]
            const parsed = (readers[i] as Reader)(value)
            if (parsed === REFUSED) return undefined
            if (parsed === null && value !== null) onNull(value, key, path, warnings)
            out[key] = parsed
          }
          return out
        },
      }
    : null
  cache.set(schema, fast)
  return fast
}
