import { createServer, type IncomingMessage, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { randomBytes, timingSafeEqual } from 'node:crypto'
import { readFile, stat } from 'node:fs/promises'
import { extname, join, normalize, sep } from 'node:path'
import { WebSocketServer, type WebSocket } from 'ws'
import type { DeskEvent } from '../../src-preload/contract.js'
import type { Dispatch } from '../core/shared/dispatch.js'

/**
 * The loopback bridge: serves the built renderer to a browser and speaks the contract over a
 * WebSocket. It is the browser's stand-in for preload + IPC, so it keeps the same guarantees:
 * loopback only, a random per-launch token (the page reads it from the URL fragment, which is never
 * sent to the server), the Origin of the upgrade must be this server, and every call goes through
 * the same dispatcher (zod validation, `{ok:false}` errors).
 */
export interface WebBridgeOptions {
  staticDir: string
  dispatch: Dispatch
  /** Subscribe to pushed events; returns unsubscribe. */
  subscribe: (listener: (event: DeskEvent) => void) => () => void
  port?: number
  token?: string
  maxMessageBytes?: number
}

export interface WebBridge {
  url: string
  origin: string
  token: string
  close(): Promise<void>
}

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.webp': 'image/webp',
  '.woff2': 'font/woff2',
  '.json': 'application/json',
  '.ico': 'image/x-icon',
}

const HOST = '127.0.0.1'

function sameToken(a: string, b: string): boolean {
  const left = Buffer.from(a)
  const right = Buffer.from(b)
  return left.length === right.length && timingSafeEqual(left, right)
}

export async function startWebBridge(options: WebBridgeOptions): Promise<WebBridge> {
  const token = options.token ?? randomBytes(24).toString('base64url')
  const root = normalize(options.staticDir)
  let origin = ''

  const server: Server = createServer(async (req, res) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405).end()
      return
    }
    const pathname = decodeURIComponent(new URL(req.url ?? '/', origin || 'http://x').pathname)
    const file = normalize(join(root, pathname === '/' ? 'index.html' : pathname))
    if (file !== root && !file.startsWith(root + sep)) {
      res.writeHead(403).end()
      return
    }
    try {
      const info = await stat(file)
      if (!info.isFile()) throw new Error('not a file')
      res.writeHead(200, {
        'content-type': TYPES[extname(file)] ?? 'application/octet-stream',
        'cache-control': 'no-store',
        'x-content-type-options': 'nosniff',
        'referrer-policy': 'no-referrer',
      })
      res.end(req.method === 'HEAD' ? undefined : await readFile(file))
    } catch {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('not found')
    }
  })

  const wss = new WebSocketServer({ noServer: true, maxPayload: options.maxMessageBytes ?? 1024 * 1024 })
  server.on('upgrade', (req: IncomingMessage, socket, head) => {
    const url = new URL(req.url ?? '/', origin)
    const offered = url.searchParams.get('token') ?? ''
    if (url.pathname !== '/desk' || req.headers.origin !== origin || !sameToken(offered, token)) {
      socket.write('HTTP/1.1 403 Forbidden\r\nConnection: close\r\n\r\n')
      socket.destroy()
      return
    }
    wss.handleUpgrade(req, socket, head, (ws) => wss.emit('connection', ws, req))
  })

  wss.on('connection', (ws: WebSocket) => {
    const unsubscribe = options.subscribe((event) => {
      if (ws.readyState === ws.OPEN) ws.send(JSON.stringify({ event }))
    })
    ws.on('close', unsubscribe)
    ws.on('message', async (data) => {
      let message: { id?: unknown; channel?: unknown; payload?: unknown }
      try {
        message = JSON.parse(data.toString())
      } catch {
        ws.send(JSON.stringify({ id: null, result: { ok: false, code: 'bad_message', message: 'Malformed JSON message' } }))
        return
      }
      const id = typeof message.id === 'number' || typeof message.id === 'string' ? message.id : null
      const channel = typeof message.channel === 'string' ? message.channel : ''
      const result = await options.dispatch(channel, message.payload)
      if (ws.readyState === ws.OPEN) ws.send(JSON.stringify({ id, result }))
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
