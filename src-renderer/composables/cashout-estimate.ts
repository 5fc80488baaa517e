/**
 * A cashout ESTIMATE of an open coupon, computed here: the service has no cashout route (the legacy
 * experimental one is not for production), so nothing is sold and no balance changes.
 *
 *   estimate = stake × Π(settled bets: settlement multiplier) × Π(open bets: accepted odds ÷ current odds)
 *
 * The fair value of the open part at current prices with no margin: an open bet whose price has not
 * moved counts ×1, one that shortened (more likely now) counts above 1. A lost bet makes it 0.
 */
import type { BetDto, CouponDto } from '../../src-shared/contract.js'
import { BET_HALF_LOST, BET_HALF_WON, BET_LOST, BET_PUSH, BET_RETURNED, BET_WON, isFinalCouponStatus, PENDING_BET_STATUSES } from '../../src-shared/vocabulary/statuses.js'

export interface CashoutEstimate {
  value: number
  /** Product of the settled bets' multipliers. */
  settledFactor: number
  /** Open bets, and how many of them had a current price to compare. */
  openBets: number
  priced: number
  /** A settled bet is lost: the coupon is worth nothing. */
  lost: boolean
}

/** A settled bet's multiplier: `calc_coef` when sent, else by its status (half results halve). */
export function settledMultiplier(b: Pick<BetDto, 'status' | 'coef' | 'settlementCoef'>): number | null {
  if (b.settlementCoef !== null && Number.isFinite(b.settlementCoef) && b.settlementCoef >= 0) return b.settlementCoef
  switch (b.status) {
    case BET_WON:
      return b.coef
    case BET_LOST:
      return 0
    case BET_RETURNED:
    case BET_PUSH:
      return 1
    case BET_HALF_WON:
      return (1 + b.coef) / 2
    case BET_HALF_LOST:
      return 0.5
    default:
      return null
  }
}

/**
 * The estimate, or null when there is none to make: the coupon is settled, its stake unknown, or a bet
 * has a status this build does not know (no guess is made about it).
 * `current` maps a bet id to its current price when one was read; a bet without one counts ×1.
 */
export function cashoutEstimate(c: CouponDto, current: ReadonlyMap<string, number> = new Map()): CashoutEstimate | null {
  if (c.amount === null || !(c.amount > 0) || isFinalCouponStatus(c.status) || c.bets.length === 0) return null
  let settledFactor = 1
  let openFactor = 1
  let openBets = 0
  let priced = 0
  for (const b of c.bets) {
    if (PENDING_BET_STATUSES.has(b.status)) {
      openBets++
      const now = current.get(b.id)
      if (now !== undefined && Number.isFinite(now) && now > 1 && b.coef > 0) {
        openFactor *= b.coef / now
        priced++
      }
      continue
    }
    const m = settledMultiplier(b)
    if (m === null) return null
    settledFactor *= m
  }
  const lost = settledFactor === 0
  const value = Math.round(c.amount * settledFactor * openFactor * 100) / 100
  return { value: lost ? 0 : value, settledFactor, openBets, priced, lost }
}

/**
 * A pointer without its price: `line#737779544#1#1#0` (+ `#player` when it has one). The coupon keeps
 * the pointer it was placed with, the feed gives today's: the same outcome when these agree.
 */
export function outcomeKey(pointer: string): string | null {
  const parts = pointer.split(/[#|]/u)
  if (parts.length < 6) return null
  const [line, game, group, type, param, , player] = parts
  return [line, game, group, type, param, player ?? ''].join('#')
}

/** What the current prices are read from: the open bets' matches, each once. */
export function openGames(c: CouponDto): Array<{ lineType: 'line' | 'live'; gameId: number }> {
  const seen = new Set<string>()
  const out: Array<{ lineType: 'line' | 'live'; gameId: number }> = []
  for (const b of c.bets) {
    if (!PENDING_BET_STATUSES.has(b.status) || (b.lineType !== 'line' && b.lineType !== 'live')) continue
    const key = `${b.lineType}#${b.gameId}`
    if (seen.has(key)) continue
    seen.add(key)
    out.push({ lineType: b.lineType, gameId: b.gameId })
  }
  return out
}

/** Current prices of the open bets found among the feed's outcomes (blocked ones have none). */
export function pricesFor(c: CouponDto, outcomes: ReadonlyArray<{ pointer: string; rate: number; blocked: boolean }>): Map<string, number> {
  const byKey = new Map<string, number>()
  for (const o of outcomes) {
    const key = outcomeKey(o.pointer)
    if (key !== null && !o.blocked && Number.isFinite(o.rate)) byKey.set(key, o.rate)
  }
  const out = new Map<string, number>()
  for (const b of c.bets) {
    if (!PENDING_BET_STATUSES.has(b.status)) continue
    const key = outcomeKey(b.pointer)
    const rate = key === null ? undefined : byKey.get(key)
    if (rate !== undefined) out.set(b.id, rate)
  }
  return out
}
