import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'

/**
 * A loopback proxy in front of a coupon service that can lose ONE placement in a chosen way, for
 * unknown-outcome tests. Each hook is used once (then cleared):
 * - `beforeLoss`: runs, then the placement is dropped before it reaches the service;
 * - `hold`: the placement waits for this promise, then is forwarded;
 * - `afterCommit`: the placement is forwarded (so it is created), the hook runs, then the answer is lost.
 */
export interface PlacementProxy {
  url: string
  beforeLoss: (() => Promise<void>) | null
  hold: Promise<void> | null
  afterCommit: ((body: Buffer) => Promise<void>) | null
  close(): Promise<void>
}

const PLACE = '/api/partner/coupons/place'

export async function startPlacementProxy(upstream: string): Promise<PlacementProxy> {
  const proxy: PlacementProxy = { url: '', beforeLoss: null, hold: null, afterCommit: null, close: async () => undefined }
  const take = <K extends 'beforeLoss' | 'hold' | 'afterCommit'>(key: K): PlacementProxy[K] => {
    const value = proxy[key]
    proxy[key] = null as PlacementProxy[K]
    return value
  }
  const server = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (c: Buffer) => chunks.push(c))
    req.on('end', async () => {
      const placing = req.url?.startsWith(PLACE) === true
      const lose = placing ? take('beforeLoss') : null
      if (lose) {
        await lose()
        req.socket.destroy() // lost before it reached the service
        return
      }
      const held = placing ? take('hold') : null
      if (held) await held
      try {
        const headers: Record<string, string> = { 'content-type': 'application/json' }
        if (req.headers.authorization) headers.authorization = req.headers.authorization
        const body = chunks.length ? Buffer.concat(chunks) : undefined
        const up = await fetch(upstream + (req.url ?? '/'), { method: req.method, headers, body })
        const text = await up.text()
        const committed = placing ? take('afterCommit') : null
        if (committed) {
          await committed(body ?? Buffer.alloc(0))
          req.socket.destroy() // created by the service, answer lost
          return
        }
        res.writeHead(up.status, { 'content-type': 'application/json' })
        res.end(text)
      } catch {
        req.socket.destroy() // the service dropped the connection: so do we
      }
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()))
  proxy.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  proxy.close = async () => {
    server.closeAllConnections()
    await new Promise<void>((resolve) => server.close(() => resolve()))
  }
  return proxy
}
