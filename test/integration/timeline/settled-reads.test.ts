import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { join } from 'node:path'
import { createCallbackListener, type CallbackListener } from '../../../src-main/core/callbacks/listener.js'
import type { Coupon } from '../../../src-main/core/coupons/types.js'
import { startSimulator, type RunningSimulator } from '../../../src-main/core/simulator/server.js'
import { couponSnapshot, settledFromVersions } from '../../../src-main/core/coupons/snapshot.js'
import { createSettledReader } from '../../../src-main/core/timeline/settled.js'
import { openTimelineStore, type TimelineStore } from '../../../src-main/core/timeline/store.js'
import { makeClient, outcomes } from '../coupons/helpers.js'
import { tempDir } from '../callbacks/helpers.js'

const SECRET = 'settled-reads-secret'

/** Issue 8, item 3: a settlement pushed to the console costs no coupons/get per coupon. */
describe('settled coupons from the callback snapshot, reads batched', () => {
  const tmp = tempDir('desk-settled-')
  let sim: RunningSimulator
  let store: TimelineStore
  let listener: CallbackListener
  let client: ReturnType<typeof makeClient>
  const codes: string[] = []

  beforeAll(async () => {
    sim = await startSimulator({ port: 0, clockTickMs: 0, seed: 7, callbackSecret: SECRET })
    store = openTimelineStore(join(tmp.dir, 'timeline.sqlite'), { clock: sim.clock })
    listener = createCallbackListener({ port: 0, secret: SECRET, store, clock: sim.clock })
    const { url } = await listener.start()
    client = makeClient(sim)
    const picked = outcomes(sim, 8, 0)
    for (const p of picked) {
      const result = await client.place({ bets: [p.pointer], amount: 3, multi: false, lang: 'en', callbackUrl: url })
      if (result.outcome !== 'placed') throw new Error(`placement ${result.outcome}`)
      store.recordPlacement(result.coupons.map(couponSnapshot), { callbackUrl: url })
      codes.push(result.coupons[0].code)
    }
    for (const code of codes) {
      const res = await fetch(`${sim.couponBaseUrl}/__sim/coupons/${code}/settle`, { method: 'POST', body: JSON.stringify({ result: 'win' }) })
      expect(res.status).toBe(200)
    }
    await sim.coupons.whenCallbacksIdle()
  })
  afterAll(async () => {
    await listener?.stop()
    await sim?.close()
    store?.close()
    tmp.cleanup()
  })

  it('the coupon as placed plus the callback snapshot equals what coupons/results answers, with no read', async () => {
    const read = await client.resultsByIds(codes)
    for (const code of codes) {
      const built = settledFromVersions(store.couponHistory(code).versions)
      expect(built, code).not.toBeNull()
      const server = read.find((c) => c.code === code)!
      expect({ status: built!.status, realWin: built!.realWin, calculateDate: built!.calculateDate }).toEqual({
        status: server.status, realWin: server.realWin, calculateDate: server.calculateDate,
      })
      expect(built!.bets.map((b) => [b.id, b.status, b.settlementReasonCode])).toEqual(server.bets.map((b) => [b.id, b.status, b.settlementReasonCode]))
    }
  })

  it('a coupon without a placement record is read back in batches of at most 100 ids, spaced', async () => {
    const calls: Array<{ at: number; codes: string[] }> = []
    const got: Coupon[] = []
    const reader = createSettledReader({
      read: async (ids) => {
        calls.push({ at: Date.now(), codes: ids })
        return client.resultsByIds(ids)
      },
      onCoupon: (c) => got.push(c),
      gapMs: 150,
    })
    const many = [...codes, ...Array.from({ length: 200 }, (_, i) => String(900_000_000_000 + i))]
    for (const code of many) reader.request(code)
    for (const code of codes) reader.request(code) // asked again while queued: one read
    const deadline = Date.now() + 10_000
    while (reader.pending > 0 || calls.length < 3) {
      if (Date.now() > deadline) throw new Error('reads did not finish')
      await new Promise((r) => setTimeout(r, 20))
    }
    await new Promise((r) => setTimeout(r, 300))
    reader.close()
    expect(calls.map((c) => c.codes.length)).toEqual([100, 100, 8])
    expect(calls[1].at - calls[0].at).toBeGreaterThanOrEqual(140)
    expect(calls[2].at - calls[1].at).toBeGreaterThanOrEqual(140)
    expect(got.map((c) => c.code).sort()).toEqual([...codes].sort())
  })
})
