import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import Database from 'libsql'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openTimelineStore, type TimelineQuery, type TimelineStore } from '../../../src-main/core/timeline/index.js'
import { fillTimeline } from '../../support/timeline-fill.js'

/** 100,000 entries: the newest page, a page in the middle and the last page, each with its running totals, answer in about the same time. */
const N = 100_000
let dir: string
let file: string
let store: TimelineStore
let span: { firstAt: number; lastAt: number }

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'desk-paging-'))
  file = join(dir, 'timeline.sqlite')
  openTimelineStore(file).close()
  span = fillTimeline(file, N)
  store = openTimelineStore(file)
  // The first read after the history grew sums the blocks once and keeps them (bounded, not per page).
  const t = performance.now()
  store.runningTotals([N])
  expect(performance.now() - t).toBeLessThan(10_000)
}, 60_000)
afterAll(() => {
  store?.close()
  rmSync(dir, { recursive: true, force: true })
})

function timed(query: TimelineQuery): { ms: number; ids: number[]; totals: number } {
  const t = performance.now()
  const page = store.query({ limit: 100, order: 'desc', ...query })
  const totals = store.runningTotals(page.items.map((e) => e.id))
  return { ms: performance.now() - t, ids: page.items.map((e) => e.id), totals: totals.size }
}
/** Median of five runs: one slow run on a shared machine says nothing. */
function median(query: TimelineQuery): { ms: number; ids: number[]; totals: number } {
  const runs = Array.from({ length: 5 }, () => timed(query)).sort((a, b) => a.ms - b.ms)
  return runs[2]
}

describe('paging through 100,000 entries', () => {
  it('the newest, a middle and the last page with a time range answer quickly, with their running totals', () => {
    const newest = median({})
    const mid = span.firstAt + (span.lastAt - span.firstAt) / 2
    const middle = median({ from: mid - 3_600_000, to: mid })
    const last = median({ from: span.firstAt, to: span.firstAt + 3_600_000 })
    for (const page of [newest, middle, last]) {
      expect(page.ids.length).toBeGreaterThanOrEqual(page === newest ? 100 : 60)
      expect(page.totals).toBe(page.ids.length)
      expect(page.ms).toBeLessThan(250)
    }
    expect(newest.ids[0]).toBe(N)
    expect(last.ids.at(-1)).toBe(1)
    const base = Math.max(newest.ms, 2)
    expect(middle.ms, `newest ${newest.ms.toFixed(1)} ms, middle ${middle.ms.toFixed(1)} ms`).toBeLessThan(base * 3 + 5)
    expect(last.ms, `newest ${newest.ms.toFixed(1)} ms, last ${last.ms.toFixed(1)} ms`).toBeLessThan(base * 3 + 5)
  })

  it('walking back page by page stays as quick deep in the history as at its head', () => {
    let cursor: string | null = null
    const times: number[] = []
    for (let i = 0; i < 30; i++) {
      const t = performance.now()
      const page = store.query({ limit: 100, order: 'desc', cursor, from: span.firstAt })
      store.runningTotals(page.items.map((e) => e.id))
      times.push(performance.now() - t)
      cursor = page.nextCursor
    }
    const med = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]
    expect(med(times.slice(20)), times.map((t) => t.toFixed(1)).join(' ')).toBeLessThan(med(times.slice(0, 10)) * 3 + 10)
  })

  it('the running totals agree with a sum over the whole history', () => {
    const db = new Database(file)
    const sum = db.prepare(`SELECT SUM(CASE WHEN kind IN ('coupon_placed','coupon_seen') THEN -json_extract(data,'$.amount') ELSE json_extract(data,'$.ledger.amount') END) AS s FROM timeline WHERE id <= ?`)
    for (const id of [N, N / 2 + 7, 1025, 3]) {
      const expected = Number((sum.get(id) as { s: number }).s)
      expect(store.runningTotals([id]).get(id)!.service).toBeCloseTo(expected, 6)
    }
    db.close()
  })

  it('query plans: every page is read through an index, no sort of the history', () => {
    const db = new Database(file)
    const plan = (sql: string) => (db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all() as Array<{ detail: string }>).map((r) => r.detail).join(' | ')
    expect(plan('SELECT * FROM timeline ORDER BY at DESC, id DESC LIMIT 101')).toMatch(/USING INDEX timeline_at/)
    const ranged = plan('SELECT * FROM timeline WHERE at >= 1 AND at <= 2 AND (at, id) < (3, 4) ORDER BY at DESC, id DESC LIMIT 101')
    expect(ranged).toMatch(/SEARCH timeline USING INDEX timeline_at/)
    expect(ranged).not.toMatch(/TEMP B-TREE/)
    db.close()
  })
})
