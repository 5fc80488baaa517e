/** The one list of error codes: every code the sources raise is in it, and DeskError only takes those. */
import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { DeskError, errorCodeOr, toDeskError } from '../../../src-main/core/shared/errors.js'
import { ERROR_CODES, FEED_ANSWER_ERROR_CODES, FEED_ERROR_CATEGORY, isErrorCode, type ErrorCode } from '../../../src-shared/vocabulary/errors.js'

const ROOTS = ['src-main', 'src-renderer', 'src-shared']
function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const p = join(dir, name)
    if (statSync(p).isDirectory()) return p.includes('simulator') ? [] : files(p)
    return /\.(ts|vue)$/.test(name) ? [p] : []
  })
}

/** Literal codes in `new DeskError('x'`, `toDeskError(e, 'x')`, `DeskCallError('x'` and `{ ok: false, code: 'x'`. */
function raisedCodes(): Map<string, string> {
  const found = new Map<string, string>()
  const patterns = [/new Desk(?:Call)?Error\(\s*'([A-Za-z_]+)'/g, /toDeskError\([^,()]+(?:\([^()]*\))?,\s*'([A-Za-z_]+)'\)/g, /ok: false, code: '([A-Za-z_]+)'/g]
  for (const file of ROOTS.flatMap(files)) {
    const text = readFileSync(file, 'utf8')
    for (const re of patterns) for (const m of text.matchAll(re)) found.set(m[1]!, file)
  }
  return found
}

describe('error vocabulary', () => {
  it('every literal code raised in main, the hosts and the renderer is an ErrorCode', () => {
    const raised = raisedCodes()
    expect(raised.size).toBeGreaterThan(40)
    const unknown = [...raised].filter(([code]) => !isErrorCode(code)).map(([code, file]) => `${code} (${file})`)
    expect(unknown).toEqual([])
  })

  it('lists each code once; the feed answer codes are in it, each with a category', () => {
    expect(new Set(ERROR_CODES).size).toBe(ERROR_CODES.length)
    for (const code of FEED_ANSWER_ERROR_CODES) {
      expect(ERROR_CODES).toContain(code)
      expect(FEED_ERROR_CATEGORY[code]).toMatch(/^(auth|permission|usage|unknown)$/)
    }
  })

  it('DeskError takes only ErrorCodes; codes read back from storage fall back', () => {
    // @ts-expect-error a free string is not an error code
    expect(new DeskError('confirmation_required', 'x').code).toBe('confirmation_required')
    expect(errorCodeOr('coupon_timeout', 'internal')).toBe('coupon_timeout')
    expect(errorCodeOr('from_a_newer_build', 'placement_unknown')).toBe('placement_unknown')
    const e: ErrorCode = toDeskError(new Error('boom')).code
    expect(e).toBe('internal')
  })
})
