import { idsOf, listOf, livePositive, liveStr, normaliseMatch, planItemOf, secondsToMs, statOf, subGameOf } from './normalise-match.js'
import { at, fastMarkets, sized, trimmed } from './normalise-fast-market.js'
import { keepExtra, NO_EXTRA } from './parse.js'
import { isDirty, isObject, readArr, readBool, readId, readLive, readNum, readStr, resetDirty } from './read-clean.js'
import { matchKey } from './types.js'
import type { Extra, FeedWarning, LineType, Match } from './types.js'

/**
 * One pass from a parsed `events`/`event` match to the domain, for the answers the feed sends every
 * few seconds with thousands of matches: fields are read straight into the result (no parsed copy,
 * no path texts, no split pointer), and anything out of the ordinary (an item the reference would
 * warn about or skip) is handed, item by item, to the reference path (normalise-match.ts), which
 * words the warning. The result is the reference's, value for value and warning for warning
 * (test/unit/feed/normalise-fast.test.ts proves it on the captures and on hostile worlds).
 */

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

/** The keys of the last match read, in its order, with their slots (-1: not modelled, so `extra`):
 *  the matches of an answer share one key order, so each key is compared with the one at its place
 *  in the last match (the same text: one comparison) before it is looked up by name. */
const ORDER = { keys: [] as string[], slots: [] as number[] }

/** `line:<id>`/`live:<id>` texts of the matches read, kept: a list's refresh every few seconds names
 *  the same matches again, and a number's text (ids are beyond the engine's small cache of them)
 *  costs more than finding it here. Bounded; the held line keeps these texts anyway. */
const MATCH_KEYS: Record<LineType, Map<number, string>> = { line: new Map(), live: new Map() }
const MATCH_KEYS_MAX = 50_000

function keyOf(lineType: LineType, gameId: number): string {
  const known = lineType === 'line' || lineType === 'live' ? MATCH_KEYS[lineType] : null
  if (!known) return matchKey(lineType, gameId)
  let key = known.get(gameId)
  if (key === undefined) {
    if (known.size >= MATCH_KEYS_MAX) known.clear()
    key = matchKey(lineType, gameId)
    known.set(gameId, key)
  }
  return key
}

/** `normaliseMatch`, in one pass for the ordinary match; the reference for anything it warns about. */
export function normaliseMatchFast(raw: unknown, lineType: LineType, path: string, warnings: FeedWarning[], repeats: Repeats = NO_REPEATS()): Match | null {
  if (!isObject(raw)) return normaliseMatch(raw, lineType, path, warnings)
  const v = MATCH_VALUES
  let extra: Extra | null = null
  const keys = ORDER.keys
  const slots = ORDER.slots
  let i = 0
  for (const key in raw) {
    let slot: number
    if (i < keys.length && keys[i] === key) slot = slots[i]
    else {
      slot = MATCH_SLOTS.get(key) ?? -1
      keys[i] = key
      slots[i] = slot
    }
    i++
    if (slot < 0) keepExtra((extra ??= {}), key, raw[key])
    else v[slot] = raw[key]
  }
  if (i < keys.length) keys.length = slots.length = i
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
    key: keyOf(lineType, gameId),
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
    opp1: { name: opp1Name ?? '', icon: opp1Icon ?? '', id: livePositive(opp1Id), ids: opp1Ids && opp1Ids.length > 0 ? (numericIds(opp1Ids) ?? idsOf(opp1Ids, `${path}.opp_1_ids`, warnings)) : [] },
    opp2: { name: opp2Name ?? '', icon: opp2Icon ?? '', id: livePositive(opp2Id), ids: opp2Ids && opp2Ids.length > 0 ? (numericIds(opp2Ids) ?? idsOf(opp2Ids, `${path}.opp_2_ids`, warnings)) : [] },
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

/** `opp_N_ids` when every one is a number id: the parsed array itself (the body is the reader's
 *  alone and dropped after it, so no copy); null otherwise (idsOf reads digit texts and words the
 *  warning for the rest). */
function numericIds(raw: unknown[]): number[] | null {
  for (let i = 0; i < raw.length; i++) {
    const v = raw[i]
    if (typeof v !== 'number' || !Number.isSafeInteger(v)) return null
  }
  return raw as number[]
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
