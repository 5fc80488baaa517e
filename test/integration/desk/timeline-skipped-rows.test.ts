import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import Database from 'libsql'
import { mkdirSync } from 'node:fs'
import { dirname } from 'node:path'
import { timelineFile } from '../../../src-main/core/desk/index.js'
import { openTimelineStore } from '../../../src-main/core/timeline/store.js'
import { snap } from '../callbacks/helpers.js'
import { createHarness, type Harness } from './helpers.js'

/** A damaged stored row is left out of a timeline page, and the page says which one (not silently dropped). */
let h: Harness
beforeAll(async () => {
  h = await createHarness()
  const file = timelineFile(h.dataDir, 'demo')
  mkdirSync(dirname(file), { recursive: true })
  const store = openTimelineStore(file)
  store.recordPlacement([snap({ coupon_code: '000000000701', amount: 5, status: 0, events_data: [] })])
  store.recordPlacement([snap({ coupon_code: '000000000702', amount: 5, status: 0, events_data: [] })])
  store.close()
  const db = new Database(file)
  db.prepare("UPDATE timeline SET data = 'x' WHERE coupon_code = ?").run('000000000701')
  db.close()
})
afterAll(async () => {
  await h?.close()
})

describe('timeline.query with damaged rows', () => {
  it('returns the readable entries and names the skipped rows by table and id', async () => {
    const page = await h.call(() => h.core.handlers.timeline.query({}))
    expect(page.items.map((e) => e.couponCode)).toEqual(['000000000702'])
    expect(page.skipped).toEqual([{ table: 'timeline', id: 1 }])
  })

  it('a page without damaged rows has no skipped field', async () => {
    const page = await h.call(() => h.core.handlers.timeline.query({ couponCode: '000000000702' }))
    expect(page.items).toHaveLength(1)
    expect(page).not.toHaveProperty('skipped')
  })
})
