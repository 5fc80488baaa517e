/**
 * Field readers of the one-pass normaliser (normalise-fast.ts). Each gives what its wire schema
 * gives (schemas.ts, fast-read.ts) for a value the schema takes without a word: a usable value, or
 * null for a missing one or one of the feed's "no value" defaults (0, '', [], null). Anything the
 * schema would refuse or turn to null WITH a warning raises `dirty`: the caller then hands the
 * whole item to the reference path, which words the warning. One flag, no result objects: the
 * readers run a few hundred thousand times per `events` answer.
 */

let dirty = false

/** Clears the flag; call before reading an item's fields. */
export function resetDirty(): void {
  dirty = false
}

/** True when a field read since the last reset needs the reference path. */
export function isDirty(): boolean {
  return dirty
}

const NUMERIC = /^\s*-?\d+(\.\d+)?\s*$/
const INTEGER = /^\s*-?\d+\s*$/

const isEmptyArray = (v: unknown): boolean => Array.isArray(v) && v.length === 0

/** `idNum`: a safe integer, or a text of one; anything else is refused (NaN and dirty). */
export function readId(v: unknown): number {
  if (typeof v === 'number' && Number.isSafeInteger(v)) return v
  if (typeof v === 'string' && INTEGER.test(v)) {
    const n = Number(v)
    if (Number.isSafeInteger(n)) return n
  }
  dirty = true
  return NaN
}

/** `optNum`. */
export function readNum(v: unknown): number | null {
  if (typeof v === 'number') {
    if (v - v === 0) return v
  } else if (v === undefined || v === null || v === '') {
    return null
  } else if (typeof v === 'string') {
    if (NUMERIC.test(v)) {
      const n = Number(v)
      if (n - n === 0) return n
    }
  } else if (isEmptyArray(v)) {
    return null
  }
  dirty = true
  return null
}

/** `optStr`. */
export function readStr(v: unknown): string | null {
  if (typeof v === 'string') return v
  if (v === undefined || v === null) return null
  if (typeof v === 'number' && v - v === 0) return String(v)
  if (isEmptyArray(v)) return null
  dirty = true
  return null
}

/** `liveText`: like optStr, a numeric 0 is a default. */
export function readLive(v: unknown): string | null {
  if (typeof v === 'string') return v
  if (v === undefined || v === null || v === 0) return null
  if (typeof v === 'number' && v - v === 0) return String(v)
  if (isEmptyArray(v)) return null
  dirty = true
  return null
}

/** `optBool`. */
export function readBool(v: unknown): boolean | null {
  if (typeof v === 'boolean') return v
  if (v === undefined || v === null || v === '') return null
  if (v === 0 || v === '0' || v === 'false') return false
  if (v === 1 || v === '1' || v === 'true') return true
  if (isEmptyArray(v)) return null
  dirty = true
  return null
}

/** `optArr`. */
export function readArr(v: unknown): unknown[] | null {
  if (Array.isArray(v)) return v
  if (v === undefined || v === null || v === '' || v === 0) return null
  dirty = true
  return null
}

/** `optSize`. */
export function readSize(v: unknown): string | number | null {
  if (typeof v === 'string') return v
  if (typeof v === 'number') {
    if (v - v === 0) return v
  } else if (v === undefined || v === null || isEmptyArray(v)) {
    return null
  }
  dirty = true
  return null
}

/** A plain JSON object (what `looseObject` accepts). */
export function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v)
}
