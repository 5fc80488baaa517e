/**
 * `npm run bench [-- --quick] [-- --only=feed,listener]`: every performance figure with a baseline
 * measured in the same run, 5 repetitions (median, min-max), one table, and bench/results.json.
 * `--quick` runs each figure once with small sizes: it proves the benchmarks run, not the figures.
 */
import { cpus } from 'node:os'
import { fileURLToPath } from 'node:url'
import { configOf, type BenchConfig } from './lib/args.js'
import { tableText, writeResults, type BenchRow } from './lib/report.js'
import { benchFeed } from './feed.js'
import { benchListener } from './listener.js'
import { benchTimeline } from './timeline.js'
import { benchContract } from './contract.js'
import { benchRequests } from './requests.js'
import { benchMemory } from './memory.js'
import { benchDeltas } from './deltas.js'
import { benchBrowser } from './browser.js'

const SUITES: Array<[string, (config: BenchConfig) => Promise<BenchRow[]>]> = [
  ['listener', benchListener],
  ['feed', benchFeed],
  ['contract', benchContract],
  ['timeline', benchTimeline],
  ['requests', benchRequests],
  ['memory', benchMemory],
  ['deltas', benchDeltas],
  ['browser', benchBrowser],
]

const config = configOf(process.argv.slice(2))
const rows: BenchRow[] = []
let crashed = false
const started = Date.now()
for (const [name, suite] of SUITES) {
  if (config.only.size > 0 && !config.only.has(name)) continue
  const t = Date.now()
  try {
    rows.push(...(await suite(config)))
    process.stderr.write(`bench: ${name} done in ${((Date.now() - t) / 1000).toFixed(1)} s\n`)
  } catch (error) {
    crashed = true
    process.stderr.write(`bench: ${name} crashed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`)
  }
}

console.log(tableText(rows))
const meta = {
  date: new Date().toISOString(),
  machine: `${cpus().length} cores, ${cpus()[0]?.model ?? 'unknown cpu'}, node ${process.version}`,
  quick: config.quick,
  seconds: Math.round((Date.now() - started) / 1000),
}
if (!config.quick) writeResults(fileURLToPath(new URL('./results.json', import.meta.url)), meta, rows)
process.stderr.write(`bench: ${meta.seconds} s, ${meta.machine}\n`)
// Only a crash fails the run: a missed target is a finding, reported in the table.
process.exitCode = crashed ? 1 : 0
