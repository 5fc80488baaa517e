import type { AccountState, DeskEventBody, SessionStatus } from '../../../src-shared/contract.js'
import { accountStateOf, type AccountState as ClientAccountState, type SessionInfo, type SessionState } from '../coupons/index.js'
import { toDeskError, type DeskError } from '../shared/errors.js'

/**
 * The operator-facing session status, observed from the coupon client's session, which owns the
 * one state machine (phase, account state, explicit sign-out: coupons/session.ts). This side keeps
 * no state of its own: it projects the client's state onto the contract's vocabulary, emits
 * `session.changed` when that projection changes and tells the pollers when signed-in flips.
 * The token itself never leaves the coupon client; only `tokenTail` (last 4 characters) and
 * `expiresAt` are shown.
 *
 * Calls that need the token sign in on demand with the stored credentials, unless the operator
 * signed out explicitly: then they fail with `signed_out` until `login` (docs/spec-decisions.md).
 */
export interface SessionClient {
  login(): Promise<SessionInfo>
  logout(): void
  sessionState(): SessionState
}

export interface SessionTracker {
  status(): SessionStatus
  login(): Promise<SessionStatus>
  logout(): SessionStatus
  /** Runs a call that needs the token (the client refuses it after an explicit sign-out). */
  authed<T>(call: () => Promise<T>): Promise<T>
  /** The coupon client's session changed (wired to its `onSessionChange`). */
  observe(state?: SessionState): void
  isSignedIn(): boolean
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

/** The contract's account state: a sign-in failure decides it, else what the service last said. */
function accountStateOfSession(state: SessionState): AccountState {
  if (state.failure) return accountStateOfError(state.failure)
  return state.account ? ACCOUNT_STATES[state.account] ?? 'unknown' : 'unknown'
}

export function createSessionTracker(options: SessionTrackerOptions): SessionTracker {
  let closed = false
  let lastSignedIn = false
  let lastEmitted = ''

  const project = (state: SessionState): SessionStatus => ({
    state: state.phase,
    username: state.info.username ?? (options.username || null),
    accountState: accountStateOfSession(state),
    tokenTail: state.info.loggedIn ? tokenTailOf(state.info.tokenTail) : null,
    expiresAt: state.info.loggedIn ? state.info.expiresAt : null,
    reason: state.reason,
  })
  const status = () => project(options.client().sessionState())

  const observe = (state: SessionState = options.client().sessionState()) => {
    if (closed) return
    const current = project(state)
    const key = JSON.stringify(current)
    if (key !== lastEmitted) {
      lastEmitted = key
      options.emit({ type: 'session.changed', status: current })
    }
    const signedIn = state.phase === 'signed-in'
    if (signedIn !== lastSignedIn) {
      lastSignedIn = signedIn
      options.onSignedInChange?.(signedIn)
    }
  }

  return {
    status,
    observe,
    async login() {
      try {
        await options.client().login()
        return status()
      } catch (error) {
        throw toDeskError(error, 'auth_failed')
      }
    },
    logout() {
      options.client().logout()
      return status()
    },
    async authed(call) {
      try {
        return await call()
      } catch (error) {
        throw toDeskError(error)
      }
    },
    isSignedIn: () => options.client().sessionState().phase === 'signed-in',
    close() {
      closed = true
    },
  }
}
