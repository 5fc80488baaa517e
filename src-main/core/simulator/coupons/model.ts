import type { BetRecord, CouponRecord } from './types.js'
import {
  BET_OPEN, BET_PUSH, BET_RECALC, BET_VOID,
  COUPON_LOST, COUPON_RETURNED, COUPON_WON, REASON_AUTO, REASON_CANCELLED, REASON_RECALC, REASON_RECALCULATED,
} from './types.js'

/**
 * Wire shapes, field names and order as production's coupon answers and callback
 * (../shared/real-captures/coupon): the coupon model, the legacy model, the callback snapshot.
 * Texts follow the coupon's `lang` (en, ru; others fall back to en).
 */
const REASONS: Record<string, Record<string, string>> = {
  [REASON_AUTO]: { en: 'Calculated automatically', ru: 'Рассчитано автоматически' },
  [REASON_CANCELLED]: { en: 'Event cancelled', ru: 'Событие отменено' },
  [REASON_RECALC]: { en: 'Returned for recalculation', ru: 'Возвращено на перерасчёт' },
  [REASON_RECALCULATED]: { en: 'Recalculated', ru: 'Перерассчитано' },
  REMOTE_WIN: { en: 'Win', ru: 'Выигрыш' },
  REMOTE_LOSS: { en: 'Loss', ru: 'Проигрыш' },
  REMOTE_RETURN: { en: 'Return', ru: 'Возврат' },
  REMOTE_PUSH: { en: 'Return', ru: 'Возврат' },
  REMOTE_HALF_WIN: { en: 'Half win', ru: 'Половина выигрыша' },
  REMOTE_HALF_LOSS: { en: 'Half loss', ru: 'Половина проигрыша' },
}

export function text(t: Record<string, string>, lang: string): string {
  return t[lang] ?? t.en ?? Object.values(t)[0] ?? ''
}

export function reasonText(code: string | null, lang: string): string | null {
  if (code === null) return null
  const t = REASONS[code]
  return t ? text(t, lang) : code
}

const FINAL = new Set([COUPON_WON, COUPON_LOST, COUPON_RETURNED])
const RETURNS = new Set([BET_VOID, BET_PUSH])
/** Asian markets (quarter lines): Asian Total 99, Asian Handicap 2854. */
const ASIAN_GROUPS = new Set([99, 2854])

const round3 = (n: number) => Math.round((n + Number.EPSILON) * 1000) / 1000

/** Product of the bets' settlement multipliers, once the coupon is final; null before. */
function couponCalcCoef(c: CouponRecord): number | null {
  if (!FINAL.has(c.status)) return null
  if (c.status === COUPON_LOST) return 0
  return round3(c.bets.reduce((acc, b) => acc * (b.calculateCoef ?? 1), 1))
}

export function newBet(b: BetRecord, lang: string) {
  return {
    id: b.id,
    game_id: b.gameId,
    main_game_id: b.mainGameId,
    is_sub_game: b.isSubGame,
    parent_game_id: b.parentGameId,
    sub_game_key: b.subGameKey,
    raw_pointer: b.rawPointer,
    line_type: b.lineType,
    is_live: b.isLive,
    bet_group_id: b.groupId,
    bet_group_name: text(b.betGroupName, lang),
    bet_id: b.typeId,
    bet_name: text(b.betName, lang),
    sport_id: b.sportId,
    sport_name: text(b.sportName, lang),
    tournament_id: b.tournamentId,
    tournament: text(b.tournament, lang),
    event_date: b.eventDate,
    status: b.status,
    opp1: text(b.opp1, lang),
    opp2: text(b.opp2, lang),
    coef: b.coef,
    calc_coef: b.calculateCoef,
    // Production's `bet_score` is the pointer, not a score.
    bet_score: b.rawPointer,
    calculate_date: b.calculateDate,
    calculate_score: b.calculateScore,
    settlement_reason_code: b.reasonCode,
    settlement_reason: reasonText(b.reasonCode, lang),
    placement_score_full: b.placementScoreFull,
    placement_score_periods: b.placementScorePeriods,
    calculation_score_full: b.calculateScore,
    calculation_score_periods: b.calculationScorePeriods,
    timer: b.timer,
    dop_name: b.dopName === null ? null : text(b.dopName, lang),
    rate: b.param,
    // Production's example sends these reserved ids as null.
    sgame_id: null,
    game_num: null,
    stat_id: null,
    team1_id: b.team1Id,
    team2_id: b.team2Id,
    opp_icon1: b.team1Id,
    opp_icon2: b.team2Id,
  }
}

export function newCoupon(c: CouponRecord) {
  const final = FINAL.has(c.status)
  return {
    coupon_code: c.code,
    amount: c.amount,
    win: final && c.realWin !== null ? c.realWin : c.potentialWin,
    potential_win: c.potentialWin,
    real_win: final ? c.realWin : null,
    coef: c.coef,
    original_coef: c.originalCoef,
    calculate_coef: couponCalcCoef(c),
    has_return: c.bets.some((b) => RETURNS.has(b.status)),
    date: c.date,
    status: c.status,
    asian: c.bets.some((b) => ASIAN_GROUPS.has(b.groupId)),
    calculate_date: final ? c.calculateDate : null,
    coupon_type: c.couponType,
    events_count: c.bets.length,
    events_data: c.bets.map((b) => newBet(b, c.lang)),
  }
}

/** Legacy model: `win` is the potential win while open and the real win once settled. */
export function legacyCoupon(c: CouponRecord) {
  return {
    coupon_code: c.code,
    amount: c.amount,
    win: c.calculateDate === null || c.realWin === null ? c.potentialWin : c.realWin,
    coef: c.coef,
    status: c.status,
    calculate_date: c.calculateDate,
    date: c.date,
    coupon_type: c.couponType,
    events_count: c.bets.length,
    events_data: c.bets.map((b) => ({
      uuid: String(b.id),
      game_id: b.gameId,
      status: b.status,
      coef: b.coef,
      calc_coef: b.calculateCoef,
      calculate_date: b.calculateDate,
      event_date: b.eventDate,
      settlement_reason_code: b.reasonCode,
      settlement_reason: reasonText(b.reasonCode, c.lang),
    })),
  }
}

const UNSETTLED = new Set([BET_OPEN, BET_RECALC])

/**
 * Callback coupon snapshot as production sends it: `realWin` (camelCase; 0 until the coupon is
 * final), `calculate_coefficient` (0 until final), the time of the latest settlement, and per bet
 * the multiplier, score ("" when none) and reason.
 */
export function callbackSnapshot(c: CouponRecord) {
  const final = FINAL.has(c.status)
  const latest = c.bets.reduce<number | null>((acc, b) => (b.calculateDate !== null && (acc === null || b.calculateDate > acc) ? b.calculateDate : acc), null)
  return {
    coupon_code: c.code,
    realWin: final ? (c.realWin ?? 0) : 0,
    calculate_coefficient: final ? (couponCalcCoef(c) ?? 0) : 0,
    status: c.status,
    calculate_date: final ? c.calculateDate : latest,
    events_data: c.bets.map((b) => ({
      uuid: String(b.id),
      status: b.status,
      calculate_coefficient: UNSETTLED.has(b.status) ? null : b.calculateCoef,
      calculate_date: b.calculateDate,
      calculate_score: b.calculateScore ?? '',
      settlement_reason_code: b.reasonCode,
      settlement_reason: reasonText(b.reasonCode, c.lang),
      timer: b.timer ?? 0,
    })),
  }
}

