import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createHttp } from '../../../src-main/core/coupons/http.js'

/**
 * Issue 8 #15: a read that times out is retried, and the retry must really reach the server
 * (each attempt gets its own timeout; an aborted signal must not be reused).
 */
let server: Server
let base: string
let hits = 0
let slowLeft = 0

beforeAll(async () => {
  server = createServer((req, res) => {
    hits++
    if (slowLeft > 0) {
      slowLeft--
      const t = setTimeout(() => res.end('{"code":1,"body":"late"}'), 1500)
      res.on('close', () => clearTimeout(t))
      return
    }
    res.writeHead(200, { 'content-type': 'application/json' })
    res.end('{"code":1,"body":"ok"}')
  })
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()))
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})
afterAll(async () => {
  server.closeAllConnections()
  await new Promise<void>((r) => server.close(() => r()))
})

describe('read retries after a timeout (issue 8 #15)', () => {
  it('the retry reaches the server and the read succeeds', async () => {
    hits = 0
    slowLeft = 1
    const http = createHttp({ baseURL: base, timeoutMs: 300, readRetries: 2, retryDelayMs: 1 })
    const answer = await http.request({ method: 'GET', path: '/x', context: 'read' })
    expect(answer.status).toBe(200)
    expect(answer.text).toContain('ok')
    expect(hits).toBe(2)
  })
  it('every attempt times out on its own: 1 + readRetries hits, then coupon_timeout', async () => {
    hits = 0
    slowLeft = 3
    const http = createHttp({ baseURL: base, timeoutMs: 200, readRetries: 2, retryDelayMs: 1 })
    await expect(http.request({ method: 'GET', path: '/x', context: 'read' })).rejects.toMatchObject({ code: 'coupon_timeout' })
    expect(hits).toBe(3)
  })
  it('a placement that times out is not sent again', async () => {
    hits = 0
    slowLeft = 1
    const http = createHttp({ baseURL: base, timeoutMs: 200, readRetries: 2, retryDelayMs: 1 })
    await expect(http.request({ method: 'POST', path: '/p', body: {}, context: 'place' })).rejects.toMatchObject({ code: 'coupon_timeout' })
    expect(hits).toBe(1)
  })
})
