import { performance } from 'node:perf_hooks'
import { setTimeout as sleep } from 'node:timers/promises'

/** Median and spread of repeated measurements: the figures a 2-core shared box can stand behind. */

export interface Summary {
  median: number
  min: number
  max: number
  samples: number[]
}

export function summarise(samples: number[]): Summary {
  if (samples.length === 0) throw new Error('no samples')
  const sorted = [...samples].sort((a, b) => a - b)
  return { median: percentile(sorted, 50), min: sorted[0], max: sorted[sorted.length - 1], samples }
}

/** Nearest-rank percentile of an ascending array. */
export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN
  const rank = Math.ceil((p / 100) * sorted.length)
  return sorted[Math.min(sorted.length - 1, Math.max(0, rank - 1))]
}

/** Runs `fn` once to warm up, then `reps` times; returns the summary of each run's result. */
export async function repeat(reps: number, fn: () => Promise<number> | number, warmUp = true): Promise<Summary> {
  if (warmUp) await fn()
  const samples: number[] = []
  for (let i = 0; i < reps; i++) samples.push(await fn())
  return summarise(samples)
}

/** Milliseconds one call of `fn` takes. */
export async function timeOnce(fn: () => unknown): Promise<number> {
  const start = performance.now()
  await fn()
  return performance.now() - start
}

/** `runs` timings of `fn` (after one warm-up), as a summary. */
export function timeMany(runs: number, fn: () => unknown): Promise<Summary> {
  return repeat(runs, () => timeOnce(fn))
}

/** A full collection when the run has `--expose-gc` (npm run bench passes it): each timed section
 *  then starts from a clean heap and pays only for its own garbage. */
export function collect(): void {
  ;(globalThis as { gc?: () => void }).gc?.()
}

/** A full collection, then a wait until this process uses no CPU for a moment: after a collection
 *  the engine sweeps the freed memory on background threads, and process CPU time taken straight
 *  after would charge that sweeping (tens of ms after a 100 MB heap) to whatever is timed next.
 *  Gives up waiting after `maxMs` (a busy timer thread would never look idle). */
export async function settle(maxMs = 2000): Promise<void> {
  collect()
  const until = performance.now() + maxMs
  while (performance.now() < until) {
    const before = process.cpuUsage()
    await sleep(20)
    const used = process.cpuUsage(before)
    if (used.user + used.system < 1000) return
  }
}

/** CPU milliseconds (user + system, all threads of this process) one synchronous call takes: on a
 *  shared box, wall time also counts the other tenants' work. */
export function cpuMs(fn: () => unknown): number {
  const start = process.cpuUsage()
  fn()
  const used = process.cpuUsage(start)
  return (used.user + used.system) / 1000
}
