import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { InvalidArgumentError, type Command } from 'commander'
import { openProfileStore } from '../../profiles/index.js'
import { DeskError } from '../../shared/errors.js'
import {
  openTimelineStore,
  profileTimelineFile,
  resolveDataDir,
  timelineDbFile,
  TIMELINE_KINDS,
  type TimelineEntry,
  type TimelineKind,
} from '../../timeline/index.js'
import { formatTime, table } from '../output.js'

interface TimelineFlags {
  dataDir?: string
  profile?: string
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

/**
 * The history file `desk timeline` reads: the profile's own database, the one the console writes
 * (`--profile`, else the active profile). Only when no profile was named and the active one has no
 * history yet, the data-dir database `desk listen` writes (`<dataDir>/timeline.sqlite`).
 */
export function timelineFileFor(dataDir: string, profile?: string): string {
  const haveProfiles = existsSync(join(dataDir, 'profiles.json'))
  if (profile || haveProfiles) {
    const profiles = openProfileStore({ dataDir }).profiles
    const found = profile ? profiles.find(profile) : profiles.active()
    if (!found) throw new DeskError('profile_not_found', `No profile named or with id "${profile}" (see \`desk profiles\`)`)
    const file = profileTimelineFile(dataDir, found.id)
    if (profile || existsSync(file)) return file
  }
  return timelineDbFile(dataDir)
}

/** All entries matching the filters, oldest first (pages through the store). */
export function readTimeline(file: string, filters: { coupon?: string; kind?: TimelineKind; limit?: number } = {}): TimelineEntry[] {
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
    .description("print the settlement timeline of a profile (--profile, else the active one)")
    .option('--data-dir <dir>', 'directory of the history database')
    .option('--profile <nameOrId>', "the profile whose history to print (default: the active one)")
    .option('--json', 'print one JSON array')
    .option('--coupon <code>', 'only this coupon')
    .option('--kind <kind>', 'only this entry kind', parseKind)
    .option('--limit <n>', 'at most n entries', parseLimit)
    .action((_flags: TimelineFlags, command: Command) => {
      const flags = command.optsWithGlobals() as TimelineFlags
      const entries = readTimeline(timelineFileFor(resolveDataDir(flags.dataDir), flags.profile), { coupon: flags.coupon, kind: flags.kind, limit: flags.limit })
      if (flags.json) {
        process.stdout.write(`${JSON.stringify(entries)}\n`)
        return
      }
      const rows = entries.map((e) => [e.id, formatTime(e.at, 'utc'), e.kind, e.couponCode, e.status, e.source, e.batchId])
      process.stdout.write(`${table(['#', 'time (UTC)', 'kind', 'coupon', 'status', 'source', 'batch'], rows)}\n${entries.length} entries\n`)
    })
}
