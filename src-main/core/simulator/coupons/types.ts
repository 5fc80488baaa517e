import type { LineType } from '../world/types.js'

/** Internal records of the simulated coupon service (wire shapes live in model.ts). */
export type AccountState = 'active' | 'disabled' | 'expired'

export interface Account {
  username: string
  password: string
  balance: number
  state: AccountState
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

/** Settlement reason codes (stable integers; texts are localised in model.ts). */
export const REASON_RESULT = 1
export const REASON_PUSH = 2
export const REASON_VOID = 3
export const REASON_MANUAL = 4
export const REASON_RECALC = 5
export const REASON_RECALCULATED = 6

/** Results a bet can be settled with (world verdicts plus operator ones). */
export type BetResult = 'win' | 'lose' | 'return' | 'push' | 'half_win' | 'half_lose'
export const BET_RESULTS: readonly BetResult[] = ['win', 'lose', 'return', 'push', 'half_win', 'half_lose']

export interface BetRecord {
  id: number
  gameId: number
  lineType: LineType
  groupId: number
  typeId: number
  param: number
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
  acceptScore: string
  calculateScore: string | null
  sportId: number
  sportName: Record<string, string>
  tournamentId: number
  team1Id: number
  team2Id: number
  team1: Record<string, string>
  team2: Record<string, string>
  oppIcon1: string
  oppIcon2: string
  marketName: Record<string, string>
  outcomeName: Record<string, string>
  reasonCode: number | null
}

export interface CouponRecord {
  id: number
  code: string
  owner: string
  amount: number
  coef: number
  potentialWin: number
  realWin: number
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
