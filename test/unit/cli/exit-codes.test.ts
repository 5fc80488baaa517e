/** The CLI's exit codes per error code: exhaustive over the shared vocabulary and unchanged for users. */
import { describe, expect, it } from 'vitest'
import { EXIT, EXIT_CODE_OF, exitCodeOf, type ExitCode } from '../../../src-main/core/cli/exit-codes.js'
import { DeskError } from '../../../src-main/core/shared/errors.js'
import { ERROR_CODES, type ErrorCode } from '../../../src-shared/vocabulary/errors.js'

/** The sets the CLI documented before the codes were typed (docs/spec-decisions.md "CLI exit codes"). */
const USAGE = ['usage', 'validation', 'coupon_invalid', 'feed_params', 'profile_not_found', 'not_confirmed', 'feed_invalid_language', 'feed_wrong_line_type']
const AUTH = [
  'auth_failed', 'unauthorized', 'access_denied', 'account_disabled', 'account_expired', 'account_no_balance', 'missing_secret', 'vault_decrypt', 'vault_key',
  'feed_key_missing', 'feed_key_invalid', 'feed_key_expired', 'feed_key_blocked', 'feed_key_not_active', 'feed_ip_not_allowed', 'feed_site_not_allowed',
  'feed_access_denied', 'feed_language_not_allowed',
]
const TRANSPORT = [
  'coupon_timeout', 'coupon_network', 'coupon_http', 'coupon_shape', 'coupon_too_large', 'feed_http', 'feed_timeout', 'feed_network', 'feed_shape', 'feed_status',
  'feed_pointer', 'feed_too_large', 'simulator_start', 'placement_unknown',
]

describe('CLI exit codes', () => {
  it('every ErrorCode has an exit code, and the table names no code outside the vocabulary', () => {
    expect(Object.keys(EXIT_CODE_OF).sort()).toEqual([...ERROR_CODES].sort())
  })

  it.each(ERROR_CODES.map((code) => [code]))('%s keeps the exit code users had', (code) => {
    const expected: ExitCode = USAGE.includes(code) ? EXIT.usage : AUTH.includes(code) ? EXIT.auth : TRANSPORT.includes(code) ? EXIT.transport : EXIT.business
    expect(exitCodeOf(new DeskError(code, 'x'))).toBe(expected)
  })

  it('a bare feed HTTP 401/403 is an access problem; other feed HTTP failures are transport', () => {
    expect(exitCodeOf(new DeskError('feed_http', 'x', { status: 401 }))).toBe(EXIT.auth)
    expect(exitCodeOf(new DeskError('feed_http', 'x', { status: 403 }))).toBe(EXIT.auth)
    expect(exitCodeOf(new DeskError('feed_http', 'x', { status: 502 }))).toBe(EXIT.transport)
  })

  it('a code smuggled past the type (an untyped caller) is a business error', () => {
    expect(exitCodeOf(new DeskError('brand_new' as ErrorCode, 'x'))).toBe(EXIT.business)
  })

  it('the table is exhaustive at compile time', () => {
    // @ts-expect-error a table without an entry for every ErrorCode does not typecheck
    const partial: Record<ErrorCode, ExitCode> = { usage: EXIT.usage }
    expect(partial).toBeDefined()
  })
})
