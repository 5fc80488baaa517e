import { createServer, type IncomingHttpHeaders } from 'node:http'
import type { AddressInfo } from 'node:net'

/**
 * A loopback proxy in front of the simulator that counts every request by `METHOD /path` (what
 * "one upstream request per key per interval" is measured on) and can hold requests whose path
 * matches until released (a read in flight during a profile switch).
 */
export interface CountingProxy {
  /** The proxy's origin: swap it for the upstream origin in a profile's URLs. */
  url: string
  /** Requests seen, by `METHOD /path` (query left out). */
  counts(): Record<string, number>
  /** Requests whose path contains `part`. */
  count(method: string, part: string): number
  /** Requests answered or failed so far vs received: equal when nothing is in flight. */
  inFlight(): number
  /** Holds matching requests until `release()`; resolves each time one is held. */
  hold(match: (path: string) => boolean): void
  held(): number
  release(): void
  close(): Promise<void>
}

const HOP = new Set(['host', 'connection', 'content-length', 'transfer-encoding', 'keep-alive'])

function forwardHeaders(headers: IncomingHttpHeaders): Record<string, string> {
  const out: Record<string, string> = {}
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined || HOP.has(name)) continue
    out[name] = Array.isArray(value) ? value.join(', ') : value
  }
  return out
}

export async function startCountingProxy(upstreamOrigin: string): Promise<CountingProxy> {
  const counts: Record<string, number> = {}
  let open = 0
  let holding: ((path: string) => boolean) | null = null
  let waiting: Array<() => void> = []
  const server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname
    const key = `${req.method} ${path}`
    counts[key] = (counts[key] ?? 0) + 1
    open++
    const chunks: Buffer[] = []
    req.on('data', (c: Buffer) => chunks.push(c))
    req.on('end', async () => {
      try {
        if (holding?.(path)) await new Promise<void>((resolve) => waiting.push(resolve))
        const body = chunks.length ? Buffer.concat(chunks) : undefined
        const up = await fetch(upstreamOrigin + (req.url ?? '/'), { method: req.method, headers: forwardHeaders(req.headers), body })
        const text = Buffer.from(await up.arrayBuffer())
        const headers: Record<string, string> = {}
        up.headers.forEach((value, name) => {
          if (!HOP.has(name) && name !== 'content-encoding') headers[name] = value
        })
        res.writeHead(up.status, headers)
        res.end(text)
      } catch {
        req.socket.destroy()
      } finally {
        open--
      }
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()))
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  return {
    url,
    counts: () => ({ ...counts }),
    count: (method, part) => Object.entries(counts).filter(([k]) => k.startsWith(`${method} `) && k.includes(part)).reduce((n, [, v]) => n + v, 0),
    inFlight: () => open,
    hold(match) {
      holding = match
    },
    held: () => waiting.length,
    release() {
      holding = null
      const go = waiting
      waiting = []
      go.forEach((resolve) => resolve())
    },
    async close() {
      server.closeAllConnections()
      await new Promise<void>((resolve) => server.close(() => resolve()))
    },
  }
}
