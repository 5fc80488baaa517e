import type { DoctorAdvice, DoctorFailureKind, DoctorFigureDto } from '../../../../src-shared/vocabulary/doctor.js'
import { toDeskError, type DeskError } from '../../shared/errors.js'
import type { CheckOutcome } from './types.js'

export const pass = (figure: DoctorFigureDto | null, advice: DoctorAdvice | null = null): CheckOutcome => ({ verdict: 'pass', figure, advice })
export const warn = (figure: DoctorFigureDto | null, advice: DoctorAdvice | null, raw?: string | null): CheckOutcome => ({ verdict: 'warn', figure, advice, ...(raw ? { raw } : {}) })
export const fail = (failure: DoctorFailureKind, figure: DoctorFigureDto | null, advice: DoctorAdvice | null, raw?: string | null): CheckOutcome => ({
  verdict: 'fail',
  figure,
  advice,
  failure,
  raw: raw ?? null,
})
export const skip = (): CheckOutcome => ({ verdict: 'skip', figure: null, advice: null })

const AUTH = new Set<string>([
  'auth_failed', 'unauthorized', 'access_denied', 'account_disabled', 'account_expired', 'account_no_balance', 'missing_secret',
  'feed_key_missing', 'feed_key_invalid', 'feed_key_expired', 'feed_key_blocked', 'feed_key_not_active', 'feed_ip_not_allowed',
  'feed_site_not_allowed', 'feed_access_denied', 'feed_language_not_allowed', 'vault_decrypt', 'vault_key',
])
const TRANSPORT = new Set<string>([
  'coupon_http', 'coupon_timeout', 'coupon_network', 'coupon_shape', 'coupon_too_large', 'feed_http', 'feed_timeout', 'feed_network',
  'feed_shape', 'feed_status', 'feed_too_large', 'simulator_start',
])

/** auth / transport / other, as the command line's exit codes read them (a bare 401/403 is an access refusal). */
export function failureKindOf(error: DeskError): DoctorFailureKind {
  if ((error.code === 'feed_http' || error.code === 'coupon_http') && (error.status === 401 || error.status === 403)) return 'auth'
  if (AUTH.has(error.code)) return 'auth'
  return TRANSPORT.has(error.code) ? 'transport' : 'other'
}

/** A failure nothing more specific explains: its code as the figure, its message raw. */
export function failedWith(value: unknown, advice: DoctorAdvice | null): CheckOutcome {
  const error = toDeskError(value)
  return fail(failureKindOf(error), { kind: 'error', value: error.code }, advice, error.message)
}
