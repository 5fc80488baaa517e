import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { capture, captureText } from './captures.js'

/**
 * A loopback Coupon Client API that answers with the vendor's real captures, byte for byte
 * (HTTP 200, business errors in the envelope as the spec says). It records every request so a
 * test can check what the client sent.
 */
export interface SeenRequest {
  method: string
  path: string
  query: URLSearchParams
  authorization: string | undefined
  body: unknown
}

export interface CaptureServer {
  url: string
  requests: SeenRequest[]
  /** The capture the next placements answer with (default `place-success-single`). */
  placeAnswer(name: string): void
  close(): Promise<void>
}

const KNOWN_CODE = '000000000272'

function readBody(req: IncomingMessage): Promise<unknown> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = []
    req.on('data', (c: Buffer) => chunks.push(c))
    req.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8')
      try {
        resolve(text ? JSON.parse(text) : undefined)
      } catch {
        resolve(text)
      }
    })
  })
}

export async function startCaptureServer(): Promise<CaptureServer> {
  const requests: SeenRequest[] = []
  let placement = 'place-success-single'
  const token = (capture('login-success').body as { token: string }).token

  const send = (res: ServerResponse, name: string, status = 200) => {
    const text = captureText(name)
    res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) })
    res.end(text)
  }

  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1')
    const body = req.method === 'POST' ? await readBody(req) : undefined
    requests.push({ method: req.method ?? '', path: url.pathname, query: url.searchParams, authorization: req.headers.authorization, body })
    const route = `${req.method} ${url.pathname}`
    if (route === 'GET /api/partner/health') return send(res, 'health')
    if (route === 'POST /api/partner/login') {
      const creds = body as { username?: string; password?: string } | undefined
      const expected = capture('login-request')
      return send(res, creds?.username === expected.username && creds?.password === expected.password ? 'login-success' : 'login-wrong-credentials')
    }
    if (req.headers.authorization !== `Bearer ${token}`) {
      res.writeHead(401, { 'content-length': '0' })
      return res.end()
    }
    switch (route) {
      case 'GET /api/partner/coupons/get':
        return send(res, url.searchParams.get('coupon_code') === KNOWN_CODE ? 'get-won' : 'get-not-found')
      case 'GET /api/partner/coupons/active':
        return send(res, 'active')
      case 'GET /api/partner/coupons/calculated':
        return send(res, 'calculated-settled')
      case 'GET /api/partner/balance':
        return send(res, 'balance')
      case 'POST /api/partner/coupons/place':
        return send(res, placement)
      case 'POST /api/partner/coupons/results': {
        const b = (body ?? {}) as { coupon_ids?: unknown; start_date?: unknown; end_date?: unknown }
        if (Array.isArray(b.coupon_ids)) return send(res, b.coupon_ids.includes(KNOWN_CODE) ? 'results-by-ids' : 'results-empty')
        if (typeof b.start_date === 'number' && typeof b.end_date === 'number') return send(res, 'results-by-ids')
        return send(res, 'results-invalid-parameters')
      }
      default:
        res.writeHead(404, { 'content-length': '0' })
        res.end()
    }
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    placeAnswer: (name) => void (placement = name),
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve())
        server.closeAllConnections()
      }),
  }
}
