import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { Duplex } from 'node:stream'
import type { AddressInfo } from 'node:net'
import { randomBytes, timingSafeEqual } from 'node:crypto'
import { readFile } from 'node:fs/promises'
import { join, normalize, sep } from 'node:path'
import type { Readable } from 'node:stream'
import { lookup } from 'mrmime'
import sirv from 'sirv'
import { WebSocketServer, type WebSocket } from 'ws'
import type { DeskEvent } from '../../src-shared/contract.js'
import { createCallerScopes, type CallerScope, type Dispatch } from '../core/shared/dispatch.js'
import { createJsonEncoder, type JsonMessage } from './json-bytes.js'

/**
 * The loopback bridge: serves the built renderer to a browser and speaks the contract over a
 * WebSocket. It is the browser's stand-in for preload + IPC, so it keeps the same guarantees:
 * loopback only, a random per-launch token (the page reads it from the URL fragment, which is never
 * sent to the server), the Origin of the upgrade must be this server, and every call goes through
 * the same dispatcher (zod validation, `{ok:false}` errors). Each socket is one caller: `watch.*`
 * events go only to the socket that subscribed, and its subscriptions end when it closes.
 */
export interface WebBridgeOptions {
  /** The built renderer: the very files the desktop app ships (out/renderer). */
  staticDir: string
  /**
   * The browser's stand-in for the preload, built on its own (dist-web/desk-shim.js): served as
   * `/__desk_shim__.js` and loaded by the page before the app. Absent: the page is served as is.
   */
  shimFile?: string
  /** Sent as `Content-Security-Policy` with every file (the header Electron sends with app://). */
  csp?: string
  dispatch: Dispatch
  /** Subscribe to pushed events; returns unsubscribe. */
  subscribe: (listener: (event: DeskEvent) => void) => () => void
  port?: number
  token?: string
  maxMessageBytes?: number
  /** Where a failure that is not the client's goes (a handler bug, a socket error). Default: stderr. */
  onError?: (what: string, error: unknown) => void
}

export interface WebBridge {
  url: string
  origin: string
  token: string
  close(): Promise<void>
}

const HOST = '127.0.0.1'
export const SHIM_PATH = '/__desk_shim__.js'

/** The page with the shim's module script first in <head>: module scripts run in document order. */
export function withShim(html: string): string {
  const tag = `<script type="module" src=".${SHIM_PATH}"></script>`
  const head = /<head[^>]*>/i.exec(html)
  const at = head ? head.index + head[0].length : 0
  return `${html.slice(0, at)}\n    ${tag}${html.slice(at)}`
}

function sameToken(a: string, b: string): boolean {
  const left = Buffer.from(a)
  const right = Buffer.from(b)
  return left.length === right.length && timingSafeEqual(left, right)
}

/**
 * The request target as a decoded path, or null when it is not a well-formed origin-form target
 * (`/path?query`): absolute or authority forms, `//host…` (which a URL parser would read as another
 * host, port included), bad percent-encoding, NUL or other control characters.
 */
export function targetOf(rawTarget: string | undefined): { pathname: string; searchParams: URLSearchParams } | null {
  const target = rawTarget ?? ''
  if (!target.startsWith('/') || target.startsWith('//') || target.length > 8192) return null
  try {
    const url = new URL(`http://127.0.0.1${target}`)
    const pathname = decodeURIComponent(url.pathname)
    // eslint-disable-next-line no-control-regex
    if (/[\u0000-\u001f\u007f]/.test(pathname)) return null
    return { pathname, searchParams: url.searchParams }
  } catch {
    return null
  }
}

function refuseSocket(socket: Duplex, status: 400 | 403): void {
  const text = status === 400 ? 'Bad Request' : 'Forbidden'
  if (socket.destroyed) return
  if (socket.writable) socket.end(`HTTP/1.1 ${status} ${text}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`)
  else socket.destroy()
}

export async function startWebBridge(options: WebBridgeOptions): Promise<WebBridge> {
  const token = options.token ?? randomBytes(24).toString('base64url')
  const root = normalize(options.staticDir)
  let origin = ''
  const report = options.onError ?? ((what: string, error: unknown) => process.stderr.write(`web bridge: ${what}: ${error instanceof Error ? error.message : String(error)}\n`))

  // Every handler is wrapped: nothing a client sends may end the process.
  const server: Server = createServer((req, res) => {
    serveStatic(req, res).catch((error: unknown) => {
      report('request failed', error)
      if (!res.headersSent) res.writeHead(400, { 'content-type': 'text/plain' }).end('bad request')
      else res.destroy()
    })
  })
  server.on('clientError', (_error, socket) => refuseSocket(socket, 400))

  // The headers every file answer carries; the content type is the library's (mrmime).
  const files = sirv(root, {
    dev: true, // read per request: a rebuilt renderer is served without a restart
    extensions: [],
    setHeaders(res, pathname) {
      fileHeaders(res)
      if (!lookup(pathname)) res.setHeader('content-type', 'application/octet-stream')
    },
  })

  function fileHeaders(res: ServerResponse): void {
    res.setHeader('cache-control', 'no-store')
    res.setHeader('x-content-type-options', 'nosniff')
    res.setHeader('referrer-policy', 'no-referrer')
    if (options.csp) res.setHeader('content-security-policy', options.csp)
  }

  /** The page and the shim, when a shim is given: read per request like the other files. */
  async function serveShimmed(pathname: string, req: IncomingMessage, res: ServerResponse): Promise<boolean> {
    if (!options.shimFile || (pathname !== '/index.html' && pathname !== SHIM_PATH)) return false
    const page = pathname === '/index.html'
    const body = page ? withShim(await readFile(join(root, 'index.html'), 'utf8')) : await readFile(options.shimFile, 'utf8')
    fileHeaders(res)
    res.writeHead(200, { 'content-type': page ? 'text/html; charset=utf-8' : 'text/javascript; charset=utf-8', 'content-length': Buffer.byteLength(body) })
    res.end(req.method === 'HEAD' ? undefined : body)
    return true
  }

  async function serveStatic(req: IncomingMessage, res: ServerResponse): Promise<void> {
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405).end()
      return
    }
    const target = targetOf(req.url)
    if (!target) {
      res.writeHead(400, { 'content-type': 'text/plain' }).end('bad request')
      return
    }
    const pathname = target.pathname === '/' ? '/index.html' : target.pathname
    const file = normalize(join(root, pathname))
    if (file !== root && !file.startsWith(root + sep)) {
      res.writeHead(403).end()
      return
    }
    if (await serveShimmed(pathname, req, res)) return
    // The library is handed exactly the path checked above, and whole files only.
    req.url = encodeURI(pathname).replace(/\?/g, '%3F').replace(/#/g, '%23')
    delete req.headers.range
    // A file that vanishes between the library's stat and its read would be an unhandled stream error.
    res.once('pipe', (source: Readable) =>
      source.once('error', (error) => {
        report('reading a file failed', error)
        res.destroy()
      }),
    )
    files(req, res, () => {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('not found')
    })
  }

  const wss = new WebSocketServer({ noServer: true, maxPayload: options.maxMessageBytes ?? 1024 * 1024 })
  wss.on('error', (error) => report('websocket server error', error))
  server.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    socket.on('error', () => socket.destroy())
    try {
      const target = targetOf(req.url)
      if (!target) return refuseSocket(socket, 400)
      const offered = target.searchParams.get('token') ?? ''
      if (target.pathname !== '/desk' || req.headers.origin !== origin || !sameToken(offered, token)) return refuseSocket(socket, 403)
      wss.handleUpgrade(req, socket, head, (ws) => wss.emit('connection', ws, req))
    } catch (error) {
      report('upgrade failed', error)
      refuseSocket(socket, 400)
    }
  })

  // The JSON text goes as UTF-8 bytes made in pieces (json-bytes.ts), still in a text frame; the
  // buffer is reused once the socket has written it.
  const encoder = createJsonEncoder()
  const send = (ws: WebSocket, message: unknown) => {
    if (ws.readyState !== ws.OPEN) return
    let encoded: JsonMessage
    try {
      encoded = encoder.encode(message)
    } catch (error) {
      report('unserialisable message', error)
      const id = (message as { id?: unknown }).id ?? null
      encoded = encoder.encode({ id, result: { ok: false, code: 'internal', message: 'Internal error; see the application log.', epoch: options.dispatch.epoch() } })
    }
    ws.send(encoded.bytes, { binary: false }, () => encoded.done())
  }

  const BAD_MESSAGE = { ok: false, code: 'bad_message', message: 'Malformed JSON message' } as const
  const scopes = createCallerScopes(options.dispatch)

  async function onMessage(ws: WebSocket, scope: CallerScope, data: unknown): Promise<void> {
    let message: unknown
    try {
      message = JSON.parse(String(data))
    } catch {
      return send(ws, { id: null, result: { ...BAD_MESSAGE, epoch: options.dispatch.epoch() } })
    }
    if (!message || typeof message !== 'object' || Array.isArray(message)) return send(ws, { id: null, result: { ...BAD_MESSAGE, epoch: options.dispatch.epoch() } })
    const m = message as { id?: unknown; channel?: unknown; payload?: unknown }
    const id = typeof m.id === 'number' || typeof m.id === 'string' ? m.id : null
    const channel = typeof m.channel === 'string' ? m.channel : ''
    send(ws, { id, result: await scope.dispatch(channel, m.payload) })
  }

  wss.on('connection', (ws: WebSocket) => {
    const scope = scopes.open()
    const unsubscribe = options.subscribe((event) => {
      if (scope.wants(event)) send(ws, { event })
    })
    ws.on('close', () => {
      unsubscribe()
      scope.release().catch((error: unknown) => report('releasing subscriptions failed', error))
    })
    // Without a listener a malformed frame would be an uncaught 'error' event.
    ws.on('error', () => ws.terminate())
    ws.on('message', (data) => {
      onMessage(ws, scope, data).catch((error: unknown) => {
        report('message failed', error)
        send(ws, { id: null, result: { ok: false, code: 'internal', message: 'Internal error; see the application log.', epoch: options.dispatch.epoch() } })
      })
    })
  })

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(options.port ?? 0, HOST, () => resolve())
  })
  const { port } = server.address() as AddressInfo
  origin = `http://${HOST}:${port}`

  return {
    url: `${origin}/#token=${token}`,
    origin,
    token,
    async close() {
      for (const client of wss.clients) client.terminate()
      wss.close()
      server.closeAllConnections()
      await new Promise<void>((resolve) => server.close(() => resolve()))
    },
  }
}
