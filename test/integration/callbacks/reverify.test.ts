import { afterEach, describe, expect, it } from 'vitest'
import { join } from 'node:path'
import { createCallbackListener, type CallbackListener } from '../../../src-main/core/callbacks/listener.js'
import { reverifyKept } from '../../../src-main/core/callbacks/reverify.js'
import { signPayload } from '../../../src-main/core/callbacks/signature.js'
import { openTimelineStore, type TimelineStore, type TimelineStoreOptions } from '../../../src-main/core/timeline/store.js'
import { createCallbackSender } from '../../../src-main/core/simulator/coupons/callbacks.js'
import { createSimClock } from '../../../src-main/core/simulator/clock.js'
import { batch, bet, coupon, deliver, send, settlement, tempDir } from './helpers.js'

const RIGHT = 'the-secret-the-service-signs-with'
const WRONG = 'a-secret-typed-wrong'

/** A won settlement of one coupon, as exact bytes the service keeps for its resends. */
function wonBody(batchId: string, code: string, realWin: number): string {
  return JSON.stringify(batch(batchId, [coupon(code, 2, [bet('1', 1)], { realWin })]))
}

const credits = (store: TimelineStore, code: string) => store.ledger(code).rows.filter((r) => r.kind === 'credit')

describe('a wrong secret loses nothing (listener over real HTTP)', () => {
  const dirs: Array<{ cleanup(): void }> = []
  const open: Array<{ listener: CallbackListener; store: TimelineStore }> = []
  afterEach(async () => {
    for (const o of open.splice(0)) {
      await o.listener.stop()
      o.store.close()
    }
    for (const d of dirs.splice(0)) d.cleanup()
  })

  async function setup(secret: string, storeOptions: TimelineStoreOptions = {}, signatureFailureStatus?: 401 | 503) {
    const d = tempDir()
    dirs.push(d)
    const store = openTimelineStore(join(d.dir, 'timeline.sqlite'), storeOptions)
    const listener = createCallbackListener({ port: 0, secret, store, signatureFailureStatus })
    const { url } = await listener.start()
    open.push({ listener, store })
    return { store, listener, url }
  }

  it('keeps forged, unsigned and malformed bodies raw with headers and the answer; the inspector says why', async () => {
    const { store, url } = await setup(WRONG)
    const body = wonBody('b-keep-1', '000000000301', 30)
    const signed = await send(url, { body, headers: { 'x-coupon-signature': signPayload(RIGHT, body), authorization: 'Bearer abc', 'x-relay-note': `has ${WRONG} inside` } })
    expect(signed.status).toBe(401)
    await send(url, { body })
    await send(url, { body, headers: { 'x-coupon-signature': 'sha256=zz' } })
    const { store: good, url: goodUrl } = await setup(RIGHT)
    expect((await deliver(goodUrl, RIGHT, '{"event":')).status).toBe(400)
    expect((await deliver(goodUrl, RIGHT, { event: 'coupons.settled', batchId: 'x', couponCount: 2, coupons: [] })).status).toBe(400)

    const rows = store.deliveries().items
    expect(rows.map((r) => r.note)).toEqual(['signature_malformed', 'signature_missing', 'signature_mismatch'])
    expect(rows.every((r) => r.bodyState === 'kept' && r.batchId === null)).toBe(true)
    const first = store.delivery(rows[2].id)!
    expect(first.payload).toBe(body)
    expect(first.claimedBatchId).toBe('b-keep-1')
    expect(first.couponCodes).toEqual(['000000000301'])
    expect(first.answerBody).toBe('{"success":false,"error":"signature_mismatch"}')
    const headers = Object.fromEntries(first.headers.map(([n, v]) => [n.toLowerCase(), v]))
    expect(headers['x-coupon-signature']).toBe(signPayload(RIGHT, body))
    expect(headers.authorization).toBe('[redacted]')
    expect(headers['x-relay-note']).toBe('[redacted]')
    expect(JSON.stringify(first)).not.toContain(WRONG)
    expect(store.query().items).toEqual([])
    expect(store.keptStats()).toMatchObject({ count: 3, pending: 3, dropped: { count: 0 } })

    const [schema, malformed] = good.deliveries().items
    expect(good.delivery(malformed.id)).toMatchObject({ note: 'malformed_json', payload: '{"event":', bodyState: 'kept' })
    expect(good.delivery(schema.id)!.detail).toMatch(/couponCount/)
    // Bad bodies with a good signature are kept to read, not re-verified (they would fail the same way).
    expect(good.keptStats()).toMatchObject({ count: 2, pending: 0 })
  })

  it('stays within the count and byte bounds, dropping the oldest first and counting what it dropped', async () => {
    const { store, url } = await setup(WRONG, { keptBodies: { maxCount: 3, maxBytes: 1500 } })
    const bodies = Array.from({ length: 5 }, (_, i) => wonBody(`b-bound-${i}`, `00000000040${i}`, 10 + i))
    for (const body of bodies) expect((await deliver(url, RIGHT, body)).status).toBe(401)
    let stats = store.keptStats()
    expect(stats.count).toBe(3)
    expect(stats.dropped.count).toBe(2)
    expect(stats.dropped.bytes).toBe(Buffer.byteLength(bodies[0]) + Buffer.byteLength(bodies[1]))
    const rows = store.deliveries().items.reverse()
    expect(rows.map((r) => r.bodyState)).toEqual(['dropped', 'dropped', 'kept', 'kept', 'kept'])
    expect(store.delivery(rows[0].id)!.payload).toBeNull()
    // A body bigger than the byte bound alone is never kept, and is counted.
    const big = JSON.stringify(batch('b-big', [coupon('000000000499', 2, [bet('1', 1)], { realWin: 1, pad: 'x'.repeat(2000) })]))
    await deliver(url, RIGHT, big)
    stats = store.keptStats()
    expect(stats).toMatchObject({ count: 3, dropped: { count: 3 } })
    expect(store.deliveries({ limit: 1 }).items[0].bodyState).toBe('over_limit')
    // Byte bound: one more body pushes the total over 1500 bytes.
    await deliver(url, RIGHT, wonBody('b-bound-5', '000000000405', 15))
    expect(store.keptStats().bytes).toBeLessThanOrEqual(1500)
  })

  it('re-verify after the secret is fixed applies once; a later resend by the service is a duplicate', async () => {
    const wrong = await setup(WRONG)
    const body = wonBody('b-once-1', '000000000501', 42.5)
    expect((await deliver(wrong.url, RIGHT, body)).status).toBe(401)
    expect(credits(wrong.store, '000000000501')).toHaveLength(0)

    // Re-verify with the same wrong secret: still refused, and said why.
    const again = await reverifyKept(wrong.store, WRONG)
    expect(again).toMatchObject({ checked: 1, applied: [], stillRefused: [{ reason: 'signature_mismatch' }] })

    // The operator fixes the secret: the listener comes back with it (as the console rebuilds it).
    await wrong.listener.stop()
    const listener = createCallbackListener({ port: 0, secret: RIGHT, store: wrong.store })
    const { url } = await listener.start()
    open.push({ listener, store: wrong.store })

    const report = await reverifyKept(wrong.store, RIGHT)
    expect(report).toMatchObject({ checked: 1, applied: [{ batchId: 'b-once-1', codes: ['000000000501'] }], duplicates: [], stillRefused: [] })
    expect(credits(wrong.store, '000000000501').map((r) => r.service)).toEqual([42.5])
    // A second re-verify finds nothing left to check.
    expect((await reverifyKept(wrong.store, RIGHT)).checked).toBe(0)

    const resend = await deliver(url, RIGHT, body)
    expect(resend.status).toBe(200)
    expect(resend.json).toEqual({ success: true, processed: 1 })
    expect(credits(wrong.store, '000000000501')).toHaveLength(1)

    const rows = wrong.store.deliveries().items
    const [dup, replayed] = rows
    expect(dup).toMatchObject({ batchId: 'b-once-1', duplicate: true })
    expect(replayed).toMatchObject({ verdict: 'forged', batchId: 'b-once-1', duplicate: false, reverify: { outcome: 'applied', batchId: 'b-once-1' } })
    const inspect = wrong.store.delivery(dup.id)!
    expect(inspect.firstDeliveryId).toBe(replayed.id)
    expect(inspect.answerBody).toBe('{"success":true,"processed":1}')
    expect(inspect.payloadSource).toBe('batch')
    expect(wrong.store.delivery(replayed.id)!.repeats).toBe(1)
  })

  it('a resend that came before the re-verify makes the replay a duplicate: credited once', async () => {
    const { store, url, listener } = await setup(WRONG)
    const body = wonBody('b-order-1', '000000000601', 7)
    await deliver(url, RIGHT, body)
    await listener.stop()
    const fixed = createCallbackListener({ port: 0, secret: RIGHT, store })
    const { url: url2 } = await fixed.start()
    expect((await deliver(url2, RIGHT, body)).status).toBe(200)
    const report = await reverifyKept(store, RIGHT)
    expect(report.applied).toEqual([])
    expect(report.duplicates).toEqual([{ id: expect.any(Number), batchId: 'b-order-1', codes: ['000000000601'] }])
    expect(credits(store, '000000000601')).toHaveLength(1)
    open.push({ listener: fixed, store })
  })

  it('answered 503 for a signature failure, the simulator retries after 1 minute: after the re-verify its retry credits nothing', async () => {
    const { store, url, listener } = await setup(WRONG, {}, 503)
    const clock = createSimClock({ tickMs: 0, startMs: 1_800_000_000_000 })
    const sender = createCallbackSender({ clock, secret: RIGHT })
    try {
      const [batchId] = sender.send(url, [{ code: '000000000701', snapshot: coupon('000000000701', 2, [bet('1', 1)], { realWin: 19 }) }])
      await sender.whenIdle()
      expect(sender.deliveries()).toMatchObject([{ batchId, status: 503, outcome: 'retry-scheduled' }])
      // The listener is back on the same port with the fixed secret, and the operator re-verifies.
      const port = Number(new URL(url).port)
      await listener.stop()
      const fixed = createCallbackListener({ port, secret: RIGHT, store })
      await fixed.start()
      open.push({ listener: fixed, store })
      expect((await reverifyKept(store, RIGHT)).applied.map((a) => a.batchId)).toEqual([batchId])
      await clock.advance(60_000)
      await sender.whenIdle()
      expect(sender.deliveries()[1]).toMatchObject({ batchId, attempt: 2, status: 200, outcome: 'delivered' })
      expect(credits(store, '000000000701').map((r) => r.service)).toEqual([19])
      expect(store.deliveries({ limit: 1 }).items[0]).toMatchObject({ batchId, duplicate: true })
    } finally {
      await sender.stop()
      clock.stop()
    }
  })
})

describe('refused rows pruned by count keep the bodies still waiting for a re-verify', () => {
  it('a kept body outlives the pruning of older refused rows, and is applied after the fix', async () => {
    const d = tempDir()
    const store = openTimelineStore(join(d.dir, 'timeline.sqlite'), { maxRejectedRows: 3 })
    const listener = createCallbackListener({ port: 0, secret: WRONG, store })
    try {
      const { url } = await listener.start()
      const body = wonBody('b-prune-1', '000000000801', 5)
      await deliver(url, RIGHT, body)
      // Four refusals without a body to keep (empty): the row limit is passed.
      for (let i = 0; i < 4; i++) await send(url, { method: 'POST', body: '', headers: {} })
      expect(store.keptStats().pending).toBe(1)
      expect((await reverifyKept(store, RIGHT)).applied.map((a) => a.batchId)).toEqual(['b-prune-1'])
      // The replayed row is a refused one and goes with the next prunes; the body it applied stays with its batch.
      for (let i = 0; i < 4; i++) await send(url, { method: 'POST', body: '', headers: {} })
      expect(store.deliveryOfBatch('b-prune-1')).toBeNull()
      const repeat = store.applyBatch(settlement(JSON.parse(body)), { rawSize: body.length, rawBody: body })
      expect(repeat.duplicate).toBe(true)
      const shown = store.deliveries().items.find((r) => r.verdict === 'valid')!
      expect(store.delivery(shown.id)).toMatchObject({ duplicate: true, payload: body, payloadSource: 'batch' })
    } finally {
      await listener.stop()
      store.close()
      d.cleanup()
    }
  })
})
