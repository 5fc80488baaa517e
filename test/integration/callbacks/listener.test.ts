import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { createHash, createHmac } from 'node:crypto'
import { connect } from 'node:net'
import { request } from 'node:http'
import { join } from 'node:path'
import { createCallbackListener, DEFAULT_MAX_BODY_BYTES, type CallbackListener } from '../../../src-main/core/callbacks/listener.js'
import { signPayload } from '../../../src-main/core/callbacks/signature.js'
import { PROBE_EVENT, probeBody } from '../../../src-main/core/callbacks/probe.js'
import { openTimelineStore, type TimelineStore } from '../../../src-main/core/timeline/store.js'
import { batch, bet, coupon, deliver, send, tempDir } from './helpers.js'

const SECRET = 'listener-test-secret'

describe('callback listener over real HTTP', () => {
  const dirs = [tempDir()]
  let store: TimelineStore
  let listener: CallbackListener
  let url: string

  beforeAll(async () => {
    store = openTimelineStore(join(dirs[0].dir, 'timeline.sqlite'))
    listener = createCallbackListener({ port: 0, secret: SECRET, store, bodyIdleMs: 400, bodyGraceMs: 400 })
    ;({ url } = await listener.start())
  })
  afterAll(async () => {
    await listener.stop()
    store.close()
    for (const d of dirs) d.cleanup()
  })

  const storedNothing = () => {
    expect(store.query().items).toEqual([])
    expect(store.deliveries({ limit: 1000 }).items.every((d) => d.batchId === null && d.verdict !== 'valid')).toBe(true)
  }

  describe('forged or altered signatures: 401 and nothing stored', () => {
    const payload = batch('forged-1', [coupon('000000000101', 4, [bet('1', 1)], { real_win: 20 })])
    const body = JSON.stringify(payload)
    const hex = createHmac('sha256', SECRET).update(body).digest('hex')
    const flipHex = (h: string, i: number) => h.slice(0, i) + (h[i] === '0' ? '1' : '0') + h.slice(i + 1)
    const flippedBody = body.replace('"status":4', '"status":5')

    const cases: Array<[string, { body?: string; headers: Record<string, string | string[]> }]> = [
      ['missing header', { headers: {} }],
      ['empty signature', { headers: { 'x-coupon-signature': '' } }],
      ['prefix only', { headers: { 'x-coupon-signature': 'sha256=' } }],
      ['sha1 HMAC', { headers: { 'x-coupon-signature': 'sha1=' + createHmac('sha1', SECRET).update(body).digest('hex') } }],
      ['sha1 prefix with the right digest', { headers: { 'x-coupon-signature': 'sha1=' + hex } }],
      ['sha512 prefix', { headers: { 'x-coupon-signature': 'sha512=' + hex } }],
      ['uppercase prefix', { headers: { 'x-coupon-signature': 'SHA256=' + hex } }],
      ['no prefix', { headers: { 'x-coupon-signature': hex } }],
      ['colon separator', { headers: { 'x-coupon-signature': 'sha256:' + hex } }],
      ['space after =', { headers: { 'x-coupon-signature': 'sha256= ' + hex } }],
      ['0x before the hex', { headers: { 'x-coupon-signature': 'sha256=0x' + hex.slice(2) } }],
      ['truncated by one digit', { headers: { 'x-coupon-signature': 'sha256=' + hex.slice(0, 63) } }],
      ['truncated to half', { headers: { 'x-coupon-signature': 'sha256=' + hex.slice(0, 32) } }],
      ['one extra digit', { headers: { 'x-coupon-signature': 'sha256=' + hex + '0' } }],
      ['non-hex digit', { headers: { 'x-coupon-signature': 'sha256=' + hex.slice(0, 10) + 'g' + hex.slice(11) } }],
      ['flipped hex digit', { headers: { 'x-coupon-signature': 'sha256=' + flipHex(hex, 40) } }],
      ['base64 digest', { headers: { 'x-coupon-signature': 'sha256=' + createHmac('sha256', SECRET).update(body).digest('base64') } }],
      ['plain sha256, no HMAC', { headers: { 'x-coupon-signature': 'sha256=' + createHash('sha256').update(SECRET + body).digest('hex') } }],
      ['wrong secret', { headers: { 'x-coupon-signature': signPayload('another-secret', body) } }],
      ['secret in another case', { headers: { 'x-coupon-signature': signPayload(SECRET.toUpperCase(), body) } }],
      ['empty secret', { headers: { 'x-coupon-signature': signPayload('', body) } }],
      ['signature of an empty body', { headers: { 'x-coupon-signature': signPayload(SECRET, '') } }],
      ['altered byte in the body', { body: flippedBody, headers: { 'x-coupon-signature': 'sha256=' + hex } }],
      ['trailing newline added', { body: body + '\n', headers: { 'x-coupon-signature': 'sha256=' + hex } }],
      ['re-serialised JSON', { body: JSON.stringify(payload, null, 2), headers: { 'x-coupon-signature': 'sha256=' + hex } }],
      ['two valid headers', { headers: { 'x-coupon-signature': ['sha256=' + hex, 'sha256=' + hex] } }],
      ['one good one bad header', { headers: { 'x-coupon-signature': ['sha256=' + hex, 'sha256=' + flipHex(hex, 3)] } }],
      ['signature in another header', { headers: { 'x-hub-signature-256': 'sha256=' + hex } }],
    ]

    it.each(cases)('%s', async (_name, c) => {
      const before = store.deliveries({ limit: 1000 }).items.length
      const answer = await send(url, { body: c.body ?? body, headers: c.headers })
      expect(answer.status).toBe(401)
      expect(answer.json).toMatchObject({ success: false })
      storedNothing()
      const rows = store.deliveries({ limit: 1000 }).items
      expect(rows.length).toBe(before + 1)
      expect(rows[0]).toMatchObject({ verdict: 'forged', answerStatus: 401, batchId: null })
    })

    it('has at least 20 forged cases and the right signature is accepted', async () => {
      expect(cases.length).toBeGreaterThanOrEqual(20)
      const ok = await send(url, { body, headers: { 'x-coupon-signature': 'sha256=' + hex } })
      expect(ok.status).toBe(200)
      expect(JSON.parse(ok.body)).toEqual({ success: true, processed: 1 })
      expect(store.query().items.map((e) => e.kind)).toEqual(['settled'])
    })
  })

  describe('after the signature', () => {
    beforeEach(async () => {
      await listener.stop()
      store.close()
      dirs.push(tempDir())
      store = openTimelineStore(join(dirs[dirs.length - 1].dir, 'timeline.sqlite'))
      listener = createCallbackListener({ port: 0, secret: SECRET, store, bodyIdleMs: 400, bodyGraceMs: 400 })
      ;({ url } = await listener.start())
    })

    it.each([
      ['malformed JSON', '{"event":"coupons.settled","batchId":'],
      ['not an object', '[1,2,3]'],
      ['missing batchId', JSON.stringify({ event: 'coupons.settled', couponCount: 0, coupons: [] })],
      ['unknown event', JSON.stringify({ ...batch('s-1', []), event: 'coupons.created' })],
      ['couponCount mismatch', JSON.stringify({ ...batch('s-2', [coupon('000000000001', 4, [])]), couponCount: 2 })],
      ['coupon_code as number', JSON.stringify(batch('s-3', [{ ...coupon('1', 4, []), coupon_code: 1 }]))],
      ['status as string', JSON.stringify(batch('s-4', [{ ...coupon('000000000001', 4, []), status: '4' }]))],
      ['more than 100 coupons', JSON.stringify(batch('s-5', Array.from({ length: 101 }, (_, i) => coupon(String(i).padStart(12, '0'), 4, []))))],
    ])('%s → 400, nothing stored', async (_name, body) => {
      const answer = await deliver(url, SECRET, body)
      expect(answer.status).toBe(400)
      expect(store.query().items).toEqual([])
      expect(store.deliveries().items[0]).toMatchObject({ verdict: 'valid', answerStatus: 400, batchId: null })
    })

    it('accepts unknown statuses and reason codes as they come', async () => {
      const answer = await deliver(url, SECRET, batch('u-1', [coupon('000000000042', 77, [bet('9', 55, 'BRAND_NEW_CODE')], { real_win: 1, extra_field: { x: 1 } })]))
      expect(answer.status).toBe(200)
      const history = store.couponHistory('000000000042')
      expect(history.coupon?.status).toBe(77)
      expect(history.versions[0].raw).toMatchObject({ extra_field: { x: 1 }, events_data: [{ status: 55, settlement_reason_code: 'BRAND_NEW_CODE' }] })
    })

    it('wrong method 405, wrong path 404, empty batch 200', async () => {
      expect((await send(url, { method: 'GET' })).status).toBe(405)
      expect((await send(url.replace('/callbacks', '/other'), { body: '{}' })).status).toBe(404)
      expect((await deliver(url + '/', SECRET, batch('e-1', []))).json).toEqual({ success: true, processed: 0 })
    })

    it('oversize bodies: a retried 503 (never a final 413) from Content-Length, and while streaming without reading the rest', async () => {
      const big = Buffer.alloc(DEFAULT_MAX_BODY_BYTES + 10, 0x20)
      const declared = await send(url, { body: big, headers: { 'x-coupon-signature': signPayload(SECRET, big) } })
      expect(declared.status).toBe(503)
      // chunked: the request is never ended, so an answer proves the listener stopped reading early
      const status = await new Promise<number>((resolve, reject) => {
        const target = new URL(url)
        const req = request({ host: target.hostname, port: target.port, path: target.pathname, method: 'POST', headers: { 'transfer-encoding': 'chunked' } }, (res) => {
          resolve(res.statusCode ?? 0)
          req.destroy()
        })
        req.on('error', (e) => (e.message.includes('socket hang up') ? undefined : reject(e)))
        req.write(Buffer.alloc(DEFAULT_MAX_BODY_BYTES + 100, 0x20))
      })
      expect(status).toBe(503)
      expect(store.query().items).toEqual([])
    })

    it('a stalled body is cut off with a retried 503, never a final 408', async () => {
      const started = Date.now()
      const answer = await new Promise<string>((resolve) => {
        const socket = connect(Number(new URL(url).port), '127.0.0.1', () => {
          socket.write('POST /callbacks HTTP/1.1\r\nhost: x\r\ncontent-type: application/json\r\ncontent-length: 100\r\n\r\n{"event"')
        })
        let text = ''
        socket.on('data', (d) => (text += d.toString()))
        socket.on('close', () => resolve(text))
      })
      expect(answer).toMatch(/^HTTP\/1\.1 503/)
      expect(Date.now() - started).toBeLessThan(5000)
    })

    it('10 concurrent identical deliveries are applied once', async () => {
      const payload = batch('dup-1', [coupon('000000000050', 4, [bet('1', 1)], { real_win: 30 }), coupon('000000000051', 2, [bet('2', 2)], { real_win: 0 })])
      const answers = await Promise.all(Array.from({ length: 10 }, () => deliver(url, SECRET, payload)))
      for (const a of answers) expect(a.json).toEqual({ success: true, processed: 2 })
      expect(store.query().items.map((e) => e.couponCode)).toEqual(['000000000050', '000000000051'])
      const rows = store.deliveries().items
      expect(rows).toHaveLength(10)
      expect(rows.filter((r) => !r.duplicate)).toHaveLength(1)
      expect(store.couponHistory('000000000050').versions).toHaveLength(1)
    })
  })

  it("answers the doctor's probe like a delivery and stores nothing of it, signed or not", async () => {
    const t = tempDir()
    const s = openTimelineStore(join(t.dir, 'timeline.sqlite'))
    const l = createCallbackListener({ port: 0, secret: SECRET, store: s })
    const { url: u } = await l.start()
    const body = probeBody('abcdefgh12')
    const signed = await deliver(u, SECRET, body)
    expect([signed.status, signed.json]).toEqual([200, { success: true, processed: 0, probe: true }])
    const forged = await send(u, { body, headers: { 'x-coupon-signature': signPayload('another-secret', body) } })
    expect([forged.status, forged.json]).toEqual([401, { success: false, error: 'signature_mismatch' }])
    // A probe-shaped body with one more key is an ordinary delivery (here refused by the schema, and kept).
    const other = await deliver(u, SECRET, JSON.stringify({ event: PROBE_EVENT, nonce: 'abcdefgh12', extra: 1 }))
    expect(other.status).toBe(400)
    expect(s.deliveries().items.map((d) => [d.verdict, d.answerStatus, d.note])).toEqual([['valid', 400, 'schema_invalid']])
    await l.stop()
    s.close()
    t.cleanup()
  })

  it('verifies the GitHub-style known vector over HTTP (signature accepted, then the body is not JSON)', async () => {
    const t = tempDir()
    const s = openTimelineStore(join(t.dir, 'timeline.sqlite'))
    const l = createCallbackListener({ port: 0, secret: "It's a Secret to Everybody", store: s })
    const { url: u } = await l.start()
    const known = 'sha256=757107ea0eb2509fc211221cce984b8a37570b6d7586c22c46f4379c8b043e17'
    const accepted = await send(u, { body: 'Hello, World!', headers: { 'x-coupon-signature': known } })
    expect(accepted.status).toBe(400)
    expect(accepted.json).toMatchObject({ error: 'malformed_json' })
    const refused = await send(u, { body: 'Hello, World?', headers: { 'x-coupon-signature': known } })
    expect(refused.status).toBe(401)
    expect(s.deliveries().items.map((d) => [d.verdict, d.answerStatus])).toEqual([['forged', 401], ['valid', 400]])
    await l.stop()
    s.close()
    t.cleanup()
  })

  describe('storage failure and start errors', () => {
    it('answers 503 (never 4xx) when the store cannot commit', async () => {
      const failing = {
        applyBatch: () => {
          throw new Error('disk I/O error')
        },
        recordRejected: () => undefined,
      }
      const l = createCallbackListener({ port: 0, secret: SECRET, store: failing })
      const { url: u } = await l.start()
      const answer = await deliver(u, SECRET, batch('f-1', [coupon('000000000060', 4, [])]))
      expect(answer.status).toBe(503)
      expect(answer.json).toMatchObject({ success: false })
      await l.stop()
    })

    it('answers 503 when the real database is gone (closed)', async () => {
      const t = tempDir()
      const s = openTimelineStore(join(t.dir, 'timeline.sqlite'))
      const l = createCallbackListener({ port: 0, secret: SECRET, store: s })
      const { url: u } = await l.start()
      s.close()
      expect((await deliver(u, SECRET, batch('f-2', []))).status).toBe(503)
      await l.stop()
      t.cleanup()
    })

    it('reports a port in use as listener_port_in_use', async () => {
      const port = Number(new URL(url).port)
      const l = createCallbackListener({ port, secret: SECRET, store })
      await expect(l.start()).rejects.toMatchObject({ code: 'listener_port_in_use' })
    })
  })
})
