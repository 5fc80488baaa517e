import { execFileSync } from 'node:child_process'
import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import Database from 'libsql'
import { openTimelineStore } from '../src-main/core/timeline/index.js'
import { fill } from './timeline-fill.js'
import type { BenchConfig } from './lib/args.js'
import { row, type BenchRow } from './lib/report.js'
import { repeat, timeOnce } from './lib/stats.js'

/**
 * Ledger and timeline with a long history: the newest page with a filter, one coupon's running
 * balance and `desk timeline --json --limit 200`, each beside the plain SQLite read of the same rows.
 */

const ROOT = new URL('..', import.meta.url).pathname

export async function benchTimeline(config: BenchConfig): Promise<BenchRow[]> {
  const entries = config.size(100_000, 2_000)
  // Filling is setup, not a figure: on tmpfs its per-batch sync does not take minutes.
  const base = existsSync('/dev/shm') ? '/dev/shm' : tmpdir()
  const dir = mkdtempSync(join(base, 'desk-bench-timeline-'))
  const file = join(dir, 'timeline.sqlite')
  try {
    const store = openTimelineStore(file)
    const code = fill(store, entries)
    const raw = new Database(file, { readonly: true })
    const count = (raw.prepare('SELECT count(*) AS n FROM timeline').get() as { n: number }).n
    const plain = raw.prepare('SELECT * FROM timeline ORDER BY id DESC LIMIT 200')
    const plainCoupon = raw.prepare('SELECT * FROM timeline WHERE coupon_code = ? ORDER BY id')
    const rows: BenchRow[] = []
    const label = `${count.toLocaleString('en-US')} entries`
    rows.push(
      row({
        name: `timeline: newest 200 with a filter (status 2), ${label}`,
        value: await repeat(config.reps, () => timeOnce(() => store.query({ status: 2, limit: 200, order: 'desc' }))),
        unit: 'ms',
        baseline: await repeat(config.reps, () => timeOnce(() => plain.all())),
        target: '<= 10 ms',
        met: (v) => v <= 10,
        note: 'baseline: SELECT newest 200 rows, no filter, no decoding',
      }),
    )
    rows.push(
      row({
        name: `ledger: running balance of one coupon, ${label}`,
        value: await repeat(config.reps, () => timeOnce(() => store.ledger(code))),
        unit: 'ms',
        baseline: await repeat(config.reps, () => timeOnce(() => plainCoupon.all(code))),
        note: "baseline: SELECT of that coupon's rows",
      }),
    )
    raw.close()
    store.close()
    const cli = () => execFileSync(process.execPath, ['--import', 'tsx', 'src-main/core/cli/main.ts', 'timeline', '--history-file', file, '--json', '--limit', '200'], { cwd: ROOT, maxBuffer: 64 * 1024 * 1024 })
    const printed = JSON.parse(cli().toString()) as unknown[]
    if (printed.length !== Math.min(200, count)) throw new Error(`desk timeline printed ${printed.length} entries`)
    const nodeStart = () => execFileSync(process.execPath, ['--import', 'tsx', '-e', ''], { cwd: ROOT })
    rows.push(
      row({
        name: `desk timeline --json --limit 200, ${label}`,
        value: await repeat(config.reps, () => timeOnce(cli)),
        unit: 'ms',
        baseline: await repeat(config.reps, () => timeOnce(nodeStart)),
        note: 'baseline: starting node with the same TypeScript loader and doing nothing',
      }),
    )
    return rows
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}
