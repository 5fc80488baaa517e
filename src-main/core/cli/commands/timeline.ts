import { existsSync } from 'node:fs'
import { InvalidArgumentError, type Command } from 'commander'
import { openTimelineStore } from '../../timeline/store.js'
import { resolveDataDir, timelineDbFile } from '../../timeline/paths.js'
import { formatTime, table } from '../output.js'
import { TIMELINE_KINDS, type TimelineEntry, type TimelineKind } from '../../timeline/types.js'

interface TimelineFlags {
  dataDir?: string
  json?: boolean
  coupon?: string
  kind?: TimelineKind
  limit?: number
}

function parseLimit(value: string): number {
  const n = Number(value)
  if (!Number.isInteger(n) || n < 1) throw new InvalidArgumentError('limit must be a positive integer')
  return n
}

function parseKind(value: string): TimelineKind {
  if (!(TIMELINE_KINDS as readonly string[]).includes(value)) throw new InvalidArgumentError(`kind must be one of ${TIMELINE_KINDS.join(', ')}`)
  return value as TimelineKind
}

/** All entries matching the filters, oldest first (pages through the store). */
export function readTimeline(dataDir: string, filters: { coupon?: string; kind?: TimelineKind; limit?: number } = {}): TimelineEntry[] {
  const file = timelineDbFile(dataDir)
  if (!existsSync(file)) return []
  const store = openTimelineStore(file)
  try {
    const items: TimelineEntry[] = []
    let cursor: string | null = null
    const max = filters.limit ?? Number.POSITIVE_INFINITY
    do {
      const page = store.query({ couponCode: filters.coupon, kind: filters.kind, cursor, limit: Math.min(1000, max - items.length) })
      items.push(...page.items)
      cursor = page.nextCursor
    } while (cursor && items.length < max)
    return items
  } finally {
    store.close()
  }
}

/** `desk timeline --data-dir DIR --json`: prints the timeline entries as ONE JSON array. */
export function registerTimelineCommand(program: Command): void {
  program
    .command('timeline')
    .description('print the settlement timeline of a data directory')
    .option('--data-dir <dir>', 'directory of the history database')
    .option('--json', 'print one JSON array')
    .option('--coupon <code>', 'only this coupon')
    .option('--kind <kind>', 'only this entry kind', parseKind)
    .option('--limit <n>', 'at most n entries', parseLimit)
    .action((_flags: TimelineFlags, command: Command) => {
      const flags = command.optsWithGlobals() as TimelineFlags
      const entries = readTimeline(resolveDataDir(flags.dataDir), { coupon: flags.coupon, kind: flags.kind, limit: flags.limit })
      if (flags.json) {
        process.stdout.write(`${JSON.stringify(entries)}\n`)
        return
      }
      const rows = entries.map((e) => [e.id, formatTime(e.at, 'utc'), e.kind, e.couponCode, e.status, e.source, e.batchId])
      process.stdout.write(`${table(['#', 'time (UTC)', 'kind', 'coupon', 'status', 'source', 'batch'], rows)}\n${entries.length} entries\n`)
    })
}
