import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { DeskHandlers } from '../../../src-shared/contract.js'
import { openTimelineStore } from '../../../src-main/core/timeline/index.js'
import { timelineFile } from '../../../src-main/core/desk/environment.js'
import { createHarness, type Harness } from './helpers.js'

/** Demo: a wrong callback secret stored in the profile, a refused settlement, the fix and the re-verify, through the contract. */
let h: Harness
let api: DeskHandlers

beforeAll(async () => {
  h = await createHarness({ balancePollMs: 100 })
  api = h.core.handlers
  await api.session.login(undefined)
})
afterAll(async () => {
  await h?.close()
})

async function firstPointer(): Promise<string> {
  const menu = await api.feed.menu({ lineType: 'line' })
  for (const sport of menu) {
    const events = await api.feed.events({ lineType: 'line', sportId: sport.id, tournamentId: 0 })
    for (const match of events.flatMap((e) => e.matches)) {
      const o = (match.markets ?? []).flatMap((m) => m.columns.flat()).find((x) => !x.blocked && x.pointer)
      if (o) return o.pointer
    }
  }
  throw new Error('no bettable outcome')
}

async function until<T>(read: () => Promise<T | undefined | null | false>, what: string): Promise<T> {
  const deadline = Date.now() + 15_000
  for (;;) {
    const v = await read()
    if (v) return v
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`)
    await new Promise((r) => setTimeout(r, 50))
  }
}

describe('delivery inspector and re-verify (Demo, through the contract)', () => {
  it('a settlement refused for a wrong stored secret is kept, inspectable, and credited once after the fix', async () => {
    const id = (await api.profiles.list(undefined)).activeId
    await api.profiles.setSecret({ id, kind: 'callbackSecret', value: 'not-the-demo-secret' })
    await api.session.login(undefined)
    expect((await api.listener.start(undefined)).running).toBe(true)
    const placed = await api.coupons.place({ pointers: [await firstPointer()], amount: 3, multi: false, mode: 'accept', confirmed: false })
    if (placed.outcome !== 'placed') throw new Error(`placement ${placed.outcome}`)
    const code = placed.coupons[0].couponCode
    await api.demo.settle({ code, result: 'win' })

    const refused = await until(async () => (await api.timeline.deliveries({})).items.find((d) => d.couponCodes?.includes(code)), 'the refused delivery')
    expect(refused).toMatchObject({ verdict: 'forged', reason: 'signature_mismatch', answer: 401, body: 'kept', batchId: null })
    const page = await api.timeline.deliveries({})
    expect(page.kept).toMatchObject({ pending: 1, dropped: { count: 0 } })
    const detail = await api.timeline.delivery({ id: refused.id })
    expect(detail.payload && JSON.parse(detail.payload)).toMatchObject({ event: 'coupons.settled', coupons: [{ coupon_code: code }] })
    expect(detail.headers.some(([n]) => n.toLowerCase() === 'x-coupon-signature')).toBe(true)
    expect(JSON.stringify(detail)).not.toContain('not-the-demo-secret')
    expect(detail.answer).toEqual({ status: 401, body: '{"success":false,"error":"signature_mismatch"}' })

    // Re-verify with the wrong secret still stored: nothing applied, and said why.
    expect(await api.listener.reverify(undefined)).toMatchObject({ checked: 1, applied: [], stillRefused: [{ id: refused.id, reason: 'signature_mismatch' }] })

    await api.profiles.clearSecret({ id, kind: 'callbackSecret' })
    const report = await api.listener.reverify(undefined)
    expect(report).toMatchObject({ secretSet: true, checked: 1, applied: [{ id: refused.id, codes: [code] }], duplicates: [], stillRefused: [] })
    const settled = (await api.timeline.couponHistory({ code })).filter((e) => e.kind === 'settled')
    expect(settled).toHaveLength(1)
    expect((await api.listener.reverify(undefined)).checked).toBe(0)

    const after = await api.timeline.delivery({ id: refused.id })
    expect(after).toMatchObject({ reverify: { outcome: 'applied' }, batchId: report.applied[0].batchId, firstDeliveryId: refused.id })
    // A coupon's history names the batch: it opens the delivery that applied it.
    expect((await api.timeline.delivery({ batchId: report.applied[0].batchId! })).id).toBe(refused.id)
    await expect(api.timeline.delivery({ batchId: 'no-such-batch' })).rejects.toMatchObject({ code: 'not_found' })

    // Each re-verify is an operator action in the profile's audit log.
    const history = openTimelineStore(timelineFile(h.dataDir, id))
    try {
      const runs = history.auditEntries().filter((a) => a.action === 'callbacks.reverify')
      expect(runs.map((a) => a.data)).toEqual([
        { checked: 0, applied: 0, duplicates: 0, failed: 0, batches: null },
        { checked: 1, applied: 1, duplicates: 0, failed: 0, batches: report.applied[0].batchId },
        { checked: 1, applied: 0, duplicates: 0, failed: 1, batches: null },
      ])
      expect(runs.every((a) => a.actor === 'console')).toBe(true)
    } finally {
      history.close()
    }
  })
})
