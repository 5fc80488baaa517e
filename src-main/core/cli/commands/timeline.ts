import { existsSync } from 'node:fs'
import { InvalidArgumentError, type Command } from 'commander'
import { DeskError } from '../../shared/errors.js'
import { openTimelineStore, resolveDataDir, TIMELINE_KINDS, type TimelineEntry, type TimelineKind } from '../../timeline/index.js'
import type { CommandDeps } from '../action.js'
import { createContext, type GlobalFlags } from '../context.js'
import { nodeIo } from '../io.js'
import { formatTime, table } from '../output.js'

interface TimelineFlags extends GlobalFlags {
  coupon?: string
  kind?: TimelineKind
  limit?: number
  historyFile?: string
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
 * The history file `desk timeline` reads: the one every command and the console use for the profile
 * the flags resolve to (`--profile`, else the client of the URL flags, else the active profile), an old
 * data-dir history taken over when the active profile has none (profiles/client.ts, timeline/legacy.ts).
 */
export function timelineFileFor(dataDir: string, profile?: string, flags: GlobalFlags = {}): string {
  const ctx = createContext({ ...flags, dataDir, profile }, { ...nodeIo(), env: {} })
  return ctx.history().file
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
export function registerTimelineCommand(program: Command, deps: CommandDeps = { io: nodeIo(), setExit: () => undefined }): void {
  program
    .command('timeline')
    .description('print the settlement timeline of a profile (--profile, else the client of the URL flags, else the active one)')
    .option('--data-dir <dir>', 'directory of the history database')
    .option('--profile <nameOrId>', 'the profile whose history to print (default: the active one)')
    .option('--coupon-url <url>', 'the history of the client at this coupon service, with --username (env DESK_COUPON_URL)')
    .option('--username <name>', 'client username (env DESK_USERNAME)')
    .option('--feed-url <url>', 'accepted like the other commands take it (env DESK_FEED_URL); picks no history')
    .option('--cdn-url <url>', 'accepted like the other commands take it (env DESK_CDN_URL); picks no history')
    .option('--history-file <file>', 'read this history database instead (e.g. one an older `desk listen` left in the data dir)')
    .option('--json', 'print one JSON array')
    .option('--coupon <code>', 'only this coupon')
    .option('--kind <kind>', 'only this entry kind', parseKind)
    .option('--limit <n>', 'at most n entries', parseLimit)
    .action(async (_flags: TimelineFlags, command: Command) => {
      const flags = command.optsWithGlobals() as TimelineFlags
      const { io } = deps
      let file = flags.historyFile
      if (file && !existsSync(file)) throw new DeskError('usage', `--history-file: no such file: ${file}`)
      if (!file) {
        const ctx = createContext({ ...flags, dataDir: resolveDataDir(flags.dataDir, io.env as NodeJS.ProcessEnv) }, io)
        try {
          file = ctx.history().file
          ctx.announceHistory()
        } finally {
          await ctx.close()
        }
      }
      const entries = readTimeline(file, { coupon: flags.coupon, kind: flags.kind, limit: flags.limit })
      if (flags.json) {
        io.stdout(`${JSON.stringify(entries)}\n`)
        return
      }
      const rows = entries.map((e) => [e.id, formatTime(e.at, 'utc'), e.kind, e.couponCode, e.status, e.source, e.batchId])
      io.stdout(`${table(['#', 'time (UTC)', 'kind', 'coupon', 'status', 'source', 'batch'], rows)}\n${entries.length} entries\n`)
    })
}
