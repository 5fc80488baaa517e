/**
 * Every error code that can cross the contract, in one list. `DeskError.code` is an `ErrorCode`, the
 * CLI's exit-code map is exhaustive over it, and the renderer has an i18n entry for each. A code from a
 * newer main that this build does not know still travels as a string and is shown raw.
 */

/** The feed's typed error answers (`{error_code, error_message}`), one code per vendor meaning. */
export const FEED_ANSWER_ERROR_CODES = [
  'feed_key_missing',
  'feed_key_invalid',
  'feed_key_expired',
  'feed_key_blocked',
  'feed_key_not_active',
  'feed_ip_not_allowed',
  'feed_site_not_allowed',
  'feed_access_denied',
  'feed_language_not_allowed',
  'feed_invalid_language',
  'feed_wrong_line_type',
  /** An error answer whose code or text this build does not know (kept raw). */
  'feed_error',
] as const
export type FeedAnswerErrorCode = (typeof FEED_ANSWER_ERROR_CODES)[number]

/** What kind of problem a feed error answer is: the key, the plan, the request, or not known. */
export type FeedErrorCategory = 'auth' | 'permission' | 'usage' | 'unknown'
export const FEED_ERROR_CATEGORY: Readonly<Record<FeedAnswerErrorCode, FeedErrorCategory>> = {
  feed_key_missing: 'auth',
  feed_key_invalid: 'auth',
  feed_key_expired: 'auth',
  feed_key_blocked: 'auth',
  feed_key_not_active: 'auth',
  feed_ip_not_allowed: 'auth',
  feed_site_not_allowed: 'auth',
  feed_access_denied: 'permission',
  feed_language_not_allowed: 'permission',
  feed_invalid_language: 'usage',
  feed_wrong_line_type: 'usage',
  feed_error: 'unknown',
}

export const ERROR_CODES = [
  // input and usage
  'usage',
  'validation',
  'bad_input',
  'not_confirmed',
  'profile_not_found',
  'profile_changed',
  'duplicate_request',
  'unknown_attempt',
  // coupon service
  'coupon_invalid',
  'coupon_business',
  'coupon_not_found',
  'coupon_http',
  'coupon_timeout',
  'coupon_network',
  'coupon_shape',
  'coupon_too_large',
  'placement_unknown',
  // sign-in and account
  'auth_failed',
  'unauthorized',
  'access_denied',
  'account_disabled',
  'account_expired',
  'account_no_balance',
  'signed_out',
  'missing_secret',
  // feed: transport, shape and request checks
  'feed_params',
  'feed_http',
  'feed_timeout',
  'feed_network',
  'feed_shape',
  'feed_status',
  'feed_pointer',
  'feed_too_large',
  'feed_stopped',
  ...FEED_ANSWER_ERROR_CODES,
  // secrets
  'vault_decrypt',
  'vault_key',
  'vault_unavailable',
  'vault_insecure',
  // callback listener
  'listener_failed',
  'listener_port_in_use',
  'listener_port_denied',
  'listener_running',
  'listener_stopped',
  /** A callback delivery was refused with a 5xx (the sender retries it). */
  'callback_refused',
  /** An entry was stored but pushing it to the console failed. */
  'push_failed',
  /** A fault of the console's own while updating a feed subscription (not the feed's). */
  'feed_update_failed',
  /** The coupon session ended (token lost): sign in again. */
  'session_ended',
  // history store
  'timeline_closed',
  'timeline_open_failed',
  'timeline_migration_failed',
  'timeline_schema_newer',
  'timeline_row_corrupt',
  // demo simulator
  'not_demo',
  'not_found',
  'demo_conflict',
  'demo_failed',
  'demo_unreachable',
  'simulator_start',
  // the contract's transport (dispatcher, IPC, web bridge)
  'unknown_channel',
  'forbidden_sender',
  'bad_message',
  'bridge_disconnected',
  'stale_epoch',
  'disposed',
  'internal',
  // raised in the renderer itself
  'BRIDGE_MISSING',
  'BRIDGE_ERROR',
  'BAD_RESULT',
  'UNKNOWN',
  'UI_ERROR',
] as const

export type ErrorCode = (typeof ERROR_CODES)[number]

/**
 * Why something is in its state (a connection, the session, the listener, a placement without a clear
 * answer): a code the renderer words, and the raw technical text (an OS or server error) shown
 * verbatim under it, never a composed sentence.
 */
export interface StateReason {
  code: ErrorCode
  detail: string | null
}

const KNOWN: ReadonlySet<string> = new Set(ERROR_CODES)

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && KNOWN.has(value)
}

export function isFeedAnswerErrorCode(value: unknown): value is FeedAnswerErrorCode {
  return typeof value === 'string' && Object.prototype.hasOwnProperty.call(FEED_ERROR_CATEGORY, value)
}

/** A code read back from storage or the wire: itself when known, else `fallback`. */
export function errorCodeOr(value: unknown, fallback: ErrorCode): ErrorCode {
  return isErrorCode(value) ? value : fallback
}
