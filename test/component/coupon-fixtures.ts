import type { BetDto, CouponDto } from '../../src-shared/contract.js'

/** A bet shaped like the vendor's real one (captures: get-won.json), as main maps it. */
export function namedBet(over: Partial<BetDto> = {}): BetDto {
  return {
    id: '84521', gameId: 737779544, mainGameId: null, status: 1, coef: 1.85, settlementCoef: 1.85,
    pointer: 'line#737779544#1#1#0#1.85', lineType: 'line', sportId: 1, sportName: 'Football', tournamentId: 10001,
    tournamentName: 'National League', opp1: 'Team A', opp2: 'Team B', marketName: 'Match Result', outcomeName: 'First Team to Win',
    param: '0', extraName: null, placementScore: null, placementScorePeriods: null, calculationScore: '2:1', calculationScorePeriods: null,
    eventDate: 1784971800000, calculateDate: 1784973600000, settlementReasonCode: 'AUTOMATIC_SETTLEMENT', settlementReason: 'Calculated automatically',
    ...over,
  }
}

export function namedCoupon(bets: BetDto[] = [namedBet()], over: Partial<CouponDto> = {}): CouponDto {
  return {
    couponCode: '000000000272', amount: 10, coef: 1.85, originalCoef: 1.85, settlementCoef: 1.85, potentialWin: 18.5, realWin: 18.5,
    status: 2, createdAt: 1784970000000, calculateDate: 1784973600000, couponType: 1, bets, ...over,
  }
}
