/**
 * Settled P&L and balance history: the shapes main answers and the money rule both sides use. Sums are
 * taken in the account's minor unit (integers, so 0.1 + 0.2 is 0.30 and never 0.30000000000000004) and
 * shown back in major units. No zod here: the renderer imports this file (zod's eval probe would trip the CSP).
 */

/** An amount in whole minor units (`decimals` places: 2 = cents). */
export const toMinor = (amount: number, decimals: number): number => Math.round(amount * 10 ** decimals)
export const fromMinor = (minor: number, decimals: number): number => minor / 10 ** decimals

/** True when `zone` is an IANA zone this runtime knows (`UTC`, `Europe/Kyiv`). */
export function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-CA', { timeZone: zone })
    return true
  } catch {
    return false
  }
}

/** Settled coupons' money in the client-account view: payout − stake (a return pays the stake back: P&L 0). */
export interface PnlFiguresDto {
  stakes: number
  payouts: number
  /** payouts − stakes. */
  pnl: number
  coupons: number
  won: number
  lost: number
  returned: number
  /** Coupons whose stake or payout is not known (counted as 0 in the sums). */
  incomplete: number
}
/**
 * One day (`key` `YYYY-MM-DD` in the query's zone) or one sport (`key` the sport id; `mixed` for an
 * accumulator over several sports, `unknown` when no read named it), with the sport's name as sent.
 */
export interface PnlGroupDto extends PnlFiguresDto {
  key: string
  label: string | null
}
export interface PnlDto {
  timeZone: string
  /** Minor-unit decimals the sums were taken in. */
  decimals: number
  total: PnlFiguresDto
  /** Newest day first. */
  days: PnlGroupDto[]
  /** Largest |P&L| first. */
  sports: PnlGroupDto[]
}

/** A history entry that moved the client account: a placement, a credited result, or a payout taken back for recalculation. */
export interface BalanceMarkerDto {
  entryId: number
  at: number
  kind: 'placement' | 'settlement' | 'reversal'
  couponCode: string | null
  /** What it moved the client account by (null when not known yet). */
  delta: number | null
  /** The running balance through it: anchored to the latest balance read when `anchored`, else relative to the history's start. */
  balance: number
}
export interface BalanceHistoryDto {
  /** Balance reads of the service, oldest first (thinned evenly past the limit). */
  samples: Array<{ at: number; balance: number }>
  /** Oldest first; the newest ones when the range holds more than the limit (`truncated`). */
  markers: BalanceMarkerDto[]
  anchored: boolean
  truncated: boolean
}
