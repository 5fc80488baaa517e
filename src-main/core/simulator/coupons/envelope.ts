import type { SimClock } from '../clock.js'
import type { SimReply } from '../http.js'

/** Envelopes: the new seven-field one (`/api/partner/**`, v3 aliases) and the legacy five-field one. */
export interface EnvelopeContext {
  clock: SimClock
  /** Real time the request started (performance.now()), for `time_ms`. */
  startedAt: number
  path: string
}

export interface BusinessError {
  errorCode: number
  message: string
  body?: unknown
  status?: number
}

export function newOk(ctx: EnvelopeContext, body: unknown, status = 200): SimReply {
  return { status, body: newEnvelope(ctx, 1, body, null, null) }
}

/** Pass as `body` for an answer without a `body` key at all (production's 507). */
export const NO_BODY = Symbol('no body')

export function newFail(ctx: EnvelopeContext, errorCode: number | null, message: string, body: unknown = null, status = 200): SimReply {
  return { status, body: newEnvelope(ctx, 0, body, errorCode, message) }
}

function newEnvelope(ctx: EnvelopeContext, code: 0 | 1, body: unknown, errorCode: number | null, message: string | null) {
  return {
    code,
    ...(body === NO_BODY ? {} : { body }),
    error_code: errorCode,
    error_message: message,
    date: ctx.clock.now(),
    time_ms: Math.max(0, Math.round(performance.now() - ctx.startedAt)),
    path: ctx.path,
  }
}

export function legacyOk(clock: SimClock, body: unknown): SimReply {
  return { status: 200, body: { code: 1, body, error_code: null, error_message: null, date: clock.now() } }
}

export function legacyFail(clock: SimClock, errorCode: number, message: string, body: unknown = null, status = 200): SimReply {
  return { status, body: { code: 0, body, error_code: errorCode, error_message: message, date: clock.now() } }
}
