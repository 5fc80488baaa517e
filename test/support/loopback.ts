import { afterAll, beforeAll } from 'vitest'
import { createServer, type RequestListener, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'

export interface Loopback {
  server: Server
  /** `http://127.0.0.1:<port>` */
  origin: string
  /** Drops open connections (a hanging answer included), then closes. */
  close(): Promise<void>
}

/** A scripted HTTP server for a test, on 127.0.0.1 at a free port. */
export async function startLoopback(handler: RequestListener): Promise<Loopback> {
  const server = createServer(handler)
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    server,
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    async close() {
      server.closeAllConnections()
      await new Promise<void>((resolve) => server.close(() => resolve()))
    },
  }
}

/** A loopback server for the whole test file: started before its tests, closed after them. */
export function useLoopback(handler: RequestListener): { readonly origin: string } {
  let server: Loopback | null = null
  beforeAll(async () => {
    server = await startLoopback(handler)
  })
  afterAll(() => server?.close())
  return {
    get origin() {
      if (!server) throw new Error('the loopback server starts in beforeAll')
      return server.origin
    },
  }
}
