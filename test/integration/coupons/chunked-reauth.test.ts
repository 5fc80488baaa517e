import { mkdtempSync, rmSync } from 'node:fs'
import { createServer, type IncomingMessage, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { createCouponClient } from '../../../src-main/core/coupons/index.js'
import { run } from '../../unit/cli/helpers.js'

/**
 * Issue 8 #17: a read split into chunks (ids over 100, periods over 24 h; new and legacy) meets one
 * 401 / legacy 1003 on a later chunk although its token had just been accepted. The client signs in
 * again once, retries that chunk and finishes the read; it stops only when a fresh token is refused
 * at once. A loopback service: tokens `t1`, `t2`, …; `refuse` lists tokens it answers 401/1003 to
 * once they have been accepted `acceptBeforeRefusal` times.
 */
let server: Server
let base: string
let issued = 0
let accepted = new Map<string, number>()
let acceptBeforeRefusal = 1
let refuseAlways = false

let served = 0

const env = (body: unknown, code = 1, errorCode: number | null = null) => JSON.stringify({ code, body, error_code: errorCode, error_message: errorCode ? 'refused' : null, date: Date.now() })

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = []
    req.on('data', (c: Buffer) => chunks.push(c))
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')))
  })
}

beforeAll(async () => {
  server = createServer(async (req, res) => {
    await readBody(req)
    const path = new URL(req.url ?? '/', 'http://x').pathname
    res.setHeader('content-type', 'application/json')
    if (path === '/api/partner/login' || path === '/api/v2/login') {
      res.end(env({ token: `t${++issued}`, username: 'demo' }))
      return
    }
    const token = (req.headers.authorization ?? '').replace(/^Bearer /, '')
    const legacy = path === '/coupons/list'
    const seen = accepted.get(token) ?? 0
    // The token is refused once it served `acceptBeforeRefusal` chunks (a revocation mid-read), or always.
    const refuse = token === 't1' ? seen >= acceptBeforeRefusal : refuseAlways
    if (refuse || !token) {

      // Let the accepted chunks' answers go out first, as a real server would have.
      await new Promise((r) => setTimeout(r, 50))
      if (legacy) res.end(env(false, 0, 1003))
      else {
        res.statusCode = 401
        res.end(env(null, 0, null))
      }
      return
    }
    accepted.set(token, seen + 1)
    served++
    res.end(legacy ? env([]) : env({ query_type: 'ids', coupons: [] }))
  })
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()))
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})
afterAll(async () => {
  await new Promise<void>((r) => server.close(() => r()))
})
beforeEach(() => {
  issued = 0
  accepted = new Map()
  acceptBeforeRefusal = 1
  refuseAlways = false

  served = 0
})

const ids = Array.from({ length: 250 }, (_, i) => String(i + 1).padStart(12, '0'))
const client = (mode: 'new' | 'legacy') => createCouponClient({ baseURL: base, mode, credentials: async () => ({ username: 'demo', password: 'x' }), retryDelayMs: 1 })

describe('a chunked read that meets one 401 / 1003 on a later chunk (issue 8 #17)', () => {
  it('new, ids over 100 (3 chunks in parallel): signs in again once and finishes', async () => {
    await expect(client('new').resultsByIds(ids)).resolves.toEqual([])
    expect(served).toBe(3)
    expect(issued).toBe(2)
  })
  it('new, a period over 24 h: signs in again once and finishes', async () => {
    const now = Date.now()
    await expect(client('new').resultsByPeriod(now - 70 * 3600_000, now)).resolves.toEqual([])
    expect(served).toBe(3)
    expect(issued).toBe(2)
  })
  it('legacy 1003 on a later window of the list: signs in again once and finishes', async () => {
    const now = Date.now()
    await expect(client('legacy').resultsByPeriod(now - 70 * 3600_000, now)).resolves.toEqual([])
    expect(served).toBe(3)
    expect(issued).toBe(2)
  })
  it('a fresh token refused at once stops with auth_failed (no loop)', async () => {
    acceptBeforeRefusal = 0
    refuseAlways = true
    await expect(client('new').resultsByIds(ids)).rejects.toMatchObject({ code: 'auth_failed' })
    expect(issued).toBeLessThanOrEqual(2)
    expect(served).toBe(0)
  })
  it('desk coupons results --ids (250 codes): exit 0, not 4', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'desk-chunk-'))
    try {
      const r = await run(['coupons', 'results', '--ids', ids.join(','), '--json', '--data-dir', dataDir, '--coupon-url', base, '--feed-url', `${base}/feed`, '--username', 'demo'], {
        env: { DESK_PASSWORD: 'x' },
      })
      expect(r.code, r.stderr).toBe(0)
      expect(r.json()).toEqual([])
      expect(served).toBe(3)
    } finally {
      rmSync(dataDir, { recursive: true, force: true })
    }
  })
})
