import { execFileSync } from 'node:child_process'
import type { BenchConfig } from './lib/args.js'
import { row, type BenchRow } from './lib/report.js'
import { summarise } from './lib/stats.js'

/**
 * Memory of the main process (desk core) watching the whole 5,000-match Demo line with 10,000
 * history entries, each repetition a fresh process (bench/memory-core.ts); baseline: that process's
 * RSS before the desk opens. The bytes a line refresh pushes are measured in bench/deltas.ts.
 */

interface CoreMemory {
  baselineRss: number
  rss: number
  heapUsed: number
  matches: number
}

const ROOT = new URL('..', import.meta.url).pathname
const MB = 1024 * 1024

export function benchMemory(config: BenchConfig): Promise<BenchRow[]> {
  const runs: CoreMemory[] = []
  // Each run opens a full line in a fresh process: 3 runs.
  const reps = config.quick ? 1 : 3
  for (let r = 0; r < reps; r++) {
    const out = execFileSync(process.execPath, ['--expose-gc', '--import', 'tsx', 'bench/memory-core.ts'], {
      cwd: ROOT,
      env: { ...process.env, DESK_DEMO_MATCHES: String(config.size(5000, 300)), TIMELINE_ENTRIES: String(config.size(10_000, 500)) },
      maxBuffer: 1024 * 1024,
      timeout: 300_000,
    })
    runs.push(JSON.parse(out.toString().trim().split('\n').pop() ?? '{}') as CoreMemory)
  }
  const s = (f: (m: CoreMemory) => number) => summarise(runs.map(f))
  const matches = Math.min(...runs.map((m) => m.matches))
  return Promise.resolve([
    row({
      name: `memory: core RSS, ${matches.toLocaleString('en-US')} matches watched, ${config.size(10_000, 500).toLocaleString('en-US')} history entries`,
      value: s((m) => m.rss / MB),
      unit: 'MB',
      baseline: s((m) => m.baselineRss / MB),
      target: '<= 200 MB',
      met: (v) => v <= 200,
      note: 'baseline: the same process before the desk opens',
    }),
  ])
}
