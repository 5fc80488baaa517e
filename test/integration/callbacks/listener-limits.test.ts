import { afterEach, describe, expect, it } from 'vitest'
import { connect, type Socket } from 'node:net'
import { request } from 'node:http'
import { join } from 'node:path'
import { createCallbackListener, DEFAULT_MAX_BODY_BYTES, type CallbackListener } from '../../../src-main/core/callbacks/listener.js'
import { signPayload } from '../../../src-main/core/callbacks/signature.js'
import { createLogger } from '../../../src-main/core/shared/log.js'
import { openTimelineStore, type TimelineStore } from '../../../src-main/core/timeline/store.js'
import { batch, deliver, send, tempDir } from './helpers.js'

const SECRET = 'limits-secret'
const CYRILLIC = 'Расчёт произведён вручную после пересмотра результата матча, ставка пересчитана по итоговому счёту '

/** A bet in the vendor's real callback shape (real-service-notes), every text field long and Cyrillic. */
function realBet(i: number) {
  return {
    uuid: String(900_000_000 + i),
    status: 1,
    calculate_coefficient: 1.875,
    calculate_date: 1_784_897_500_000,
    calculate_score: '2:1 (1:0, 1:1) ' + CYRILLIC.slice(0, 40),
    settlement_reason_code: 'РУЧНОЙ_РАСЧЁТ_ПОСЛЕ_ПЕРЕСМОТРА_РЕЗУЛЬТАТА',
    settlement_reason: (CYRILLIC + CYRILLIC).slice(0, 200),
    timer: 5400,
  }
}

/** The spec's worst case: 100 coupons (batch limit) x 15 bets (accumulator limit). */
function worstCase(batchId: string) {
  const coupons = Array.from({ length: 100 }, (_, c) => ({
    coupon_code: String(100_000_000_000 + c),
    realWin: 123456.78,
    calculate_coefficient: 1234.567891,
    status: 2,
    calculate_date: 1_784_897_500_000,
    events_data: Array.from({ length: 15 }, (_, b) => realBet(c * 15 + b)),
  }))
  return { event: 'coupons.settled', batchId, clientId: 17, couponCount: coupons.length, coupons }
}

/** JSON with every non-ASCII character as \uXXXX (PHP's json_encode default): 6 bytes per Cyrillic letter. */
const escapedJson = (value: unknown) => JSON.stringify(value).replace(/[\u0080-\uffff]/g, (ch) => '\\u' + ch.charCodeAt(0).toString(16).padStart(4, '0'))

function captureLog() {
  const lines: Array<Record<string, unknown>> = []
  return { lines, log: createLogger({ sink: (line) => lines.push(JSON.parse(line) as Record<string, unknown>), level: 'debug' }) }
}

function rawExchange(port: number, text: string): Promise<{ socket: Socket; answer: Promise<string> }> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1', () => {
      if (text) socket.write(text)
      const answer = new Promise<string>((done) => {
        let got = ''
        socket.on('data', (d) => (got += d.toString()))
        socket.on('close', () => done(got))
        socket.on('error', () => done(got))
      })
      resolve({ socket, answer })
    })
  })
}

describe('callback listener limits (body size, slow bodies, connections)', () => {
  const cleanups: Array<() => Promise<void> | void> = []
  afterEach(async () => {
    for (const c of cleanups.splice(0).reverse()) await c()
  })

  async function open(options: Partial<Parameters<typeof createCallbackListener>[0]> = {}) {
    const tmp = tempDir('desk-limits-')
    const store: TimelineStore = openTimelineStore(join(tmp.dir, 'timeline.sqlite'))
    const listener: CallbackListener = createCallbackListener({ port: 0, secret: SECRET, store, ...options })
    const { url } = await listener.start()
    cleanups.push(() => tmp.cleanup(), () => store.close(), () => listener.stop())
    return { store, url, port: Number(new URL(url).port) }
  }

  it('accepts the worst case of the spec (100 x 15, long Cyrillic text, raw UTF-8 and \\u-escaped) at the default limit, with a wide margin', async () => {
    const { url, store } = await open()
    const utf8 = Buffer.from(JSON.stringify(worstCase('worst-utf8')))
    const escaped = Buffer.from(escapedJson(worstCase('worst-escaped')))
    expect(escaped.length).toBeGreaterThan(2 * 1024 * 1024)
    expect(DEFAULT_MAX_BODY_BYTES).toBeGreaterThanOrEqual(5 * escaped.length)
    for (const body of [utf8, escaped]) {
      const answer = await send(url, { body, headers: { 'x-coupon-signature': signPayload(SECRET, body) } })
      expect(answer.status).toBe(200)
      expect(answer.json).toEqual({ success: true, processed: 100 })
    }
    expect(store.deliveries({ limit: 10 }).items.map((d) => d.answerStatus)).toEqual([200, 200])
  }, 30_000)

  it('a body over the limit gets a retried 503 (never a final 413), a loud log line and a too_large inspector row', async () => {
    const { lines, log } = captureLog()
    const { url, store } = await open({ maxBodyBytes: 64 * 1024, log })
    const big = Buffer.from(JSON.stringify(batch('big-1', [{ coupon_code: '000000000001', status: 2, realWin: 1, pad: 'я'.repeat(40_000) }])))
    const declared = await send(url, { body: big, headers: { 'x-coupon-signature': signPayload(SECRET, big) } })
    expect(declared.status).toBe(503)
    expect(declared.json).toEqual({ success: false, error: 'body_too_large' })
    // chunked, never ended: the listener answers without reading the rest
    const streamed = await new Promise<{ status: number; retryAfter: string | undefined }>((resolve, reject) => {
      const target = new URL(url)
      const req = request({ host: target.hostname, port: target.port, path: target.pathname, method: 'POST', headers: { 'transfer-encoding': 'chunked' } }, (res) => {
        resolve({ status: res.statusCode ?? 0, retryAfter: res.headers['retry-after'] })
        req.destroy()
      })
      req.on('error', (e) => (e.message.includes('socket hang up') || e.message.includes('ECONNRESET') ? undefined : reject(e)))
      req.write(Buffer.alloc(200 * 1024, 0x20))
    })
    expect(streamed).toEqual({ status: 503, retryAfter: '60' })
    expect(store.query().items).toEqual([])
    const rows = store.deliveries().items
    expect(rows.map((d) => [d.verdict, d.answerStatus, d.note])).toEqual([
      ['too_large', 503, 'body_too_large'],
      ['too_large', 503, 'body_too_large'],
    ])
    const errors = lines.filter((l) => l.level === 'error' && String(l.msg).includes('body limit'))
    expect(errors).toHaveLength(2)
    expect(errors[0]).toMatchObject({ maxBodyBytes: 64 * 1024, size: big.length })
  })

  it('a stalled body gets a retried 503, never a final 408', async () => {
    const { url, port, store } = await open({ bodyIdleMs: 300, bodyGraceMs: 300 })
    void url
    const started = Date.now()
    const { answer } = await rawExchange(port, 'POST /callbacks HTTP/1.1\r\nhost: x\r\ncontent-type: application/json\r\ncontent-length: 100\r\n\r\n{"event"')
    const text = await answer
    expect(text).toMatch(/^HTTP\/1\.1 503/)
    expect(text).toMatch(/retry-after: 60/i)
    expect(text).toContain('body_too_slow')
    expect(Date.now() - started).toBeLessThan(5000)
    expect(store.deliveries().items[0]).toMatchObject({ verdict: 'too_slow', answerStatus: 503 })
  })

  it('slow headers get a retried 503, never a final 408', async () => {
    const { port } = await open({ headersTimeoutMs: 300 })
    const { answer } = await rawExchange(port, 'POST /callbacks HTTP/1.1\r\nhost: x\r\nx-slow: ')
    expect(await answer).toMatch(/^HTTP\/1\.1 503/)
  })

  it('a slow but steady delivery that takes longer than 10 s is read to the end and applied (default settings)', async () => {
    const { url, store } = await open()
    const body = Buffer.from(JSON.stringify({ ...batch('slow-1', [{ coupon_code: '000000000777', status: 2, realWin: 5 }]), pad: 'x'.repeat(100_000) }))
    const target = new URL(url)
    const answer = await new Promise<{ status: number; text: string }>((resolve, reject) => {
      const req = request(
        { host: target.hostname, port: target.port, path: target.pathname, method: 'POST', headers: { 'content-type': 'application/json', 'content-length': String(body.length), 'x-coupon-signature': signPayload(SECRET, body) } },
        (res) => {
          let text = ''
          res.on('data', (d: Buffer) => (text += d.toString()))
          res.on('end', () => resolve({ status: res.statusCode ?? 0, text }))
        },
      )
      req.on('error', reject)
      // 22 slices, one every 500 ms: about 11 s at about 9 KB/s
      const slices = 22
      const step = Math.ceil(body.length / slices)
      let i = 0
      const tick = setInterval(() => {
        const part = body.subarray(i * step, (i + 1) * step)
        i++
        if (i >= slices) {
          clearInterval(tick)
          req.end(part)
        } else req.write(part)
      }, 500)
    })
    expect(answer.status).toBe(200)
    expect(JSON.parse(answer.text)).toEqual({ success: true, processed: 1 })
    expect(store.coupon('000000000777')?.status).toBe(2)
  }, 30_000)

  it('caps open connections: the one over the cap gets a retried 503 with a clear error, logged; later deliveries pass', async () => {
    const { lines, log } = captureLog()
    const { url, port } = await open({ maxConnections: 2, log, headersTimeoutMs: 20_000 })
    const held = [await rawExchange(port, 'POST /callbacks HTTP/1.1\r\nhost: x\r\n'), await rawExchange(port, 'POST /callbacks HTTP/1.1\r\nhost: x\r\n')]
    const over = await rawExchange(port, 'POST /callbacks HTTP/1.1\r\nhost: x\r\ncontent-length: 2\r\n\r\n{}')
    const text = await over.answer
    expect(text).toMatch(/^HTTP\/1\.1 503/)
    expect(text).toMatch(/retry-after: 60/i)
    expect(text).toContain('"error":"too_many_connections"')
    expect(lines.some((l) => l.level === 'error' && String(l.msg).includes('connection cap') && l.maxConnections === 2)).toBe(true)
    for (const h of held) h.socket.destroy()
    await new Promise((r) => setTimeout(r, 100))
    const ok = await deliver(url, SECRET, batch('after-cap', []))
    expect(ok.status).toBe(200)
  })

  it('storage and inspector failures are logged (batch id, no payload, no secret) and answered 503', async () => {
    const { lines, log } = captureLog()
    const failing = {
      applyBatch: () => {
        throw new Error('disk I/O error')
      },
      recordRejected: () => {
        throw new Error('database is locked')
      },
    }
    const listener = createCallbackListener({ port: 0, secret: SECRET, store: failing, log })
    const { url } = await listener.start()
    cleanups.push(() => listener.stop())
    const answer = await deliver(url, SECRET, batch('store-fail-1', [{ coupon_code: '000000000061', status: 4, realWin: 0 }]))
    expect(answer.status).toBe(503)
    expect((await deliver(url, 'wrong-secret', batch('forged', []))).status).toBe(401)
    const errors = lines.filter((l) => l.level === 'error')
    expect(errors.map((l) => [l.batchId ?? null, l.error])).toEqual([
      ['store-fail-1', 'disk I/O error'],
      [null, 'database is locked'],
    ])
    expect(JSON.stringify(lines)).not.toContain(SECRET)
    expect(JSON.stringify(lines)).not.toContain('000000000061')
  })
})
