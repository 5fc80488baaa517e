import { join } from 'node:path'
import { createManualClock } from '../../../src-main/core/shared/clock.js'
import { createLogger, createMemorySink } from '../../../src-main/core/shared/log.js'
import { openTimelineStore } from '../../../src-main/core/timeline/store.js'
import { batch, bet, coupon, tempDir, wireStore, type WireStore } from '../../integration/callbacks/helpers.js'

export interface SettledStore {
  store: WireStore
  /** The SQLite file, to damage rows behind the store's back. */
  file: string
  sink: ReturnType<typeof createMemorySink>
  close(): void
}

/** A timeline store in a fresh temp folder, logging to a memory sink, with coupon `code` placed (10) and settled (status 2, real win 19). */
export function openSettledStore(prefix: string, code: string): SettledStore {
  const tmp = tempDir(prefix)
  const file = join(tmp.dir, 'timeline.sqlite')
  const sink = createMemorySink()
  const store = wireStore(openTimelineStore(file, { clock: createManualClock(), logger: createLogger({ sink, level: 'debug' }) }))
  store.recordPlacement([{ ...coupon(code, 0, [bet('1', 0)]), amount: 10 }], { callbackUrl: 'http://127.0.0.1/cb' })
  store.applyBatch(batch('b-1', [coupon(code, 2, [bet('1', 1)], { real_win: 19 })]), { rawSize: 1 })
  return {
    store,
    file,
    sink,
    close() {
      store.close()
      tmp.cleanup()
    },
  }
}
