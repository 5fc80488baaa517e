import type { BetDto, ChangeRecordDto, CouponDto, PlacementDto, ResolutionDto } from '../../../src-preload/contract.js'
import type { DeskError } from '../shared/errors.js'
import type { Bet, ChangeRecord, Coupon, CouponErrorData } from '../coupons/types.js'

/**
 * Domain coupon → contract DTO. Status labels follow the statuses the spec names (0, 8, 15) and the
 * simulator's reading of the unnamed ones (2 won, 4 lost; docs/spec-decisions.md).
 * An unknown status is shown raw as `status N`.
 */
export const COUPON_STATUS_LABELS: Readonly<Record<number, string>> = {
  0: 'open',
  2: 'won',
  4: 'lost',
  8: 'returned',
  15: 'awaiting recalculation',
}

export function couponStatusLabel(status: number): string {
  return COUPON_STATUS_LABELS[status] ?? `status ${status}`
}

export function betToDto(bet: Bet): BetDto {
  return {
    id: bet.id,
    gameId: bet.gameId,
    status: bet.status,
    coef: bet.coef ?? 0,
    pointer: bet.pointer ?? '',
    lineType: bet.lineType ?? '',
    eventDate: bet.eventDate,
    calculateDate: bet.calculateDate,
    settlementReasonCode: bet.settlementReasonCode,
    settlementReason: bet.settlementReason,
  }
}

export function couponToDto(coupon: Coupon): CouponDto {
  return {
    couponCode: coupon.code,
    amount: Number.isFinite(coupon.amount) ? coupon.amount : null,
    coef: coupon.coef,
    potentialWin: coupon.potentialWin,
    realWin: coupon.realWin,
    status: coupon.status,
    statusLabel: couponStatusLabel(coupon.status),
    createdAt: coupon.createdAt,
    calculateDate: coupon.calculateDate,
    couponType: coupon.couponType,
    bets: coupon.bets.map(betToDto),
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

/** A rejected placement: the DeskError of the coupon client, its business data spelled out. */
export function rejectionToDto(error: DeskError): Extract<PlacementDto, { outcome: 'rejected' }> {
  const data = (error.data ?? {}) as Partial<CouponErrorData>
  return {
    outcome: 'rejected',
    code: error.code,
    errorCode: typeof data.errorCode === 'number' ? data.errorCode : null,
    message: error.message,
    changes: Array.isArray(data.changes) ? data.changes.map(changeToDto) : [],
  }
}

export function placedToDto(coupons: Coupon[]): { outcome: 'placed'; coupons: CouponDto[] } {
  return { outcome: 'placed', coupons: coupons.map(couponToDto) }
}

export function notPlacedDto(): ResolutionDto {
  return { outcome: 'not_placed' }
}
