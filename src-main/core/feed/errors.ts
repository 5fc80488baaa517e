import { DeskError } from '../shared/errors.js'
import { FEED_ERROR_CATEGORY, type FeedAnswerErrorCode, type FeedErrorCategory } from '../../../src-shared/vocabulary/errors.js'

/**
 * The feed's error answer: `{error_code, error_message}` with no `status`/`page`, under any HTTP
 * status (200 included). It is recognised by the `error_code` key alone and mapped to a typed
 * DeskError by its code and text; none of these is ever retried. The DeskError says nothing in our
 * words: its code is the meaning, its message the vendor's code and text as sent
 * (`feed error <code>: <text>`); the console and the CLI word it from the code.
 */
export type { FeedErrorCategory }

export interface FeedErrorData {
  errorCode: number
  errorMessage: string
  category: FeedErrorCategory
}

interface Rule {
  code: Exclude<FeedAnswerErrorCode, 'feed_error' | 'feed_wrong_line_type'>
  test: RegExp
}

/** Code 100 messages, matched case-insensitively on the trimmed text. */
const CODE_100: Rule[] = [
  { code: 'feed_key_missing', test: /^missing package header$/i },
  { code: 'feed_key_invalid', test: /^invalid package$/i },
  { code: 'feed_key_expired', test: /^package has expired$/i },
  { code: 'feed_key_blocked', test: /^package is blocked$/i },
  { code: 'feed_key_not_active', test: /^package is not active yet$/i },
  { code: 'feed_ip_not_allowed', test: /^access from ip .* is not allowed for this package$/i },
  { code: 'feed_site_not_allowed', test: /^access from site .* is not allowed/i },
  { code: 'feed_access_denied', test: /^access denied$/i },
  { code: 'feed_language_not_allowed', test: /^the language is not available in your package\.?$/i },
  { code: 'feed_invalid_language', test: /^invalid language$/i },
]

/** True for any JSON object carrying an `error_code` key (the body of an error answer). */
export function isFeedErrorBody(json: unknown): json is Record<string, unknown> {
  return !!json && typeof json === 'object' && !Array.isArray(json) && Object.prototype.hasOwnProperty.call(json, 'error_code')
}

function codeOf(value: unknown): number {
  if (typeof value === 'number' && Number.isFinite(value)) return value
  if (typeof value === 'string' && /^\s*-?\d+\s*$/.test(value)) return Number(value)
  return Number.NaN
}

/** Maps an error body to its DeskError (data: FeedErrorData). Unknown codes/texts → `feed_error`, raw. */
export function feedErrorOf(json: Record<string, unknown>, _path: string, httpStatus?: number): DeskError {
  const errorCode = codeOf(json.error_code)
  const errorMessage = typeof json.error_message === 'string' ? json.error_message : json.error_message === undefined ? '' : JSON.stringify(json.error_message)
  const text = errorMessage.trim()
  const code: FeedAnswerErrorCode = errorCode === 90 ? 'feed_wrong_line_type' : errorCode === 100 ? (CODE_100.find((r) => r.test.test(text))?.code ?? 'feed_error') : 'feed_error'
  const raw = `feed error ${Number.isNaN(errorCode) ? JSON.stringify(json.error_code) : errorCode}: ${errorMessage || '(no message)'}`
  const data: FeedErrorData = { errorCode, errorMessage, category: FEED_ERROR_CATEGORY[code] }
  return new DeskError(code, raw, { status: httpStatus, data, retry: 'never' })
}

/** A typed feed error answer (key, permission, usage or unknown code): polling the same request again cannot help. */
export function isFeedErrorAnswer(error: unknown): error is DeskError & { data: FeedErrorData } {
  if (!(error instanceof DeskError) || !error.data || typeof error.data !== 'object') return false
  const d = error.data as Partial<FeedErrorData>
  return typeof d.errorCode === 'number' && typeof d.errorMessage === 'string' && typeof d.category === 'string'
}

/** Network failure, timeout or HTTP 5xx without an error body: asking again later may help. */
export function isTemporaryFeedError(error: unknown): boolean {
  if (!(error instanceof DeskError)) return false
  return error.code === 'feed_network' || error.code === 'feed_timeout' || (error.code === 'feed_http' && (error.status ?? 0) >= 500)
}
