import type { LineType } from '../world/types.js'

/** Internal records of the simulated coupon service (wire shapes live in model.ts). */
export type AccountState = 'active' | 'disabled' | 'expired'

export interface Account {
  username: string
  password: string
  balance: number
  state: AccountState
  /** The service's client id (`clientId` of callbacks). */
  clientId: number
}

/** Coupon statuses (see docs/spec-decisions.md). */
export const COUPON_OPEN = 0
export const COUPON_WON = 2
export const COUPON_LOST = 4
export const COUPON_RETURNED = 8
export const COUPON_RECALC = 15

/** Bet statuses. */
export const BET_OPEN = 0
export const BET_WON = 1
export const BET_LOST = 2
export const BET_VOID = 3
export const BET_RECALC = 4
export const BET_HALF_WON = 21
export const BET_HALF_LOST = 22
export const BET_PUSH = 23

/**
 * Settlement reason codes: production's are strings (`AUTOMATIC_SETTLEMENT`, `REMOTE_WIN`, the set
 * is open); texts in model.ts.
 */
export const REASON_AUTO = 'AUTOMATIC_SETTLEMENT'
export const REASON_CANCELLED = 'EVENT_CANCELLED'
export const REASON_RECALC = 'RECALCULATION'
export const REASON_RECALCULATED = 'RECALCULATED'
/** Operator settlement: `REMOTE_WIN`, `REMOTE_LOSS`, `REMOTE_RETURN`, ... */
export const remoteReason = (result: BetResult) =>
  `REMOTE_${({ win: 'WIN', lose: 'LOSS', return: 'RETURN', push: 'PUSH', half_win: 'HALF_WIN', half_lose: 'HALF_LOSS' } as const)[result]}`

/** Results a bet can be settled with (world verdicts plus operator ones). */
export type BetResult = 'win' | 'lose' | 'return' | 'push' | 'half_win' | 'half_lose'
export const BET_RESULTS: readonly BetResult[] = ['win', 'lose', 'return', 'push', 'half_win', 'half_lose']

export interface BetRecord {
  id: number
  gameId: number
  lineType: LineType
  groupId: number
  typeId: number
  /** The pointer's parameter text, verbatim (`rate` on the wire). */
  param: string
  playerId: number | null
  status: number
  /** Working odds (accepted). */
  coef: number
  /** Odds submitted in the pointer. */
  originalCoef: number
  /** Settlement multiplier; null until settled. */
  calculateCoef: number | null
  calculateDate: number | null
  eventDate: number
  rawPointer: string
  isLive: boolean
  mainGameId: number
  isSubGame: boolean
  parentGameId: number | null
  subGameKey: string | null
  /** Live bets: score, periods and timer when accepted; null for Prematch. */
  placementScoreFull: string | null
  placementScorePeriods: string | null
  timer: number | null
  /** Score at settlement (`calculate_score`, `calculation_score_full`) and its periods. */
  calculateScore: string | null
  calculationScorePeriods: string | null
  sportId: number
  sportName: Record<string, string>
  tournamentId: number
  tournament: Record<string, string>
  team1Id: number
  team2Id: number
  opp1: Record<string, string>
  opp2: Record<string, string>
  betGroupName: Record<string, string>
  betName: Record<string, string>
  /** Sub-game name (`dop_name`), null for a main match. */
  dopName: Record<string, string> | null
  reasonCode: string | null
}

export interface CouponRecord {
  id: number
  code: string
  owner: string
  amount: number
  coef: number
  potentialWin: number
  /** Payout once finally settled; null while open or returned for recalculation. */
  realWin: number | null
  /** Product of the pointers' odds (`original_coef`). */
  originalCoef: number
  status: number
  calculateDate: number | null
  date: number
  /** 1 = single, 2 = accumulator. */
  couponType: 1 | 2
  lang: string
  callbackUrl: string
  currency: string | null
  bets: BetRecord[]
  /** Amount credited to the account by the current settlement (reversed on recalculation). */
  credited: number
  suppressCallbacks: boolean
}

export function round2(n: number): number {
  return Math.round((n + Number.EPSILON) * 100) / 100
}
