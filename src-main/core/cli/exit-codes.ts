/**
 * Exit codes of `desk` and the mapping from DeskError codes:
 * 0 success, 1 business error, 2 usage / validation, 3 transport, 4 authentication / account state.
 */
import type { DeskError } from '../shared/errors.js'

export const EXIT = { ok: 0, business: 1, usage: 2, transport: 3, auth: 4 } as const
export type ExitCode = (typeof EXIT)[keyof typeof EXIT]

const USAGE = new Set([
  'usage',
  'validation',
  'coupon_invalid',
  'feed_params',
  'profile_not_found',
  'not_confirmed',
  // the feed's usage errors (bad language code, bad line type)
  'feed_invalid_language',
  'feed_wrong_line_type',
])
const AUTH = new Set([
  'auth_failed',
  'unauthorized',
  'access_denied',
  'account_disabled',
  'account_expired',
  'account_no_balance',
  'missing_secret',
  'vault_decrypt',
  'vault_key',
  'feed_auth',
  // the feed's key errors: missing, invalid, expired, blocked, not yet active, IP or site not allowed
  'feed_key_missing',
  'feed_key_invalid',
  'feed_key_expired',
  'feed_key_blocked',
  'feed_key_not_active',
  'feed_ip_not_allowed',
  'feed_site_not_allowed',
  // the feed's permission errors: sport or language not in the key's plan
  'feed_access_denied',
  'feed_language_not_allowed',
])
const TRANSPORT = new Set([
  'coupon_timeout',
  'coupon_network',
  'coupon_http',
  'coupon_shape',
  'feed_http',
  'feed_timeout',
  'feed_network',
  'feed_shape',
  'feed_status',
  // unusable data in a feed answer (an outcome's odds or pointer): the server's fault, never a usage error
  'feed_pointer',
  // an answer above the feed client's size cap
  'feed_too_large',
  'simulator_start',
  'placement_unknown',
])

export function exitCodeOf(error: DeskError): ExitCode {
  if (USAGE.has(error.code)) return EXIT.usage
  if (AUTH.has(error.code)) return EXIT.auth
  // A server that refuses with a bare HTTP 401/403 (no feed error body) is an access problem too.
  if (error.code === 'feed_http' && (error.status === 401 || error.status === 403)) return EXIT.auth
  if (TRANSPORT.has(error.code)) return EXIT.transport
  return EXIT.business
}
