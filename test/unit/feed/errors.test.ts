import { describe, expect, it } from 'vitest'
import { feedErrorOf, isFeedErrorAnswer, isFeedErrorBody, isTemporaryFeedError, normaliseEvent } from '../../../src-main/core/feed/index.js'
import { exitCodeOf } from '../../../src-main/core/cli/exit-codes.js'
import { DeskError } from '../../../src-main/core/shared/errors.js'
import { feedErrorCaptureNames, feedErrorCaptureText, HAVE_FEED_CAPTURES, SKIP_MESSAGE } from './captures.js'

/** Every documented error answer of the vendor → its typed DeskError and CLI exit code. */
const EXPECTED: Record<string, { code: string; category: string; exit: number } | { gone: string }> = {
  'missing-key.json': { code: 'feed_key_missing', category: 'auth', exit: 4 },
  'invalid-key.json': { code: 'feed_key_invalid', category: 'auth', exit: 4 },
  'key-expired.json': { code: 'feed_key_expired', category: 'auth', exit: 4 },
  'key-blocked.json': { code: 'feed_key_blocked', category: 'auth', exit: 4 },
  'key-not-active-yet.json': { code: 'feed_key_not_active', category: 'auth', exit: 4 },
  'ip-not-allowed.json': { code: 'feed_ip_not_allowed', category: 'auth', exit: 4 },
  'access-denied.json': { code: 'feed_access_denied', category: 'permission', exit: 4 },
  'language-not-in-package.json': { code: 'feed_language_not_allowed', category: 'permission', exit: 4 },
  'invalid-language.json': { code: 'feed_invalid_language', category: 'usage', exit: 2 },
  'wrong-type.json': { code: 'feed_wrong_line_type', category: 'usage', exit: 2 },
  'game-not-found.json': { gone: 'not_found' },
  'game-finished.json': { gone: 'finished' },
}

describe.skipIf(!HAVE_FEED_CAPTURES)(`the vendor's error answers${HAVE_FEED_CAPTURES ? '' : ` (${SKIP_MESSAGE})`}`, () => {
  const names = HAVE_FEED_CAPTURES ? feedErrorCaptureNames() : []

  it('every capture of the folder has an expectation here', () => {
    expect(names.sort()).toEqual(Object.keys(EXPECTED).sort())
  })

  it.each(names)('%s', (name) => {
    const json = JSON.parse(feedErrorCaptureText(name))
    const want = EXPECTED[name]
    if ('gone' in want) {
      expect(isFeedErrorBody(json)).toBe(false)
      expect(normaliseEvent(json.body, 'line', 1)).toEqual({ kind: 'gone', gameId: 1, lineType: 'line', reason: want.gone, message: json.body.message })
      return
    }
    expect(isFeedErrorBody(json)).toBe(true)
    const error = feedErrorOf(json, '/v1/menu/line/en', 200)
    expect(error).toBeInstanceOf(DeskError)
    expect(error).toMatchObject({ code: want.code, status: 200, retry: 'never', data: { errorCode: json.error_code, errorMessage: json.error_message, category: want.category } })
    // The vendor's text is always shown as sent.
    expect(error.message).toContain(json.error_message)
    expect(isFeedErrorAnswer(error)).toBe(true)
    expect(isTemporaryFeedError(error)).toBe(false)
    expect(exitCodeOf(error)).toBe(want.exit)
  })
})

describe('feed error mapping beyond the captures', () => {
  it('site restriction, case and spacing of the text, string codes', () => {
    expect(feedErrorOf({ error_code: 100, error_message: 'Access from site shop.example is not allowed for this Package' }, '/x').code).toBe('feed_site_not_allowed')
    expect(feedErrorOf({ error_code: '100', error_message: '  invalid package ' }, '/x').code).toBe('feed_key_invalid')
    expect(feedErrorOf({ error_code: 90, error_message: 'anything' }, '/x').code).toBe('feed_wrong_line_type')
  })

  it('unknown codes or texts are feed_error with the raw code and text (exit 1)', () => {
    const e = feedErrorOf({ error_code: 77, error_message: 'Rate limit exceeded' }, '/v1/events')
    expect(e).toMatchObject({ code: 'feed_error', retry: 'never', data: { errorCode: 77, errorMessage: 'Rate limit exceeded', category: 'unknown' } })
    expect(e.message).toContain('77')
    expect(e.message).toContain('Rate limit exceeded')
    expect(exitCodeOf(e)).toBe(1)
    expect(feedErrorOf({ error_code: 100, error_message: 'Something new' }, '/x')).toMatchObject({ code: 'feed_error', data: { category: 'unknown' } })
    const odd = feedErrorOf({ error_code: 'x', error_message: { a: 1 } }, '/x')
    expect(odd.code).toBe('feed_error')
    expect(odd.message).toContain('"x"')
  })

  it('only the error_code key makes an error body', () => {
    expect(isFeedErrorBody({ status: 1, body: [] })).toBe(false)
    expect(isFeedErrorBody({ error_code: null })).toBe(true)
    expect(isFeedErrorBody([{ error_code: 1 }])).toBe(false)
    expect(isFeedErrorBody(null)).toBe(false)
  })

  it('temporary: network, timeout and 5xx only', () => {
    expect(isTemporaryFeedError(new DeskError('feed_network', 'x'))).toBe(true)
    expect(isTemporaryFeedError(new DeskError('feed_timeout', 'x'))).toBe(true)
    expect(isTemporaryFeedError(new DeskError('feed_http', 'x', { status: 503 }))).toBe(true)
    expect(isTemporaryFeedError(new DeskError('feed_http', 'x', { status: 404 }))).toBe(false)
    expect(isTemporaryFeedError(new DeskError('feed_shape', 'x'))).toBe(false)
    expect(isTemporaryFeedError(new Error('x'))).toBe(false)
  })
})
