/**
 * Exposure over the active coupons: open stake and potential payout per match and per outcome. An
 * accumulator's whole stake and potential payout count against every match (and outcome) it still has
 * open, because any of them can settle it: the per-match figures show what each match can cost, so they
 * add up to more than the totals, which count each coupon once. Sums in whole minor units.
 */
import type { BetDto, CouponDto } from '../../src-shared/contract.js'
import { fromMinor, toMinor } from '../../src-shared/vocabulary/pnl.js'
import { PENDING_BET_STATUSES } from '../../src-shared/vocabulary/statuses.js'

export interface ExposureFigures {
  stake: number
  potential: number
  /** Coupon codes behind the figures (each once). */
  codes: string[]
  /** How many of them are accumulators. */
  accumulators: number
}
export interface OutcomeExposure extends ExposureFigures {
  key: string
  /** A bet of the outcome (names, parameter, line type) as the service sent it. */
  bet: BetDto
}
export interface MatchExposure extends ExposureFigures {
  key: string
  gameId: number
  /** The first bet seen on the match: teams, sport, tournament, start, line type. */
  bet: BetDto
  outcomes: OutcomeExposure[]
}
export interface ExposureSummary {
  coupons: number
  stake: number
  potential: number
  matches: MatchExposure[]
}
export type ExposureSort = 'potential' | 'stake' | 'coupons' | 'start'

/** A coupon's potential payout: as the service reports it, else stake × odds. */
export function potentialOf(c: Pick<CouponDto, 'potentialWin' | 'amount' | 'coef'>): number {
  if (c.potentialWin !== null && Number.isFinite(c.potentialWin)) return c.potentialWin
  return (c.amount ?? 0) * (Number.isFinite(c.coef) ? c.coef : 0)
}

/** The match a bet is on: a sub-match counts under its main match. */
export const matchKeyOf = (b: Pick<BetDto, 'gameId' | 'mainGameId' | 'lineType'>): string => `${b.lineType}#${b.mainGameId ?? b.gameId}`
/** The outcome a bet is on: its pointer without the odds (the last part), which move. */
export const outcomeKeyOf = (b: Pick<BetDto, 'pointer' | 'gameId' | 'marketName' | 'outcomeName' | 'param'>): string => {
  const parts = b.pointer.split('#')
  return parts.length > 2 ? parts.slice(0, -1).join('#') : `${b.gameId}#${b.marketName ?? ''}#${b.outcomeName ?? ''}#${b.param ?? ''}`
}

interface Acc {
  stake: number
  potential: number
  codes: Set<string>
  accumulators: number
}
const acc = (): Acc => ({ stake: 0, potential: 0, codes: new Set(), accumulators: 0 })
function addTo(a: Acc, code: string, stake: number, potential: number, multi: boolean): void {
  if (a.codes.has(code)) return
  a.codes.add(code)
  a.stake += stake
  a.potential += potential
  if (multi) a.accumulators += 1
}
const out = (a: Acc, decimals: number): ExposureFigures => ({
  stake: fromMinor(a.stake, decimals),
  potential: fromMinor(a.potential, decimals),
  codes: [...a.codes],
  accumulators: a.accumulators,
})

export function exposureOf(coupons: readonly CouponDto[], decimals = 2): ExposureSummary {
  const matches = new Map<string, { a: Acc; bet: BetDto; outcomes: Map<string, { a: Acc; bet: BetDto }> }>()
  const total = acc()
  for (const c of coupons) {
    const open = c.bets.filter((b) => PENDING_BET_STATUSES.has(b.status))
    if (open.length === 0) continue
    const stake = toMinor(c.amount ?? 0, decimals)
    const potential = toMinor(potentialOf(c), decimals)
    const multi = c.bets.length > 1
    addTo(total, c.couponCode, stake, potential, multi)
    for (const b of open) {
      const key = matchKeyOf(b)
      let m = matches.get(key)
      if (!m) matches.set(key, (m = { a: acc(), bet: b, outcomes: new Map() }))
      // The main match's own names win over a sub-match's.
      if (m.bet.mainGameId !== null && b.mainGameId === null) m.bet = b
      addTo(m.a, c.couponCode, stake, potential, multi)
      const ok = outcomeKeyOf(b)
      let o = m.outcomes.get(ok)
      if (!o) m.outcomes.set(ok, (o = { a: acc(), bet: b }))
      addTo(o.a, c.couponCode, stake, potential, multi)
    }
  }
  const list: MatchExposure[] = [...matches].map(([key, m]) => ({
    key,
    gameId: m.bet.mainGameId ?? m.bet.gameId,
    bet: m.bet,
    ...out(m.a, decimals),
    outcomes: sortExposure([...m.outcomes].map(([k, o]) => ({ key: k, bet: o.bet, ...out(o.a, decimals) })), 'potential', 'desc'),
  }))
  return { coupons: total.codes.size, stake: fromMinor(total.stake, decimals), potential: fromMinor(total.potential, decimals), matches: sortExposure(list, 'potential', 'desc') }
}

const startOf = (x: { bet: BetDto }): number => x.bet.eventDate ?? Number.MAX_SAFE_INTEGER
/** Sorted by one figure (ties: the larger potential payout, then the key, so the order never flickers). */
export function sortExposure<T extends ExposureFigures & { key: string; bet: BetDto }>(rows: T[], by: ExposureSort, dir: 'asc' | 'desc'): T[] {
  const value = (x: T): number => (by === 'potential' ? x.potential : by === 'stake' ? x.stake : by === 'coupons' ? x.codes.length : startOf(x))
  const sign = dir === 'asc' ? 1 : -1
  return [...rows].sort((a, b) => sign * (value(a) - value(b)) || b.potential - a.potential || a.key.localeCompare(b.key))
}
