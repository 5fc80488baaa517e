import type { BetDto, ChangeRecordDto, CouponDto, PlacementDto, ResolutionDto } from '../../../src-shared/contract.js'
import type { VendorApi } from '../../../src-shared/vocabulary/placement.js'
import type { DeskError } from '../shared/errors.js'
import type { Bet, ChangeRecord, Coupon, CouponErrorData } from '../coupons/index.js'

/**
 * Domain coupon → contract DTO. Statuses travel as the vendor's codes only: the console names them
 * (i18n), the CLI with its own table; an unknown code is shown raw.
 */

export function betToDto(bet: Bet): BetDto {
  return {
    id: bet.id,
    gameId: bet.gameId,
    mainGameId: bet.mainGameId,
    status: bet.status,
    coef: bet.coef ?? 0,
    settlementCoef: bet.settlementCoef,
    pointer: bet.pointer ?? '',
    lineType: bet.lineType ?? '',
    sportId: bet.sportId,
    sportName: bet.sportName,
    tournamentId: bet.tournamentId,
    tournamentName: bet.tournamentName,
    opp1: bet.opp1,
    opp2: bet.opp2,
    marketName: bet.marketName,
    outcomeName: bet.outcomeName,
    param: bet.param,
    extraName: bet.dopName,
    placementScore: bet.placementScore,
    placementScorePeriods: bet.placementScorePeriods,
    calculationScore: bet.calculationScore,
    calculationScorePeriods: bet.calculationScorePeriods,
    eventDate: bet.eventDate,
    calculateDate: bet.calculateDate,
    settlementReasonCode: bet.settlementReasonCode,
    settlementReason: bet.settlementReason,
    originalCoef: bet.originalCoef,
    isLive: bet.isLive,
    isSubGame: bet.isSubGame,
    parentGameId: bet.parentGameId,
    subGameKey: bet.subGameKey,
    marketId: bet.marketId,
    outcomeId: bet.outcomeId,
    team1Id: bet.team1Id,
    team2Id: bet.team2Id,
    timer: bet.timer,
    betScore: bet.betScore,
  }
}

export function couponToDto(coupon: Coupon): CouponDto {
  return {
    couponCode: coupon.code,
    amount: Number.isFinite(coupon.amount) ? coupon.amount : null,
    coef: coupon.coef,
    originalCoef: coupon.originalCoef,
    settlementCoef: coupon.settlementCoef,
    potentialWin: coupon.potentialWin,
    realWin: coupon.realWin,
    status: coupon.status,
    createdAt: coupon.createdAt,
    calculateDate: coupon.calculateDate,
    couponType: coupon.couponType,
    bets: coupon.bets.map(betToDto),
    win: coupon.win,
    eventsCount: coupon.eventsCount,
    hasReturn: coupon.hasReturn,
    asian: coupon.asian,
    settlementReasonCode: coupon.settlementReasonCode,
    settlementReason: coupon.settlementReason,
    model: coupon.model,
  }
}

export function changeToDto(change: ChangeRecord): ChangeRecordDto {
  return {
    gameId: change.gameId,
    betCoefficient: change.betCoefficient,
    actualCoefficient: change.actualCoefficient,
    changeType: change.changeType,
    status: change.status,
  }
}

/** A rejected placement: the DeskError of the coupon client, its business data spelled out (the vendor's number and own text, never our wording). */
export function rejectionToDto(error: DeskError, vendorApi: VendorApi): Extract<PlacementDto, { outcome: 'rejected' }> {
  const data = (error.data ?? {}) as Partial<CouponErrorData>
  return {
    outcome: 'rejected',
    code: error.code,
    errorCode: typeof data.errorCode === 'number' ? data.errorCode : null,
    vendorApi,
    vendorText: typeof data.errorMessage === 'string' && data.errorMessage.trim() !== '' ? data.errorMessage : null,
    changes: Array.isArray(data.changes) ? data.changes.map(changeToDto) : [],
  }
}

export function placedToDto(coupons: Coupon[]): { outcome: 'placed'; coupons: CouponDto[] } {
  return { outcome: 'placed', coupons: coupons.map(couponToDto) }
}

export function notPlacedDto(): ResolutionDto {
  return { outcome: 'not_placed' }
}
