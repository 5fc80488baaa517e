/**
 * The one outbound HTTP layer (feed, coupons, demo control calls). ofetch is the transport: one
 * attempt per call (its own retries off, answers of any status returned, the body handed over as a
 * stream); everything around an attempt is ours, because it must run on the injected clock and
 * know which calls may be repeated. Per request:
 * - a call class: `read` is retried on network errors, timeouts and retryable answers (default 429 and
 *   5xx) with exponential backoff, Retry-After honoured and capped; `never` (placement, demo control
 *   writes) is sent once, and a transport failure after it may have left is an unknown outcome;
 * - a fresh timeout per attempt on the injected clock (it covers reading the body too);
 * - a streamed size cap: over it the connection is dropped and the call fails;
 * - transport failures become DeskErrors with the caller's codes (feed_timeout, coupon_network, ...);
 * - waits between attempts run on the injected clock; one debug line per attempt, one warn per retry,
 *   never a query string, header or body.
 * Any HTTP answer (also 4xx/5xx after the retries) is returned: its meaning belongs to the client above.
 */
import { createFetch, FetchError } from 'ofetch'
import { sleepOn, systemClock, timersOf, type Clock } from './clock.js'
import { DeskError, type ErrorCode } from './errors.js'
import { DEFAULT_MAX_RESPONSE_BYTES, readCappedText } from './http-body.js'
import { nullLogger, type Logger } from './log.js'

export { DEFAULT_MAX_RESPONSE_BYTES } from './http-body.js'

export type CallClass = 'read' | 'never'
export type FetchLike = typeof globalThis.fetch

export interface HttpRequest {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE'
  /** Appended to the base URL (no query string: that goes in `query`). */
  path: string
  query?: Record<string, string | number | boolean>
  /** Sent as JSON. */
  body?: unknown
  /** Headers of this request only (e.g. Authorization); never logged. */
  headers?: Record<string, string>
  retry: CallClass
}

export interface HttpAnswer {
  status: number
  headers: Headers
  text: string
  /** Injected clock just before the answering attempt was sent and when its body had been read. */
  sentAt: number
  receivedAt: number
  /** Attempts made, 1 when the first one answered. */
  attempts: number
}

export type TransportKind = 'timeout' | 'network' | 'too_large'

export interface TransportFailure {
  kind: TransportKind
  method: HttpRequest['method']
  path: string
  retry: CallClass
  /** Did the request reach the server? `no` only when the connection was refused or the name did not resolve. */
  sent: 'no' | 'maybe' | 'yes'
  attempts: number
  timeoutMs: number
  /** Innermost cause's message (no URL, no headers). */
  detail: string
  cause: unknown
  /** too_large only. */
  status?: number
  limitBytes?: number
  seenBytes?: number
  announced?: boolean
}

/** The caller's error code for each transport failure (its codes stay what they were before this layer). */
export type TransportCodes = Readonly<Record<TransportKind, ErrorCode>>

export interface HttpClientOptions {
  baseURL: string
  /** The service, in log lines and default messages (`feed`, `coupon`, `demo`). */
  name: string
  codes: TransportCodes
  fetch?: FetchLike
  /** Waits between attempts and the sentAt/receivedAt stamps. */
  clock?: Clock
  logger?: Logger
  /** Sent with every request; never logged. */
  headers?: Record<string, string>
  /** Per attempt. Default 10 s. */
  timeoutMs?: number
  /** Retries of a `read` call. Default 2. */
  retries?: number
  /** First backoff, doubled per retry. Default 200 ms. */
  retryDelayMs?: number
  /** Upper bound of the doubling backoff. Default 30 s. */
  maxBackoffMs?: number
  /** Upper bound of a Retry-After wait. Default 10 s. */
  maxRetryAfterMs?: number
  /** Largest body read, in bytes. Default 64 MiB. */
  maxResponseBytes?: number
  /** Which answers of a `read` call are retried. Default: 429 and 5xx. */
  retryAnswer?: (answer: HttpAnswer) => boolean
  /** The client's own DeskError for a transport failure (its message and data shape). */
  transportError?: (failure: TransportFailure) => DeskError
}

export interface HttpClient {
  request(request: HttpRequest): Promise<HttpAnswer>
}

const NOT_SENT_CODES = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN'])

function causeChain(error: unknown): unknown[] {
  const chain: unknown[] = []
  for (let e = error, depth = 0; e && typeof e === 'object' && depth < 6; e = (e as { cause?: unknown }).cause, depth++) chain.push(e)
  return chain
}

/** True when a fetch failure certainly happened before the request left (nothing listening, no such host). */
export function failedBeforeSending(error: unknown): boolean {
  return causeChain(error).some((e) => NOT_SENT_CODES.has(String((e as { code?: unknown }).code)))
}

function innermostMessage(error: unknown): string {
  const chain = causeChain(error)
  const last = chain.at(-1) as { message?: unknown } | undefined
  return typeof last?.message === 'string' && last.message ? last.message : String(error)
}

/** Retry-After in ms: delta-seconds or an HTTP date (relative to `nowMs`); undefined when absent or unreadable. */
export function parseRetryAfter(value: string | null, nowMs: number): number | undefined {
  if (!value) return undefined
  const trimmed = value.trim()
  if (/^\d+(\.\d+)?$/.test(trimmed)) return Math.round(Number(trimmed) * 1000)
  // HTTP dates start with the day name (all three RFC 9110 forms); Date.parse alone accepts "-1" or "1e3".
  if (!/^[A-Za-z]{3,9},?\s/.test(trimmed)) return undefined
  const at = Date.parse(trimmed)
  return Number.isNaN(at) ? undefined : Math.max(0, at - nowMs)
}

export const defaultRetryAnswer = (answer: Pick<HttpAnswer, 'status'>): boolean => answer.status === 429 || answer.status >= 500

export function defaultTransportError(name: string, codes: TransportCodes, failure: TransportFailure): DeskError {
  const { kind, method, path } = failure
  const what = kind === 'timeout' ? `no answer within ${failure.timeoutMs} ms` : kind === 'network' ? failure.detail : `answer over ${failure.limitBytes} bytes`
  return new DeskError(codes[kind], `${name} ${method} ${path}: ${what}`, {
    status: failure.status,
    retry: failure.retry === 'read' && kind !== 'too_large' ? 'safe' : 'never',
    data: { path, sent: failure.sent, attempts: failure.attempts, ...(kind === 'too_large' ? { limitBytes: failure.limitBytes, seenBytes: failure.seenBytes } : {}) },
    cause: failure.cause,
  })
}

/**
 * Waits on the clock while holding the process open: the system clock's timers are unref'd (a
 * background poll must not keep a process alive), but a request waiting to retry is foreground work
 * (a CLI command would otherwise exit mid-request).
 */
async function waitHeld(clock: Clock, ms: number): Promise<void> {
  const hold = setInterval(() => {}, 60_000)
  try {
    await sleepOn(clock, ms)
  } finally {
    clearInterval(hold)
  }
}

type Attempt = { ok: true; answer: HttpAnswer; bytes: number } | { ok: false; failure: TransportFailure }

export function createHttpClient(options: HttpClientOptions): HttpClient {
  const name = options.name
  const base = options.baseURL.replace(/\/+$/, '')
  const doFetch: FetchLike = options.fetch ?? ((...args) => globalThis.fetch(...args))
  const clock = options.clock ?? systemClock
  const log = options.logger ?? nullLogger
  const timeoutMs = options.timeoutMs ?? 10_000
  const maxRetries = Math.max(0, options.retries ?? 2)
  const retryDelayMs = options.retryDelayMs ?? 200
  const maxBackoffMs = options.maxBackoffMs ?? 30_000
  const maxRetryAfterMs = options.maxRetryAfterMs ?? 10_000
  const maxBytes = options.maxResponseBytes ?? DEFAULT_MAX_RESPONSE_BYTES
  const retryAnswer = options.retryAnswer ?? defaultRetryAnswer
  const toError = options.transportError ?? ((failure: TransportFailure) => defaultTransportError(name, options.codes, failure))
  if (!(Number.isSafeInteger(maxBytes) && maxBytes > 0)) throw new DeskError('validation', `${name}: maxResponseBytes must be a positive integer, got ${String(maxBytes)}`)

  // One attempt per call: retries, waits and timeouts are ours (they run on the injected clock).
  const transport = createFetch({ fetch: doFetch }).raw
  const timers = timersOf(clock)

  async function once(req: HttpRequest, attempt: number): Promise<Attempt> {
    const headers: Record<string, string> = { Accept: 'application/json', ...options.headers, ...req.headers }
    let body: string | undefined
    if (req.body !== undefined) {
      body = JSON.stringify(req.body)
      headers['Content-Type'] ??= 'application/json'
    }
    // A fresh signal per attempt: a retry must never inherit an aborted one.
    const abort = new AbortController()
    let timedOut = false
    const timer = timers.set(() => {
      timedOut = true
      abort.abort(new DOMException(`no answer within ${timeoutMs} ms`, 'TimeoutError'))
    }, timeoutMs)
    const sentAt = clock.now()
    let status: number | undefined
    const fail = (kind: TransportKind, cause: unknown, extra: Partial<TransportFailure> = {}): Attempt => ({
      ok: false,
      failure: {
        kind,
        method: req.method,
        path: req.path,
        retry: req.retry,
        sent: status !== undefined ? 'yes' : kind === 'network' && failedBeforeSending(cause) ? 'no' : 'maybe',
        attempts: attempt,
        timeoutMs,
        detail: kind === 'timeout' ? `no answer within ${timeoutMs} ms` : innermostMessage(cause),
        cause,
        ...extra,
      },
    })
    try {
      const response = await transport(req.path, {
        baseURL: base,
        method: req.method,
        query: req.query,
        headers,
        body,
        signal: abort.signal,
        retry: false,
        ignoreResponseError: true,
        responseType: 'stream',
      })
      status = response.status
      const read = await readCappedText(response, maxBytes)
      if (!read.ok) return fail('too_large', undefined, { status, limitBytes: read.limitBytes, seenBytes: read.seenBytes, announced: read.announced })
      return { ok: true, bytes: read.bytes, answer: { status, headers: response.headers, text: read.text, sentAt, receivedAt: clock.now(), attempts: attempt } }
    } catch (error) {
      // ofetch wraps a failed fetch in a FetchError whose message holds the URL: keep the fetch's own error.
      const cause = error instanceof FetchError && error.cause !== undefined ? error.cause : error
      return fail(timedOut ? 'timeout' : 'network', cause)
    } finally {
      timers.clear(timer)
    }
  }

  function backoff(attempt: number, headers: Headers | undefined): number {
    const fromHeader = parseRetryAfter(headers?.get('retry-after') ?? null, clock.now())
    if (fromHeader !== undefined) return Math.min(fromHeader, maxRetryAfterMs)
    return Math.min(retryDelayMs * 2 ** (attempt - 1), maxBackoffMs)
  }

  async function request(req: HttpRequest): Promise<HttpAnswer> {
    const retries = req.retry === 'read' ? maxRetries : 0
    const where = { service: name, method: req.method, path: req.path.split('?')[0], retry: req.retry }
    for (let attempt = 1; ; attempt++) {
      const started = clock.now()
      const result = await once(req, attempt)
      const ms = clock.now() - started
      let waitMs: number
      let reason: string
      if (result.ok) {
        const { answer } = result
        log.debug('http attempt', { ...where, attempt, status: answer.status, bytes: result.bytes, ms })
        if (attempt > retries || !retryAnswer(answer)) return answer
        waitMs = backoff(attempt, answer.headers)
        reason = `HTTP ${answer.status}`
      } else {
        const { failure } = result
        log.debug('http attempt', { ...where, attempt, failure: failure.kind, sent: failure.sent, ms })
        if (attempt > retries || failure.kind === 'too_large') {
          if (req.retry === 'never' && failure.sent !== 'no') log.warn('http call not repeated: outcome unknown', { ...where, failure: failure.kind })
          throw toError(failure)
        }
        waitMs = backoff(attempt, undefined)
        reason = failure.kind
      }
      log.warn('http retry', { ...where, attempt, reason, waitMs })
      await waitHeld(clock, waitMs)
    }
  }

  return { request }
}
