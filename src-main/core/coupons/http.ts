import { createHttpClient, failedBeforeSending, type HttpAnswer as SharedAnswer, type TransportFailure } from '../shared/http.js'
import type { Clock } from '../shared/clock.js'
import type { DeskError } from '../shared/errors.js'
import type { Logger } from '../shared/log.js'
import { transportError, type CallContext } from './errors.js'
import type { FetchLike } from './types.js'

export { parseRetryAfter } from '../shared/http.js'

/**
 * The coupon service over the shared HTTP layer: reads (and the sign-in) are `read` calls, a
 * placement is a `never` call, sent once. What is retried on top of the shared default: 408 and an
 * `error_code` 10000 in any answer (the spec lets reads be retried after it).
 * Any HTTP answer is returned as `{status, text}`; only transport failures throw (coupon_timeout /
 * coupon_network / coupon_too_large).
 */
export interface HttpOptions {
  baseURL: string
  fetch?: FetchLike
  timeoutMs: number
  readRetries: number
  retryDelayMs: number
  /** Upper bound for a Retry-After wait. */
  maxRetryAfterMs?: number
  /** Largest answer accepted (default 64 MiB). */
  maxResponseBytes?: number
  /** Waits between read attempts and stamps sentAt / receivedAt (default: the system clock). */
  clock?: Clock
  logger?: Logger
}

export interface HttpCall {
  method: 'GET' | 'POST'
  path: string
  query?: Record<string, string | number>
  body?: unknown
  token?: string
  context: CallContext
}

export type HttpAnswer = Pick<SharedAnswer, 'status' | 'text' | 'headers'> & Partial<Pick<SharedAnswer, 'sentAt' | 'receivedAt'>>

/** Transport error whose request certainly never reached the server (nothing listening). */
export function neverSent(error: DeskError): boolean {
  return failedBeforeSending(error.cause)
}

const READ_RETRY_STATUSES = [408, 429, 500, 502, 503, 504]
const INTERNAL_ERROR = /"error_code"\s*:\s*10000[,}\s]/

export function createHttp(options: HttpOptions) {
  const client = createHttpClient({
    name: 'coupon',
    codes: { timeout: 'coupon_timeout', network: 'coupon_network', too_large: 'coupon_too_large' },
    baseURL: options.baseURL,
    fetch: options.fetch,
    clock: options.clock,
    logger: options.logger,
    timeoutMs: options.timeoutMs,
    retries: options.readRetries,
    retryDelayMs: options.retryDelayMs,
    maxRetryAfterMs: options.maxRetryAfterMs,
    maxResponseBytes: options.maxResponseBytes,
    retryAnswer: (answer) => READ_RETRY_STATUSES.includes(answer.status) || INTERNAL_ERROR.test(answer.text),
    transportError: (failure: TransportFailure) => transportError(failure.kind, failure.path, failure.retry === 'never' ? 'place' : 'read', failure.cause, failure),
  })

  async function request(call: HttpCall): Promise<HttpAnswer> {
    return client.request({
      method: call.method,
      path: call.path,
      query: call.query,
      body: call.body,
      headers: call.token ? { Authorization: `Bearer ${call.token}` } : undefined,
      // A placement is sent once, whatever happens.
      retry: call.context === 'place' ? 'never' : 'read',
    })
  }

  return { request }
}

export type Http = ReturnType<typeof createHttp>
