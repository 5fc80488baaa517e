import { EventPlanItemSchema, MarketSchema, MatchSchema, OutcomeSchema, StatItemSchema, SubGameSchema, knownKeys } from './schemas.js'
import { extraOf, NO_EXTRA, parseItem } from './parse.js'
import { isUsableRate, ocPointerParam, outcomeTypeId, parseOcPointer } from './pointer.js'
import { matchKey } from './types.js'
import type { EventPlanItem, FeedWarning, LineType, Market, Match, MatchSummary, Outcome, Participant, StatItem, SubGame } from './types.js'

/** Matches, markets and outcomes. Prematch default live values (0, '', [], null) → one default. */

export const OUTCOME_KEYS = knownKeys(OutcomeSchema)
export const MARKET_KEYS = knownKeys(MarketSchema)
export const MATCH_KEYS = knownKeys(MatchSchema)
/** Fields a MatchSummary models; on short/top/search items the rest of a match stays in `extra`. */
export const SUMMARY_KEYS = new Set([
  'game_id', 'game_mid', 'game_start', 'sport_id', 'sport_name', 'country_id', 'country_name', 'tournament_id', 'tournament_name',
  'opp_1_name', 'opp_2_name', 'opp_1_id', 'opp_2_id', 'opp_1_ids', 'opp_2_ids', 'opp_1_icon', 'opp_2_icon',
  'score_full', 'period_name', 'timer', 'va', 'vi', 'zp', 'game_oc_counter', 'game_oc_list',
])

export function outcomeOf(raw: unknown, path: string, warnings: FeedWarning[]): Outcome | null {
  const mark = warnings.length
  const o = parseItem(OutcomeSchema, raw, path, warnings)
  if (!o) return null
  const pointer = parseOcPointer(o.oc_pointer)
  if (o.oc_pointer && !pointer) warnings.push({ path: `${path}.oc_pointer`, message: 'oc_pointer is not game|group|type|param; outcome cannot be bet' })
  // Bad odds (0, negative, missing, out of range) sink only this outcome's betting, never the list.
  const rateOk = isUsableRate(o.oc_rate)
  if (!rateOk && !warnedAt(warnings, mark, `${path}.oc_rate`)) warnings.push({ path: `${path}.oc_rate`, message: `unusable odds ${describe((raw as Record<string, unknown>).oc_rate)}; outcome shown as not bettable` })
  const outcome = {
    oc_group_name: o.oc_group_name ?? '',
    oc_name: o.oc_name ?? '',
    oc_rate: rateOk ? (o.oc_rate as number) : 0,
    oc_size: o.oc_size ?? null,
    oc_pointer: pointer ? pointer.raw : null,
    oc_block: o.oc_block === true || !rateOk,
    op_id: o.op_id ?? null,
  }
  const extra = extraOf(raw, OUTCOME_KEYS)
  return extra === NO_EXTRA ? outcome : { ...outcome, extra }
}

/** Whether a warning for `path` was pushed since `from` (only the item's own warnings can name it). */
function warnedAt(warnings: FeedWarning[], from: number, path: string): boolean {
  for (let i = from; i < warnings.length; i++) if (warnings[i].path === path) return true
  return false
}

function describe(value: unknown): string {
  if (value === undefined) return '(missing)'
  const text = typeof value === 'string' ? JSON.stringify(value) : value === null ? 'null' : typeof value === 'object' ? (Array.isArray(value) ? 'array' : 'object') : String(value)
  return text.length > 40 ? `${text.slice(0, 37)}...` : text
}

function outcomesOf(items: unknown[], path: string, warnings: FeedWarning[]): Outcome[] {
  const out: Outcome[] = []
  for (let i = 0; i < items.length; i++) {
    const o = outcomeOf(items[i], `${path}[${i}]`, warnings)
    if (o) out.push(o)
  }
  return out
}

/** Flat lists (`events`, top lists) come sorted by price, so W2 can precede W1: order them by what
 *  they are — outcome type id, then parameter numerically; outcomes without a pointer go last.
 *  Array.prototype.sort is stable, so equal keys keep feed order. */
function byType(outcomes: Outcome[]): Outcome[] {
  return outcomes.sort(compareByType)
}

export function compareByType(a: Outcome, b: Outcome): number {
  return compareTyped(a, outcomeTypeId(a), b, outcomeTypeId(b))
}

/** compareByType with each outcome's type id already read (null: no pointer). */
export function compareTyped(a: Outcome, aType: number | null, b: Outcome, bType: number | null): number {
  if (aType === null || bType === null) return (aType === null ? 1 : 0) - (bType === null ? 1 : 0)
  if (aType !== bType) return aType - bType
  return Number(ocPointerParam(a.oc_pointer!)) - Number(ocPointerParam(b.oc_pointer!))
}

export function marketOf(raw: unknown, position: number, path: string, warnings: FeedWarning[]): Market | null {
  const m = parseItem(MarketSchema, raw, path, warnings)
  if (!m) return null
  const list = m.oc_list ?? []
  let nested = 0
  for (const item of list) if (Array.isArray(item)) nested++
  let columns: Outcome[][]
  if (nested === 0) {
    // `events`/top: one flat column, sorted by what the outcomes are.
    columns = list.length > 0 ? [byType(outcomesOf(list, `${path}.oc_list`, warnings))] : []
  } else {
    // `event` (format group): array of columns. A mixed list keeps each nested array as a column
    // and groups loose outcomes in between.
    if (nested < list.length) warnings.push({ path: `${path}.oc_list`, message: 'mixed flat and column oc_list' })
    columns = []
    let loose: unknown[] = []
    for (let i = 0; i < list.length; i++) {
      const item = list[i]
      if (!Array.isArray(item)) {
        loose.push(item)
        continue
      }
      if (loose.length > 0) columns.push(outcomesOf(loose, `${path}.oc_list`, warnings))
      loose = []
      columns.push(outcomesOf(item, `${path}.oc_list[${i}]`, warnings))
    }
    if (loose.length > 0) columns.push(outcomesOf(loose, `${path}.oc_list`, warnings))
  }
  return {
    position,
    key: `${position}:${m.group_id}`,
    groupId: m.group_id,
    name: m.group_name ?? '',
    columnsHint: m.columns ?? 0,
    columns,
    outcomes: columns.length === 1 ? columns[0] : columns.flat(),
    extra: extraOf(raw, MARKET_KEYS),
  }
}

/** `game_oc_list`: absent → null ("not requested"), distinct from an empty list. */
export function marketsOf(raw: unknown, path: string, warnings: FeedWarning[]): Market[] | null {
  if (raw === undefined || raw === null) return null
  if (!Array.isArray(raw)) {
    warnings.push({ path, message: 'game_oc_list is not an array; treated as not sent' })
    return null
  }
  const out: Market[] = []
  for (let i = 0; i < raw.length; i++) {
    const market = marketOf(raw[i], i, `${path}[${i}]`, warnings)
    if (market) out.push(market)
  }
  return out
}

export const liveStr = (v: string | null | undefined): string | null => (v === null || v === undefined || v.trim() === '' ? null : v)
export const livePositive = (v: number | null | undefined): number | null => (typeof v === 'number' && v > 0 ? v : null)
/** Seconds → ms; a time outside the Date range (8.64e15 ms) is no time at all. */
export const secondsToMs = (v: number | null | undefined): number | null => (typeof v === 'number' && v > 0 && v * 1000 <= 8.64e15 ? Math.round(v * 1000) : null)

/** `opp_N_ids`: integer ids (numbers or digit strings); anything else is dropped with a warning. */
export function idsOf(raw: unknown[] | null | undefined, path: string, warnings: FeedWarning[]): number[] {
  const out: number[] = []
  if (!raw) return out
  for (let i = 0; i < raw.length; i++) {
    const v = raw[i]
    const n = typeof v === 'string' && DIGITS.test(v) ? Number(v) : v
    if (typeof n === 'number' && Number.isSafeInteger(n)) out.push(n)
    else warnings.push({ path: `${path}[${i}]`, message: `ignored participant id of type ${v === null ? 'null' : typeof v}` })
  }
  return out
}

const DIGITS = /^\d+$/

export function listOf<T>(raw: unknown[] | null | undefined, path: string, warnings: FeedWarning[], one: (item: unknown, p: string, warnings: FeedWarning[]) => T | null): T[] {
  const out: T[] = []
  if (!raw) return out
  for (let i = 0; i < raw.length; i++) {
    const v = one(raw[i], `${path}[${i}]`, warnings)
    if (v !== null) out.push(v)
  }
  return out
}

type ParsedMatch = NonNullable<ReturnType<typeof MatchSchema.parse>>

function participantOf(m: ParsedMatch, n: 1 | 2, path: string, warnings: FeedWarning[]): Participant {
  return {
    name: (n === 1 ? m.opp_1_name : m.opp_2_name) ?? '',
    icon: (n === 1 ? m.opp_1_icon : m.opp_2_icon) ?? '',
    id: livePositive(n === 1 ? m.opp_1_id : m.opp_2_id),
    ids: idsOf(n === 1 ? m.opp_1_ids : m.opp_2_ids, `${path}.opp_${n}_ids`, warnings),
  }
}

function summaryFields(m: ParsedMatch, raw: unknown, lineType: LineType, path: string, warnings: FeedWarning[], known: Set<string>): MatchSummary {
  const markets = marketsOf(m.game_oc_list, `${path}.game_oc_list`, warnings)
  // Every real main match sends game_mid = game_id; only a different id names a main match.
  const mid = livePositive(m.game_mid)
  const mainGameId = mid !== null && mid !== m.game_id ? mid : null
  return {
    key: matchKey(lineType, m.game_id),
    lineType,
    gameId: m.game_id,
    mainGameId,
    isSubMatch: mainGameId !== null,
    startMs: secondsToMs(m.game_start),
    sportId: m.sport_id ?? null,
    sportName: m.sport_name ?? '',
    countryId: m.country_id ?? null,
    countryName: m.country_name ?? '',
    tournamentId: m.tournament_id ?? null,
    tournamentName: m.tournament_name ?? '',
    opp1: participantOf(m, 1, path, warnings),
    opp2: participantOf(m, 2, path, warnings),
    score: liveStr(m.score_full),
    periodName: liveStr(m.period_name),
    timerSec: livePositive(m.timer),
    videoAvailable: typeof m.va === 'number' && m.va > 0,
    videoId: liveStr(m.vi),
    trackerId: livePositive(m.zp),
    markets,
    oddsCounter: m.game_oc_counter ?? null,
    outcomeCount: markets ? markets.reduce((n, market) => n + market.outcomes.length, 0) : 0,
    extra: extraOf(raw, known),
  }
}

export function normaliseSummary(raw: unknown, lineType: LineType, path: string, warnings: FeedWarning[]): MatchSummary | null {
  const m = parseItem(MatchSchema, raw, path, warnings)
  return m ? summaryFields(m, raw, lineType, path, warnings, SUMMARY_KEYS) : null
}

export function normaliseMatch(raw: unknown, lineType: LineType, path: string, warnings: FeedWarning[]): Match | null {
  const m = parseItem(MatchSchema, raw, path, warnings)
  if (!m) return null
  const match = summaryFields(m, raw, lineType, path, warnings, MATCH_KEYS) as Match
  match.gameNum = m.game_num ?? null
  match.subName = m.game_dop_name ?? ''
  match.segment = m.game_desk ?? ''
  match.scorePeriod = liveStr(m.score_period)
  match.scoreExtra = liveStr(m.score_extra)
  match.extraTime = liveStr(m.extra_time)
  match.finished = m.finale ?? null
  match.pitch = liveStr(m.pitch)
  match.stats = listOf(m.stat_list, `${path}.stat_list`, warnings, statOf)
  match.subGames = listOf(m.sub_games, `${path}.sub_games`, warnings, subGameOf)
  match.eventPlan = listOf(m.event_plan, `${path}.event_plan`, warnings, planItemOf)
  return match
}

export function statOf(item: unknown, path: string, warnings: FeedWarning[]): StatItem | null {
  const s = parseItem(StatItemSchema, item, path, warnings)
  return s ? { id: s.id ?? null, name: s.name ?? '', opp1: s.opp1 ?? '', opp2: s.opp2 ?? '' } : null
}

export function subGameOf(item: unknown, path: string, warnings: FeedWarning[]): SubGame | null {
  const s = parseItem(SubGameSchema, item, path, warnings)
  return s ? { gameId: s.game_id ?? null, gameNum: s.game_num ?? null, name: s.game_name ?? null } : null
}

export function planItemOf(item: unknown, path: string, warnings: FeedWarning[]): EventPlanItem | null {
  const e = parseItem(EventPlanItemSchema, item, path, warnings)
  if (!e) return null
  return {
    opp1Name: e.opp_1_name ?? '',
    opp2Name: e.opp_2_name ?? '',
    opp1Id: e.opp_1_id ?? null,
    opp2Id: e.opp_2_id ?? null,
    opp1CountryId: e.opp_1_country_id ?? null,
    opp2CountryId: e.opp_2_country_id ?? null,
    opp1Icon: e.opp_1_icon ?? '',
    opp2Icon: e.opp_2_icon ?? '',
    opp1DateMs: secondsToMs(e.opp_1_date),
    opp2DateMs: secondsToMs(e.opp_2_date),
    startMs: secondsToMs(e.game_start),
  }
}
