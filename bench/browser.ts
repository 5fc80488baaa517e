import type { BenchConfig } from './lib/args.js'
import { row, type BenchRow } from './lib/report.js'

/**
 * The line browser in Chromium (`npm run web`, 5,000-match Demo line). Not measured yet: the rows
 * stay in the table, marked, so a missing figure is never mistaken for a met one.
 */
const NOT_YET = 'not measured yet: needs a Chromium run of the built renderer (see README, Benchmarks)'

export function benchBrowser(_config: BenchConfig): Promise<BenchRow[]> {
  const missing = (name: string, unit: string, target: string) => row({ name, value: NaN, unit, target, note: NOT_YET })
  return Promise.resolve([
    missing('line browser: data to first rows painted, 5,000 matches', 'ms', '<= 150 ms'),
    missing('line browser: frames over 20 ms scrolling, vs plain virtual list', 'frames', '<= 1.2x plain'),
    missing('line browser: main-thread time applying 2,000 changed prices', 'ms', '<= 8 ms'),
    missing('memory: renderer JS heap, 5,000-match list open', 'MB', ''),
  ])
}
