import type { z } from 'zod'
import { DeskError } from '../shared/errors.js'
import { changeRecordSchema, legacyCouponSchema, newCouponSchema } from './schemas.js'
import type { Bet, ChangeRecord, Coupon, CouponApiMode } from './types.js'

/** Wire → domain mapping for both coupon models. New and legacy coupons become the same `Coupon`. */
type NewCoupon = z.infer<typeof newCouponSchema>
type LegacyCoupon = z.infer<typeof legacyCouponSchema>

const orNull = <T>(v: T | null | undefined): T | null => (v === undefined ? null : v)
const flag = (v: boolean | number | null | undefined): boolean | null => (v === undefined || v === null ? null : Boolean(v))

function shapeError(what: string, issues: z.core.$ZodIssue[] | string, raw?: unknown): DeskError {
  const detail = typeof issues === 'string' ? issues : issues.slice(0, 3).map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`).join('; ')
  return new DeskError('coupon_shape', `Unexpected ${what} from the coupon service: ${detail}`, { retry: 'never', data: { raw } })
}

type NewBet = NewCoupon['events_data'][number]

/** Fields only the new model carries; legacy bets get them all null. */
type BetDetails = Omit<Bet, 'id' | 'gameId' | 'status' | 'coef' | 'settlementCoef' | 'calculateDate' | 'eventDate' | 'settlementReasonCode' | 'settlementReason' | 'raw'>

const NO_DETAILS: BetDetails = {
  mainGameId: null, isSubGame: null, parentGameId: null, subGameKey: null, originalCoef: null, pointer: null, lineType: null,
  isLive: null, marketId: null, marketName: null, outcomeId: null, outcomeName: null, param: null, sportId: null, sportName: null,
  tournamentId: null, tournamentName: null, opp1: null, opp2: null, team1Id: null, team2Id: null, placementScore: null,
  placementScorePeriods: null, calculationScore: null, calculationScorePeriods: null, timer: null, dopName: null, betScore: null,
}

/** A score field: "" means "none" (the callback sends `calculate_score: ""` for an unsettled bet). */
const score = (v: string | null | undefined): string | null => (v === undefined || v === null || v === '' ? null : v)

function newBetDetails(b: NewBet): BetDetails {
  const mainGameId = b.main_game_id ?? null
  const isSub = mainGameId !== null && mainGameId !== b.game_id
  return {
    mainGameId: isSub ? mainGameId : null,
    isSubGame: flag(b.is_sub_game) ?? (mainGameId === null ? null : isSub),
    parentGameId: orNull(b.parent_game_id),
    subGameKey: orNull(b.sub_game_key),
    originalCoef: orNull(b.original_coef),
    pointer: orNull(b.raw_pointer),
    lineType: b.line_type === undefined || b.line_type === null ? null : String(b.line_type),
    isLive: flag(b.is_live),
    marketId: orNull(b.bet_group_id),
    marketName: orNull(b.bet_group_name),
    outcomeId: orNull(b.bet_id),
    outcomeName: orNull(b.bet_name),
    param: orNull(b.rate),
    sportId: orNull(b.sport_id),
    sportName: orNull(b.sport_name),
    tournamentId: orNull(b.tournament_id),
    tournamentName: orNull(b.tournament),
    opp1: orNull(b.opp1),
    opp2: orNull(b.opp2),
    team1Id: orNull(b.team1_id),
    team2Id: orNull(b.team2_id),
    placementScore: score(b.placement_score_full),
    placementScorePeriods: score(b.placement_score_periods),
    calculationScore: score(b.calculation_score_full) ?? score(b.calculate_score),
    calculationScorePeriods: score(b.calculation_score_periods),
    timer: orNull(b.timer),
    dopName: score(b.dop_name),
    betScore: orNull(b.bet_score),
  }
}

function fromNew(c: NewCoupon, raw: Record<string, unknown>): Coupon {
  const bets: Bet[] = c.events_data.map((b, i) => ({
    id: String(b.id),
    gameId: b.game_id,
    status: b.status,
    coef: orNull(b.coef),
    settlementCoef: orNull(b.calc_coef) ?? orNull(b.calculate_coef),
    calculateDate: orNull(b.calculate_date),
    eventDate: orNull(b.event_date),
    settlementReasonCode: orNull(b.settlement_reason_code),
    settlementReason: orNull(b.settlement_reason),
    ...newBetDetails(b),
    raw: (raw.events_data as Record<string, unknown>[])[i],
  }))
  return {
    code: c.coupon_code,
    amount: c.amount,
    coef: c.coef,
    originalCoef: orNull(c.original_coef),
    settlementCoef: orNull(c.calculate_coef),
    win: orNull(c.win),
    potentialWin: orNull(c.potential_win),
    realWin: orNull(c.real_win),
    status: c.status,
    createdAt: orNull(c.date),
    calculateDate: orNull(c.calculate_date),
    couponType: orNull(c.coupon_type),
    eventsCount: c.events_count ?? bets.length,
    hasReturn: flag(c.has_return),
    asian: flag(c.asian),
    settlementReasonCode: orNull(c.settlement_reason_code),
    settlementReason: orNull(c.settlement_reason),
    bets,
    model: 'new',
    raw,
  }
}

/**
 * Legacy has one `win`: it is the potential payout while the coupon is unsettled
 * (`calculate_date` null) and the real payout once settled (see spec-decisions).
 */
function fromLegacy(c: LegacyCoupon, raw: Record<string, unknown>): Coupon {
  const settled = c.calculate_date !== null && c.calculate_date !== undefined
  const bets: Bet[] = c.events_data.map((b, i) => ({
    ...NO_DETAILS,
    id: b.uuid,
    gameId: b.game_id,
    status: b.status,
    coef: orNull(b.coef),
    settlementCoef: orNull(b.calc_coef),
    calculateDate: orNull(b.calculate_date),
    eventDate: orNull(b.event_date),
    settlementReasonCode: orNull(b.settlement_reason_code),
    settlementReason: orNull(b.settlement_reason),
    raw: (raw.events_data as Record<string, unknown>[])[i],
  }))
  const win = orNull(c.win)
  return {
    code: c.coupon_code,
    amount: c.amount,
    coef: c.coef,
    originalCoef: null,
    settlementCoef: null,
    win,
    potentialWin: settled ? null : win,
    realWin: settled ? win : null,
    status: c.status,
    createdAt: orNull(c.date),
    calculateDate: orNull(c.calculate_date),
    couponType: orNull(c.coupon_type),
    eventsCount: c.events_count ?? bets.length,
    hasReturn: null,
    asian: null,
    settlementReasonCode: null,
    settlementReason: null,
    bets,
    model: 'legacy',
    raw,
  }
}

export function toCoupon(raw: unknown, model: CouponApiMode): Coupon {
  if (model === 'new') {
    const parsed = newCouponSchema.safeParse(raw)
    if (!parsed.success) throw shapeError('coupon', parsed.error.issues, raw)
    return fromNew(parsed.data, raw as Record<string, unknown>)
  }
  const parsed = legacyCouponSchema.safeParse(raw)
  if (!parsed.success) throw shapeError('legacy coupon', parsed.error.issues, raw)
  return fromLegacy(parsed.data, raw as Record<string, unknown>)
}

export function toCoupons(raw: unknown, model: CouponApiMode): Coupon[] {
  if (!Array.isArray(raw)) throw shapeError('coupon list', 'expected an array', raw)
  return raw.map((c) => toCoupon(c, model))
}

/** Change records; a malformed record is kept as raw-ish with what could be read (never dropped silently). */
export function toChanges(raw: unknown): ChangeRecord[] {
  if (!Array.isArray(raw)) return []
  return raw.map((r) => {
    const parsed = changeRecordSchema.safeParse(r)
    if (parsed.success) {
      const c = parsed.data
      return { gameId: c.game_id, betCoefficient: c.bet_coefficient, actualCoefficient: orNull(c.actual_coefficient), changeType: orNull(c.change_type), status: c.status }
    }
    const o = (r ?? {}) as Record<string, unknown>
    return {
      gameId: Number(o.game_id),
      betCoefficient: Number(o.bet_coefficient),
      actualCoefficient: typeof o.actual_coefficient === 'number' ? o.actual_coefficient : null,
      changeType: typeof o.change_type === 'number' ? o.change_type : null,
      status: typeof o.status === 'string' ? o.status : String(o.status),
    }
  })
}

export { shapeError }
