/** Chunking and window maths for the read methods (limits from the spec's Limits table). */
import { MAX_VENDOR_PERIOD_MS } from '../../../src-shared/vocabulary/limits.js'
export { MAX_CODES_PER_VENDOR_REQUEST as MAX_CODES_PER_REQUEST } from '../../../src-shared/vocabulary/limits.js'
export const MAX_PERIOD_MS = MAX_VENDOR_PERIOD_MS
export const DEFAULT_CALCULATED_MINUTES = 5
export const MAX_CALCULATED_MINUTES = 120

export function chunk<T>(items: readonly T[], size: number): T[][] {
  if (!Number.isInteger(size) || size <= 0) throw new RangeError('chunk size must be a positive integer')
  const out: T[][] = []
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size))
  return out
}

/** Keeps the first occurrence of each key, in order. */
export function uniqueBy<T>(items: readonly T[], key: (item: T) => string): T[] {
  const seen = new Set<string>()
  const out: T[] = []
  for (const item of items) {
    const k = key(item)
    if (seen.has(k)) continue
    seen.add(k)
    out.push(item)
  }
  return out
}

export interface TimeWindow {
  start: number
  end: number
}

/**
 * Splits [start, end] into consecutive windows of at most `maxMs`. Windows share their boundary
 * (end of one = start of the next) so nothing falls between them when the server's filter is
 * inclusive; the duplicates that causes are removed by code afterwards.
 */
export function splitPeriod(start: number, end: number, maxMs = MAX_PERIOD_MS): TimeWindow[] {
  if (!Number.isFinite(start) || !Number.isFinite(end)) throw new RangeError('period bounds must be finite numbers')
  if (!(end > start)) throw new RangeError('period must be positive (end > start)')
  if (!(maxMs > 0)) throw new RangeError('window size must be positive')
  const out: TimeWindow[] = []
  for (let s = start; s < end; s += maxMs) out.push({ start: s, end: Math.min(s + maxMs, end) })
  return out
}

/** `time` for `calculated`: missing, non-finite or ≤ 0 → 5; > 120 → 120; fractions rounded up. */
export function clampCalculatedMinutes(minutes?: number | null): number {
  if (minutes === undefined || minutes === null || !Number.isFinite(minutes) || minutes <= 0) return DEFAULT_CALCULATED_MINUTES
  return Math.min(MAX_CALCULATED_MINUTES, Math.ceil(minutes))
}

/** Runs `task` over `items` with at most `limit` in flight; results keep the input order. */
export async function mapLimit<T, R>(items: readonly T[], limit: number, task: (item: T, index: number) => Promise<R>): Promise<R[]> {
  const results = new Array<R>(items.length)
  let next = 0
  const workers = Array.from({ length: Math.max(1, Math.min(limit, items.length)) }, async () => {
    while (next < items.length) {
      const index = next++
      results[index] = await task(items[index], index)
    }
  })
  await Promise.all(workers)
  return results
}
