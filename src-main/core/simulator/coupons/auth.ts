import { randomBytes } from 'node:crypto'
import { SignJWT, jwtVerify } from 'jose'
import type { SimClock } from '../clock.js'
import type { SimRequest } from '../http.js'
import type { CouponStore } from './store.js'
import type { Account } from './types.js'

/** Client JWTs: HS256 (jose), lifetime `tokenTtlSec` × timeScale on the simulated clock, revocable by generation. */
export type AuthResult =
  | { ok: true; account: Account }
  | { ok: false; status: 401 | 403; reason: string }

export interface Auth {
  issue(username: string, role?: 'client' | 'admin'): Promise<string>
  check(req: SimRequest): Promise<AuthResult>
  /** Every token issued so far becomes invalid (→ 401). */
  revokeAll(): void
}

export function createAuth(opts: { clock: SimClock; store: CouponStore; tokenTtlSec: number }): Auth {
  const key = randomBytes(32)
  let generation = 1

  return {
    async issue(username, role = 'client') {
      const nowSec = Math.floor(opts.clock.now() / 1000)
      // Lifetime is checked on the simulated clock; scaled so a sped-up demo does not expire
      // tokens every few real seconds (timeScale 1 in tests: exactly tokenTtlSec).
      const ttlSec = Math.round(opts.tokenTtlSec * Math.max(1, opts.clock.timeScale))
      return new SignJWT({ role, gen: generation })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(username)
        .setIssuedAt(nowSec)
        .setExpirationTime(nowSec + ttlSec)
        .setIssuer('partner-desk-simulator')
        .sign(key)
    },
    async check(req) {
      const header = req.headers.authorization
      if (typeof header !== 'string' || !header.startsWith('Bearer ')) return { ok: false, status: 401, reason: 'token missing' }
      const token = header.slice('Bearer '.length)
      if (!/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/.test(token)) return { ok: false, status: 401, reason: 'token malformed' }
      let payload: Record<string, unknown>
      try {
        const verified = await jwtVerify(token, key, {
          algorithms: ['HS256'],
          issuer: 'partner-desk-simulator',
          currentDate: new Date(opts.clock.now()),
        })
        payload = verified.payload as Record<string, unknown>
      } catch {
        return { ok: false, status: 401, reason: 'token invalid or expired' }
      }
      if (payload.gen !== generation) return { ok: false, status: 401, reason: 'token revoked' }
      if (payload.role !== 'client') return { ok: false, status: 403, reason: 'token lacks the client role' }
      const account = typeof payload.sub === 'string' ? opts.store.account(payload.sub) : undefined
      if (!account) return { ok: false, status: 401, reason: 'token subject unknown' }
      if (account.state !== 'active') return { ok: false, status: 403, reason: 'access denied' }
      return { ok: true, account }
    },
    revokeAll() {
      generation++
    },
  }
}

export type LoginOutcome = { ok: true; account: Account } | { ok: false; errorCode: 1002 | 1003 | 1004 | 1006 | 1007; message: string }

/** Login checks in order: presence (1002), credentials (1003), disabled (1004), expired (1006), balance (1007). */
export function checkLogin(store: CouponStore, username: unknown, password: unknown): LoginOutcome {
  if (typeof username !== 'string' || username === '' || typeof password !== 'string' || password === '')
    return { ok: false, errorCode: 1002, message: 'username or password missing' }
  const account = store.account(username)
  if (!account || account.password !== password) return { ok: false, errorCode: 1003, message: 'Wrong login or password' }
  if (account.state === 'disabled') return { ok: false, errorCode: 1004, message: 'client account disabled' }
  if (account.state === 'expired') return { ok: false, errorCode: 1006, message: 'client access expired' }
  if (!(account.balance > 0)) return { ok: false, errorCode: 1007, message: 'client balance is zero or negative' }
  return { ok: true, account }
}
