import type { BetRecord, CouponRecord } from './types.js'
import { BET_PUSH, BET_VOID, REASON_MANUAL, REASON_PUSH, REASON_RECALC, REASON_RECALCULATED, REASON_RESULT, REASON_VOID } from './types.js'

/** Wire shapes: new full model, legacy model, callback snapshot. Texts follow the coupon's `lang`. */
const REASONS: Record<number, Record<string, string>> = {
  [REASON_RESULT]: { en: 'Settled by the event result', ru: 'Рассчитано по результату события' },
  [REASON_PUSH]: { en: 'Returned: the result equals the line (push)', ru: 'Возврат: результат равен линии' },
  [REASON_VOID]: { en: 'Returned: the event was cancelled', ru: 'Возврат: событие отменено' },
  [REASON_MANUAL]: { en: 'Settled by the operator', ru: 'Рассчитано оператором' },
  [REASON_RECALC]: { en: 'Returned for recalculation', ru: 'Возвращено на перерасчёт' },
  [REASON_RECALCULATED]: { en: 'Recalculated result', ru: 'Пересчитанный результат' },
}

export function text(t: Record<string, string>, lang: string): string {
  return t[lang] ?? t.en ?? Object.values(t)[0] ?? ''
}

export function reasonText(code: number | null, lang: string): string | null {
  if (code === null) return null
  const t = REASONS[code]
  return t ? text(t, lang) : null
}

function hasReturn(c: CouponRecord): boolean {
  return c.bets.some((b) => b.status === BET_VOID || b.status === BET_PUSH)
}

/** The reason of the coupon = the reason of its most recently settled bet. */
function couponReason(c: CouponRecord): number | null {
  let best: BetRecord | undefined
  for (const b of c.bets) if (b.reasonCode !== null && (!best || (b.calculateDate ?? 0) >= (best.calculateDate ?? 0))) best = b
  return best?.reasonCode ?? null
}

export function newBet(b: BetRecord, lang: string) {
  return {
    id: b.id,
    game_id: b.gameId,
    status: b.status,
    coef: b.coef,
    original_coef: b.originalCoef,
    calculate_coef: b.calculateCoef,
    calculate_date: b.calculateDate,
    event_date: b.eventDate,
    raw_pointer: b.rawPointer,
    line_type: b.lineType,
    is_live: b.isLive,
    main_game_id: b.mainGameId,
    is_sub_game: b.isSubGame,
    parent_game_id: b.parentGameId,
    sub_game_key: b.subGameKey,
    accept_score: b.acceptScore,
    calculate_score: b.calculateScore,
    sport_id: b.sportId,
    sport_name: text(b.sportName, lang),
    tournament_id: b.tournamentId,
    team1_id: b.team1Id,
    team2_id: b.team2Id,
    team1: text(b.team1, lang),
    team2: text(b.team2, lang),
    opp_icon1: b.oppIcon1,
    opp_icon2: b.oppIcon2,
    market_name: text(b.marketName, lang),
    outcome_name: text(b.outcomeName, lang),
    settlement_reason_code: b.reasonCode,
    settlement_reason: reasonText(b.reasonCode, lang),
  }
}

export function newCoupon(c: CouponRecord) {
  const reason = couponReason(c)
  return {
    coupon_code: c.code,
    amount: c.amount,
    coef: c.coef,
    potential_win: c.potentialWin,
    real_win: c.realWin,
    status: c.status,
    calculate_date: c.calculateDate,
    date: c.date,
    coupon_type: c.couponType,
    events_count: c.bets.length,
    events_data: c.bets.map((b) => newBet(b, c.lang)),
    has_return: hasReturn(c),
    settlement_reason_code: reason,
    settlement_reason: reasonText(reason, c.lang),
    lang: c.lang,
  }
}

/** Legacy model: `win` is the potential win while open and the real win once settled. */
export function legacyCoupon(c: CouponRecord) {
  return {
    coupon_code: c.code,
    amount: c.amount,
    win: c.calculateDate === null ? c.potentialWin : c.realWin,
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

/** Callback snapshot: the new model without `amount`; bets carry the string `uuid` instead of `id`. */
export function callbackSnapshot(c: CouponRecord) {
  const { amount: _amount, events_data, ...rest } = newCoupon(c)
  return {
    ...rest,
    events_data: events_data.map(({ id, ...bet }) => ({ uuid: String(id), ...bet })),
  }
}
