import { describe, expect, it } from 'vitest'
import { createHttp } from '../../../src-main/core/coupons/http.js'
import { useLoopback } from '../../support/loopback.js'

// The simulator never sends Retry-After; this tiny server does, to check the read backoff honours it.
const hits: number[] = []
let failuresLeft = 0

const server = useLoopback((req, res) => {
  hits.push(Date.now())
  if (failuresLeft > 0) {
    failuresLeft--
    res.writeHead(503, { 'retry-after': '0.3', 'content-type': 'application/json' })
    res.end('{"code":0,"error_code":10000}')
    return
  }
  res.writeHead(200, { 'content-type': 'application/json' })
  res.end('{"code":1,"body":"ok"}')
})

describe('http layer', () => {
  it('a read waits for Retry-After before retrying', async () => {
    hits.length = 0
    failuresLeft = 1
    const http = createHttp({ baseURL: server.origin, timeoutMs: 2000, readRetries: 2, retryDelayMs: 1 })
    const answer = await http.request({ method: 'GET', path: '/x', context: 'read' })
    expect(answer.status).toBe(200)
    expect(hits).toHaveLength(2)
    expect(hits[1] - hits[0]).toBeGreaterThanOrEqual(250)
  })
  it('a placement is sent once whatever the answer', async () => {
    hits.length = 0
    failuresLeft = 1
    const http = createHttp({ baseURL: server.origin, timeoutMs: 2000, readRetries: 2, retryDelayMs: 1 })
    const answer = await http.request({ method: 'POST', path: '/p', body: { a: 1 }, context: 'place' })
    expect(answer.status).toBe(503)
    expect(answer.text).toContain('10000')
    expect(hits).toHaveLength(1)
  })
})
