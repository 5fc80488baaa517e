import { afterEach, describe, expect, it } from 'vitest'
import { existsSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { performance } from 'node:perf_hooks'
import { journalFileOf, openDeliveryJournal } from '../../../src-main/core/timeline/delivery-journal.js'
import { openTimelineStore } from '../../../src-main/core/timeline/store.js'
import type { TimelineEntry } from '../../../src-main/core/timeline/types.js'
import type { ApplyWorkerEntry } from '../../../src-main/core/timeline/apply-protocol.js'
import { bet, coupon, settlement, tempDir } from '../../integration/callbacks/helpers.js'

const item = (batchId: string, code: string) => ({
  batch: settlement({ event: 'coupons.settled', batchId, couponCount: 1, coupons: [coupon(code, 4, [bet('1', 1)], { real_win: 5 })] }),
  meta: { rawSize: 1, rawBody: `{"batchId":"${batchId}"}` },
})

const lines = (file: string) => (existsSync(file) ? readFileSync(file, 'utf8').split('\n').filter(Boolean) : [])

describe("deliveries applied on the history's own thread", () => {
  const cleanups: Array<() => void> = []
  afterEach(() => {
    for (const c of cleanups.splice(0).reverse()) c()
  })
  /** An applying thread's entry made of this source (one that never gets ready, or fails). */
  function threadModule(source: string): ApplyWorkerEntry {
    const t = tempDir('desk-apply-entry-')
    cleanups.push(() => t.cleanup())
    const file = join(t.dir, 'entry.mjs')
    writeFileSync(file, `${source}\n`)
    return { kind: 'module', url: pathToFileURL(file) }
  }
  function history() {
    const t = tempDir('desk-apply-')
    cleanups.push(() => t.cleanup())
    return join(t.dir, 'timeline.sqlite')
  }

  it('journals a group before answering, applies it on the thread, and a read right after sees it', async () => {
    const file = history()
    const store = openTimelineStore(file)
    cleanups.push(() => store.close())
    const heard: TimelineEntry[] = []
    store.onEntry((e) => heard.push(e))
    await store.prepareForDeliveries()
    const results = await store.commitBatches([item('t-1', '000000000801'), item('t-2', '000000000802')])
    expect(results.map((r) => [r.processed, r.duplicate, r.entries.length])).toEqual([[1, false, 0], [1, false, 0]])
    // Acknowledged means in the journal: a process killed now loses nothing.
    const [record] = lines(journalFileOf(file)).map((l) => JSON.parse(l) as { seq: number; items: Array<{ batch: { batchId: string } }> })
    expect(record.items.map((i) => i.batch.batchId)).toEqual(['t-1', 't-2'])
    // It holds callback bodies: this user's only, as the database is.
    if (process.platform !== 'win32') expect(statSync(journalFileOf(file)).mode & 0o777).toBe(0o600)
    // Any call of the store waits until what was acknowledged is applied, and subscribers heard of it first.
    expect(store.couponHistory('000000000801').entries.map((e) => e.kind)).toEqual(['settled'])
    expect(heard.map((e) => e.couponCode).sort()).toEqual(['000000000801', '000000000802'])
    expect(store.deliveries({ limit: 10 }).items.map((d) => d.batchId)).toEqual(['t-2', 't-1'])
  })

  it('knows a duplicate before it is applied: stored, still on its way, or repeated in the group', async () => {
    const file = history()
    const store = openTimelineStore(file)
    cleanups.push(() => store.close())
    await store.prepareForDeliveries()
    expect((await store.commitBatches([item('d-1', '000000000811')]))[0].duplicate).toBe(false)
    // Not applied yet (no read in between): the first is on its way.
    const again = await store.commitBatches([item('d-1', '000000000811'), item('d-2', '000000000812'), item('d-2', '000000000812')])
    expect(again.map((r) => r.duplicate)).toEqual([true, false, true])
    expect(store.deliveries({ limit: 10 }).items.map((d) => d.duplicate)).toEqual([true, false, true, false])
    // Stored: still a duplicate.
    expect((await store.commitBatches([item('d-2', '000000000812')]))[0].duplicate).toBe(true)
    expect(store.couponHistory('000000000812').entries).toHaveLength(1)
  })

  it('applies what a killed desk left in the journal when the history is next opened, once', () => {
    const file = history()
    openTimelineStore(file).close()
    const journal = openDeliveryJournal(journalFileOf(file))
    journal.append({ seq: 1, items: [item('k-1', '000000000821')] })
    journal.close()
    // A write cut short (never answered) is skipped, whether the file ends there or goes on.
    writeFileSync(journalFileOf(file), readFileSync(journalFileOf(file), 'utf8') + '{"seq":2,"items":[{"bat\n')
    const more = openDeliveryJournal(journalFileOf(file))
    more.append({ seq: 3, items: [item('k-2', '000000000822'), item('k-3', '000000000823')] })
    more.close()
    writeFileSync(journalFileOf(file), readFileSync(journalFileOf(file), 'utf8') + '{"seq":4,"items":[{"bat')

    const reopened = openTimelineStore(file)
    expect(reopened.deliveries({ limit: 10 }).items.map((d) => d.batchId)).toEqual(['k-3', 'k-2', 'k-1'])
    reopened.close()
    const third = openTimelineStore(file)
    expect(third.deliveries({ limit: 10 }).items).toHaveLength(3)
    third.close()
  })

  it('numbers new records after those applied, and empties the journal once all are applied', async () => {
    const file = history()
    const first = openTimelineStore(file)
    await first.prepareForDeliveries()
    await first.commitBatches([item('n-1', '000000000831')])
    first.close()
    expect(statSync(journalFileOf(file)).size).toBe(0)
    const second = openTimelineStore(file)
    cleanups.push(() => second.close())
    await second.prepareForDeliveries()
    await second.commitBatches([item('n-2', '000000000832')])
    expect(lines(journalFileOf(file)).map((l) => (JSON.parse(l) as { seq: number }).seq)).toEqual([2])
    expect(second.deliveries({ limit: 10 }).items).toHaveLength(2)
  })

  it('one history, one appending desk: a second store on the same file writes on its own thread', async () => {
    const file = history()
    const owner = openTimelineStore(file)
    cleanups.push(() => owner.close())
    await owner.prepareForDeliveries()
    const other = openTimelineStore(file)
    cleanups.push(() => other.close())
    await other.prepareForDeliveries()
    await other.commitBatches([item('o-1', '000000000841')])
    // Written directly: nothing of it in the owner's journal.
    expect(lines(journalFileOf(file))).toEqual([])
    expect(owner.deliveries({ limit: 10 }).items.map((d) => d.batchId)).toEqual(['o-1'])
  })

  it('a history closed while its thread is still starting closes at once, and a listener need not wait for it', async () => {
    const file = history()
    // A thread that never gets ready (as one still loading its code).
    const store = openTimelineStore(file, { applyThread: threadModule('setInterval(() => undefined, 1000)') })
    await store.prepareForDeliveries(0)
    // Not up yet: written on this thread, nothing journaled.
    await store.commitBatches([item('s-1', '000000000861')])
    expect(lines(journalFileOf(file))).toEqual([])
    const started = performance.now()
    store.close()
    expect(performance.now() - started).toBeLessThan(1000)
    const reopened = openTimelineStore(file)
    expect(reopened.deliveries({ limit: 10 }).items.map((d) => d.batchId)).toEqual(['s-1'])
    reopened.close()
  })

  it('a thread that cannot start hands the deliveries back to the calling thread', async () => {
    const file = history()
    const store = openTimelineStore(file, { applyThread: threadModule('throw new Error("no applying here")') })
    cleanups.push(() => store.close())
    await store.prepareForDeliveries()
    const [result] = await store.commitBatches([item('b-1', '000000000851')])
    expect(result.duplicate).toBe(false)
    expect(store.couponHistory('000000000851').entries.map((e) => e.kind)).toEqual(['settled'])
    expect(lines(journalFileOf(file))).toEqual([])
  })
})
