import { DeskError, type ErrorCode, type RetryClass } from '../shared/errors.js'
import { toChanges } from './model.js'
import type { AccountState, CouponErrorData } from './types.js'

/** The business code tables of the spec; `retry` is the "Retry unchanged" column. */
interface CodeInfo {
  meaning: string
  retry: RetryClass
}

export const NEW_CODES: Readonly<Record<number, CodeInfo>> = {
  10: { meaning: 'required body or value missing', retry: 'never' },
  11: { meaning: 'a bet pointer does not match the pointer format', retry: 'never' },
  12: { meaning: 'amount absent, wrong type or not positive', retry: 'never' },
  471: { meaning: 'coupon not found or not available to this account', retry: 'never' },
  501: { meaning: 'odds changed and the mode does not allow it', retry: 'never' },
  502: { meaning: 'outcome absent from the current feed', retry: 'never' },
  503: { meaning: 'outcome blocked', retry: 'never' },
  504: { meaning: 'outcome validation failed', retry: 'not-immediately' },
  506: { meaning: 'accumulator combines bets of one match tree', retry: 'never' },
  507: { meaning: 'insufficient balance: the client balance does not cover all coupons', retry: 'after-funding' },
  1002: { meaning: 'invalid or incomplete parameter set', retry: 'never' },
  1003: { meaning: 'wrong username or password', retry: 'never' },
  1004: { meaning: 'client account disabled', retry: 'never' },
  1006: { meaning: 'client access expired', retry: 'never' },
  1007: { meaning: 'client balance zero or negative', retry: 'never' },
  10000: { meaning: 'internal service error', retry: 'depends' },
}

export const LEGACY_CODES: Readonly<Record<number, CodeInfo>> = {
  99: { meaning: 'login failed', retry: 'never' },
  501: { meaning: 'feed validation failed', retry: 'never' },
  505: { meaning: 'invalid or incomplete data', retry: 'never' },
  506: { meaning: 'several bets of one match in a coupon', retry: 'never' },
  507: { meaning: 'insufficient client balance', retry: 'after-funding' },
  560: { meaning: 'coupon code missing or malformed', retry: 'never' },
  561: { meaning: 'coupon not found or owned by another client', retry: 'never' },
  565: { meaning: 'cashout unavailable', retry: 'never' },
  1002: { meaning: 'invalid period', retry: 'never' },
  1003: { meaning: 'invalid client token', retry: 'never' },
  10000: { meaning: 'unknown or internal error', retry: 'depends' },
}

export const ACCOUNT_CODES: Readonly<Record<number, { code: ErrorCode; state: AccountState }>> = {
  1004: { code: 'account_disabled', state: 'disabled' },
  1006: { code: 'account_expired', state: 'expired' },
  1007: { code: 'account_no_balance', state: 'no_balance' },
}

export type CallContext = 'login' | 'place' | 'read'

export interface BusinessErrorInput {
  errorCode: number | null
  errorMessage: string | null
  body: unknown
  status: number
  path: string
  legacy: boolean
  context: CallContext
}

/** HTTP 200 + `code` 0 → one DeskError. Unknown codes are kept raw (`retry` never, meaning unknown). */
export function businessError(input: BusinessErrorInput): DeskError {
  const { errorCode, errorMessage, body, status, path, legacy, context } = input
  const table = legacy ? LEGACY_CODES : NEW_CODES
  const info = errorCode === null ? undefined : table[errorCode]
  // New routes: changes in body.changes[]; legacy 501: a direct array of change records in body.
  const rawChanges = Array.isArray(body) ? body : (body as { changes?: unknown } | null | undefined)?.changes
  const data: CouponErrorData = { errorCode, errorMessage, changes: toChanges(rawChanges), path }
  const meaning = info?.meaning ?? (errorCode === null ? 'business error without error code' : `unknown error code ${errorCode}`)
  const account = errorCode === null ? undefined : ACCOUNT_CODES[errorCode]
  let code: ErrorCode = 'coupon_business'
  if (account) code = account.code
  else if (context === 'login' && (errorCode === 1002 || errorCode === 1003 || errorCode === 99)) code = 'auth_failed'
  return new DeskError(code, `${meaning} (error_code ${errorCode ?? 'null'})`, { status, data, retry: errorCode === 10000 && context === 'read' ? 'safe' : (info?.retry ?? 'never') }) // spec: reads may be retried after 10000
}

export function accountStateOf(error: DeskError): AccountState | undefined {
  switch (error.code) {
    case 'account_disabled':
      return 'disabled'
    case 'account_expired':
      return 'expired'
    case 'account_no_balance':
      return 'no_balance'
    default: {
      // A business error carrying an account code the caller did not map (e.g. on a read).
      const errorCode = (error.data as { errorCode?: unknown } | undefined)?.errorCode
      return errorCode === 1004 ? 'disabled' : errorCode === 1006 ? 'expired' : errorCode === 1007 ? 'no_balance' : undefined
    }
  }
}

const emptyData = (path: string, errorMessage: string | null = null): CouponErrorData => ({ errorCode: null, errorMessage, changes: [], path })

export function httpError(status: number, path: string, context: CallContext, detail?: string): DeskError {
  const retry: RetryClass = status >= 500 && context !== 'place' ? 'safe' : 'never'
  return new DeskError('coupon_http', `Coupon service answered HTTP ${status} on ${path}${detail ? `: ${detail}` : ''}`, { status, data: emptyData(path), retry })
}

export function accessDenied(path: string): DeskError {
  return new DeskError('access_denied', `Access denied (HTTP 403) on ${path}: check the token type and the account`, { status: 403, data: emptyData(path), retry: 'never' })
}

export function authFailed(path: string, reason: string, status?: number): DeskError {
  return new DeskError('auth_failed', reason, { status, data: emptyData(path), retry: 'never' })
}

export function transportError(kind: 'timeout' | 'network' | 'too_large', path: string, context: CallContext, cause: unknown, sizes?: { status?: number; limitBytes?: number; seenBytes?: number }): DeskError {
  if (kind === 'too_large') {
    const data = { ...emptyData(path), limitBytes: sizes?.limitBytes, seenBytes: sizes?.seenBytes }
    return new DeskError('coupon_too_large', `Coupon service answer on ${path} is over the ${sizes?.limitBytes ?? '?'} bytes limit (maxResponseBytes)`, { status: sizes?.status, data, retry: 'never', cause })
  }
  const retry: RetryClass = context === 'place' ? 'never' : 'safe'
  const msg = kind === 'timeout' ? `Coupon service did not answer in time on ${path}` : `Network error talking to the coupon service on ${path}`
  return new DeskError(`coupon_${kind}`, msg, { data: emptyData(path), retry, cause })
}
