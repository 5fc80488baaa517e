import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import { Readable } from 'node:stream'
import type { ReadableStream as NodeReadableStream } from 'node:stream/web'

/**
 * Custom schemes (`protocol.handle`): headless Chromium cannot be given a new scheme, so the
 * stand-in serves each registered scheme through a loopback gateway and translates URLs both ways:
 * `app://desk/x` is loaded as `http://desk.app.localhost:<port>/x` (*.localhost is loopback in
 * Chromium, so each scheme host keeps an origin of its own), and everything the app sees (frame
 * URLs, navigations, webRequest details) is given back as `app://desk/x`. The app's handler answers
 * each request, as in Electron.
 */
type Handler = (request: Request) => Response | Promise<Response>

const handlers = new Map<string, Handler>()
let server: Server | null = null
let port = 0
let starting: Promise<void> | null = null

const SUFFIX = '.localhost'

export function setSchemeHandler(scheme: string, handler: Handler | null): void {
  if (handler) handlers.set(scheme, handler)
  else handlers.delete(scheme)
}

export function hasSchemeHandler(scheme: string): boolean {
  return handlers.has(scheme)
}

/** True when `url` uses a scheme the app handles. */
export function isHandledScheme(url: string): boolean {
  try {
    return handlers.has(new URL(url).protocol.slice(0, -1))
  } catch {
    return false
  }
}

/** Starts the gateway (once); resolves when it listens. */
export function startGateway(): Promise<void> {
  starting ??= new Promise<void>((resolve, reject) => {
    server = createServer((req, res) => void answer(req, res))
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      port = (server!.address() as { port: number }).port
      resolve()
    })
  })
  return starting
}

/** Closes the gateway (the app is exiting: its protocol handlers go with it). */
export function stopGateway(): void {
  server?.close()
  server?.closeAllConnections()
  server = null
}

/** `app://desk/x` → the gateway URL Chromium loads; other URLs unchanged. */
export function toGateway(url: string): string {
  if (!port || !isHandledScheme(url)) return url
  const target = new URL(url)
  return `http://${target.host}.${target.protocol.slice(0, -1)}${SUFFIX}:${port}${target.pathname}${target.search}${target.hash}`
}

/** A gateway URL → the app-scheme URL the app sees; other URLs unchanged. */
export function fromGateway(url: string): string {
  if (!port) return url
  let target: URL
  try {
    target = new URL(url)
  } catch {
    return url
  }
  if (target.protocol !== 'http:' || Number(target.port) !== port || !target.hostname.endsWith(SUFFIX)) return url
  const labels = target.hostname.slice(0, -SUFFIX.length).split('.')
  const scheme = labels.pop()!
  if (!handlers.has(scheme)) return url
  return `${scheme}://${labels.join('.')}${target.pathname}${target.search}${target.hash}`
}

async function answer(req: IncomingMessage, res: ServerResponse): Promise<void> {
  try {
    const url = fromGateway(`http://${req.headers.host ?? ''}${req.url ?? '/'}`)
    const handler = handlers.get(new URL(url).protocol.slice(0, -1))
    if (!handler) {
      res.writeHead(404).end()
      return
    }
    const headers = new Headers()
    for (const [name, value] of Object.entries(req.headers)) if (typeof value === 'string' && name !== 'host') headers.set(name, value)
    const hasBody = req.method !== 'GET' && req.method !== 'HEAD'
    const request = new Request(url, { method: req.method, headers, body: hasBody ? (Readable.toWeb(req) as unknown as ReadableStream) : undefined, duplex: 'half' } as RequestInit)
    const response = await handler(request)
    const out: Record<string, string> = {}
    response.headers.forEach((value, name) => (out[name] = value))
    res.writeHead(response.status, out)
    if (!response.body || req.method === 'HEAD') res.end()
    else Readable.fromWeb(response.body as unknown as NodeReadableStream).pipe(res)
  } catch (error) {
    if (!res.headersSent) res.writeHead(500, { 'content-type': 'text/plain' })
    res.end(`protocol handler failed: ${String(error)}`)
  }
}
