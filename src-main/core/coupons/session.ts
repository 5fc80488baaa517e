import { decodeJwt } from 'jose'
import type { StateReason } from '../../../src-shared/vocabulary/errors.js'
import { DeskError, toDeskError } from '../shared/errors.js'
import { accountStateOf, authFailed } from './errors.js'
import { isUnauthorized, unwrap } from './envelope.js'
import type { Http, HttpAnswer } from './http.js'
import { loginBodySchema } from './schemas.js'
import type { AccountState, CouponApiMode, Credentials, SessionInfo, SessionPhase, SessionState } from './types.js'
export type { SessionPhase, SessionState } from './types.js'

/**
 * The session: the JWT lives only in this closure. One login at a time (concurrent callers share
 * it), one re-login per request on 401, and no second re-login when a fresh token is refused.
 *
 * It is also the one owner of the session's state machine (docs/spec-decisions.md): phase
 * signed-out → signing-in → signed-in | failed, the account state the service reported, and an
 * operator's explicit sign-out. Everything else (the desk's session status, its pollers) observes
 * it through `onSessionChange` and `state()`; nobody keeps a mirror.
 */
export interface SessionOptions {
  http: Http
  mode: CouponApiMode
  credentials: () => Promise<Credentials>
  /** The account state changed (observer; `ok` is reported once per change). */
  onAccountState?: (state: AccountState, error?: DeskError) => void
  /** The token changed (observer: public info only). */
  onTokenChange?: (info: SessionInfo) => void
  /** Any transition of the state machine. */
  onSessionChange?: (state: SessionState) => void
  onEnvelopeDate?: (serverDate: number | null | undefined, answer: HttpAnswer) => void
}

/** Errors that say something about the credentials or the account (others, e.g. network, do not). */
export function isSignInFailure(error: DeskError): boolean {
  return error.code === 'auth_failed' || error.code === 'missing_secret' || error.code.startsWith('account_')
}


interface Held {
  token: string
  username: string
  expiresAt: number | null
  /** The service answered a call made with this token with anything but "unauthorized". */
  accepted: boolean
  /** Calls with this token still waiting for their answer. */
  pending: Set<Promise<unknown>>
}

export function maskToken(token: string): string {
  return `…${token.slice(-4)}`
}

export function createSession(options: SessionOptions) {
  const { http, mode } = options
  let held: Held | null = null
  let inFlight: Promise<Held> | null = null
  let generation = 0
  let phase: SessionPhase = 'signed-out'
  let account: AccountState | null = null
  let failure: DeskError | null = null
  let reason: StateReason | null = null
  let operatorSignedOut = false
  let lastReported = ''

  const info = (): SessionInfo => ({
    username: held?.username ?? null,
    loggedIn: held !== null,
    expiresAt: held?.expiresAt ?? null,
    tokenTail: held ? maskToken(held.token) : null,
  })

  const state = (): SessionState => ({ phase, info: info(), account, failure, reason, operatorSignedOut })

  /** Reports a transition once (a change of phase, token, account state or reason). */
  function report(): void {
    const current = state()
    const key = JSON.stringify([current.phase, current.info, current.account, current.failure?.code ?? null, current.failure?.message ?? null, current.reason, current.operatorSignedOut])
    if (key === lastReported) return
    lastReported = key
    options.onSessionChange?.(current)
  }

  function setAccountState(next: AccountState, error?: DeskError): void {
    if (next === account && next === 'ok') return
    account = next
    options.onAccountState?.(next, error)
  }

  function setToken(next: Held | null): void {
    held = next
    options.onTokenChange?.(info())
  }

  /** A call or a login failed: credentials and account errors fail the session; others only when they end it. */
  function failed(error: DeskError, tokenLost: boolean): void {
    const told = accountStateOf(error)
    if (told) setAccountState(told, error)
    if (isSignInFailure(error)) {
      failure = error
      phase = 'failed'
      reason = { code: error.code, detail: error.message }
    } else if (tokenLost || phase === 'signing-in') {
      phase = 'failed'
      reason = tokenLost ? { code: 'session_ended', detail: error.message } : { code: error.code, detail: error.message }
    }
    report()
  }

  async function doLogin(): Promise<Held> {
    if (held === null) {
      phase = 'signing-in'
      reason = null
      report()
    }
    let creds: Credentials
    try {
      creds = await options.credentials()
    } catch (error) {
      // A password that was never stored keeps its own code: the console then asks for it rather than saying it is wrong.
      const missing = toDeskError(error).code === 'missing_secret'
      const desk = missing
        ? new DeskError('missing_secret', toDeskError(error).message, { retry: 'never', cause: error })
        : new DeskError('auth_failed', 'Credentials are not available', { retry: 'never', cause: error })
      failed(desk, false)
      throw desk
    }
    const legacy = mode === 'legacy'
    const path = legacy ? '/api/v2/login' : '/api/partner/login'
    const body = legacy ? { login: creds.username, password: creds.password } : { username: creds.username, password: creds.password }
    try {
      const answer = await http.request({ method: 'POST', path, body, context: 'login' })
      const { body: result, envelope } = unwrap(answer, { path, legacy, context: 'login', protectedRoute: false })
      options.onEnvelopeDate?.(envelope.date, answer)
      const parsed = loginBodySchema.safeParse(result)
      if (!parsed.success) throw new DeskError('coupon_shape', `Login answer without a token on ${path}`, { retry: 'never' })
      let expiresAt: number | null = null
      try {
        const exp = decodeJwt(parsed.data.token).exp
        expiresAt = typeof exp === 'number' ? exp * 1000 : null
      } catch {
        expiresAt = null // opaque token: fine, the service decides
      }
      const next: Held = { token: parsed.data.token, username: parsed.data.username ?? creds.username, expiresAt, accepted: false, pending: new Set() }
      generation++
      phase = 'signed-in'
      failure = null
      reason = null
      setAccountState('ok')
      setToken(next)
      report()
      return next
    } catch (error) {
      const desk = toDeskError(error, 'auth_failed')
      failed(desk, dropToken())
      throw desk
    }
  }

  /** Drops the token held, if any; true when one was dropped. */
  function dropToken(): boolean {
    if (!held) return false
    setToken(null)
    return true
  }

  /** Starts a login or joins the one in flight. After the operator's sign-out only an explicit login may. */
  function login(explicit = false): Promise<Held> {
    if (operatorSignedOut && !explicit) return Promise.reject(signedOut())
    if (!inFlight) {
      inFlight = doLogin().finally(() => {
        inFlight = null
      })
    }
    return inFlight
  }

  /** One call with `h`'s token; any answer but "unauthorized" proves the token. */
  async function using<T>(h: Held, call: (token: string) => Promise<T>): Promise<T> {
    const p = call(h.token)
    h.pending.add(p)
    try {
      const result = await p
      h.accepted = true
      return result
    } catch (error) {
      if (!isUnauthorized(error)) {
        h.accepted = true
        // An account error on any call (e.g. a placement answered 1006) is the account's state now.
        const desk = toDeskError(error)
        if (accountStateOf(desk)) failed(desk, false)
      }
      throw error
    } finally {
      h.pending.delete(p)
    }
  }

  /**
   * Runs `call` with a token. On `unauthorized`: if the token was already replaced, retry with the
   * new one; otherwise one shared re-login and one retry. Only a token obtained for this very call
   * and refused at once (no call has been answered with it, also after waiting for the calls still
   * in flight with it, e.g. other chunks of one read) stops with `auth_failed`; a token the service
   * had accepted and refuses later (revoked mid-read) gets one re-login and a retry.
   */
  async function withToken<T>(call: (token: string) => Promise<T>, path: string): Promise<T> {
    if (operatorSignedOut) throw signedOut()
    let fresh = false
    let current: Held
    if (held && !inFlight) current = held
    else {
      current = await login()
      fresh = true
    }
    try {
      return await using(current, call)
    } catch (error) {
      if (!isUnauthorized(error)) throw error
      if (fresh) {
        while (!current.accepted && current.pending.size > 0) await Promise.allSettled([...current.pending])
        if (!current.accepted) throw refuse(current, path, error)
      }
    }
    let next: Held
    if (held && held.token !== current.token) next = held
    else next = await login()
    try {
      return await using(next, call)
    } catch (error) {
      if (isUnauthorized(error)) throw refuse(next, path, error)
      throw error
    }
  }

  function refuse(used: Held, path: string, error: DeskError): DeskError {
    const refused = authFailed(path, 'A freshly issued token was refused; check the credentials and the account state', error.status)
    failed(refused, held !== null && held.token === used.token && dropToken())
    return refused
  }

  function signedOut(): DeskError {
    return new DeskError('signed_out', 'Signed out: sign in to use the coupon service')
  }

  /** The operator's sign-in: also ends an explicit sign-out. Joins a login already under way. */
  async function explicitLogin(): Promise<SessionInfo> {
    operatorSignedOut = false
    await login(true)
    return info()
  }

  /** The operator's sign-out: the token is dropped and calls refuse until the next explicit login. */
  function logout(): void {
    operatorSignedOut = true
    phase = 'signed-out'
    reason = null
    dropToken()
    report()
  }

  return { withToken, login: explicitLogin, info, state, logout, generation: () => generation }
}

export type Session = ReturnType<typeof createSession>
