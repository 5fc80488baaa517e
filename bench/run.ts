/**
 * `npm run bench`: the figures behind the performance claims, each with a baseline measured in the
 * same run (ratios, not absolute promises; the machine is a shared 2-core box).
 *
 * 1. Feed: a 5,000-match prematch line (`events … match=all`) fetched and normalised by the feed
 *    client, against the same bytes fetched and only JSON.parse'd.
 * 2. Callbacks: signed `coupons.settled` deliveries verified and stored durably (SQLite WAL) by the
 *    listener, against a bare HTTP server that answers 200 without reading anything.
 * 3. Simulator: world generation for 5,000 matches against 300.
 */
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { performance } from 'node:perf_hooks'
import { startSimulator } from '../src-main/core/simulator/server.js'
import { createSimClock } from '../src-main/core/simulator/clock.js'
import { createWorld } from '../src-main/core/simulator/world/world.js'
import { createFeedClient } from '../src-main/core/feed/index.js'
import { createCallbackListener, signPayload } from '../src-main/core/callbacks/index.js'
import { openTimelineStore } from '../src-main/core/timeline/index.js'
import { fillTimeline } from '../test/support/timeline-fill.js'

async function timeIt(runs: number, fn: () => Promise<unknown> | unknown): Promise<number> {
  await fn() // warm-up
  const samples: number[] = []
  for (let i = 0; i < runs; i++) {
    const start = performance.now()
    await fn()
    samples.push(performance.now() - start)
  }
  samples.sort((a, b) => a - b)
  return samples[Math.floor(samples.length / 2)]
}

const rows: Array<[string, string, string, string]> = []
const fmt = (ms: number) => `${ms.toFixed(1)} ms`

async function benchFeed() {
  const sim = await startSimulator({ port: 0, seed: 7, matches: 5000, clockTickMs: 0 })
  try {
    const world = sim.world.matches('line')
    const bySport = new Map<number, number>()
    for (const m of world) bySport.set(m.sportId, (bySport.get(m.sportId) ?? 0) + 1)
    const [sportId] = [...bySport.entries()].sort((a, b) => b[1] - a[1])[0]
    const url = `${sim.feedApiUrl}/v1/events/${sportId}/0/sub/50/line/en?match=all`
    const fetchRaw = async () => JSON.parse(await (await fetch(url, { headers: { Package: 'demo-key' } })).text()) as { body: Array<{ events_list: unknown[] }> }
    const sample = await fetchRaw()
    const count = sample.body.reduce((n, t) => n + t.events_list.length, 0)
    const raw = await timeIt(7, fetchRaw)
    const client = createFeedClient({ baseURL: sim.feedApiUrl, apiKey: 'demo-key' })
    const typed = await timeIt(7, () => client.events(sportId, 0, 'line', 'en', { match: 'all' }))
    rows.push([`feed events match=all: fetch+JSON.parse vs feed client (${count} main matches of one sport; 5,000-match line)`, fmt(raw), fmt(typed), `${(typed / raw).toFixed(2)}×`])
  } finally {
    await sim.close()
  }
}

async function benchCallbacks() {
  const secret = 'bench-secret'
  const N = 300
  const bodies = Array.from({ length: N }, (_, i) =>
    JSON.stringify({
      event: 'coupons.settled',
      batchId: `bench-${i}`,
      couponCount: 1,
      coupons: [{ coupon_code: String(100000000000 + i), status: 2, real_win: 20, potential_win: 20, calculate_date: Date.now(), events_data: [{ uuid: String(i), status: 1, settlement_reason_code: 1, settlement_reason: 'won' }] }],
    }),
  )
  const post = async (url: string, body: string) => {
    const res = await fetch(url, { method: 'POST', body, headers: { 'content-type': 'application/json', 'x-coupon-signature': signPayload(secret, body) } })
    await res.arrayBuffer()
    if (res.status !== 200) throw new Error(`delivery answered ${res.status}`)
  }
  const bare = createServer((req, res) => {
    req.resume()
    req.on('end', () => res.end())
  })
  await new Promise<void>((r) => bare.listen(0, '127.0.0.1', () => r()))
  const bareUrl = `http://127.0.0.1:${(bare.address() as AddressInfo).port}/`
  const startBare = performance.now()
  for (const body of bodies) await post(bareUrl, body)
  const bareMs = performance.now() - startBare
  bare.close()

  const store = openTimelineStore(join(mkdtempSync(join(tmpdir(), 'desk-bench-')), 'timeline.sqlite'))
  const listener = createCallbackListener({ port: 0, secret, store })
  const { url } = await listener.start()
  const startListener = performance.now()
  for (const body of bodies) await post(url, body)
  const listenerMs = performance.now() - startListener
  await listener.stop()
  store.close()
  const perSec = (ms: number) => `${Math.round((N / ms) * 1000)} /s`
  rows.push([`callback deliveries, sequential (${N}): bare HTTP 200 vs verify+store (SQLite WAL)`, perSec(bareMs), perSec(listenerMs), `${(listenerMs / bareMs).toFixed(2)}× time`])
}

async function benchWorld() {
  const gen = (matches: number) =>
    timeIt(3, () => {
      const clock = createSimClock({ tickMs: 0 })
      const world = createWorld({ seed: 3, matches, clock })
      world.stop()
      clock.stop()
    })
  const small = await gen(300)
  const large = await gen(5000)
  rows.push(['simulator world generation (300 vs 5,000 matches)', fmt(small), fmt(large), `${(large / small).toFixed(1)}× for ${(5000 / 300).toFixed(1)}× matches`])
}

/** The timeline's newest page against its last page in a time range, 100,000 entries, running totals included. */
async function benchTimelinePaging() {
  const file = join(mkdtempSync(join(tmpdir(), 'desk-bench-')), 'timeline.sqlite')
  openTimelineStore(file).close()
  const span = fillTimeline(file, 100_000)
  const store = openTimelineStore(file)
  const page = (query: Record<string, number>) => () => {
    const items = store.query({ limit: 100, order: 'desc', ...query }).items
    store.runningTotals(items.map((e) => e.id))
  }
  const newest = await timeIt(9, page({}))
  const last = await timeIt(9, page({ from: span.firstAt, to: span.firstAt + 3_600_000 }))
  store.close()
  rows.push(['timeline page with running totals, 100,000 entries: newest vs last (time range)', fmt(newest), fmt(last), `${(last / newest).toFixed(2)}× time`])
}

await benchWorld()
await benchTimelinePaging()
await benchFeed()
await benchCallbacks()

const header: [string, string, string, string] = ['measure', 'baseline', 'ours', 'ratio']
const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)))
const line = (r: string[]) => r.map((c, i) => c.padEnd(widths[i])).join('  ')
console.log(line(header))
console.log(widths.map((w) => '-'.repeat(w)).join('  '))
for (const r of rows) console.log(line(r))
