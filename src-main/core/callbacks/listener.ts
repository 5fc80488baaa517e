import { createSecretKey } from 'node:crypto'
import { createServer as createHttpServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import { createServer as createHttpsServer } from 'node:https'
import type { AddressInfo, Socket } from 'node:net'
import { systemClock, timersOf, type Clock } from '../shared/clock.js'
import { DeskError } from '../shared/errors.js'
import { nullLogger, type Logger } from '../shared/log.js'
import type { DeliveryVerdict, TimelineStore } from '../timeline/index.js'
import { createBodyReader } from './body.js'
import { claimsOf, receivedHeaders, schemaDetail } from './evidence.js'
import { createGroupCommit } from './group-commit.js'
import { isProbeBody, isProbePayload } from './probe.js'
import { callbackPayloadSchema, plainPayload } from './schema.js'
import { settlementBatch } from './snapshot.js'
import { headerValues, SIGNATURE_HEADER, verifySignature } from './signature.js'

export interface CallbackListenerOptions {
  host?: string
  /** 0 picks a free port. */
  port: number
  path?: string
  secret: string | Buffer
  /** Valid deliveries are group-committed through `commitBatches` when the store has it (one transaction, one sync for many). */
  store: Pick<TimelineStore, 'applyBatch' | 'recordRejected'> & Partial<Pick<TimelineStore, 'commitBatches' | 'prepareForDeliveries'>>
  tls?: { cert: string | Buffer; key: string | Buffer }
  /** Largest body read (bytes). Default DEFAULT_MAX_BODY_BYTES (16 MiB). */
  maxBodyBytes?: number
  /** Open connections served at once; the next ones get a retried 503. Default DEFAULT_MAX_CONNECTIONS (256). */
  maxConnections?: number
  clock?: Clock
  /** Where storage, handler and refusal problems are reported (never a payload or the secret). */
  log?: Logger
  /** Time allowed for the request headers (ms). Default 5000. */
  headersTimeoutMs?: number
  /** Slowloris protection: average body rate required after `bodyGraceMs`. Default 4096 B/s. */
  minBodyBytesPerSecond?: number
  /** Default 10 000 ms. */
  bodyGraceMs?: number
  /** Longest pause inside a body (ms). Default 10 000. */
  bodyIdleMs?: number
  /** Keep an inspector row for rejected deliveries (a refused body is kept raw, bounded by the store). Default true. */
  recordRejected?: boolean
  /**
   * The answer to a signature failure. 401 (default) is what the spec names: final for the sender, the
   * kept body is then re-verified after the secret is fixed. 503 makes the sender retry it after 1, 5,
   * 15 and 60 minutes instead (a delivery batchId dedupe keeps from crediting twice).
   */
  signatureFailureStatus?: 401 | 503
  /**
   * How long `start()` waits for the store to get ready for deliveries (`prepareForDeliveries`: its
   * applying thread or checkpoint worker); default the store's own. 0: not at all (the console's profile
   * activation), deliveries meanwhile are written on the listener's thread.
   */
  readyWaitMs?: number
  /** Observability hook: one call per answered delivery (never carries payload or secret). */
  onDelivery?: (event: DeliveryEvent) => void
}

export interface DeliveryEvent {
  status: number
  reason: string
  batchId: string | null
  /** The payload's optional `clientId` (the sender's account), when the delivery was read. */
  clientId?: number | string | null
  processed: number | null
  duplicate: boolean
}

export interface CallbackListener {
  start(): Promise<{ url: string }>
  stop(): Promise<void>
  readonly url: string | null
}

const MIB = 1024 * 1024
/**
 * Worst case of the spec (100 coupons x 15 bets, every text field long and Cyrillic, \u-escaped) is
 * 2.56 MB (1.09 MB as raw UTF-8; see the listener-limits test); 16 MiB leaves a margin of about 6.5.
 */
export const DEFAULT_MAX_BODY_BYTES = 16 * MIB
export const MIN_BODY_LIMIT_BYTES = 64 * 1024
export const MAX_BODY_LIMIT_BYTES = 256 * MIB
/** Far above the connections a sender opens for a settlement storm (tens); still a bound on sockets and memory. */
export const DEFAULT_MAX_CONNECTIONS = 256
/** Temporary refusals (the sender retries 500/502/503/504 after 1, 5, 15, 60 min; every 4xx is final). */
const RETRY_AFTER = { 'retry-after': '60', connection: 'close' }

function reply(res: ServerResponse, status: number, body: unknown, extra: Record<string, string> = {}): void {
  replyText(res, status, JSON.stringify(body), extra)
}

const JSON_TYPE = 'application/json; charset=utf-8'

function replyText(res: ServerResponse, status: number, text: string, extra?: Record<string, string>): void {
  if (res.headersSent || res.destroyed) return
  const headers: Record<string, string> = { 'content-type': JSON_TYPE, 'content-length': String(Buffer.byteLength(text)) }
  res.writeHead(status, extra ? Object.assign(headers, extra) : headers)
  // Written, then ended: one write of head and body. `end(text)` would queue the body and an empty
  // final chunk on the corked socket and send both with a writev.
  res.write(text)
  res.end()
}

const PROBE_ANSWER = JSON.stringify({ success: true, processed: 0, probe: true })

function rawAnswer(status: string, error: string, extra = ''): string {
  const text = JSON.stringify({ success: false, error })
  return `HTTP/1.1 ${status}\r\ncontent-type: application/json; charset=utf-8\r\n${extra}connection: close\r\ncontent-length: ${Buffer.byteLength(text)}\r\n\r\n${text}`
}

export function createCallbackListener(options: CallbackListenerOptions): CallbackListener {
  const host = options.host ?? '127.0.0.1'
  const path = options.path ?? '/callbacks'
  const maxBodyBytes = options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES
  const maxConnections = options.maxConnections ?? DEFAULT_MAX_CONNECTIONS
  const clock = options.clock ?? systemClock
  const timers = timersOf(clock)
  const log = options.log ?? nullLogger
  const headersTimeout = options.headersTimeoutMs ?? 5000
  const bodyLimits = {
    maxBytes: maxBodyBytes,
    minBytesPerSecond: options.minBodyBytesPerSecond ?? 4096,
    graceMs: options.bodyGraceMs ?? 10_000,
    idleMs: options.bodyIdleMs ?? 10_000,
  }
  // One rate check for every body being read, not a timer per delivery.
  const bodies = createBodyReader(bodyLimits, clock, true)
  const keepRejected = options.recordRejected ?? true
  const { store, secret } = options
  const key = createSecretKey(typeof secret === 'string' ? Buffer.from(secret, 'utf8') : secret)
  const commits = createGroupCommit(store)
  let server: Server | null = null
  let url: string | null = null
  const sockets = new Set<Socket>()
  const refused = new WeakSet<Socket>()
  let refusedSinceLog = 0
  let lastRefusalLog = 0

  const notify = (event: DeliveryEvent) => {
    try {
      options.onDelivery?.(event)
    } catch (error) {
      log.warn('callback delivery observer failed', { error: (error as Error)?.message })
    }
  }

  interface Evidence {
    req: IncomingMessage
    /** The exact bytes, when read: kept raw so nothing refused is lost. */
    body?: Buffer
    detail?: string
  }

  function reject(res: ServerResponse, status: number, reason: string, rawSize: number, verdict: DeliveryVerdict, evidence: Evidence, extra: Record<string, string> = {}): void {
    const answer = JSON.stringify({ success: false, error: reason })
    if (keepRejected) {
      try {
        const { body, detail } = evidence
        store.recordRejected({
          receivedAt: clock.now(), rawSize, answerStatus: status, verdict, note: reason, detail,
          headers: receivedHeaders(evidence.req.rawHeaders, secret), answerBody: answer, body: body?.length ? body : undefined, claimed: body && claimsOf(body),
        })
      } catch (error) {
        // The answer does not depend on the inspector row, but the operator must learn it is missing.
        log.error('callback inspector row not stored', { reason, status, error: (error as Error)?.message })
      }
    }
    replyText(res, status, answer, extra)
    notify({ status, reason, batchId: null, processed: null, duplicate: false })
  }

  function tooLarge(req: IncomingMessage, res: ServerResponse, size: number): void {
    // Not a 413: the sender treats every 4xx as final and the settlement would be lost. A 503 is
    // retried after 1, 5, 15 and 60 minutes, time for the operator to raise the limit.
    log.error('callback body over the listener limit: answered 503 so the sender retries; raise the body limit (profile listener setting or desk listen --max-body)', {
      size,
      maxBodyBytes,
    })
    reject(res, 503, 'body_too_large', size, 'too_large', { req }, RETRY_AFTER)
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const target = req.url ?? '/'
    const query = target.indexOf('?')
    const pathname = query < 0 ? target : target.slice(0, query)
    if (pathname !== path && pathname !== path + '/') {
      reply(res, 404, { success: false, error: 'not_found' })
      req.resume()
      return
    }
    if (req.method !== 'POST') {
      reply(res, 405, { success: false, error: 'method_not_allowed' }, { allow: 'POST' })
      req.resume()
      return
    }
    const declared = Number(req.headers['content-length'])
    if (Number.isFinite(declared) && declared > maxBodyBytes) return tooLarge(req, res, declared)
    const read = await bodies.read(req)
    if (!read.ok) {
      if (read.reason === 'aborted') return
      if (read.reason === 'too_large') return tooLarge(req, res, read.received)
      log.warn('callback body too slow: answered 503 (retried by the sender)', { received: read.received, minBytesPerSecond: bodyLimits.minBytesPerSecond })
      reject(res, 503, 'body_too_slow', read.received, 'too_slow', { req }, RETRY_AFTER)
      return
    }
    const body = read.body
    const receivedAt = clock.now()
    const verdict = verifySignature(key, body, headerValues(req.rawHeaders, SIGNATURE_HEADER))
    if (!verdict.ok) {
      if (isProbeBody(body)) return replyText(res, options.signatureFailureStatus ?? 401, JSON.stringify({ success: false, error: verdict.reason }))
      const status = options.signatureFailureStatus ?? 401
      reject(res, status, verdict.reason, body.length, 'forged', { req, body }, status === 503 ? RETRY_AFTER : {})
      return
    }
    // Verified bytes are decoded and parsed once: the probe test and the payload checks share the parse.
    const text = body.toString('utf8')
    let json: unknown
    try {
      json = JSON.parse(text)
    } catch {
      reject(res, 400, 'malformed_json', body.length, 'valid', { req, body })
      return
    }
    // The doctor's test delivery: the same verdict and status as a delivery, never stored (./probe.ts).
    if (isProbePayload(json, body.length)) return replyText(res, 200, PROBE_ANSWER)
    // The usual payload is checked by hand; anything else goes through the schema, which words the refusal.
    const plain = plainPayload(json)
    const parsed = plain ? null : callbackPayloadSchema.safeParse(json)
    if (parsed && !parsed.success) {
      reject(res, 400, 'schema_invalid', body.length, 'valid', { req, body, detail: schemaDetail(parsed.error.issues) })
      return
    }
    const batch = plain ?? parsed!.data!
    let result: { processed: number; duplicate: boolean }
    // Every coupon of a schema-checked batch is applied (or was, for a duplicate): the answer is known before it is stored with the delivery.
    const answer = `{"success":true,"processed":${batch.coupons.length}}`
    try {
      const headers = receivedHeaders(req.rawHeaders, secret)
      // A lone connection has no one to share a group with: its delivery is written at once (see group-commit.ts).
      result = await commits.submit({ batch: settlementBatch(batch), meta: { receivedAt, rawSize: body.length, rawBody: text, headers, answerBody: answer } }, sockets.size <= 1)
    } catch (error) {
      // Storage failed: a temporary error so the service retries (never a 4xx, which would be final).
      log.error('callback batch not stored: answered 503 (retried by the sender)', { batchId: batch.batchId, error: (error as Error)?.message })
      reply(res, 503, { success: false, error: 'storage_unavailable' }, { 'retry-after': '60' })
      notify({ status: 503, reason: 'storage_unavailable', batchId: batch.batchId, processed: null, duplicate: false })
      return
    }
    replyText(res, 200, answer)
    notify({ status: 200, reason: result.duplicate ? 'duplicate' : 'applied', batchId: batch.batchId, clientId: batch.clientId ?? null, processed: result.processed, duplicate: result.duplicate })
  }

  /** Over the cap: a plain-HTTP 503 (retried by the sender) written on the raw socket; TLS: closed. */
  function refuseConnection(socket: Socket): void {
    refusedSinceLog++
    const now = clock.now()
    if (now - lastRefusalLog > 10_000) {
      log.error('callback listener connection cap reached: connections refused with 503 (retried by the sender)', { maxConnections, refused: refusedSinceLog })
      lastRefusalLog = now
      refusedSinceLog = 0
    }
    notify({ status: 503, reason: 'too_many_connections', batchId: null, processed: null, duplicate: false })
    refused.add(socket)
    socket.on('error', () => undefined)
    if (options.tls) return void socket.destroy()
    socket.end(rawAnswer('503 Service Unavailable', 'too_many_connections', 'retry-after: 60\r\n'))
    socket.resume()
    timers.set(() => socket.destroy(), 1000)
  }

  return {
    get url() {
      return url
    },
    async start() {
      if (server) throw new DeskError('listener_running', 'callback listener already started')
      const serverOptions = {
        headersTimeout,
        // No deadline for a whole request: the body has its own rate check (readLimitedBody).
        requestTimeout: 0,
        connectionsCheckingInterval: Math.min(500, headersTimeout),
        keepAliveTimeout: 5000,
      }
      const srv: Server = options.tls
        ? (createHttpsServer({ ...serverOptions, cert: options.tls.cert, key: options.tls.key }) as unknown as Server)
        : createHttpServer(serverOptions)
      srv.on('connection', (socket: Socket) => {
        if (sockets.size >= maxConnections) return refuseConnection(socket)
        sockets.add(socket)
        socket.once('close', () => sockets.delete(socket))
      })
      srv.on('request', (req: IncomingMessage, res: ServerResponse) => {
        if (refused.has(req.socket)) return
        handle(req, res).catch((error: unknown) => {
          log.error('callback handler failed: answered 500 (retried by the sender)', { error: (error as Error)?.message })
          reply(res, 500, { success: false, error: 'internal' })
        })
      })
      srv.on('clientError', (err: NodeJS.ErrnoException, socket) => {
        if (!socket.writable) return void socket.destroy()
        // Headers too slow: 503 (retried), never 408 (final for the sender).
        if (err.code === 'ERR_HTTP_REQUEST_TIMEOUT') return void socket.end(rawAnswer('503 Service Unavailable', 'headers_too_slow', 'retry-after: 60\r\n'))
        const status = err.code === 'HPE_HEADER_OVERFLOW' ? '431 Request Header Fields Too Large' : '400 Bad Request'
        socket.end(`HTTP/1.1 ${status}\r\nconnection: close\r\ncontent-length: 0\r\n\r\n`)
      })
      await new Promise<void>((resolve, reject) => {
        const onError = (error: NodeJS.ErrnoException) => {
          srv.off('listening', onListening)
          if (error.code === 'EADDRINUSE') {
            reject(new DeskError('listener_port_in_use', `port ${options.port} on ${host} is already in use`, { data: { host, port: options.port }, cause: error }))
          } else if (error.code === 'EACCES') {
            reject(new DeskError('listener_port_denied', `not allowed to listen on port ${options.port}`, { data: { host, port: options.port }, cause: error }))
          } else {
            reject(new DeskError('listener_failed', `callback listener failed to start: ${error.message}`, { cause: error }))
          }
        }
        const onListening = () => {
          srv.off('error', onError)
          resolve()
        }
        srv.once('error', onError)
        srv.once('listening', onListening)
        srv.listen(options.port, host)
      })
      srv.on('error', (error: Error) => log.error('callback listener error', { error: error.message }))
      server = srv
      const port = (srv.address() as AddressInfo).port
      const shownHost = host.includes(':') ? `[${host}]` : host
      const shown = `${options.tls ? 'https' : 'http'}://${shownHost}:${port}${path}`
      url = shown
      // The store's storm machinery (its checkpoint worker) is up before the first delivery, not started by it.
      try {
        await store.prepareForDeliveries?.(options.readyWaitMs)
      } catch (error) {
        log.warn('history store not prepared for deliveries', { error: (error as Error)?.message })
      }
      return { url: shown }
    },
    async stop() {
      const srv = server
      if (!srv) return
      server = null
      url = null
      bodies.stop()
      await new Promise<void>((resolve) => {
        srv.close(() => resolve())
        srv.closeIdleConnections()
        timers.set(() => srv.closeAllConnections(), 2000)
      })
    },
  }
}
