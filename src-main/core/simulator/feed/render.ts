import type { I18nText, SimMarket, SimOutcome } from '../world/types.js'
import { COUNTRY_BY_ID } from '../world/catalog.js'
import { GROUP } from '../world/markets.js'
import type { WorldMatch } from '../world/model.js'

/** Turns world records into the feed's wire objects (field names exactly as the spec). */

export const txt = (text: I18nText | undefined, lang: string): string => (text ? (text[lang] ?? text.en ?? '') : '')
const seconds = (ms: number) => Math.floor(ms / 1000)

function outcome(m: WorldMatch, o: SimOutcome, lang: string, marketName: string) {
  const size = o.param / 100
  return {
    oc_group_name: marketName,
    oc_name: txt(o.name, lang),
    oc_rate: o.rate,
    // `oc_size` is "string or number": a fifth of the matches print it as a string on purpose.
    oc_size: m.gameNum % 5 === 0 ? String(size) : size,
    oc_pointer: `${m.gameId}|${o.groupId}|${o.typeId}|${o.param}`,
    oc_block: o.blocked,
    op_id: o.playerId,
  }
}

function flatMarket(m: WorldMatch, market: SimMarket, outcomes: SimOutcome[], lang: string) {
  const name = txt(market.name, lang)
  return { group_id: market.groupId, group_name: name, columns: market.columns, oc_list: outcomes.map((o) => outcome(m, o, lang, name)) }
}

function columnMarket(m: WorldMatch, market: SimMarket, lang: string) {
  const name = txt(market.name, lang)
  const columns: SimOutcome[][] = []
  for (const o of market.outcomes) (columns[o.column] ??= []).push(o)
  return {
    group_id: market.groupId,
    group_name: name,
    columns: market.columns,
    oc_list: columns.filter(Boolean).map((col) => col.map((o) => outcome(m, o, lang, name))),
  }
}

/** Pick the line closest to even odds (the "main" line) of a two-way market. */
function mainLine(market: SimMarket): SimOutcome[] {
  let best: SimOutcome | undefined
  for (const o of market.outcomes) if (o.column === 0 && (!best || Math.abs(o.rate - 1.9) < Math.abs(best.rate - 1.9))) best = o
  if (!best) return []
  const pairIndex = market.outcomes.indexOf(best)
  return market.outcomes.slice(pairIndex, pairIndex + 2)
}

/** Short set of main markets with best odds: result, main handicap, main total. */
export function shortMarkets(m: WorldMatch, lang: string) {
  const out = []
  for (const market of m.markets) {
    if (market.groupId === GROUP.result || market.groupId === GROUP.winner) out.push(flatMarket(m, market, market.outcomes, lang))
    else if (market.groupId === GROUP.handicap || market.groupId === GROUP.total) out.push(flatMarket(m, market, mainLine(market), lang))
  }
  return out
}

export function ocCounter(m: WorldMatch): number {
  let n = 0
  for (const market of m.markets) n += market.outcomes.length
  return n + m.counterSkew
}

/** Live fields; Prematch prints one of four "default live values" variants, chosen per match. */
function liveFields(m: WorldMatch, lang: string, now: number) {
  if (m.state === 'live') {
    return {
      // Exact on every request; the world's tick (10 s) only moves scores and periods.
      timer: m.liveStartMs === null ? m.timerSec : Math.max(0, Math.floor((now - m.liveStartMs) / 1000)),
      score_full: `${m.score1}:${m.score2}`,
      score_period: m.scorePeriods.length > 0 ? `(${m.scorePeriods.map((p) => p.join(':')).join(',')})` : '',
      score_extra: m.extra,
      period_name: txt(m.period, lang),
      extra_time: '',
      finale: false,
      pitch: m.pitch === null ? '' : String(m.pitch),
      stat_list: m.stats.map((s) => ({ id: s.id, name: txt(s.name, lang), opp1: String(s.opp1), opp2: String(s.opp2) })),
      va: m.va,
      vi: m.vi,
      zp: m.zp,
    }
  }
  const v = m.defaultsVariant
  return {
    timer: v === 2 ? null : 0,
    score_full: v === 1 ? '' : '0:0',
    score_period: v === 3 ? null : '',
    score_extra: '',
    period_name: '',
    extra_time: v === 3 ? null : '',
    finale: v === 1 ? false : null,
    pitch: v === 2 ? null : '',
    stat_list: [],
    va: null,
    vi: v === 1 ? '' : null,
    zp: v === 1 ? 0 : null,
  }
}

export interface MatchRenderOptions {
  /** Include `game_oc_list`. */
  odds: boolean
  /** `columns` = event format (nested, all markets); `short` = flat main markets. */
  markets: 'short' | 'columns'
}

/** The `events_list` / `event` match object. `sub_games` and `event_plan` stay [] here. */
export function renderMatch(m: WorldMatch, lang: string, now: number, options: MatchRenderOptions): Record<string, unknown> {
  const country = COUNTRY_BY_ID.get(m.countryId)
  const obj: Record<string, unknown> = {
    game_id: m.gameId,
    game_mid: m.mainGameId,
    game_num: m.gameNum,
    sgame_id: '',
    stat_id: '',
    game_start: seconds(m.startMs),
    game_dop_name: txt(m.dopName, lang),
    game_desk: txt(m.desk, lang),
    sport_id: m.sportId,
    sport_name: txt(m.sport.name, lang),
    country_id: m.countryId,
    country_name: txt(country?.name, lang),
    tournament_id: m.tournamentId,
    tournament_name: txt(m.tournament.name, lang),
    opp_1_name: txt(m.opp1, lang),
    opp_2_name: txt(m.opp2, lang),
    opp_1_id: m.opp1Id,
    opp_2_id: m.opp2Id,
    opp_1_ids: [m.opp1Id],
    opp_2_ids: [m.opp2Id],
    opp_1_icon: m.opp1Icon,
    opp_2_icon: m.opp2Icon,
    ...liveFields(m, lang, now),
    stat_list_extra: [],
    sub_games: [],
    event_plan: [],
    game_plan: null,
    game_oc_counter: ocCounter(m),
  }
  if (options.odds) obj.game_oc_list = options.markets === 'short' ? shortMarkets(m, lang) : m.markets.map((x) => columnMarket(m, x, lang))
  if (m.extraFields) Object.assign(obj, m.extraFields)
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
    sgame_id: '',
    stat_id: '',
    game_id: m.gameId,
    game_mid: m.mainGameId,
    game_start: seconds(m.startMs),
    tournament_name: txt(m.tournament.name, lang),
    opp_1_name: txt(m.opp1, lang),
    opp_2_name: txt(m.opp2, lang),
    opp_1_icon: m.opp1Icon,
    opp_2_icon: m.opp2Icon,
    sport_id: m.sportId,
    sport_name: txt(m.sport.name, lang),
    score_full: m.state === 'live' ? live.score_full : '0:0',
    period_name: live.period_name,
    timer: m.state === 'live' ? live.timer : 0,
    va: live.va,
    vi: live.vi,
    zp: live.zp,
  }
}

/** Search result: the card plus tournament/country, without media fields. */
export function renderSearchHit(m: WorldMatch, lang: string, now: number) {
  const { va: _va, vi: _vi, zp: _zp, ...card } = renderCard(m, lang, now)
  return { ...card, tournament_id: m.tournamentId, country_id: m.countryId, country_name: txt(COUNTRY_BY_ID.get(m.countryId)?.name, lang) }
}
