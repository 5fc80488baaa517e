import { createServer as createHttpServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import { createServer as createHttpsServer } from 'node:https'
import type { AddressInfo } from 'node:net'
import { systemClock, type Clock } from '../shared/clock.js'
import { DeskError } from '../shared/errors.js'
import type { TimelineStore } from '../timeline/store.js'
import type { DeliveryVerdict } from '../timeline/types.js'
import { readLimitedBody } from './body.js'
import { callbackPayloadSchema } from './schema.js'
import { SIGNATURE_HEADER, verifySignature } from './signature.js'

export interface CallbackListenerOptions {
  host?: string
  /** 0 picks a free port. */
  port: number
  path?: string
  secret: string | Buffer
  store: Pick<TimelineStore, 'applyBatch' | 'recordRejected'>
  tls?: { cert: string | Buffer; key: string | Buffer }
  maxBodyBytes?: number
  clock?: Clock
  /** Time allowed for the request headers (ms). Default 5000. */
  headersTimeoutMs?: number
  /** Time allowed for the whole body once headers are in (ms). Default 10000. */
  bodyTimeoutMs?: number
  /** Keep an inspector row (no payload) for rejected deliveries. Default true. */
  recordRejected?: boolean
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

function reply(res: ServerResponse, status: number, body: unknown, extra: Record<string, string> = {}): void {
  if (res.headersSent || res.destroyed) return
  const text = JSON.stringify(body)
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'content-length': String(Buffer.byteLength(text)), ...extra })
  res.end(text)
}

export function createCallbackListener(options: CallbackListenerOptions): CallbackListener {
  const host = options.host ?? '127.0.0.1'
  const path = options.path ?? '/callbacks'
  const maxBodyBytes = options.maxBodyBytes ?? MIB
  const clock = options.clock ?? systemClock
  const headersTimeout = options.headersTimeoutMs ?? 5000
  const bodyTimeout = options.bodyTimeoutMs ?? 10_000
  const keepRejected = options.recordRejected ?? true
  const { store, secret } = options
  let server: Server | null = null
  let url: string | null = null

  const notify = (event: DeliveryEvent) => {
    try {
      options.onDelivery?.(event)
    } catch {
      // observers never affect the answer
    }
  }

  function reject(res: ServerResponse, status: number, reason: string, rawSize: number, verdict: DeliveryVerdict, close = false): void {
    if (keepRejected) {
      try {
        store.recordRejected({ receivedAt: clock.now(), rawSize, answerStatus: status, verdict, note: reason })
      } catch {
        // the inspector row is best effort; the answer does not depend on it
      }
    }
    reply(res, status, { success: false, error: reason }, close ? { connection: 'close' } : {})
    notify({ status, reason, batchId: null, processed: null, duplicate: false })
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const pathname = (req.url ?? '/').split('?')[0]
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
    if (Number.isFinite(declared) && declared > maxBodyBytes) {
      reject(res, 413, 'body_too_large', declared, 'unchecked', true)
      return
    }
    const read = await readLimitedBody(req, maxBodyBytes, bodyTimeout)
    if (!read.ok) {
      if (read.reason === 'aborted') return
      if (read.reason === 'too_large') reject(res, 413, 'body_too_large', maxBodyBytes + 1, 'unchecked', true)
      else reject(res, 408, 'body_timeout', 0, 'unchecked', true)
      return
    }
    const body = read.body
    const receivedAt = clock.now()
    const verdict = verifySignature(secret, body, req.headersDistinct[SIGNATURE_HEADER])
    if (!verdict.ok) {
      reject(res, 401, verdict.reason, body.length, 'forged')
      return
    }
    let json: unknown
    try {
      json = JSON.parse(body.toString('utf8'))
    } catch {
      reject(res, 400, 'malformed_json', body.length, 'valid')
      return
    }
    const parsed = callbackPayloadSchema.safeParse(json)
    if (!parsed.success) {
      reject(res, 400, 'schema_invalid', body.length, 'valid')
      return
    }
    const batch = parsed.data
    try {
      const result = store.applyBatch(batch, { receivedAt, rawSize: body.length, rawBody: body.toString('utf8') })
      reply(res, 200, { success: true, processed: result.processed })
      notify({ status: 200, reason: result.duplicate ? 'duplicate' : 'applied', batchId: batch.batchId, clientId: batch.clientId ?? null, processed: result.processed, duplicate: result.duplicate })
    } catch {
      // Storage failed: a temporary error so the service retries (never a 4xx, which would be final).
      reply(res, 503, { success: false, error: 'storage_unavailable' }, { 'retry-after': '60' })
      notify({ status: 503, reason: 'storage_unavailable', batchId: batch.batchId, processed: null, duplicate: false })
    }
  }

  return {
    get url() {
      return url
    },
    async start() {
      if (server) throw new DeskError('listener_running', 'callback listener already started')
      const serverOptions = {
        headersTimeout,
        requestTimeout: headersTimeout + bodyTimeout + 1000,
        connectionsCheckingInterval: 500,
        keepAliveTimeout: 5000,
      }
      const srv: Server = options.tls
        ? (createHttpsServer({ ...serverOptions, cert: options.tls.cert, key: options.tls.key }) as unknown as Server)
        : createHttpServer(serverOptions)
      srv.on('request', (req: IncomingMessage, res: ServerResponse) => {
        handle(req, res).catch(() => reply(res, 500, { success: false, error: 'internal' }))
      })
      srv.on('clientError', (err: NodeJS.ErrnoException, socket) => {
        if (!socket.writable) return void socket.destroy()
        const status =
          err.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? '408 Request Timeout'
            : err.code === 'HPE_HEADER_OVERFLOW' ? '431 Request Header Fields Too Large'
              : '400 Bad Request'
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
      server = srv
      const port = (srv.address() as AddressInfo).port
      const shownHost = host.includes(':') ? `[${host}]` : host
      url = `${options.tls ? 'https' : 'http'}://${shownHost}:${port}${path}`
      return { url }
    },
    async stop() {
      const srv = server
      if (!srv) return
      server = null
      url = null
      await new Promise<void>((resolve) => {
        srv.close(() => resolve())
        srv.closeIdleConnections()
        setTimeout(() => srv.closeAllConnections(), 2000).unref()
      })
    },
  }
}
