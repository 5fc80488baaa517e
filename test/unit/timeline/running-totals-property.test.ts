import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import fc from 'fast-check'
import Database from 'libsql'
import { join } from 'node:path'
import { openTimelineStore, type TimelineStore } from '../../../src-main/core/timeline/index.js'
import { EFFECTS_FROM, PARTNER_EFFECT, SERVICE_EFFECT, TOTALS_BLOCK as BLOCK } from '../../../src-main/core/timeline/totals.js'
import { roundMoney } from '../../../src-main/core/timeline/ledger.js'
import { fillTimeline } from '../../support/timeline-fill.js'
import { tempDir } from '../../integration/callbacks/helpers.js'

/**
 * Running totals asked for many entries at once (a page: neighbours read in one scan, far ones from
 * the kept block sums) are each entry's totals asked for alone, to the cent, damaged rows included.
 */
const N = 5 * BLOCK + 300
const DAMAGED = 2 * BLOCK + 17
let tmp: ReturnType<typeof tempDir>
let store: TimelineStore
/** Each entry's totals from one pass over the whole history, row by row: the reference. */
const reference = new Map<number, { service: number; partner: number; complete: boolean }>()

beforeAll(() => {
  tmp = tempDir('desk-totals-')
  const file = join(tmp.dir, 'timeline.sqlite')
  openTimelineStore(file).close()
  fillTimeline(file, N)
  const db = new Database(file)
  db.prepare("UPDATE timeline SET data = 'not json' WHERE id = ?").run(DAMAGED)
  let service = 0
  let partner = 0
  let complete = true
  for (const r of db.prepare(`SELECT t.id AS id, ${SERVICE_EFFECT} AS s, ${PARTNER_EFFECT} AS p ${EFFECTS_FROM} ORDER BY t.id`).all() as Array<{ id: number; s: unknown; p: unknown }>) {
    if (typeof r.s !== 'number' || typeof r.p !== 'number') complete = false
    service = roundMoney(service + (typeof r.s === 'number' ? r.s : 0))
    partner = roundMoney(partner + (typeof r.p === 'number' ? r.p : 0))
    reference.set(Number(r.id), { service, partner, complete })
  }
  db.close()
  store = openTimelineStore(file)
}, 30_000)
afterAll(() => {
  store?.close()
  tmp?.cleanup()
})

const alone = (id: number) => store.runningTotals([id]).get(id)

/** Ids as pages and filters make them: runs of neighbours, ids a few apart, ids a block or more apart. */
const idSets = fc
  .array(
    fc.record({ start: fc.integer({ min: 1, max: N }), length: fc.integer({ min: 1, max: 20 }), step: fc.constantFrom(1, 2, 7, BLOCK - 1, BLOCK + 1, 3 * BLOCK) }),
    { minLength: 1, maxLength: 4 },
  )
  .map((runs) => runs.flatMap(({ start, length, step }) => Array.from({ length }, (_, k) => start + k * step).filter((id) => id <= N)))
  .filter((ids) => ids.length > 0)

describe('running totals of many entries at once', () => {
  it('equal each entry asked for alone, and a pass over the whole history', () => {
    for (const id of [1, 2, BLOCK - 1, BLOCK, BLOCK + 1, DAMAGED, N]) expect(alone(id)).toEqual(reference.get(id))
    fc.assert(
      fc.property(idSets, (ids) => {
        const together = store.runningTotals(ids)
        expect(together.size).toBe(new Set(ids).size)
        for (const id of ids) expect(together.get(id)).toEqual(reference.get(id))
      }),
      { numRuns: 30 },
    )
  })

  it('equal them when continued from an earlier entry', () => {
    fc.assert(
      fc.property(idSets, fc.integer({ min: 1, max: N }), (ids, baseId) => {
        const base = { id: baseId, totals: reference.get(baseId)! }
        const together = store.runningTotals(ids, base)
        for (const id of ids) expect(together.get(id)).toEqual(reference.get(id))
      }),
      { numRuns: 20 },
    )
  })

  it('a damaged entry makes the totals from it on incomplete, not those before it', () => {
    const totals = store.runningTotals([DAMAGED - 1, DAMAGED, DAMAGED + 1, N])
    expect(totals.get(DAMAGED - 1)?.complete).toBe(true)
    expect([DAMAGED, DAMAGED + 1, N].map((id) => totals.get(id)?.complete)).toEqual([false, false, false])
  })
})
