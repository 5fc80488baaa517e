import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { join } from 'node:path'
import { couponSnapshot, createCouponClient, snapshotReader } from '../../../src-main/core/coupons/index.js'
import { createReconciler } from '../../../src-main/core/timeline/reconcile.js'
import { openTimelineStore, type TimelineStore } from '../../../src-main/core/timeline/store.js'
import { tempDir } from '../callbacks/helpers.js'
import { startCaptureServer, type CaptureServer } from '../coupons/capture-server.js'
import { capture, HAVE_CAPTURES, SKIP_MESSAGE } from '../coupons/captures.js'

/** Placement → polling with the real coupon client against the vendor's answers: the won result is credited. */
describe.skipIf(!HAVE_CAPTURES)('reconciler on the real captures', () => {
  const tmp = tempDir('desk-rec-cap-')
  let server: CaptureServer
  let store: TimelineStore

  beforeAll(async () => {
    server = await startCaptureServer()
    store = openTimelineStore(join(tmp.dir, 'timeline.sqlite'))
  })
  afterAll(async () => {
    store.close()
    await server.close()
    tmp.cleanup()
  })

  it('a placed coupon found settled by polling credits real_win 18.5 against the stake of 10', async () => {
    const creds = capture('login-request')
    const client = createCouponClient({ baseURL: server.url, credentials: async () => creds, timeoutMs: 3000 })
    const placed = await client.place({ bets: ['line#737779544#1#1#0#1.85'], amount: 10, callbackUrl: 'https://partner.example.com/api/coupon-result' })
    if (placed.outcome !== 'placed') throw new Error(placed.outcome)
    store.recordPlacement(placed.coupons.map(couponSnapshot), { callbackUrl: 'https://partner.example.com/api/coupon-result' })
    const reconciler = createReconciler({ store, reader: snapshotReader({ calculated: (m) => client.calculated(m), resultsByIds: (codes) => client.resultsByIds(codes) }) })
    const report = await reconciler.runOnce()
    expect(report.errors).toEqual([])
    expect(report.entries.map((e) => e.kind)).toEqual(['discovered_by_polling'])
    expect(report.entries[0]).toMatchObject({ status: 2, data: { realWin: 18.5, settlementCoef: 1.85, ledger: { kind: 'credit', amount: 18.5 } } })
    expect(store.ledger('000000000272')).toMatchObject({ net: 8.5, complete: true })
    expect(store.openPlacedCodes()).toEqual([])
  })
})

if (!HAVE_CAPTURES) describe('reconciler on the real captures', () => it.skip(SKIP_MESSAGE, () => {}))
