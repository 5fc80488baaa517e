import {
  compareByType,
  idsOf,
  listOf,
  livePositive,
  liveStr,
  marketOf,
  marketsOf,
  normaliseMatch,
  outcomeOf,
  planItemOf,
  secondsToMs,
  statOf,
  subGameOf,
} from './normalise-match.js'
import { NO_EXTRA } from './parse.js'
import { MAX_RATE, readOcPointer } from './pointer.js'
import { isDirty, isObject, readArr, readBool, readId, readLive, readNum, readSize, readStr, resetDirty } from './read-clean.js'
import { matchKey } from './types.js'
import type { Extra, FeedWarning, LineType, Market, Match, Outcome, OutcomePointer } from './types.js'

/**
 * One pass from a parsed `events`/`event` match to the domain, for the answers the feed sends every
 * few seconds with thousands of matches: fields are read straight into the result (no parsed copy,
 * no path texts, no split pointer), and anything out of the ordinary (an item the reference would
 * warn about or skip) is handed, item by item, to the reference path (normalise-match.ts), which
 * words the warning. The result is the reference's, value for value and warning for warning
 * (test/unit/feed/normalise-fast.test.ts proves it on the captures and on hostile worlds).
 */

/** A clean outcome, or null when the reference must read it (it warns about something). The keys
 *  are enumerated once (values, then the rest into `extra`): the feed's objects do not all share one
 *  key order, and reading a field by name from objects of many shapes costs more than this. */
function cleanOutcome(raw: unknown, marketName: string | null): Outcome | null {
  if (!isObject(raw)) return null
  let groupNameRaw, nameRaw, rateRaw, sizeRaw, pointerRaw, blockRaw, playerRaw: unknown
  let extra: Extra | null = null
  for (const key in raw) {
    const v = raw[key]
    switch (key) {
      case 'oc_group_name': groupNameRaw = v; break
      case 'oc_name': nameRaw = v; break
      case 'oc_rate': rateRaw = v; break
      case 'oc_size': sizeRaw = v; break
      case 'oc_pointer': pointerRaw = v; break
      case 'oc_block': blockRaw = v; break
      case 'op_id': playerRaw = v; break
      default: (extra ??= {})[key] = v
    }
  }
  resetDirty()
  const groupName = readStr(groupNameRaw)
  const name = readStr(nameRaw)
  const rate = readNum(rateRaw)
  const size = readSize(sizeRaw)
  const pointerText = readStr(pointerRaw)
  const block = readBool(blockRaw)
  const playerId = readNum(playerRaw)
  if (isDirty() || rate === null || !(rate > 0 && rate <= MAX_RATE)) return null
  let pointer: OutcomePointer | null = null
  if (pointerText) {
    pointer = readOcPointer(pointerText)
    if (!pointer) return null
  }
  return {
    // One string for a market's name on every outcome that repeats it (memory, not meaning).
    marketName: groupName === null ? '' : groupName === marketName ? marketName : groupName,
    name: name ?? '',
    rate,
    size,
    sizeText: size === null ? '' : typeof size === 'string' ? size : String(size),
    pointer,
    typeId: pointer ? pointer.typeId : null,
    blocked: block === true,
    playerId,
    extra: extra ?? NO_EXTRA,
  }
}

const at = (path: string, i: number): string => `${path}[${i}]`

/** An array of exactly `n` slots: a list grown by push keeps room for 16 more, and a snapshot of the
 *  line holds some 150,000 of them (a market's two or three outcomes, its columns). */
const sized = <T>(n: number): T[] => new Array<T>(n)

/** `list` cut to the `n` items filled (an item skipped with a warning leaves its slot at the end). */
function trimmed<T>(list: T[], n: number): T[] {
  if (n < list.length) list.length = n
  return list
}

/** Outcomes of one column: clean ones read here, the rest by the reference (in order, so the
 *  warnings come out as the reference words and orders them). `path` is the column's, built only
 *  for an outcome the reference reads. In a flat list (`column` -1) an item that is itself a column
 *  makes the list a mixed one: null, and the caller hands the market to the reference. */
function outcomesIn(items: unknown[], marketName: string | null, matchPath: string, position: number, column: number, warnings: FeedWarning[]): Outcome[] | null {
  const out = sized<Outcome>(items.length)
  let n = 0
  for (let i = 0; i < items.length; i++) {
    let o = cleanOutcome(items[i], marketName)
    if (!o) {
      if (column < 0 && Array.isArray(items[i])) return null
      const columnPath = `${marketPath(matchPath, position)}.oc_list${column < 0 ? '' : `[${column}]`}`
      o = outcomeOf(items[i], at(columnPath, i), warnings)
    }
    if (o) out[n++] = o
  }
  return trimmed(out, n)
}

const marketPath = (matchPath: string, position: number): string => `${matchPath}.game_oc_list[${position}]`

/** Stable insertion sort by type: the reference's stable sort gives the same order (compareByType is
 *  consistent: its only NaN, two equal infinite parameters, counts as equal in both), and a market's
 *  few outcomes are cheaper to order here than through Array.prototype.sort's set-up. */
function sortByType(list: Outcome[]): Outcome[] {
  for (let i = 1; i < list.length; i++) {
    const item = list[i]
    let j = i - 1
    while (j >= 0 && compareByType(list[j], item) > 0) {
      list[j + 1] = list[j]
      j--
    }
    list[j + 1] = item
  }
  return list
}

function fastMarket(raw: unknown, position: number, matchPath: string, warnings: FeedWarning[]): Market | null {
  if (!isObject(raw)) return marketOf(raw, position, marketPath(matchPath, position), warnings)
  let idRaw, nameRaw, columnsRaw, listRaw: unknown
  let extra: Extra | null = null
  for (const key in raw) {
    const v = raw[key]
    switch (key) {
      case 'group_id': idRaw = v; break
      case 'group_name': nameRaw = v; break
      case 'columns': columnsRaw = v; break
      case 'oc_list': listRaw = v; break
      default: (extra ??= {})[key] = v
    }
  }
  resetDirty()
  const groupId = readId(idRaw)
  const name = readStr(nameRaw)
  const columnsHint = readNum(columnsRaw)
  const list = readArr(listRaw) ?? []
  if (isDirty()) return marketOf(raw, position, marketPath(matchPath, position), warnings)
  // `events`/top lists: one flat column; `event`: an array of columns. A list mixing both is rare
  // and warned about: the reference reads it (its outcomes' warnings, if any, are taken back first).
  const mark = warnings.length
  let columns: Outcome[][] | null
  if (list.length === 0) columns = []
  else if (!Array.isArray(list[0])) {
    const flat = outcomesIn(list, name, matchPath, position, -1, warnings)
    columns = flat && [sortByType(flat)]
  } else {
    columns = sized<Outcome[]>(list.length)
    for (let i = 0; i < list.length && columns; i++) {
      const column = list[i]
      if (Array.isArray(column)) columns[i] = outcomesIn(column, name, matchPath, position, i, warnings) as Outcome[]
      else columns = null
    }
  }
  if (!columns) {
    warnings.length = mark
    return marketOf(raw, position, marketPath(matchPath, position), warnings)
  }
  return {
    position,
    key: marketKey(position, groupId),
    groupId,
    name: name ?? '',
    columnsHint: columnsHint ?? 0,
    columns,
    outcomes: columns.length === 1 ? columns[0] : flattened(columns),
    extra: extra ?? NO_EXTRA,
  }
}

/** `${position}:${groupId}` texts, kept: every match of a line repeats the same few (1x2 first,
 *  totals next...), so a refresh of 5,000 matches builds a handful of texts instead of 35,000. */
const MARKET_KEYS = new Map<number, string>()
const MARKET_KEYS_MAX = 50_000
const MAX_CACHED_GROUP = 2 ** 40

function marketKey(position: number, groupId: number): string {
  if (position >= 64 || groupId < 0 || groupId >= MAX_CACHED_GROUP) return `${position}:${groupId}`
  const slot = groupId * 64 + position
  let key = MARKET_KEYS.get(slot)
  if (key === undefined) {
    if (MARKET_KEYS.size >= MARKET_KEYS_MAX) MARKET_KEYS.clear()
    key = `${position}:${groupId}`
    MARKET_KEYS.set(slot, key)
  }
  return key
}

/** Columns one after the other (`columns.flat()`, without its generic depth walk). */
function flattened(columns: Outcome[][]): Outcome[] {
  let total = 0
  for (let i = 0; i < columns.length; i++) total += columns[i].length
  const out = sized<Outcome>(total)
  let n = 0
  for (let i = 0; i < columns.length; i++) {
    const column = columns[i]
    for (let j = 0; j < column.length; j++) out[n++] = column[j]
  }
  return out
}

function fastMarkets(raw: unknown, matchPath: string, warnings: FeedWarning[]): Market[] | null {
  if (!Array.isArray(raw)) return marketsOf(raw, `${matchPath}.game_oc_list`, warnings)
  const out = sized<Market>(raw.length)
  let n = 0
  for (let i = 0; i < raw.length; i++) {
    const market = fastMarket(raw[i], i, matchPath, warnings)
    if (market) out[n++] = market
  }
  return trimmed(out, n)
}

/** Strings every match of a tournament repeats: kept once (the parsed body holds one copy per match). */
interface Repeats {
  sport: string
  country: string
  tournament: string
}

const NO_REPEATS = (): Repeats => ({ sport: '', country: '', tournament: '' })

const same = (text: string | null, known: string): string => (text === null ? '' : text === known ? known : text)

/** The fields of a match the schema models, by slot: a match has some forty keys, looked up once each. */
const MATCH_FIELDS = [
  'game_id',
  'game_mid',
  'game_num',
  'game_start',
  'game_dop_name',
  'game_desk',
  'sport_id',
  'sport_name',
  'country_id',
  'country_name',
  'tournament_id',
  'tournament_name',
  'opp_1_name',
  'opp_2_name',
  'opp_1_id',
  'opp_2_id',
  'opp_1_ids',
  'opp_2_ids',
  'opp_1_icon',
  'opp_2_icon',
  'timer',
  'score_full',
  'score_period',
  'score_extra',
  'period_name',
  'extra_time',
  'finale',
  'pitch',
  'stat_list',
  'sub_games',
  'event_plan',
  'game_oc_counter',
  'game_oc_list',
  'va',
  'vi',
  'zp',
] as const
type MatchField = (typeof MATCH_FIELDS)[number]
const MATCH_SLOTS = new Map<string, number>(MATCH_FIELDS.map((key, slot) => [key, slot]))
/** Slot of each field, by name. */
const F = Object.fromEntries(MATCH_SLOTS) as Record<MatchField, number>
/** The values of the match being read: one array for every match, emptied before any nested call
 *  (so it never holds on to a parsed body). */
const MATCH_VALUES: unknown[] = new Array<unknown>(MATCH_FIELDS.length).fill(undefined)

/** `normaliseMatch`, in one pass for the ordinary match; the reference for anything it warns about. */
export function normaliseMatchFast(raw: unknown, lineType: LineType, path: string, warnings: FeedWarning[], repeats: Repeats = NO_REPEATS()): Match | null {
  if (!isObject(raw)) return normaliseMatch(raw, lineType, path, warnings)
  const v = MATCH_VALUES
  let extra: Extra | null = null
  for (const key in raw) {
    const slot = MATCH_SLOTS.get(key)
    if (slot === undefined) (extra ??= {})[key] = raw[key]
    else v[slot] = raw[key]
  }
  resetDirty()
  const gameId = readId(v[F.game_id])
  const gameMid = readNum(v[F.game_mid])
  const gameNum = readNum(v[F.game_num])
  const gameStart = readNum(v[F.game_start])
  const subName = readStr(v[F.game_dop_name])
  const segment = readStr(v[F.game_desk])
  const sportId = readNum(v[F.sport_id])
  const sportName = readStr(v[F.sport_name])
  const countryId = readNum(v[F.country_id])
  const countryName = readStr(v[F.country_name])
  const tournamentId = readNum(v[F.tournament_id])
  const tournamentName = readStr(v[F.tournament_name])
  const opp1Name = readStr(v[F.opp_1_name])
  const opp2Name = readStr(v[F.opp_2_name])
  const opp1Id = readNum(v[F.opp_1_id])
  const opp2Id = readNum(v[F.opp_2_id])
  const opp1Ids = readArr(v[F.opp_1_ids])
  const opp2Ids = readArr(v[F.opp_2_ids])
  const opp1Icon = readStr(v[F.opp_1_icon])
  const opp2Icon = readStr(v[F.opp_2_icon])
  const timer = readNum(v[F.timer])
  const score = readLive(v[F.score_full])
  const scorePeriod = readLive(v[F.score_period])
  const scoreExtra = readLive(v[F.score_extra])
  const periodName = readLive(v[F.period_name])
  const extraTime = readLive(v[F.extra_time])
  const finale = readBool(v[F.finale])
  const pitch = readLive(v[F.pitch])
  const statList = readArr(v[F.stat_list])
  const subGames = readArr(v[F.sub_games])
  const eventPlan = readArr(v[F.event_plan])
  const oddsCounter = readNum(v[F.game_oc_counter])
  const va = readNum(v[F.va])
  const vi = readLive(v[F.vi])
  const zp = readNum(v[F.zp])
  const oddsRaw = v[F.game_oc_list]
  v.fill(undefined)
  if (isDirty()) return normaliseMatch(raw, lineType, path, warnings)

  const markets = oddsRaw === undefined || oddsRaw === null ? null : fastMarkets(oddsRaw, path, warnings)
  let outcomeCount = 0
  if (markets) for (let i = 0; i < markets.length; i++) outcomeCount += markets[i].outcomes.length
  // Every real main match sends game_mid = game_id; only a different id names a main match.
  const mid = livePositive(gameMid)
  const mainGameId = mid !== null && mid !== gameId ? mid : null
  const sport = (repeats.sport = same(sportName, repeats.sport))
  const country = (repeats.country = same(countryName, repeats.country))
  const tournament = (repeats.tournament = same(tournamentName, repeats.tournament))
  return {
    key: matchKey(lineType, gameId),
    lineType,
    gameId,
    mainGameId,
    isSubMatch: mainGameId !== null,
    startMs: secondsToMs(gameStart),
    sportId,
    sportName: sport,
    countryId,
    countryName: country,
    tournamentId,
    tournamentName: tournament,
    opp1: { name: opp1Name ?? '', icon: opp1Icon ?? '', id: livePositive(opp1Id), ids: opp1Ids && opp1Ids.length > 0 ? idsOf(opp1Ids, `${path}.opp_1_ids`, warnings) : [] },
    opp2: { name: opp2Name ?? '', icon: opp2Icon ?? '', id: livePositive(opp2Id), ids: opp2Ids && opp2Ids.length > 0 ? idsOf(opp2Ids, `${path}.opp_2_ids`, warnings) : [] },
    score: liveStr(score),
    periodName: liveStr(periodName),
    timerSec: livePositive(timer),
    videoAvailable: va !== null && va > 0,
    videoId: liveStr(vi),
    trackerId: livePositive(zp),
    markets,
    oddsCounter,
    outcomeCount,
    extra: extra ?? NO_EXTRA,
    gameNum,
    subName: subName ?? '',
    segment: segment ?? '',
    scorePeriod: liveStr(scorePeriod),
    scoreExtra: liveStr(scoreExtra),
    extraTime: liveStr(extraTime),
    finished: finale,
    pitch: liveStr(pitch),
    stats: statList && statList.length > 0 ? listOf(statList, `${path}.stat_list`, warnings, statOf) : [],
    subGames: subGames && subGames.length > 0 ? listOf(subGames, `${path}.sub_games`, warnings, subGameOf) : [],
    eventPlan: eventPlan && eventPlan.length > 0 ? listOf(eventPlan, `${path}.event_plan`, warnings, planItemOf) : [],
  }
}

/** A tournament's matches, sharing the names they repeat. */
export function normaliseMatchesFast(items: unknown[], lineType: LineType, path: string, warnings: FeedWarning[]): Match[] {
  const repeats = NO_REPEATS()
  const out = sized<Match>(items.length)
  let n = 0
  for (let i = 0; i < items.length; i++) {
    const match = normaliseMatchFast(items[i], lineType, at(path, i), warnings, repeats)
    if (match) out[n++] = match
  }
  return trimmed(out, n)
}
