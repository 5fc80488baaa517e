import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createHmac } from 'node:crypto'
import { join } from 'node:path'
import { createCallbackListener, type CallbackListener, type DeliveryEvent } from '../../../src-main/core/callbacks/listener.js'
import { openTimelineStore, type TimelineStore } from '../../../src-main/core/timeline/store.js'
import { capture, captureText, HAVE_CAPTURES, SKIP_MESSAGE } from '../coupons/captures.js'
import { send, snap, tempDir } from './helpers.js'

const SECRET = 'capture-callback-secret'
const CODE = '000000000272'
/** The stake of the vendor's example placement (place-request-*.json: amount 10). */
const AMOUNT = 10

/** POSTs exact bytes signed like the service: HMAC-SHA256 over the body, lowercase hex, `sha256=<hex>`. */
const post = (url: string, body: string) =>
  send(url, { body, headers: { 'x-coupon-signature': `sha256=${createHmac('sha256', SECRET).update(body).digest('hex')}` } })

type Payload = ReturnType<typeof intermediate>
const intermediate = () => capture('callback-intermediate-accumulator')

/** The vendor's callback made final: the open bet settled too, status, coefficient and payout set. */
function finalOf(status: 2 | 4, batchId: string, payoutKey: 'realWin' | 'real_win' = 'realWin'): Payload {
  const p = intermediate()
  const c = p.coupons[0]
  p.batchId = batchId
  const second = { ...c.events_data[1], status: status === 2 ? 1 : 2, calculate_coefficient: status === 2 ? 1.5 : 0, calculate_date: 1784897600000, calculate_score: '0:1', settlement_reason_code: 'AUTOMATIC_SETTLEMENT', settlement_reason: 'Calculated automatically' }
  c.events_data = [c.events_data[0], second]
  c.status = status
  c.calculate_coefficient = c.events_data.reduce((m: number, b: { calculate_coefficient: number }) => m * b.calculate_coefficient, 1)
  c.calculate_date = 1784897600000
  delete c.realWin
  c[payoutKey] = Math.round(AMOUNT * c.calculate_coefficient * 100) / 100
  return p
}

describe.skipIf(!HAVE_CAPTURES)('the vendor callback through the real listener (signed HTTP)', () => {
  const tmp = tempDir('desk-cb-cap-')
  let store: TimelineStore
  let listener: CallbackListener
  let url: string
  const events: DeliveryEvent[] = []

  beforeAll(async () => {
    store = openTimelineStore(join(tmp.dir, 'timeline.sqlite'))
    listener = createCallbackListener({ port: 0, secret: SECRET, store, onDelivery: (e) => events.push(e) })
    ;({ url } = await listener.start())
  })
  afterAll(async () => {
    await listener.stop()
    store.close()
    tmp.cleanup()
  })

  it('intermediate (status 0, realWin 0, one bet won) is a progressive update with no credit; answered like the vendor expects', async () => {
    store.recordPlacement([snap({ coupon_code: CODE, amount: AMOUNT, status: 0, real_win: null, events_data: [{ id: 912, status: 0 }, { id: 913, status: 0 }] })], { callbackUrl: url })
    const answer = await post(url, captureText('callback-intermediate-accumulator'))
    expect(answer.status).toBe(200)
    expect(answer.json).toEqual(capture('callback-ack'))
    expect(events.at(-1)).toMatchObject({ status: 200, reason: 'applied', batchId: 'd407e986f3a64d9d36a77bf532322ef8', clientId: 17 })
    const history = store.couponHistory(CODE)
    expect(history.entries.map((e) => e.kind)).toEqual(['coupon_placed', 'progressive_update'])
    expect(history.entries[1]).toMatchObject({ status: 0, source: 'callback', data: { settledBets: 1, bets: 2, realWin: 0 } })
    expect(history.entries[1]!.data.ledger).toBeUndefined()
    expect(history.ledger.rows.map((r) => [r.kind, r.amount])).toEqual([['stake', -AMOUNT]])
    // The exact received bytes are what the version keeps.
    expect(history.versions.at(-1)!.raw).toEqual(intermediate().coupons[0])
  })

  it('the same callback made final (status 2) credits exactly realWin = amount × coefficient', async () => {
    const final = finalOf(2, 'final-won-1')
    const realWin = final.coupons[0].realWin
    expect(realWin).toBe(30)
    expect((await post(url, JSON.stringify(final))).status).toBe(200)
    const history = store.couponHistory(CODE)
    expect(history.entries.at(-1)).toMatchObject({ kind: 'settled', status: 2, data: { realWin, settlementCoef: 3, ledger: { kind: 'credit', amount: realWin } } })
    expect(history.ledger.rows.map((r) => [r.kind, r.amount])).toEqual([['stake', -AMOUNT], ['credit', realWin]])
    expect(history.ledger).toMatchObject({ net: realWin - AMOUNT, complete: true })
    expect(store.coupon(CODE)).toMatchObject({ status: 2, realWin })
    // A redelivery keeps its batchId: acknowledged, nothing credited twice.
    expect((await post(url, JSON.stringify(final))).json).toEqual({ success: true, processed: 1 })
    expect(store.ledger(CODE).rows).toHaveLength(2)
    // An older sender's spelling of the same state adds nothing either.
    expect((await post(url, JSON.stringify(finalOf(2, 'final-won-2', 'real_win')))).status).toBe(200)
    expect(store.ledger(CODE).rows).toHaveLength(2)
  })

  it('a lost final (status 4) credits 0, an older sender\'s real_win is credited, realWin wins over real_win', async () => {
    const lost = finalOf(4, 'final-lost-1')
    lost.coupons[0].coupon_code = '000000000273'
    expect((await post(url, JSON.stringify(lost))).status).toBe(200)
    expect(store.ledger('000000000273').rows.map((r) => [r.kind, r.amount])).toEqual([['credit', 0]])

    const old = finalOf(2, 'final-old-1', 'real_win')
    old.coupons[0].coupon_code = '000000000274'
    expect((await post(url, JSON.stringify(old))).status).toBe(200)
    expect(store.ledger('000000000274').rows.map((r) => r.amount)).toEqual([30])

    const both = finalOf(2, 'final-both-1')
    both.coupons[0].coupon_code = '000000000275'
    both.coupons[0].real_win = 999
    expect((await post(url, JSON.stringify(both))).status).toBe(200)
    expect(store.ledger('000000000275').rows.map((r) => r.amount)).toEqual([30])
  })

  it('a payout of the wrong type is refused before anything is stored', async () => {
    const bad = finalOf(2, 'final-bad-1')
    bad.coupons[0].coupon_code = '000000000276'
    bad.coupons[0].realWin = '30'
    expect((await post(url, JSON.stringify(bad))).status).toBe(400)
    expect(store.coupon('000000000276')).toBeNull()
  })
})

if (!HAVE_CAPTURES) describe('the vendor callback through the real listener', () => it.skip(SKIP_MESSAGE, () => {}))
