import type { CouponState } from './derive.js'
import { hasPendingBets, isFinalStatus, RECALC_STATUS, settledBetCount } from './snapshot.js'
import type { CouponSnapshot, SnapshotSource } from './types.js'

/**
 * Deliveries of one coupon may arrive in any order (retries after 1, 5, 15, 60 minutes, polling in
 * between). What orders them (docs/spec-decisions.md, "Issue 8: delivery order"):
 * - results (final status, no open bet) by their `calculate_date`: each distinct date is one
 *   settlement cycle, credited once whenever it arrives; a cycle older than the latest one was
 *   necessarily returned for recalculation, so it also brings its re-deduction;
 * - a callback's status 15 carries no date, so it cannot be placed against a result we already
 *   hold: it is kept aside and a confirming read (`coupons/results` by id) decides; a poll is that
 *   read (the server's state now) and is applied as it is;
 * - snapshots before any result (open coupon, accumulator progress) by their number of settled bets;
 *   once a result or a return for recalculation is known they are stale.
 * The ledger then depends on the set of deliveries, not their order.
 */
export interface OrderState {
  /** `calculate_date` of every settlement cycle credited. */
  cycles: number[]
  /** Settled bets of the most advanced snapshot before any result. */
  openRank: number
}

export type OrderVerdict =
  /** Apply through the partner rules as it is. */
  | { kind: 'apply'; confirm: boolean }
  /** A later cycle while a result of an earlier one is held: its recalculation happened unseen. */
  | { kind: 'newer_cycle'; confirm: boolean }
  /** A cycle older than the latest one: credit it and the recalculation that followed it. */
  | { kind: 'older_cycle' }
  /** Older than what we hold: recorded, moves nothing. */
  | { kind: 'stale'; reason: string }
  /** A callback's status 15 after a result: kept until a confirming read places it. */
  | { kind: 'hold' }

export function initialOrder(row: { status: number | null; calculateDate: number | null; resultProcessed: boolean } | null): OrderState {
  // Databases written before the order state existed: the processed result is the one cycle known.
  if (row && row.resultProcessed && row.calculateDate !== null) return { cycles: [row.calculateDate], openRank: 0 }
  return { cycles: [], openRank: 0 }
}

/**
 * The stored order state, checked on read; null (rebuilt from the coupon row) when absent or damaged.
 * Checked by hand (an object whose `cycles` is an array; numbers kept, anything else dropped): it is
 * read for every callback of a known coupon, and a schema costs more than the rest of the read.
 */
export function parseOrder(text: unknown): OrderState | null {
  if (typeof text !== 'string') return null
  let o: unknown
  try {
    o = JSON.parse(text)
  } catch {
    return null
  }
  if (typeof o !== 'object' || o === null || Array.isArray(o)) return null
  const { cycles, openRank } = o as { cycles?: unknown; openRank?: unknown }
  if (!Array.isArray(cycles)) return null
  return { cycles: cycles.filter((c): c is number => typeof c === 'number'), openRank: typeof openRank === 'number' ? openRank : 0 }
}

const latestOf = (o: OrderState): number | null => (o.cycles.length === 0 ? null : Math.max(...o.cycles))

export function isResult(snap: CouponSnapshot): boolean {
  return isFinalStatus(snap.status) && !hasPendingBets(snap)
}

/** Where `snap` stands against what the store holds (`prev`, `order`). */
export function classify(prev: CouponState | null, order: OrderState, snap: CouponSnapshot, source: Exclude<SnapshotSource, 'placement'>): OrderVerdict {
  const inRecalc = prev?.status === RECALC_STATUS
  const holdsResult = prev !== null && isFinalStatus(prev.status) && prev.resultProcessed
  const latest = latestOf(order)
  if (isResult(snap)) {
    const cd = snap.calculateDate
    // A result without a date cannot be ordered: the partner rules as before.
    if (cd === null) return { kind: 'apply', confirm: false }
    if (order.cycles.includes(cd)) {
      if (cd === latest && !inRecalc) return { kind: 'apply', confirm: false }
      return { kind: 'stale', reason: 'result of a cycle already processed' }
    }
    if (latest !== null && cd < latest) return { kind: 'older_cycle' }
    // A callback result after a return for recalculation: that 15 may as well belong after it.
    const confirm = source === 'callback' && inRecalc
    return holdsResult ? { kind: 'newer_cycle', confirm } : { kind: 'apply', confirm }
  }
  if (snap.status === RECALC_STATUS) {
    if (holdsResult && source === 'callback') return { kind: 'hold' }
    return { kind: 'apply', confirm: false }
  }
  // Before any result: open coupon, accumulator progress, a status the vendor never named.
  if (order.cycles.length > 0 || inRecalc) return { kind: 'stale', reason: 'earlier than a known result or recalculation' }
  if (settledBetCount(snap) < order.openRank) return { kind: 'stale', reason: 'fewer settled bets than a snapshot already seen' }
  return { kind: 'apply', confirm: false }
}

/** The order state after `snap` was taken in with `verdict`. */
export function advance(order: OrderState, snap: CouponSnapshot, verdict: OrderVerdict): OrderState {
  if (verdict.kind === 'stale' || verdict.kind === 'hold') return order
  const next = { cycles: [...order.cycles], openRank: order.openRank }
  if (isResult(snap) && snap.calculateDate !== null && !next.cycles.includes(snap.calculateDate)) next.cycles.push(snap.calculateDate)
  if (!isResult(snap) && snap.status !== RECALC_STATUS) next.openRank = Math.max(next.openRank, settledBetCount(snap))
  next.cycles.sort((a, b) => a - b)
  return next
}
