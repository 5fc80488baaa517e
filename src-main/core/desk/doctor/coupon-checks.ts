import type { DoctorAdvice } from '../../../../src-shared/vocabulary/doctor.js'
import { DeskError, toDeskError } from '../../shared/errors.js'
import { fail, failedWith, pass, skip, warn } from './outcome.js'
import type { CheckDef } from './types.js'

/** A token that ends sooner than this after a fresh sign-in makes every read re-login. */
const SHORT_TOKEN_S = 300

const ACCOUNT: Record<string, { state: string; advice: DoctorAdvice }> = {
  account_disabled: { state: 'disabled', advice: 'accountDisabled' },
  account_expired: { state: 'expired', advice: 'accountExpired' },
  account_no_balance: { state: 'no_balance', advice: 'topUpBalance' },
}

const errorCodeOf = (error: DeskError): number | null => {
  const data = error.data as { errorCode?: unknown } | undefined
  return typeof data?.errorCode === 'number' ? data.errorCode : null
}

async function loginError(probes: Parameters<CheckDef['run']>[0]): Promise<DeskError | null> {
  try {
    await probes.login()
    return null
  } catch (error) {
    return toDeskError(error)
  }
}

export const health: CheckDef = {
  id: 'coupons.health',
  network: true,
  async run(probes) {
    try {
      const { ms } = await probes.health()
      return pass({ kind: 'latency', value: ms, unit: 'ms' })
    } catch (error) {
      return failedWith(error, 'checkServiceUrl')
    }
  },
}

/** Credentials: 1003 (or no stored password) is this check's fault; an account-state refusal is the account's. */
export const login: CheckDef = {
  id: 'coupons.login',
  needs: ['coupons.health'],
  network: true,
  async run(probes) {
    const error = await loginError(probes)
    if (!error) return pass({ kind: 'latency', value: (await probes.login()).ms, unit: 'ms' })
    if (ACCOUNT[error.code]) return skip()
    if (error.code === 'missing_secret') return fail('auth', { kind: 'secret', value: 'missing' }, 'storePassword')
    if (error.code === 'auth_failed') return fail('auth', { kind: 'errorCode', value: errorCodeOf(error) }, 'checkPassword', error.message)
    return failedWith(error, 'checkServiceUrl')
  },
}

export const account: CheckDef = {
  id: 'coupons.account',
  needs: ['coupons.health'],
  network: true,
  async run(probes) {
    const error = await loginError(probes)
    if (!error) return pass({ kind: 'accountState', value: 'ok' })
    const known = ACCOUNT[error.code]
    if (!known) return skip() // the sign-in failed for another reason: coupons.login names it
    return fail('auth', { kind: 'accountState', value: known.state, extra: { errorCode: errorCodeOf(error) } }, known.advice, error.message)
  },
}

export const balance: CheckDef = {
  id: 'coupons.balance',
  needs: ['coupons.login', 'coupons.account'],
  network: true,
  async run(probes) {
    try {
      const value = await probes.coupons.balance()
      if (value <= 0) return fail('auth', { kind: 'balance', value }, 'topUpBalance')
      return pass({ kind: 'balance', value })
    } catch (error) {
      return failedWith(error, 'checkServiceUrl')
    }
  },
}

/** The token's lifetime on the service's clock, and a second sign-in (the path every expiry takes). */
export const token: CheckDef = {
  id: 'coupons.token',
  needs: ['coupons.login', 'coupons.account'],
  network: true,
  async run(probes) {
    const { expiresAt } = await probes.login()
    const offset = probes.coupons.clockOffset()
    const serviceNow = probes.now() + (offset ? (offset.low + offset.high) / 2 : 0)
    const lifetime = expiresAt === null ? null : Math.round((expiresAt - serviceNow) / 1000)
    let reloginMs: number
    try {
      reloginMs = await probes.relogin()
    } catch (error) {
      const e = toDeskError(error)
      return { ...failedWith(e, 'checkSession'), figure: { kind: 'tokenLifetime', value: lifetime, unit: 's', extra: { reloginMs: null } } }
    }
    const figure = { kind: 'tokenLifetime', value: lifetime, unit: 's' as const, extra: { reloginMs } }
    if (lifetime !== null && lifetime <= 0) return fail('auth', figure, 'checkSession')
    if (lifetime !== null && lifetime < SHORT_TOKEN_S) return warn(figure, 'tokenShort')
    return pass(figure)
  },
}

export const COUPON_CHECKS: CheckDef[] = [health, login, account, balance, token]


