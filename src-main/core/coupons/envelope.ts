import { DeskError } from '../shared/errors.js'
import { accessDenied, businessError, httpError, type CallContext } from './errors.js'
import type { HttpAnswer } from './http.js'
import { envelopeSchema, type WireEnvelope } from './schemas.js'

/**
 * Envelope reading, in the spec's order: HTTP status, then `code`, then `error_code`.
 * HTTP 200 with `code` 0 is never a success. 401 (and legacy 1003-on-200 on protected routes)
 * become `unauthorized`, which the session turns into one re-login.
 */
export const UNAUTHORIZED = 'unauthorized'

export interface Unwrapped {
  body: unknown
  envelope: WireEnvelope
}

export interface UnwrapOptions {
  path: string
  legacy: boolean
  context: CallContext
  /** Protected route (legacy 1003-on-200 means a bad token there). */
  protectedRoute: boolean
}

function parseJson(text: string): { ok: true; value: unknown } | { ok: false } {
  if (text.length === 0) return { ok: false }
  try {
    return { ok: true, value: JSON.parse(text) }
  } catch {
    return { ok: false }
  }
}

export function unauthorized(path: string, status: number, detail: string): DeskError {
  return new DeskError(UNAUTHORIZED, `Token refused on ${path}: ${detail}`, {
    status,
    retry: 'never',
    data: { errorCode: status === 401 ? null : 1003, errorMessage: null, changes: [], path },
  })
}

export function isUnauthorized(error: unknown): error is DeskError {
  return error instanceof DeskError && error.code === UNAUTHORIZED
}

export function unwrap(answer: HttpAnswer, options: UnwrapOptions): Unwrapped {
  const { path, legacy, context, protectedRoute } = options
  const { status } = answer
  if (status === 401) throw unauthorized(path, 401, 'HTTP 401')
  if (status === 403) throw accessDenied(path)
  const json = parseJson(answer.text)
  const envelope = json.ok ? envelopeSchema.safeParse(json.value) : undefined
  if (status < 200 || status >= 300) {
    const error = httpError(status, path, context, status === 400 ? 'invalid JSON or parameter type' : undefined)
    if (envelope?.success) {
      const data = error.data as Record<string, unknown>
      data.errorCode = envelope.data.error_code ?? null
      data.errorMessage = envelope.data.error_message ?? null
    }
    throw error
  }
  // Spec: a creation is confirmed only by HTTP 200; another 2xx leaves the outcome unknown.
  if (context === 'place' && status !== 200) throw httpError(status, path, context, 'only HTTP 200 confirms a creation')
  if (!json.ok) throw new DeskError('coupon_shape', `Coupon service sent a non-JSON answer on ${path}`, { status, retry: 'never', data: { errorCode: null, errorMessage: null, changes: [], path } })
  if (!envelope?.success) {
    throw new DeskError('coupon_shape', `Coupon service sent an answer without a valid envelope on ${path}`, { status, retry: 'never', data: { errorCode: null, errorMessage: null, changes: [], path } })
  }
  const env = envelope.data
  if (env.code === 1) return { body: env.body, envelope: env }
  const errorCode = env.error_code ?? null
  if (env.code !== 0) {
    throw new DeskError('coupon_shape', `Unknown envelope code ${env.code} on ${path} (treated as an error)`, { status, retry: 'never', data: { errorCode, errorMessage: env.error_message ?? null, changes: [], path } })
  }
  if (legacy && protectedRoute && errorCode === 1003) throw unauthorized(path, status, 'legacy error_code 1003')
  throw businessError({ errorCode, errorMessage: env.error_message ?? null, body: env.body, status, path, legacy, context })
}
