import type { I18nText, SimMarket, SimOutcome } from '../world/types.js'
import { COUNTRY_BY_ID } from '../world/catalog.js'
import { GROUP } from '../world/markets.js'
import type { WorldMatch } from '../world/model.js'
import { jsonFloat } from '../http.js'
import { freshen } from '../world/live.js'
import { clockAt } from '../world/schedule.js'

/**
 * World records → the feed's wire objects, field names and key order as production sends them
 * (compared with ../shared/real-captures/feed). Where production spells a value differently per
 * endpoint (market and outcome names, outcome order) the caller says which endpoint it renders.
 */

export const txt = (text: I18nText | undefined, lang: string): string => (text ? (text[lang] ?? text.en ?? '') : '')
const seconds = (ms: number) => Math.floor(ms / 1000)

/** How a list endpoint prints its flat outcome lists. */
export interface ListStyle {
  /** `events`: outcomes sorted by price; top lists (`full=true`): by outcome type. */
  order: 'price' | 'type'
  /** Prematch `events` spell `1x2` and `1 (-1.5)`; everything else `1X2` and `1 -1.5`. */
  listNames: boolean
}

function outcome(m: WorldMatch, o: SimOutcome, lang: string, groupName: string, listNames: boolean) {
  return {
    oc_group_name: groupName,
    oc_name: txt(listNames && o.listName ? o.listName : o.name, lang),
    oc_rate: jsonFloat(o.rate),
    // Integer 0 for markets without a line (and handicap 0), otherwise the parameter text.
    oc_size: o.param === '0' ? 0 : o.param,
    oc_pointer: `${m.gameId}|${o.groupId}|${o.typeId}|${o.param}`,
    oc_block: o.blocked,
    op_id: o.playerId,
  }
}

const marketName = (market: SimMarket, lang: string, listNames: boolean) => txt(listNames && market.listName ? market.listName : market.name, lang)

function flatMarket(m: WorldMatch, market: SimMarket, outcomes: SimOutcome[], lang: string, style: ListStyle) {
  const name = marketName(market, lang, style.listNames)
  const sorted = [...outcomes].sort(style.order === 'price' ? (a, b) => a.rate - b.rate : (a, b) => a.typeId - b.typeId)
  return { group_id: market.groupId, group_name: name, columns: market.columns, oc_list: sorted.map((o) => outcome(m, o, lang, name, style.listNames)) }
}

/** `event` format `group`: the arrays actually filled, whatever `columns` says. */
function columnMarket(m: WorldMatch, market: SimMarket, lang: string) {
  const name = marketName(market, lang, false)
  const columns: SimOutcome[][] = []
  for (const o of market.outcomes) if (!o.withdrawn) (columns[o.column] ??= []).push(o)
  const arrays = columns.filter(Boolean)
  if (arrays.length === 0) return null
  return { group_id: market.groupId, group_name: name, columns: market.columns, oc_list: arrays.map((col) => col.map((o) => outcome(m, o, lang, name, false))) }
}

/** The main line of a two-way line market: the offered pair with the closest prices. */
function mainLine(market: SimMarket): SimOutcome[] {
  // Outcomes of a line are adjacent (side 1, side 2), as offer.ts builds them.
  let best: SimOutcome[] = []
  let bestGap = Infinity
  const list = market.outcomes
  for (let i = 0; i + 1 < list.length; i++) {
    const a = list[i]
    const b = list[i + 1]
    if (a.withdrawn || b.withdrawn || !a.lineKey || a.lineKey !== b.lineKey) continue
    const gap = Math.abs(a.rate - b.rate)
    if (gap < bestGap) {
      best = [a, b]
      bestGap = gap
    }
    i++
  }
  return best
}

const SHORT_FIXED = new Set<number>([GROUP.result, GROUP.winner, GROUP.doubleChance, GROUP.btts])
const SHORT_LINES = new Set<number>([GROUP.handicap, GROUP.total, GROUP.total1, GROUP.total2, GROUP.asianTotal, GROUP.asianHandicap])

/** The short set of `events` and top lists: result markets whole, the main line of each line market. */
export function shortMarkets(m: WorldMatch, lang: string, style: ListStyle) {
  const out = []
  for (const market of m.markets) {
    const picked = SHORT_FIXED.has(market.groupId) ? market.outcomes.filter((o) => !o.withdrawn) : SHORT_LINES.has(market.groupId) ? mainLine(market) : []
    if (picked.length > 0) out.push(flatMarket(m, market, picked, lang, style))
  }
  return out
}

/** Production's counter exceeds what it sends: every outcome the match has, offered or not, plus a per-match surplus. */
export function ocCounter(m: WorldMatch): number {
  let n = 0
  for (const market of m.markets) n += market.outcomes.length
  return n + m.counterSkew
}

const DESK_LABEL: Record<number, string> = { 1: 'Half', 2: 'Period', 3: 'Quarter', 4: 'Set', 6: 'Set', 10: 'Set', 40: 'Map', 85: 'Half' }

function statValue(v: number, format: string | undefined) {
  return format === 'xg' ? v.toFixed(2) : String(Math.round(v))
}

/** Live fields; Prematch prints production's defaults (0, "0:0", "", false, [], null). */
function liveFields(m: WorldMatch, lang: string, now: number) {
  if (m.state !== 'live') {
    return { timer: 0, score_full: '0:0', score_period: '', stat_list: [] as unknown[], extra_time: '', finale: false, pitch: '', period_name: '', score_extra: '', va: null, vi: null, zp: null }
  }
  // Timed sports read their clock now (it stands still in breaks); set sports and esports have none: timer 0, as production sends.
  const clock = m.schedule && m.liveStartMs !== null ? clockAt(m.schedule, now - m.liveStartMs) : null
  return {
    timer: m.cybersport || !clock ? 0 : clock.timerSec,
    score_full: `${m.score1}:${m.score2}`,
    score_period: m.scorePeriods.map((p) => p.join(':')).join(';'),
    stat_list: m.stats.map((s) => ({ id: s.id, name: txt(s.name, lang), opp1: statValue(s.opp1, s.format), opp2: statValue(s.opp2, s.format) })),
    extra_time: '',
    finale: false,
    pitch: m.pitch === null ? '' : String(m.pitch),
    period_name: m.periodLiteral ? 'period' : txt(clock ? clock.period : m.period, lang),
    score_extra: m.extra,
    va: m.va,
    vi: m.vi,
    zp: m.zp,
  }
}

export interface MatchRenderOptions {
  /** Include `game_oc_list`. */
  odds: boolean
  /** `columns` = `event` (all markets, arrays of columns); otherwise a flat short set in this style. */
  markets: 'columns' | ListStyle
  /** `events` lists print the sport's segment word in `game_desk` of main matches (production does). */
  deskLabel?: boolean
}

/** The `events_list` / `event` / `full=true` match object. `sub_games` and `event_plan` stay [] here. */
export function renderMatch(m: WorldMatch, lang: string, now: number, options: MatchRenderOptions): Record<string, unknown> {
  const live = liveFields(m, lang, now)
  const main = m.mainGameId === null
  const obj: Record<string, unknown> = {
    sgame_id: m.sgameId,
    stat_id: m.statId,
    game_id: m.gameId,
    game_mid: m.mainGameId ?? m.gameId,
    game_num: m.gameNum,
    game_start: seconds(m.startMs),
    country_id: m.countryId,
    country_name: txt(COUNTRY_BY_ID.get(m.countryId)?.name, lang),
    tournament_id: m.tournamentId,
    tournament_name: txt(m.tournament.name, lang),
    opp_1_name: txt(m.opp1, lang),
    opp_2_name: txt(m.opp2, lang),
    opp_1_id: m.opp1Id,
    opp_1_ids: [m.opp1Id],
    opp_2_id: m.opp2Id,
    opp_2_ids: [m.opp2Id],
    opp_1_icon: m.opp1Icon,
    opp_2_icon: m.opp2Icon,
    game_oc_counter: ocCounter(m),
  }
  if (options.odds) {
    freshen(m, now)
    if (options.markets === 'columns') obj.game_oc_list = m.markets.map((x) => columnMarket(m, x, lang)).filter((x) => x !== null)
    else obj.game_oc_list = m.listSuspended && m.state === 'live' ? [] : shortMarkets(m, lang, options.markets)
  }
  Object.assign(obj, {
    sport_id: m.sportId,
    sport_name: txt(m.sport.name, lang),
    timer: live.timer,
    score_full: live.score_full,
    score_period: live.score_period,
    stat_list: live.stat_list,
    extra_time: live.extra_time,
    finale: live.finale,
    pitch: live.pitch,
    sub_games: [],
    event_plan: [],
    period_name: live.period_name,
    game_desk: main ? (options.deskLabel ? (DESK_LABEL[m.sportId] ?? '') : '') : txt(m.desk, lang),
    score_extra: live.score_extra,
    game_dop_name: txt(m.dopName, lang),
    va: live.va,
    vi: live.vi,
    zp: live.zp,
    game_plan: null,
    stat_list_extra: [],
  })
  return obj
}

export function renderSubGames(subs: WorldMatch[], lang: string) {
  return subs.map((s) => ({ game_id: s.gameId, game_num: s.gameNum, game_name: txt(s.dopName, lang) }))
}

export function renderPlan(m: WorldMatch, lang: string) {
  return m.plan.map((p) => ({
    opp_1_name: txt(p.opp1, lang),
    opp_2_name: txt(p.opp2, lang),
    opp_1_id: p.opp1Id,
    opp_2_id: p.opp2Id,
    opp_1_country_id: p.opp1CountryId,
    opp_2_country_id: p.opp2CountryId,
    opp_1_icon: p.opp1Icon,
    opp_2_icon: p.opp2Icon,
    opp_1_date: p.startSec,
    opp_2_date: p.startSec,
    game_start: p.startSec,
  }))
}

/** Short card of `topmatches` / `toplist` (full=false). */
export function renderCard(m: WorldMatch, lang: string, now: number) {
  const live = liveFields(m, lang, now)
  return {
    sgame_id: m.sgameId,
    stat_id: m.statId,
    game_id: m.gameId,
    game_mid: m.mainGameId ?? m.gameId,
    game_start: seconds(m.startMs),
    tournament_name: txt(m.tournament.name, lang),
    opp_1_name: txt(m.opp1, lang),
    opp_2_name: txt(m.opp2, lang),
    opp_1_icon: m.opp1Icon,
    opp_2_icon: m.opp2Icon,
    sport_id: m.sportId,
    sport_name: txt(m.sport.name, lang),
    score_full: live.score_full,
    period_name: live.period_name,
    timer: live.timer,
    va: live.va,
    vi: live.vi,
    zp: live.zp,
  }
}

/** Search result: the card with tournament id, without media fields, with the country at the end. */
export function renderSearchHit(m: WorldMatch, lang: string, now: number) {
  const live = liveFields(m, lang, now)
  return {
    sgame_id: m.sgameId,
    stat_id: m.statId,
    game_id: m.gameId,
    game_mid: m.mainGameId ?? m.gameId,
    game_start: seconds(m.startMs),
    tournament_id: m.tournamentId,
    tournament_name: txt(m.tournament.name, lang),
    opp_1_name: txt(m.opp1, lang),
    opp_2_name: txt(m.opp2, lang),
    opp_1_icon: m.opp1Icon,
    opp_2_icon: m.opp2Icon,
    sport_id: m.sportId,
    sport_name: txt(m.sport.name, lang),
    score_full: live.score_full,
    period_name: live.period_name,
    timer: live.timer,
    country_id: m.countryId,
    country_name: txt(COUNTRY_BY_ID.get(m.countryId)?.name, lang),
  }
}
