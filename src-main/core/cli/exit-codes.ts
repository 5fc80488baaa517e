/**
 * Exit codes of `desk` and the mapping from DeskError codes:
 * 0 success, 1 business error, 2 usage / validation, 3 transport, 4 authentication / account state.
 * The map is exhaustive over `ErrorCode`: a new code without an exit code does not typecheck.
 */
import type { DeskError } from '../shared/errors.js'
import type { ErrorCode } from '../../../src-shared/vocabulary/errors.js'

export const EXIT = { ok: 0, business: 1, usage: 2, transport: 3, auth: 4 } as const
export type ExitCode = (typeof EXIT)[keyof typeof EXIT]

const { business, usage, transport, auth } = EXIT

export const EXIT_CODE_OF: Readonly<Record<ErrorCode, ExitCode>> = {
  usage,
  validation: usage,
  bad_input: business,
  not_confirmed: usage,
  profile_not_found: usage,
  profile_changed: business,
  duplicate_request: business,
  unknown_attempt: business,
  coupon_invalid: usage,
  coupon_business: business,
  coupon_not_found: business,
  coupon_http: transport,
  coupon_timeout: transport,
  coupon_network: transport,
  coupon_shape: transport,
  coupon_too_large: transport,
  placement_unknown: transport,
  auth_failed: auth,
  unauthorized: auth,
  access_denied: auth,
  account_disabled: auth,
  account_expired: auth,
  account_no_balance: auth,
  signed_out: business,
  missing_secret: auth,
  feed_params: usage,
  feed_http: transport,
  feed_timeout: transport,
  feed_network: transport,
  feed_shape: transport,
  feed_status: transport,
  // unusable data in a feed answer (an outcome's odds or pointer): the server's fault, never a usage error
  feed_pointer: transport,
  // an answer above the feed client's size cap
  feed_too_large: transport,
  feed_stopped: business,
  // the feed's key errors: missing, invalid, expired, blocked, not yet active, IP or site not allowed
  feed_key_missing: auth,
  feed_key_invalid: auth,
  feed_key_expired: auth,
  feed_key_blocked: auth,
  feed_key_not_active: auth,
  feed_ip_not_allowed: auth,
  feed_site_not_allowed: auth,
  // the feed's permission errors: sport or language not in the key's plan
  feed_access_denied: auth,
  feed_language_not_allowed: auth,
  // the feed's usage errors (bad language code, bad line type)
  feed_invalid_language: usage,
  feed_wrong_line_type: usage,
  feed_error: business,
  vault_decrypt: auth,
  vault_key: auth,
  vault_unavailable: business,
  vault_insecure: business,
  listener_failed: business,
  listener_port_in_use: business,
  listener_port_denied: business,
  listener_running: business,
  listener_stopped: business,
  callback_refused: business,
  push_failed: business,
  feed_update_failed: business,
  session_ended: business,
  timeline_closed: business,
  timeline_open_failed: business,
  timeline_migration_failed: business,
  timeline_schema_newer: business,
  timeline_row_corrupt: business,
  not_demo: business,
  not_found: business,
  demo_conflict: business,
  demo_failed: business,
  demo_unreachable: business,
  simulator_start: transport,
  unknown_channel: business,
  forbidden_sender: business,
  bad_message: business,
  bridge_disconnected: business,
  stale_epoch: business,
  disposed: business,
  internal: business,
  BRIDGE_MISSING: business,
  BRIDGE_ERROR: business,
  BAD_RESULT: business,
  UNKNOWN: business,
  UI_ERROR: business,
}

export function exitCodeOf(error: DeskError): ExitCode {
  // A server that refuses with a bare HTTP 401/403 (no feed error body) is an access problem too.
  if (error.code === 'feed_http' && (error.status === 401 || error.status === 403)) return EXIT.auth
  // A code from outside the vocabulary (an untyped caller) is a business error, as before.
  return Object.prototype.hasOwnProperty.call(EXIT_CODE_OF, error.code) ? EXIT_CODE_OF[error.code] : EXIT.business
}
