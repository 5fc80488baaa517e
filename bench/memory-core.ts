/**
 * Child process of bench/memory.ts: a desk core that watches the whole Prematch line (every sport,
 * `match=all`, through the real feed.events watch topics) and the newest 200 of a history of
 * TIMELINE_ENTRIES entries; prints one JSON line with its memory before the desk opens and after a
 * settle and a full collection.
 * MEMORY_PROFILE=custom (the figure): a custom profile against the simulator bench/memory.ts runs in
 * its own process (SIM_COUPON_URL, SIM_FEED_URL, SIM_CDN_URL), as a desk runs against a real feed.
 * MEMORY_PROFILE=demo: the Demo profile, its simulator (world of DESK_DEMO_MATCHES) embedded here.
 * MEMORY_HEAP_SNAPSHOT=file: also writes a heap snapshot there after the measurement.
 * Run from its bundle (bench/memory.ts builds it), or from source with tsx; either way from the project folder.
 */
import { execFileSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { setTimeout as sleep } from 'node:timers/promises'
import { getHeapStatistics, writeHeapSnapshot } from 'node:v8'
import type { TournamentEventsDto } from '../src-shared/contract.js'
import { timelineFile } from '../src-main/core/desk/index.js'
import { ensurePrivateDatabase } from '../src-main/core/profiles/index.js'
import { openDesk } from './desk.js'
import { collect } from './lib/stats.js'

// The project folder: bench/memory.ts starts this process there (run from source or from its bundle).
const ROOT = process.cwd()
const entries = Number(process.env.TIMELINE_ENTRIES ?? 10_000)
const custom = process.env.MEMORY_PROFILE !== 'demo'

/** Linux: resident bytes by kind (anonymous: heaps and malloc; file: the mapped binary and libraries). */
function residentKinds(): { rssAnon?: number; rssFile?: number } {
  try {
    const status = readFileSync('/proc/self/status', 'utf8')
    const kb = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? NaN) * 1024
    return { rssAnon: kb('RssAnon'), rssFile: kb('RssFile') }
  } catch {
    return {}
  }
}

/** Memory after collections spaced by a pause: what the process holds, not garbage awaiting a sweep. */
async function settled(ms: number) {
  collect()
  await sleep(ms)
  collect()
  await sleep(100)
  collect()
  const m = process.memoryUsage()
  return { rss: m.rss, heapUsed: m.heapUsed, heapTotal: m.heapTotal, external: m.external, arrayBuffers: m.arrayBuffers, ...residentKinds(), malloced: getHeapStatistics().malloced_memory, heapPhysical: getHeapStatistics().total_physical_size }
}

const baseline = await settled(200)
// MEMORY_BASELINE_ONLY=1: only the start (bench/memory.ts names the TypeScript loader's share with it).
if (process.env.MEMORY_BASELINE_ONLY) {
  process.stdout.write(`${JSON.stringify({ baseline })}\n`)
  process.exit(0)
}
const env = (name: string): string => {
  const value = process.env[name]
  if (!value) throw new Error(`${name} is not set`)
  return value
}
// The history the desk itself opens for the profile, filled before the desk starts by another process.
const fillHistory = (dataDir: string, profileId: string) => {
  ensurePrivateDatabase(timelineFile(dataDir, profileId), dataDir)
  execFileSync(process.execPath, ['--import', 'tsx', 'bench/timeline-fill-run.ts', timelineFile(dataDir, profileId), String(entries)], { cwd: ROOT, stdio: 'inherit', timeout: 120_000 })
}
const desk = await openDesk({
  keepEvents: false,
  // A desk started with its custom profile active: the Demo environment (and its simulator) never starts.
  prepare(profiles, dataDir) {
    if (!custom) return fillHistory(dataDir, 'demo')
    const saved = profiles.save({
      name: 'Bench feed',
      environment: 'custom',
      couponBaseUrl: env('SIM_COUPON_URL'),
      feedApiUrl: env('SIM_FEED_URL'),
      cdnUrl: env('SIM_CDN_URL'),
      username: 'demo',
      language: 'en',
      legacyMode: false,
      timeZone: 'utc',
      listener: { enabled: false, host: '127.0.0.1', port: 0, path: '/callbacks' },
    })
    profiles.setSecret(saved.id, 'feedApiKey', 'demo-key')
    profiles.setSecret(saved.id, 'password', 'demo')
    profiles.select(saved.id)
    fillHistory(dataDir, saved.id)
  },
})
const api = desk.core.handlers
const info = await api.app.info(undefined)
if (info.environment !== (custom ? 'custom' : 'demo')) throw new Error(`the desk runs the ${info.environment} environment`)

await api.watch.subscribe({ subscriptionId: 'timeline', topic: { name: 'timeline', limit: 200 } })
// The desk open with its history, before any line is watched.
const opened = await settled(500)

const menu = await api.feed.menu({ lineType: 'line' })
const ids = new Set(menu.map((sport) => `line-${sport.id}`))
let matches = 0
const arrived = new Set<string>()
desk.subscribe((event) => {
  if (event.type !== 'watch.snapshot' || event.snapshot === null || !ids.has(event.subscriptionId) || arrived.has(event.subscriptionId)) return
  arrived.add(event.subscriptionId)
  for (const t of event.snapshot as TournamentEventsDto[]) matches += t.matches.length
})
for (const sport of menu) {
  await api.watch.subscribe({ subscriptionId: `line-${sport.id}`, topic: { name: 'feed.events', lineType: 'line', sportId: sport.id, tournamentId: 0, all: true } })
}
const end = Date.now() + 180_000
while (arrived.size < ids.size && Date.now() < end) await sleep(100)
if (arrived.size < ids.size) throw new Error(`the line never arrived (${arrived.size} of ${ids.size} sports)`)
const watched = await settled(Number(process.env.MEMORY_SETTLE_MS ?? 2000))
// MEMORY_HEAP_SNAPSHOT=file: where the held memory goes, for a look in Chrome's memory tool.
if (process.env.MEMORY_HEAP_SNAPSHOT) writeHeapSnapshot(process.env.MEMORY_HEAP_SNAPSHOT)
process.stdout.write(`${JSON.stringify({ profile: custom ? 'custom' : 'demo', baseline, opened, watched, matches, sports: ids.size })}\n`)
await desk.close()
process.exit(0)
