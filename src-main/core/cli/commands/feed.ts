/** `desk feed menu|events|event|search` with `--type line|live` (or `--live`) and `--lang`;
 *  `desk feed calendar` (Prematch) and `desk feed account`. */
import { Command, Option } from 'commander'
import type { LineType } from '../../../../src-shared/contract.js'
import { eventResultToDto, eventsToDto, matchToDto, sportsToNodes } from '../../desk/map-feed.js'
import { feedTools } from '../../desk/feed-watches.js'
import { CALENDAR_HOURS, CALENDAR_MAX_DAY, CALENDAR_TIME_ZONE, calendarWindow, KEY_EXPIRY_WARN_DAYS, type CalendarPeriod } from '../../feed/index.js'
import { DeskError } from '../../shared/errors.js'
import { act, parseNonNegativeInteger, type CommandDeps } from '../action.js'
import { addGlobalOptions, type CliContext } from '../context.js'
import { eventDetail, eventsTable, matchesTable, menuTable, printJson } from '../output.js'
import { accountTable, calendarTable } from '../output-feed.js'

function lineOptions(command: Command): Command {
  return addGlobalOptions(command)
    .addOption(new Option('--type <type>', 'line type').choices(['line', 'live']).default('line'))
    .option('--live', 'shorthand for --type live')
    .option('--lang <code>', 'language (default: the profile language)')
}

function typeOf(o: Record<string, unknown>): LineType {
  return o.live === true ? 'live' : (o.type as LineType)
}

function langOf(ctx: CliContext, o: Record<string, unknown>): string {
  return typeof o.lang === 'string' ? o.lang : ctx.language()
}

function warn(ctx: CliContext, warnings: unknown[]): void {
  if (warnings.length > 0) ctx.io.stderr(`warning: ${warnings.length} malformed item(s) in the feed answer were skipped or repaired\n`)
}

/** Exactly one of `--hours 2|4|6|12` and `--day 0..5`. */
function periodOf(o: Record<string, unknown>): CalendarPeriod {
  const hours = o.hours === undefined ? undefined : Number(o.hours)
  const day = o.day === undefined ? undefined : Number(o.day)
  if ((hours === undefined) === (day === undefined)) throw new DeskError('usage', 'give exactly one of --hours 2|4|6|12 and --day 0..5')
  // commander's choices() already limited --hours to 2|4|6|12
  if (hours !== undefined) return { hours: hours as (typeof CALENDAR_HOURS)[number] }
  if (!Number.isInteger(day) || day! < 0 || day! > CALENDAR_MAX_DAY) throw new DeskError('usage', `--day must be 0..${CALENDAR_MAX_DAY}`)
  return { day: day as 0 | 1 | 2 | 3 | 4 | 5 }
}

export function registerFeedCommands(program: Command, deps: CommandDeps): void {
  const feed = addGlobalOptions(program.command('feed').description('browse the sport line feed'))
  const zone = (ctx: CliContext) => ctx.profile().timeZone

  lineOptions(feed.command('menu').description('sports, countries and tournaments with match counters'))
    .option('--cybersport', 'esports only')
    .action(
      act(deps, async (ctx, _args, o) => {
        const client = await ctx.feed()
        const list = await client.menu(typeOf(o), langOf(ctx, o), { cybersport: o.cybersport === true })
        warn(ctx, list.warnings)
        const nodes = sportsToNodes(list.items, feedTools((await ctx.endpoints()).cdn))
        if (ctx.json) printJson(ctx.io, nodes)
        else ctx.io.stdout(`${menuTable(nodes)}\n`)
      }),
    )

  lineOptions(feed.command('events').description('matches of a sport / tournament with main odds'))
    .requiredOption('--sport <id>', 'sport id', parseNonNegativeInteger)
    .option('--tournament <id>', 'tournament id (0 = all of the sport)', parseNonNegativeInteger, 0)
    .option('--all', 'full Prematch line instead of the Top 50 (line, tournament 0)')
    .option('--no-odds', 'without markets')
    .action(
      act(deps, async (ctx, _args, o) => {
        const client = await ctx.feed()
        const list = await client.events(Number(o.sport), Number(o.tournament), typeOf(o), langOf(ctx, o), { odds: o.odds !== false, ...(o.all === true ? { match: 'all' as const } : {}) })
        warn(ctx, list.warnings)
        const dto = eventsToDto(list.items, feedTools((await ctx.endpoints()).cdn))
        if (ctx.json) printJson(ctx.io, dto)
        else ctx.io.stdout(`${eventsTable(dto, zone(ctx))}\n`)
      }),
    )

  lineOptions(feed.command('event').argument('<gameId>', 'match id').description('one match with every market and its coupon pointers'))
    .option('--no-odds', 'without markets')
    .action(
      act(deps, async (ctx, [gameId], o) => {
        if (!/^\d+$/.test(gameId ?? '')) throw new DeskError('usage', 'gameId must be a positive integer')
        const client = await ctx.feed()
        const result = await client.event(Number(gameId), typeOf(o), langOf(ctx, o), { odds: o.odds !== false })
        const dto = eventResultToDto(result, feedTools((await ctx.endpoints()).cdn))
        // The JSON document keeps its `message` (the feed's words for a gone match), as it always had.
        if (ctx.json) printJson(ctx.io, dto.kind === 'gone' ? { kind: dto.kind, gameId: dto.gameId, lineType: dto.lineType, reason: dto.reason, message: dto.vendorText } : dto)
        else ctx.io.stdout(`${eventDetail(dto, zone(ctx))}\n`)
      }),
    )

  lineOptions(feed.command('search').argument('<text...>', 'participant name (full or partial)').description('search matches by participant name'))
    .action(
      act(deps, async (ctx, words, o) => {
        const text = words.join(' ').trim()
        if (!text || text.length > 100) throw new DeskError('usage', 'search text must be 1 to 100 characters')
        const client = await ctx.feed()
        const list = await client.search(typeOf(o), langOf(ctx, o), text)
        warn(ctx, list.warnings)
        const t = feedTools((await ctx.endpoints()).cdn)
        const dto = list.items.map((m) => matchToDto(m, t))
        if (ctx.json) printJson(ctx.io, dto)
        else ctx.io.stdout(`${matchesTable(dto, zone(ctx))}\n`)
      }),
    )

  addGlobalOptions(feed.command('calendar').description(`Prematch matches of the next hours or of one ${CALENDAR_TIME_ZONE} day (not yet started)`))
    .requiredOption('--sport <id>', 'sport id', parseNonNegativeInteger)
    .option('--tournament <id>', 'tournament id (0 = all of the sport)', parseNonNegativeInteger, 0)
    .addOption(new Option('--hours <n>', 'from now to now + n hours').choices(CALENDAR_HOURS.map(String)))
    .option('--day <n>', `0 = rest of today, 1..${CALENDAR_MAX_DAY} = that whole day (${CALENDAR_TIME_ZONE})`, parseNonNegativeInteger)
    .option('--lang <code>', 'language (default: the profile language)')
    .option('--no-odds', 'without markets')
    .action(
      act(deps, async (ctx, _args, o) => {
        const period = periodOf(o)
        const client = await ctx.feed()
        const list = await client.calendar(Number(o.sport), Number(o.tournament), period, langOf(ctx, o), { odds: o.odds !== false })
        warn(ctx, list.warnings)
        const window = calendarWindow(period, list.fetchedAtMs)
        const dto = eventsToDto(list.items, feedTools((await ctx.endpoints()).cdn))
        if (ctx.json) printJson(ctx.io, { period, timeZone: CALENDAR_TIME_ZONE, fromMs: window.fromMs, toMs: window.toMs, tournaments: dto })
        else ctx.io.stdout(`${calendarTable(dto, period, window, zone(ctx))}\n`)
      }),
    )

  addGlobalOptions(feed.command('account').description("the feed key's account: every key, its expiry, sports, languages, allowed addresses and 7-day usage"))
    .option('--warn-days <n>', 'flag keys that expire within n days', parseNonNegativeInteger, KEY_EXPIRY_WARN_DAYS)
    .action(
      act(deps, async (ctx, _args, o) => {
        const client = await ctx.feed()
        const account = await client.account()
        warn(ctx, account.warnings)
        if (ctx.json) printJson(ctx.io, account)
        else ctx.io.stdout(`${accountTable(account, zone(ctx), account.fetchedAtMs, Number(o.warnDays))}\n`)
      }),
    )
}
