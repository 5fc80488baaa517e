/**
 * `node --import tsx bench/timeline-fill-run.ts <file> <entries>`: fills a desk history file in a
 * process of its own, so a memory figure does not count the allocations of writing it (a desk's
 * history grows over days, not in the process being measured).
 */
import { ensurePrivateDatabase } from '../src-main/core/profiles/index.js'
import { openTimelineStore } from '../src-main/core/timeline/index.js'
import { dirname } from 'node:path'
import { fill } from './timeline-fill.js'

const [file, entries] = process.argv.slice(2)
if (!file || !/^\d+$/.test(entries ?? '')) throw new Error('usage: timeline-fill-run.ts <file> <entries>')
const store = openTimelineStore(ensurePrivateDatabase(file, dirname(file)))
fill(store, Number(entries))
store.close()
