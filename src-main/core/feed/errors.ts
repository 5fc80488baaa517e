import { DeskError } from '../shared/errors.js'

/**
 * The feed's error answer: `{error_code, error_message}` with no `status`/`page`, under any HTTP
 * status (200 included). It is recognised by the `error_code` key alone and mapped to a typed
 * DeskError by its code and text; none of these is ever retried.
 */
export type FeedErrorCategory = 'auth' | 'permission' | 'usage' | 'unknown'

export interface FeedErrorData {
  errorCode: number
  errorMessage: string
  category: FeedErrorCategory
}

interface Rule {
  code: string
  category: Exclude<FeedErrorCategory, 'unknown'>
  test: RegExp
  /** What the operator should do (shown with the vendor's text). */
  hint: string
}

/** Code 100 messages, matched case-insensitively on the trimmed text. */
const CODE_100: Rule[] = [
  { code: 'feed_key_missing', category: 'auth', test: /^missing package header$/i, hint: 'no feed key was sent; store the key in the profile' },
  { code: 'feed_key_invalid', category: 'auth', test: /^invalid package$/i, hint: 'the feed key is not known; check the key stored in the profile' },
  { code: 'feed_key_expired', category: 'auth', test: /^package has expired$/i, hint: 'the feed key has expired; ask the vendor to extend it' },
  { code: 'feed_key_blocked', category: 'auth', test: /^package is blocked$/i, hint: 'the feed key is paused; ask the vendor' },
  { code: 'feed_key_not_active', category: 'auth', test: /^package is not active yet$/i, hint: 'the feed key is not active yet; wait for its start date' },
  { code: 'feed_ip_not_allowed', category: 'auth', test: /^access from ip .* is not allowed for this package$/i, hint: "this machine's address is not allowed for the key; add it in the key's allowed IPs" },
  { code: 'feed_site_not_allowed', category: 'auth', test: /^access from site .* is not allowed/i, hint: "this site is not allowed for the key; add it in the key's allowed domains" },
  { code: 'feed_access_denied', category: 'permission', test: /^access denied$/i, hint: 'the key does not open this sport or data' },
  { code: 'feed_language_not_allowed', category: 'permission', test: /^the language is not available in your package\.?$/i, hint: "choose one of the key's languages" },
  { code: 'feed_invalid_language', category: 'usage', test: /^invalid language$/i, hint: 'the language code is not one of the vendor codes' },
]

const WRONG_LINE_TYPE: Omit<Rule, 'test'> = { code: 'feed_wrong_line_type', category: 'usage', hint: "the line type must be 'live' or 'line'" }

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
export function feedErrorOf(json: Record<string, unknown>, path: string, httpStatus?: number): DeskError {
  const errorCode = codeOf(json.error_code)
  const errorMessage = typeof json.error_message === 'string' ? json.error_message : json.error_message === undefined ? '' : JSON.stringify(json.error_message)
  const text = errorMessage.trim()
  const rule: Omit<Rule, 'test'> | undefined = errorCode === 90 ? WRONG_LINE_TYPE : errorCode === 100 ? CODE_100.find((r) => r.test.test(text)) : undefined
  const raw = `feed error ${Number.isNaN(errorCode) ? JSON.stringify(json.error_code) : errorCode}: ${errorMessage || '(no message)'}`
  const data: FeedErrorData = { errorCode, errorMessage, category: rule?.category ?? 'unknown' }
  const message = rule ? `${rule.hint} (${raw})` : `feed ${path}: ${raw}`
  return new DeskError(rule?.code ?? 'feed_error', message, { status: httpStatus, data, retry: 'never' })
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
