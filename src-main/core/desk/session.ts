import type { AccountState, DeskEventBody, SessionStatus } from '../../../src-shared/contract.js'
import type { AccountState as ClientAccountState, SessionInfo } from '../coupons/types.js'
import { accountStateOf } from '../coupons/errors.js'
import { DeskError, toDeskError } from '../shared/errors.js'

/**
 * The operator-facing session over the coupon client's token. The token itself never leaves the
 * coupon client; only `tokenTail` (last 4 characters) and `expiresAt` are shown.
 *
 * Calls that need the token sign in on demand with the stored credentials, unless the operator
 * signed out explicitly: then they fail with `signed_out` until `login` (docs/spec-decisions.md).
 */
export interface SessionClient {
  login(): Promise<SessionInfo>
  logout(): void
  sessionInfo(): SessionInfo
}

export interface SessionTracker {
  status(): SessionStatus
  login(): Promise<SessionStatus>
  logout(): SessionStatus
  /** Guards a call that needs the token. */
  authed<T>(call: () => Promise<T>): Promise<T>
  /** Coupon client callbacks. */
  onTokenChange(info: SessionInfo): void
  onAccountState(state: ClientAccountState, error?: DeskError): void
  isSignedIn(): boolean
  /** A call answered with a sign-in failure without throwing (placement): show it in the session. */
  noteError(error: DeskError): void
  /** Stop emitting (environment disposed). */
  close(): void
}

export interface SessionTrackerOptions {
  client: () => SessionClient
  emit: (event: DeskEventBody) => void
  /** Shown while no token is held (the profile's configured user name). */
  username?: string | null
  /** Signed-in ↔ not signed-in transitions (the balance poller follows them). */
  onSignedInChange?: (signedIn: boolean) => void
}

const ACCOUNT_STATES: Record<ClientAccountState, AccountState> = { ok: 'active', disabled: 'disabled', expired: 'expired', no_balance: 'no-balance' }

/** Maps a login failure to the contract account state (1004/1006/1007 → named states, 1003/99 → bad credentials). */
export function accountStateOfError(error: DeskError): AccountState {
  const state = accountStateOf(error)
  if (state) return ACCOUNT_STATES[state]
  const errorCode = (error.data as { errorCode?: unknown } | undefined)?.errorCode
  return error.code === 'auth_failed' || errorCode === 1003 || errorCode === 99 ? 'bad-credentials' : 'unknown'
}

export function tokenTailOf(tail: string | null): string | null {
  if (!tail) return null
  const clean = tail.replace(/[^A-Za-z0-9_-]/g, '')
  return clean.slice(-4) || null
}

export function createSessionTracker(options: SessionTrackerOptions): SessionTracker {
  let state: SessionStatus['state'] = 'signed-out'
  let accountState: AccountState = 'unknown'
  let message: string | null = null
  let explicitOut = false
  let closed = false
  let lastSignedIn = false

  const status = (): SessionStatus => {
    const info = options.client().sessionInfo()
    return {
      state,
      username: info.username ?? (options.username || null),
      accountState,
      tokenTail: info.loggedIn ? tokenTailOf(info.tokenTail) : null,
      expiresAt: info.loggedIn ? info.expiresAt : null,
      message,
    }
  }

  let lastEmitted = ''
  const changed = () => {
    if (closed) return
    const current = status()
    const key = JSON.stringify(current)
    if (key !== lastEmitted) {
      lastEmitted = key
      options.emit({ type: 'session.changed', status: current })
    }
    const signedIn = state === 'signed-in'
    if (signedIn !== lastSignedIn) {
      lastSignedIn = signedIn
      options.onSignedInChange?.(signedIn)
    }
  }

  const fail = (error: DeskError) => {
    state = 'failed'
    accountState = accountStateOfError(error)
    message = error.message
    changed()
  }

  /** A failed on-demand sign-in shows in the session like an explicit one. */
  const noteError = (error: DeskError) => {
    if (error.code === 'auth_failed' || error.code === 'missing_secret' || error.code.startsWith('account_')) fail(error)
  }

  return {
    status,
    noteError,
    async login() {
      explicitOut = false
      state = 'signing-in'
      message = null
      changed()
      try {
        await options.client().login()
        state = 'signed-in'
        if (accountState === 'unknown' || accountState === 'bad-credentials') accountState = 'active'
        changed()
        return status()
      } catch (error) {
        const desk = toDeskError(error, 'auth_failed')
        fail(desk)
        throw desk
      }
    },
    logout() {
      explicitOut = true
      options.client().logout()
      state = 'signed-out'
      message = null
      changed()
      return status()
    },
    async authed(call) {
      if (explicitOut) throw new DeskError('signed_out', 'Signed out: sign in to use the coupon service')
      try {
        return await call()
      } catch (error) {
        const desk = toDeskError(error)
        noteError(desk)
        throw desk
      }
    },
    onTokenChange(info) {
      if (info.loggedIn && state !== 'signed-in') {
        state = 'signed-in'
        message = null
        if (accountState === 'unknown' || accountState === 'bad-credentials') accountState = 'active'
        changed()
      } else if (!info.loggedIn && state === 'signed-in') {
        state = explicitOut ? 'signed-out' : 'failed'
        if (!explicitOut) message = 'The session ended; sign in again'
        changed()
      } else if (info.loggedIn) {
        changed() // a new token (tail / expiry changed)
      }
    },
    onAccountState(next, error) {
      accountState = ACCOUNT_STATES[next] ?? 'unknown'
      if (next !== 'ok' && error) {
        state = 'failed'
        message = error.message
      }
      changed()
    },
    isSignedIn: () => state === 'signed-in',
    close() {
      closed = true
    },
  }
}
