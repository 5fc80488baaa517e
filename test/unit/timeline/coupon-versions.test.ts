import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import Database from 'libsql'
import { join } from 'node:path'
import { createManualClock } from '../../../src-main/core/shared/clock.js'
import { createLogger, createMemorySink } from '../../../src-main/core/shared/log.js'
import { openTimelineStore } from '../../../src-main/core/timeline/store.js'
import { batch, bet, coupon, tempDir, wireStore, type WireStore } from '../../integration/callbacks/helpers.js'

const CODE = '000000000601'

/** `couponVersions` is the read the desk's settled push needs: the versions, and nothing of the entries or ledger. */
describe('timeline couponVersions', () => {
  let tmp: ReturnType<typeof tempDir>
  let file: string
  let store: WireStore
  let sink: ReturnType<typeof createMemorySink>

  beforeEach(() => {
    tmp = tempDir('desk-versions-')
    file = join(tmp.dir, 'timeline.sqlite')
    sink = createMemorySink()
    store = wireStore(openTimelineStore(file, { clock: createManualClock(), logger: createLogger({ sink, level: 'debug' }) }))
    store.recordPlacement([{ ...coupon(CODE, 0, [bet('1', 0)]), amount: 10 }], { callbackUrl: 'http://127.0.0.1/cb' })
    store.applyBatch(batch('b-1', [coupon(CODE, 2, [bet('1', 1)], { real_win: 19 })]), { rawSize: 1 })
  })
  afterEach(() => {
    store.close()
    tmp.cleanup()
  })

  it('returns the same versions as couponHistory, oldest first', () => {
    const versions = store.couponVersions(CODE)
    expect(versions).toEqual(store.couponHistory(CODE).versions)
    expect(versions.map((v) => v.snapshot?.status)).toEqual([0, 2])
    expect(versions.at(-1)?.snapshot).toMatchObject({ code: CODE, realWin: 19 })
    expect(store.couponVersions('000000000999')).toEqual([])
  })

  it('does not read the timeline entries (a damaged entry of the coupon is not touched)', () => {
    const db = new Database(file)
    db.prepare("UPDATE timeline SET data = 'x' WHERE coupon_code = ?").run(CODE)
    db.close()
    expect(store.couponVersions(CODE)).toHaveLength(2)
    expect(sink.lines.join('\n')).not.toMatch(/timeline rows damaged/)
    store.couponHistory(CODE)
    expect(sink.lines.join('\n')).toMatch(/timeline rows damaged/)
  })
})
