import { createFetch, FetchError } from 'ofetch'
import type { DeskError } from '../shared/errors.js'
import { transportError, type CallContext } from './errors.js'
import type { FetchLike } from './types.js'

/**
 * The HTTP layer: one ofetch instance per client. Reads retry on 5xx / timeouts / network errors
 * with exponential backoff (Retry-After honoured, capped), each attempt under a fresh timeout;
 * a placement is sent once.
 * Any HTTP answer (also 4xx/5xx after the retries) is returned as `{status, text}`; only
 * transport failures throw (coupon_timeout / coupon_network).
 */
export interface HttpOptions {
  baseURL: string
  fetch?: FetchLike
  timeoutMs: number
  readRetries: number
  retryDelayMs: number
  /** Upper bound for a Retry-After wait. */
  maxRetryAfterMs?: number
  /** Waits between read attempts (injected so tests need not sleep). */
  sleep?: (ms: number) => Promise<void>
  /** Client clock for `sentAt` / `receivedAt` (default Date.now). */
  now?: () => number
}

export interface HttpCall {
  method: 'GET' | 'POST'
  path: string
  query?: Record<string, string | number>
  body?: unknown
  token?: string
  context: CallContext
}

export interface HttpAnswer {
  status: number
  text: string
  headers: Headers
  /** Client clock just before the answering attempt was sent and when its answer arrived. */
  sentAt?: number
  receivedAt?: number
}

/** Transport error whose request certainly never reached the server (nothing listening). */
export function neverSent(error: DeskError): boolean {
  const cause = error.cause as { cause?: { code?: string }; code?: string } | undefined
  const code = cause?.cause?.code ?? cause?.code
  return code === 'ECONNREFUSED' || code === 'ENOTFOUND' || code === 'EAI_AGAIN'
}

const READ_RETRY_STATUSES = [408, 429, 500, 502, 503, 504]

export function parseRetryAfter(value: string | null, nowMs: number): number | undefined {
  if (!value) return undefined
  const trimmed = value.trim()
  if (/^\d+(\.\d+)?$/.test(trimmed)) return Math.round(Number(trimmed) * 1000)
  const at = Date.parse(trimmed)
  return Number.isNaN(at) ? undefined : Math.max(0, at - nowMs)
}

export function createHttp(options: HttpOptions) {
  const $fetch = createFetch({ fetch: options.fetch ?? ((...args: Parameters<FetchLike>) => globalThis.fetch(...args)) })
  const maxRetryAfter = options.maxRetryAfterMs ?? 10_000
  const now = options.now ?? (() => Date.now())
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)))

  function retryDelay(attempt: number, headers: Headers | undefined): number {
    const fromHeader = parseRetryAfter(headers?.get('retry-after') ?? null, Date.now())
    if (fromHeader !== undefined) return Math.min(fromHeader, maxRetryAfter)
    return options.retryDelayMs * 2 ** attempt
  }

  /** One attempt with its own timeout signal (a retry must never inherit an aborted one). */
  async function once(call: HttpCall, headers: Record<string, string>): Promise<HttpAnswer> {
    const sentAt = now()
    const timed = (a: HttpAnswer): HttpAnswer => ({ ...a, sentAt, receivedAt: now() })
    try {
      const response = await $fetch.raw<string>(call.path, {
        baseURL: options.baseURL,
        method: call.method,
        query: call.query,
        body: call.body as Record<string, unknown> | undefined,
        headers,
        signal: AbortSignal.timeout(options.timeoutMs),
        retry: false,
        parseResponse: (text: string) => text,
      })
      return timed({ status: response.status, text: typeof response._data === 'string' ? response._data : '', headers: response.headers })
    } catch (error) {
      if (error instanceof FetchError && error.response) {
        const data = error.data as unknown
        return timed({ status: error.response.status, text: typeof data === 'string' ? data : '', headers: error.response.headers })
      }
      const cause = error instanceof FetchError ? (error.cause ?? error) : error
      const isTimeout = (cause as { name?: string } | undefined)?.name === 'TimeoutError'
      throw transportError(isTimeout ? 'timeout' : 'network', call.path, call.context, cause)
    }
  }

  async function request(call: HttpCall): Promise<HttpAnswer> {
    const headers: Record<string, string> = { Accept: 'application/json' }
    if (call.token) headers.Authorization = `Bearer ${call.token}`
    // A placement is sent once, whatever happens (retries: 0).
    const retries = call.context === 'place' ? 0 : Math.max(0, options.readRetries)
    for (let attempt = 0; ; attempt++) {
      let answer: HttpAnswer
      try {
        answer = await once(call, headers)
      } catch (error) {
        if (attempt >= retries) throw error
        await sleep(retryDelay(attempt, undefined))
        continue
      }
      if (attempt >= retries || !(READ_RETRY_STATUSES.includes(answer.status) || /"error_code"\s*:\s*10000[,}\s]/.test(answer.text))) return answer // 10000 may come as HTTP 200 code 0 (spec: reads may be retried)
      await sleep(retryDelay(attempt, answer.headers))
    }
  }

  return { request }
}

export type Http = ReturnType<typeof createHttp>
