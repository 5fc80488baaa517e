import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import Database from 'libsql'
import { openSettledStore, type SettledStore } from './settled-store.js'

const CODE = '000000000601'

/** `couponVersions` is the read the desk's settled push needs: the versions, and nothing of the entries or ledger. */
describe('timeline couponVersions', () => {
  let t: SettledStore

  beforeEach(() => {
    t = openSettledStore('desk-versions-', CODE)
  })
  afterEach(() => t.close())

  it('returns the same versions as couponHistory, oldest first', () => {
    const versions = t.store.couponVersions(CODE)
    expect(versions).toEqual(t.store.couponHistory(CODE).versions)
    expect(versions.map((v) => v.snapshot?.status)).toEqual([0, 2])
    expect(versions.at(-1)?.snapshot).toMatchObject({ code: CODE, realWin: 19 })
    expect(t.store.couponVersions('000000000999')).toEqual([])
  })

  it('does not read the timeline entries (a damaged entry of the coupon is not touched)', () => {
    const db = new Database(t.file)
    db.prepare("UPDATE timeline SET data = 'x' WHERE coupon_code = ?").run(CODE)
    db.close()
    expect(t.store.couponVersions(CODE)).toHaveLength(2)
    expect(t.sink.lines.join('\n')).not.toMatch(/timeline rows damaged/)
    t.store.couponHistory(CODE)
    expect(t.sink.lines.join('\n')).toMatch(/timeline rows damaged/)
  })
})
