import type { SimClock } from '../clock.js'
import type { MatchFinishedEvent, SimWorld } from '../world/types.js'
import type { CouponStore } from './store.js'
import {
  BET_HALF_LOST, BET_HALF_WON, BET_LOST, BET_OPEN, BET_PUSH, BET_RECALC, BET_VOID, BET_WON,
  COUPON_LOST, COUPON_OPEN, COUPON_RECALC, COUPON_RETURNED, COUPON_WON,
  REASON_AUTO, REASON_CANCELLED, REASON_RECALC, round2,
  type BetRecord, type BetResult, type CouponRecord,
} from './types.js'

/**
 * Settlement on the simulated clock. Bet result → status and multiplier:
 * win 1 (×coef), lose 2 (×0), return 3 (void, ×1), push 23 (×1), half_win 21 (×(1+coef)/2), half_lose 22 (×0.5).
 * Coupon: 4 as soon as one bet is lost; once every bet is settled 8 when all were returned, else 2.
 */
const RESULT_STATUS: Record<BetResult, number> = {
  win: BET_WON, lose: BET_LOST, return: BET_VOID, push: BET_PUSH, half_win: BET_HALF_WON, half_lose: BET_HALF_LOST,
}

export function multiplier(result: BetResult, coef: number): number {
  switch (result) {
    case 'win': return coef
    case 'lose': return 0
    case 'return':
    case 'push': return 1
    case 'half_win': return round2((1 + coef) / 2)
    case 'half_lose': return 0.5
  }
}

const UNSETTLED = new Set([BET_OPEN, BET_RECALC])
const RETURNED = new Set([BET_VOID, BET_PUSH])

export interface Settlement {
  /** Settles the bets of a finished match; returns the coupons that changed. */
  onMatchFinished(event: MatchFinishedEvent): CouponRecord[]
  /** Settles every unsettled bet of the coupon with one result now. false when nothing was open. */
  settleAll(coupon: CouponRecord, result: BetResult, reasonCode: string): boolean
  /** Returns a settled coupon for recalculation (coupon 15, bets 4, earlier credit reversed). */
  beginRecalculation(coupon: CouponRecord): boolean
}

export function createSettlement(deps: { clock: SimClock; store: CouponStore; world: SimWorld }): Settlement {
  const { clock, store, world } = deps

  function settleBet(bet: BetRecord, result: BetResult, reasonCode: string, score: string | null, periods: string | null) {
    bet.status = RESULT_STATUS[result]
    bet.calculateCoef = multiplier(result, bet.coef)
    bet.calculateDate = clock.now()
    bet.calculateScore = score
    bet.calculationScorePeriods = periods
    bet.reasonCode = reasonCode
  }

  function updateCoupon(coupon: CouponRecord) {
    const account = store.account(coupon.owner)
    // The coupon is settled when its deciding bet was (production: the same instant), not a tick later.
    const now = coupon.bets.reduce((t, b) => Math.max(t, b.calculateDate ?? 0), 0) || clock.now()
    const allSettled = coupon.bets.every((b) => !UNSETTLED.has(b.status))
    if (coupon.bets.some((b) => b.status === BET_LOST)) {
      coupon.status = COUPON_LOST
      coupon.realWin = 0
      coupon.calculateDate ??= now
      return
    }
    if (!allSettled) return
    const mult = coupon.bets.reduce((acc, b) => acc * (b.calculateCoef ?? 1), 1)
    coupon.realWin = round2(coupon.amount * mult)
    coupon.status = coupon.bets.every((b) => RETURNED.has(b.status)) ? COUPON_RETURNED : COUPON_WON
    coupon.calculateDate = now
    if (account) account.balance = round2(account.balance + coupon.realWin - coupon.credited)
    coupon.credited = coupon.realWin
  }

  /** The score a bet is settled with: a finished match's final score, null when the match has not ended. */
  function scoreOf(gameId: number): string | null {
    const m = world.findMatchByAnyId(gameId)
    return m && m.state === 'finished' && !(m as { cancelled?: boolean }).cancelled ? `${m.score1}:${m.score2}` : null
  }

  return {
    onMatchFinished(event) {
      const ids = new Set(event.allGameIds)
      const score = event.cancelled ? null : `${event.match.score1}:${event.match.score2}`
      const periods = event.cancelled ? null : event.scorePeriods
      const changed: CouponRecord[] = []
      for (const coupon of store.all()) {
        if (coupon.status === COUPON_RECALC) continue
        let touched = false
        for (const bet of coupon.bets) {
          if (bet.status !== BET_OPEN || !ids.has(bet.gameId)) continue
          if (event.cancelled) settleBet(bet, 'return', REASON_CANCELLED, null, null)
          else {
            const verdict = event.verdict(bet.groupId, bet.typeId, bet.param, bet.playerId)
            settleBet(bet, verdict === 'return' ? 'push' : verdict, REASON_AUTO, score, periods)
          }
          touched = true
        }
        if (touched) {
          updateCoupon(coupon)
          changed.push(coupon)
        }
      }
      return changed
    },
    settleAll(coupon, result, reasonCode) {
      const open = coupon.bets.filter((b) => UNSETTLED.has(b.status))
      if (open.length === 0) return false
      for (const bet of open) settleBet(bet, result, reasonCode, scoreOf(bet.gameId), null)
      updateCoupon(coupon)
      return true
    },
    beginRecalculation(coupon) {
      if (coupon.status === COUPON_OPEN || coupon.status === COUPON_RECALC) return false
      if (coupon.bets.some((b) => UNSETTLED.has(b.status))) return false
      const account = store.account(coupon.owner)
      if (account) account.balance = round2(account.balance - coupon.credited)
      coupon.credited = 0
      coupon.status = COUPON_RECALC
      coupon.realWin = null
      coupon.calculateDate = null
      for (const bet of coupon.bets) {
        bet.status = BET_RECALC
        bet.calculateCoef = null
        bet.calculateDate = null
        bet.reasonCode = REASON_RECALC
      }
      return true
    },
  }
}
