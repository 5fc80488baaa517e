/**
 * The names of what a bet is on, as the coupon service sends them (null when not sent). One owner:
 * the coupon client's `Bet` and the contract's `BetDto` both carry them.
 */
export interface BetSubject {
  sportId: number | null
  sportName: string | null
  tournamentId: number | null
  tournamentName: string | null
  /** Team names. */
  opp1: string | null
  opp2: string | null
}
