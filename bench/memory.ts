import { execFile, spawn, type ChildProcess } from 'node:child_process'
import { rmSync } from 'node:fs'
import { join } from 'node:path'
import { createInterface } from 'node:readline'
import { promisify } from 'node:util'
import type { BenchConfig } from './lib/args.js'
import { bundleForNode } from './lib/bundle.js'
import { row, type BenchRow } from './lib/report.js'
import { summarise } from './lib/stats.js'

/**
 * Memory of the main process (desk core) watching the whole Prematch line (5,000 matches) with
 * 10,000 history entries, each repetition a fresh process (bench/memory-core.ts), RSS after a settle
 * and a full collection. The figure: a custom profile against the simulator in a process of its own,
 * as a desk runs against the real feed. Informational: the Demo profile, whose simulator (its whole
 * generated world, coupon service and clock) runs inside the same process. Baseline: that process's
 * RSS before the desk opens. The bytes a line refresh pushes are measured in bench/deltas.ts.
 * The core runs as it ships: bench/memory-core.ts is bundled the way electron-vite builds the main
 * process (bench/lib/bundle.ts) and run by plain Node. From source, Node with the tsx loader holds
 * some 70 MB more before the desk even opens (the loader and the code it compiled): that start is
 * measured once and named in the note, not counted.
 */

interface Memory {
  rss: number
  heapUsed: number
  heapTotal: number
  external: number
  arrayBuffers: number
}
interface CoreMemory {
  profile: 'custom' | 'demo'
  baseline: Memory
  /** The desk open with its history, before any line is watched. */
  opened: Memory
  watched: Memory
  matches: number
  sports: number
}
interface Endpoints {
  couponBaseUrl: string
  feedApiUrl: string
  cdnUrl: string
}

const ROOT = new URL('..', import.meta.url).pathname
const MB = 1024 * 1024
const run = promisify(execFile)

/** `npm run simulator` in its own process group (killed whole at the end), once it printed its ready line. */
async function startSimulatorProcess(matches: number): Promise<{ child: ChildProcess; endpoints: Endpoints }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src-main/core/simulator/cli.ts', '--port', '0', '--seed', '1', '--matches', String(matches)], {
    cwd: ROOT,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let stderr = ''
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-4000)
  })
  try {
    const endpoints = await new Promise<Endpoints>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('the simulator did not get ready in 120 s')), 120_000)
      child.once('exit', (code) => reject(new Error(`the simulator exited (${code}): ${stderr}`)))
      createInterface({ input: child.stdout! }).once('line', (line) => {
        clearTimeout(timer)
        try {
          resolve(JSON.parse(line) as Endpoints)
        } catch {
          reject(new Error(`the simulator printed no ready line: ${line}`))
        }
      })
    })
    return { child, endpoints }
  } catch (error) {
    killGroup(child)
    throw error
  }
}

function killGroup(child: ChildProcess): void {
  if (child.pid === undefined || child.exitCode !== null || child.signalCode !== null) return
  try {
    process.kill(-child.pid, 'SIGKILL')
  } catch {
    // already gone
  }
}

/** One fresh core process: the bundle (`script`), or the source through tsx when `script` is null. */
async function measure(env: Record<string, string>, script: string | null): Promise<CoreMemory> {
  const args = script ? ['--expose-gc', script] : ['--expose-gc', '--import', 'tsx', 'bench/memory-core.ts']
  const { stdout } = await run(process.execPath, args, {
    cwd: ROOT,
    env: { ...process.env, ...env },
    maxBuffer: 1024 * 1024,
    timeout: 300_000,
  })
  return JSON.parse(stdout.trim().split('\n').pop() ?? '{}') as CoreMemory
}

export async function benchMemory(config: BenchConfig): Promise<BenchRow[]> {
  const matches = config.size(5000, 300)
  const entries = config.size(10_000, 500)
  const sizes = { DESK_DEMO_MATCHES: String(matches), TIMELINE_ENTRIES: String(entries) }
  // Each run opens a full line in a fresh process: 3 runs for the figure, 1 for the Demo row.
  const reps = config.quick ? 1 : 3
  const custom: CoreMemory[] = []
  const outDir = join(ROOT, '.tmp', 'bench-memory')
  let demo: CoreMemory
  let fromSource: Memory
  try {
    const script = await bundleForNode('bench/memory-core.ts', outDir)
    const sim = await startSimulatorProcess(matches)
    try {
      const { couponBaseUrl, feedApiUrl, cdnUrl } = sim.endpoints
      for (let r = 0; r < reps; r++) custom.push(await measure({ ...sizes, MEMORY_PROFILE: 'custom', SIM_COUPON_URL: couponBaseUrl, SIM_FEED_URL: feedApiUrl, SIM_CDN_URL: cdnUrl }, script))
    } finally {
      killGroup(sim.child)
    }
    demo = await measure({ ...sizes, MEMORY_PROFILE: 'demo' }, script)
    fromSource = (await measure({ MEMORY_BASELINE_ONLY: '1' }, null)).baseline
  } finally {
    rmSync(outDir, { recursive: true, force: true })
  }

  const s = (runs: CoreMemory[], f: (m: CoreMemory) => number) => summarise(runs.map(f))
  const mb = (n: number) => `${Math.round(n / MB)} MB`
  const parts = (m: CoreMemory) =>
    `heapUsed ${mb(m.watched.heapUsed)}, external ${mb(m.watched.external)} (before the desk: heapUsed ${mb(m.baseline.heapUsed)}); RSS with the desk and its history open, no line watched: ${mb(m.opened.rss)}`
  const median = (runs: CoreMemory[]) => [...runs].sort((a, b) => a.watched.rss - b.watched.rss)[Math.floor((runs.length - 1) / 2)]
  const watchedOf = (runs: CoreMemory[]) => Math.min(...runs.map((m) => m.matches)).toLocaleString('en-US')
  return [
    row({
      name: `memory: core RSS, ${watchedOf(custom)} matches watched, ${entries.toLocaleString('en-US')} history entries (feed in its own process)`,
      value: s(custom, (m) => m.watched.rss / MB),
      unit: 'MB',
      baseline: s(custom, (m) => m.baseline.rss / MB),
      target: '<= 200 MB',
      met: (v) => v <= 200,
      note: `the core as built (bundled like electron-vite's main, plain Node), after a settle and a full collection; ${parts(median(custom))}; baseline: the same process before the desk opens (from source with the tsx loader: ${mb(fromSource.rss)})`,
    }),
    row({
      name: `memory: core RSS, Demo profile (its simulator and ${matches.toLocaleString('en-US')}-match world in the same process), ${watchedOf([demo])} matches watched`,
      value: demo.watched.rss / MB,
      unit: 'MB',
      baseline: demo.baseline.rss / MB,
      note: `informational: includes the embedded simulator's world, coupon service and clock; ${parts(demo)}`,
    }),
  ]
}
