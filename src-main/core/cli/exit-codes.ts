/**
 * Exit codes of `desk` and the mapping from DeskError codes:
 * 0 success, 1 business error, 2 usage / validation, 3 transport, 4 authentication / account state.
 */
import type { DeskError } from '../shared/errors.js'

export const EXIT = { ok: 0, business: 1, usage: 2, transport: 3, auth: 4 } as const
export type ExitCode = (typeof EXIT)[keyof typeof EXIT]

const USAGE = new Set(['usage', 'validation', 'coupon_invalid', 'feed_params', 'feed_pointer', 'profile_not_found', 'not_confirmed'])
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
  'simulator_start',
  'placement_unknown',
])

export function exitCodeOf(error: DeskError): ExitCode {
  if (USAGE.has(error.code)) return EXIT.usage
  if (AUTH.has(error.code)) return EXIT.auth
  // The feed answers a bad or missing key with HTTP 401/403.
  if (error.code === 'feed_http' && (error.status === 401 || error.status === 403)) return EXIT.auth
  if (TRANSPORT.has(error.code)) return EXIT.transport
  return EXIT.business
}
