import { decodeJwt } from 'jose'
import { DeskError, toDeskError } from '../shared/errors.js'
import { accountStateOf, authFailed } from './errors.js'
import { isUnauthorized, unwrap } from './envelope.js'
import type { Http, HttpAnswer } from './http.js'
import { loginBodySchema } from './schemas.js'
import type { AccountState, CouponApiMode, Credentials, SessionInfo } from './types.js'

/**
 * The session: the JWT lives only in this closure. One login at a time (concurrent callers share
 * it), one re-login per request on 401, and no second re-login when a fresh token is refused.
 */
export interface SessionOptions {
  http: Http
  mode: CouponApiMode
  credentials: () => Promise<Credentials>
  onAccountState?: (state: AccountState, error?: DeskError) => void
  onTokenChange?: (info: SessionInfo) => void
  onEnvelopeDate?: (serverDate: number | null | undefined, answer: HttpAnswer) => void
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
  let accountState: AccountState | undefined
  let generation = 0

  const info = (): SessionInfo => ({
    username: held?.username ?? null,
    loggedIn: held !== null,
    expiresAt: held?.expiresAt ?? null,
    tokenTail: held ? maskToken(held.token) : null,
  })

  function setAccountState(state: AccountState, error?: DeskError): void {
    if (state === accountState && state === 'ok') return
    accountState = state
    options.onAccountState?.(state, error)
  }

  async function doLogin(): Promise<Held> {
    let creds: Credentials
    try {
      creds = await options.credentials()
    } catch (error) {
      throw new DeskError('auth_failed', 'Credentials are not available', { retry: 'never', cause: error })
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
      held = next
      generation++
      setAccountState('ok')
      options.onTokenChange?.(info())
      return next
    } catch (error) {
      const desk = toDeskError(error, 'auth_failed')
      const state = accountStateOf(desk)
      if (state) setAccountState(state, desk)
      if (held) {
        held = null
        options.onTokenChange?.(info())
      }
      throw desk
    }
  }

  /** Starts a login or joins the one in flight. */
  function login(): Promise<Held> {
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
      if (!isUnauthorized(error)) h.accepted = true
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
    if (held && held.token === used.token) {
      held = null
      options.onTokenChange?.(info())
    }
    return authFailed(path, 'A freshly issued token was refused; check the credentials and the account state', error.status)
  }

  async function explicitLogin(): Promise<SessionInfo> {
    await login()
    return info()
  }

  function logout(): void {
    held = null
    options.onTokenChange?.(info())
  }

  return { withToken, login: explicitLogin, info, logout, generation: () => generation }
}

export type Session = ReturnType<typeof createSession>
