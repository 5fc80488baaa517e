/**
 * What an operator types or pastes into the coupon lookup, as codes to ask for. Codes are separated by
 * spaces, commas, semicolons, new lines or tabs; repeats count once. The service's codes are 12 digits
 * with leading zeros (`000000112648`): a shorter all-digit code is taken as one typed without its zeros.
 */
import { MAX_COUPON_CODE_LENGTH, MAX_RESULTS_BY_IDS } from '../../src-shared/vocabulary/limits.js'

/** Digits of a coupon code as the service writes it (spec: "usually 12 digits with leading zeros"; the legacy get requires 12). */
export const COUPON_CODE_DIGITS = 12

export interface CodeEntry {
  /** As the operator wrote it. */
  typed: string
  /** What is looked up first: the typed code, or it padded to 12 digits. */
  code: string
  padded: boolean
}

export interface ParsedCodes {
  entries: CodeEntry[]
  /** Pieces too long to be a code (never sent). */
  tooLong: string[]
  /** More codes than one lookup takes. */
  tooMany: boolean
}

export function parseCouponCodes(text: string, max = MAX_RESULTS_BY_IDS): ParsedCodes {
  const entries: CodeEntry[] = []
  const tooLong: string[] = []
  const seen = new Set<string>()
  for (const typed of text.split(/[\s,;]+/u)) {
    if (typed === '') continue
    if (typed.length > MAX_COUPON_CODE_LENGTH) {
      if (!tooLong.includes(typed)) tooLong.push(typed)
      continue
    }
    const padded = /^\d+$/.test(typed) && typed.length < COUPON_CODE_DIGITS
    const code = padded ? typed.padStart(COUPON_CODE_DIGITS, '0') : typed
    if (seen.has(code)) continue
    seen.add(code)
    entries.push({ typed, code, padded })
  }
  return { entries, tooLong, tooMany: entries.length > max }
}

/**
 * The codes one lookup sends: each entry's code, and for a padded one also what was typed (a service
 * whose codes are shorter finds it as typed), each once.
 */
export function codesToAsk(entries: readonly CodeEntry[]): string[] {
  return [...new Set(entries.flatMap((e) => (e.padded ? [e.code, e.typed] : [e.code])))]
}
