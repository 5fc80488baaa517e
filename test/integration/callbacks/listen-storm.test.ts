import { afterAll, describe, expect, it } from 'vitest'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { journalFileOf } from '../../../src-main/core/timeline/delivery-journal.js'
import { openTimelineStore } from '../../../src-main/core/timeline/store.js'
import { profileTimelineFile } from '../../../src-main/core/timeline/paths.js'
import { killAllAndCheck, runCli, waitReady } from './cli-process.js'
import { batch, bet, coupon, deliver, tempDir, type Answer } from './helpers.js'

const SECRET = 'storm-test-secret'

describe('desk listen under a settlement storm (child process)', () => {
  const tmp = tempDir('desk-storm-')
  afterAll(async () => {
    const left = await killAllAndCheck()
    tmp.cleanup()
    expect(left, 'child processes left running').toEqual([])
  })

  // Default: a 200 once in the history's journal through the OS (applied just after on the history's own
  // thread; the syncs follow); --sync-before-answer: once its commit is synced, written on the listener's thread.
  it.each([
    ['answered once journaled (default)', []],
    ['answered once synced (--sync-before-answer)', ['--sync-before-answer']],
  ])('kill -9 right on the last 200 of many concurrent deliveries, %s: every acknowledged one is in the history, a repeated batch once', async (_mode, flags) => {
    const dataDir = join(tmp.dir, flags.length ? 'synced' : 'committed')
    const run = runCli(['listen', '--port', '0', '--data-dir', dataDir, ...flags], { DESK_CALLBACK_SECRET: SECRET })
    const { url } = await waitReady(run)
    const code = (i: number) => String(800_000_000_000 + i)
    const payloads = [
      ...Array.from({ length: 60 }, (_, i) => batch(`storm-${i}`, [coupon(code(i), 4, [bet('1', 1)], { real_win: 5 + i })])),
      // one batch sent five times at once: acknowledged each time, applied once
      ...Array.from({ length: 5 }, () => batch('storm-repeat', [coupon(code(99), 3, [bet('1', 2)])])),
    ]
    let answered = 0
    const answers = await Promise.all(
      payloads.map((p) =>
        deliver(url, SECRET, p).then((answer: Answer) => {
          // The kill lands the moment the last answer is read: nothing gets a chance to flush afterwards.
          if (++answered === payloads.length) run.signal('SIGKILL')
          return answer
        }),
      ),
    )
    expect((await run.exit).signal).toBe('SIGKILL')
    expect(answers.map((a) => a.status)).toEqual(payloads.map(() => 200))
    // The default answered from the journal, which the kill left as it was (emptied only once idle); the other never wrote it.
    const journaled = readFileSync(journalFileOf(profileTimelineFile(dataDir, 'demo')), { encoding: 'utf8', flag: 'a+' }).split('\n').filter(Boolean)
    const inJournal = journaled.flatMap((line) => (JSON.parse(line) as { items: Array<{ batch: { batchId: string } }> }).items.map((i) => i.batch.batchId))
    expect(inJournal.length).toBe(flags.length ? 0 : payloads.length)

    const store = openTimelineStore(profileTimelineFile(dataDir, 'demo'))
    try {
      const settled = store.query({ limit: 1000 }).items.filter((e) => e.kind === 'settled')
      expect(settled.map((e) => e.batchId).sort()).toEqual(Array.from({ length: 60 }, (_, i) => `storm-${i}`).sort())
      expect(store.couponHistory(code(99)).entries.filter((e) => e.batchId === 'storm-repeat')).toHaveLength(1)
      const rows = store.deliveries({ limit: 1000 }).items
      expect(rows).toHaveLength(payloads.length)
      expect(rows.filter((d) => d.batchId === 'storm-repeat').map((d) => d.duplicate).sort()).toEqual([false, true, true, true, true])
    } finally {
      store.close()
    }
  })
})
