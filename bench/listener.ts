import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Worker } from 'node:worker_threads'
import { createCallbackListener, SIGNATURE_HEADER, signPayload } from '../src-main/core/callbacks/index.js'
import { openTimelineStore } from '../src-main/core/timeline/index.js'
import type { BenchConfig } from './lib/args.js'
import { row, type BenchRow } from './lib/report.js'
import { percentile, summarise } from './lib/stats.js'
import { mainThreadTime } from './lib/thread-time.js'

/**
 * Settlement storm: signed, distinct `coupons.settled` batches on keep-alive connections, verified
 * and stored (SQLite, deduplicated by batchId; a 200 once committed through the OS, the store's
 * default) by `desk listen`'s listener, against a bare node:http server answering 200 in the same run.
 */

interface LoadJob {
  url: string
  connections: number
  bodies: string[]
  headers: Array<Record<string, string>>
}

/** What bench/load-worker.mjs answers. */
interface LoadResult {
  elapsedMs: number
  /** Milliseconds from send to full answer, one per delivery. */
  latencies: number[]
  /** Answer status counts. */
  statuses: Record<string, number>
  /** The sender thread's time on a core over the run (ns); null without Linux's schedstat. */
  senderCpuNs: number | null
  /** The receiving main thread's time on a core, and waiting for one, over the run (ns; set by send). */
  main?: { cpuNs: number; waitNs: number } | null
}

const SECRET = 'bench-secret'
const LEVELS = [1, 10, 50]

function deliveries(tag: string, count: number): Pick<LoadJob, 'bodies' | 'headers'> {
  const bodies = Array.from({ length: count }, (_, i) =>
    JSON.stringify({
      event: 'coupons.settled',
      batchId: `bench-${tag}-${i}`,
      couponCount: 1,
      coupons: [
        {
          coupon_code: String(100_000_000_000 + i),
          status: 2,
          real_win: 20,
          potential_win: 20,
          calculate_date: 1_760_000_000 + i,
          events_data: [{ uuid: `${tag}-${i}`, status: 1, settlement_reason_code: 1, settlement_reason: 'won' }],
        },
      ],
    }),
  )
  return { bodies, headers: bodies.map((b) => ({ [SIGNATURE_HEADER]: signPayload(SECRET, b) })) }
}

function send(job: LoadJob): Promise<LoadResult> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./load-worker.mjs', import.meta.url), { workerData: job, execArgv: [] })
    // The main thread serves the deliveries and otherwise waits: its time over the run is the server's.
    const before = mainThreadTime()
    worker.once('message', (result: LoadResult) => {
      const after = mainThreadTime()
      resolve({ ...result, main: before && after ? { cpuNs: after.cpuNs - before.cpuNs, waitNs: after.waitNs - before.waitNs } : null })
    })
    worker.once('error', reject)
    worker.once('exit', (code) => (code !== 0 ? reject(new Error(`load worker exited ${code}`)) : undefined))
  })
}

async function bare(job: Omit<LoadJob, 'url'>): Promise<LoadResult> {
  const server = createServer((req, res) => {
    req.resume()
    req.on('end', () => res.end())
  })
  server.keepAliveTimeout = 30_000
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()))
  try {
    return await send({ ...job, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/` })
  } finally {
    server.closeAllConnections()
    await new Promise((r) => server.close(r))
  }
}

async function listener(job: Omit<LoadJob, 'url'>, acknowledge: 'committed' | 'synced' = 'committed'): Promise<LoadResult> {
  const dir = mkdtempSync(join(tmpdir(), 'desk-bench-listen-'))
  const store = openTimelineStore(join(dir, 'timeline.sqlite'), { acknowledge })
  const l = createCallbackListener({ port: 0, host: '127.0.0.1', secret: SECRET, store })
  const { url } = await l.start()
  try {
    return await send({ ...job, url })
  } finally {
    await l.stop()
    store.close()
    rmSync(dir, { recursive: true, force: true })
  }
}

const rate = (r: LoadResult) => (r.latencies.length / r.elapsedMs) * 1000
const p = (r: LoadResult, q: number) => percentile([...r.latencies].sort((a, b) => a - b), q)

/** Per delivery, in microseconds: `ns` of a run over its deliveries; null when a run has no figure. */
function perDelivery(list: LoadResult[], ns: (r: LoadResult) => number | null | undefined): number[] | null {
  const out: number[] = []
  for (const r of list) {
    const v = ns(r)
    if (v === null || v === undefined) return null
    out.push(v / 1000 / r.latencies.length)
  }
  return out
}

/**
 * A lone sender and the server take turns, so a delivery costs the sender's time on a core plus the
 * server's: both are shown, with the server's wait for a core (the sender is woken onto the server's
 * core by the answer). Linux only (schedstat); elsewhere these rows are left out.
 */
function turns(ours: LoadResult[], base: LoadResult[]): BenchRow[] {
  const figures: Array<[string, (r: LoadResult) => number | null | undefined]> = [
    ["listener: the server's main-thread CPU per delivery at 1 connection", (r) => r.main?.cpuNs],
    ["listener: the server's wait for a core per delivery at 1 connection", (r) => r.main?.waitNs],
    ["listener: the sender's CPU per delivery at 1 connection", (r) => r.senderCpuNs],
  ]
  const rows: BenchRow[] = []
  for (const [name, ns] of figures) {
    const value = perDelivery(ours, ns)
    const baseline = perDelivery(base, ns)
    if (value && baseline) rows.push(row({ name, value: summarise(value), unit: 'us', baseline: summarise(baseline) }))
  }
  return rows
}

export async function benchListener(config: BenchConfig): Promise<BenchRow[]> {
  const count = config.size(1500, 60)
  const rows: BenchRow[] = []
  for (const connections of LEVELS) {
    const ours: LoadResult[] = []
    const base: LoadResult[] = []
    // A lone sender with the answer held until the disk sync (what a power loss cannot take back either).
    const synced: LoadResult[] = []
    for (let r = 0; r < config.reps; r++) {
      const tag = `${connections}-${r}-${Date.now()}`
      base.push(await bare({ connections, ...deliveries(`bare-${tag}`, count) }))
      ours.push(await listener({ connections, ...deliveries(tag, count) }))
      if (connections === 1) synced.push(await listener({ connections, ...deliveries(`synced-${tag}`, count) }, 'synced'))
    }
    const s = (list: LoadResult[], f: (r: LoadResult) => number) => summarise(list.map(f))
    rows.push(
      row({
        name: `listener: batches/s at ${connections} connection${connections > 1 ? 's' : ''}`,
        value: s(ours, rate),
        unit: '/s',
        baseline: s(base, rate),
        target: '>= 0.5x bare',
        met: (_v, _b, ratio) => ratio !== null && ratio >= 0.5,
      }),
    )
    if (connections === 1) rows.push(...turns(ours, base))
    if (synced.length > 0) {
      rows.push(row({ name: `listener: batches/s at 1 connection, answered after the disk sync`, value: s(synced, rate), unit: '/s', baseline: s(base, rate) }))
    }
    rows.push(row({ name: `listener: p50 at ${connections}`, value: s(ours, (x) => p(x, 50)), unit: 'ms', baseline: s(base, (x) => p(x, 50)) }))
    const p99 = s(ours, (x) => p(x, 99))
    const bareP99 = s(base, (x) => p(x, 99))
    rows.push(
      row({
        name: `listener: p99 at ${connections}`,
        value: p99,
        unit: 'ms',
        baseline: bareP99,
        ...(connections === 50 ? { target: '<= max(20 ms, 2x bare)', met: (v: number, b: number | null) => v <= Math.max(20, 2 * (b ?? 0)) } : {}),
      }),
    )
    if (connections === 50) {
      // The worst repetition: a settlement turned away once is late in every run it happens.
      const acked = Math.min(...ours.map((x) => x.statuses['200'] ?? 0))
      const refused = Math.max(...ours.map((x) => x.latencies.length - (x.statuses['200'] ?? 0)))
      rows.push(
        row({
          name: `listener: acknowledged on first try at 50 (of ${count})`,
          value: acked,
          unit: 'deliveries',
          baseline: count,
          target: 'all',
          met: (v) => v === count,
          note: refused > 0 ? `${refused} answered other than 200 in the worst repetition` : undefined,
        }),
      )
    }
  }
  return rows
}
