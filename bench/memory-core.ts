/**
 * Child process of bench/memory.ts: a desk core (the Demo profile, DESK_DEMO_MATCHES matches) that
 * watches the whole Prematch line and holds a history of TIMELINE_ENTRIES entries; prints one JSON
 * line with its RSS before and after.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { DeskEvent } from '../src-shared/contract.js'
import { openTimelineStore } from '../src-main/core/timeline/index.js'
import { openDesk } from './desk.js'
import { fill } from './timeline-fill.js'
import { collect } from './lib/stats.js'

const entries = Number(process.env.TIMELINE_ENTRIES ?? 10_000)
collect()
const baselineRss = process.memoryUsage().rss
const desk = await openDesk()
const dir = mkdtempSync(join(tmpdir(), 'desk-bench-mem-'))
const store = openTimelineStore(join(dir, 'timeline.sqlite'))
fill(store, entries)

const until = async (test: () => boolean, ms: number) => {
  const end = Date.now() + ms
  while (!test() && Date.now() < end) await new Promise((r) => setTimeout(r, 100))
  return test()
}

const menu = await desk.core.handlers.feed.menu({ lineType: 'line' })
const pushes = new Map<string, DeskEvent[]>()
desk.subscribe((event) => {
  if (event.type === 'watch.snapshot' || event.type === 'watch.delta') pushes.set(event.subscriptionId, [...(pushes.get(event.subscriptionId) ?? []), event])
})
const ids: string[] = []
for (const sport of menu) {
  const subscriptionId = `line-${sport.id}`
  ids.push(subscriptionId)
  await desk.core.handlers.watch.subscribe({ subscriptionId, topic: { name: 'feed.events', lineType: 'line', sportId: sport.id, tournamentId: 0, all: true } })
}
await desk.core.handlers.watch.subscribe({ subscriptionId: 'timeline', topic: { name: 'timeline', limit: 200 } })
const snapshotted = () => ids.every((id) => (pushes.get(id) ?? []).some((e) => e.type === 'watch.snapshot' && e.snapshot !== null))
if (!(await until(snapshotted, 180_000))) throw new Error('the line never arrived')
let matches = 0
for (const id of ids) {
  const first = (pushes.get(id) ?? []).find((e) => e.type === 'watch.snapshot' && e.snapshot !== null)
  if (first?.type === 'watch.snapshot') for (const t of first.snapshot as Array<{ matches: unknown[] }>) matches += t.matches.length
}
collect()
const memory = process.memoryUsage()
process.stdout.write(`${JSON.stringify({ baselineRss, rss: memory.rss, heapUsed: memory.heapUsed, matches })}\n`)
store.close()
await desk.close()
rmSync(dir, { recursive: true, force: true })
process.exit(0)
