import type { AmbiguityReason } from '../../../src-shared/vocabulary/placement.js'
import { couponMatches } from './placement.js'
import { parsePointer, type ParsedPointer } from './pointer.js'
import type { Coupon, PlacementAttempt } from './types.js'

/**
 * Deciding what an unknown placement became, from the coupons a lookup found. The client must never
 * claim another placement's coupon (another desk on the same account, an earlier identical bet of
 * this profile): a coupon is ours for sure only when it matches, is not known to belong to another
 * placement, and was created clearly after the request left, on the server's clock. Anything less
 * certain is `ambiguous` and the operator decides.
 */

/** Server clock − client clock, bounded by the request that measured it (its `date` was made between send and answer). */
export interface OffsetBounds {
  low: number
  high: number
}

/** A sample older than this is replaced by any newer one (clocks may be adjusted). */
export const OFFSET_SAMPLE_TTL_MS = 10 * 60 * 1000

/**
 * NTP-style: keep the narrowest sample (the shortest round trip bounds the offset best); a newer
 * sample replaces it when the kept one is stale or no longer consistent with it (a clock moved).
 */
export function pickOffset(kept: OffsetBounds | null, keptAt: number, sample: OffsetBounds, now: number): OffsetBounds {
  if (!kept || now - keptAt > OFFSET_SAMPLE_TTL_MS) return sample
  if (sample.high < kept.low || sample.low > kept.high) return sample
  return sample.high - sample.low <= kept.high - kept.low ? sample : kept
}

export interface AttemptWindow {
  /** Server time before which a coupon cannot be this attempt's: the earliest the request can have left (excluded). */
  excludeBefore: number
  /** Server time after which a coupon is taken as created after the send (earliest send plus the tolerance). */
  clearlyAfter: number
  /** Upper end of the lookup (server time). */
  to: number
}

/**
 * The window of an attempt, from the client send time, the offset bounds (null: never measured) and
 * the tolerances. Between `excludeBefore` and `clearlyAfter` the server clock cannot tell whether a
 * coupon came before or after the send: borderline.
 */
export function attemptWindow(startedAt: number, offset: OffsetBounds | null, nowClient: number, borderlineMs: number, marginMs: number): AttemptWindow {
  if (!offset) return { excludeBefore: startedAt - marginMs, clearlyAfter: startedAt + marginMs, to: nowClient + marginMs }
  return {
    excludeBefore: startedAt + offset.low - borderlineMs,
    clearlyAfter: startedAt + offset.low + borderlineMs,
    to: nowClient + offset.high + marginMs,
  }
}

export type Judgement =
  | { kind: 'none' }
  | { kind: 'placed'; coupons: Coupon[] }
  | { kind: 'ambiguous'; candidates: Coupon[]; reasons: AmbiguityReason[] }

const sameAmount = (a: number, b: number) => Math.abs(a - b) < 1e-9
const byTime = (a: Coupon, b: Coupon) => (a.createdAt ?? 0) - (b.createdAt ?? 0) || a.code.localeCompare(b.code)

/**
 * `candidates`: coupons of the account seen by the lookup. `isKnown`: codes already confirmed to
 * another placement of this profile (persisted), never taken. One matching coupon per wanted
 * coupon (one accumulator, or one single per pointer with `multi`), each clearly after the send,
 * is `placed`; none at all is `none`; everything else is `ambiguous` with every candidate.
 */
export function judgeAttempt(attempt: PlacementAttempt, candidates: readonly Coupon[], window: AttemptWindow, isKnown: (code: string) => boolean): Judgement {
  const pointers = attempt.request.bets.map((b) => parsePointer(b)).filter((p): p is ParsedPointer => p !== null)
  const eligible = candidates.filter(
    (c) =>
      !isKnown(c.code) &&
      sameAmount(c.amount, attempt.request.amount) &&
      (c.createdAt === null || (c.createdAt >= window.excludeBefore && c.createdAt <= window.to)),
  )
  const groups: ParsedPointer[][] = attempt.request.multi ? pointers.map((p) => [p]) : [pointers]
  const perGroup = groups.map((g) => eligible.filter((c) => couponMatches(c, g)).sort(byTime))
  const all = [...new Map(perGroup.flat().map((c) => [c.code, c])).values()].sort(byTime)
  if (all.length === 0) return { kind: 'none' }
  const borderline = (c: Coupon) => c.createdAt === null || c.createdAt <= window.clearlyAfter
  if (perGroup.every((g) => g.length === 1) && all.length === perGroup.length && !all.some(borderline)) return { kind: 'placed', coupons: perGroup.map((g) => g[0]) }
  const reasons: AmbiguityReason[] = []
  if (perGroup.some((g) => g.length > 1)) reasons.push('several_matches')
  if (perGroup.some((g) => g.length === 0)) reasons.push('partial_singles')
  if (all.some((c) => c.createdAt === null)) reasons.push('no_creation_time')
  else if (all.some(borderline)) reasons.push('borderline_time')
  return { kind: 'ambiguous', candidates: all, reasons }
}
