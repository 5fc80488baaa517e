import type { CouponSnapshot, StoredSnapshot } from '../shared/coupon-snapshot.js'
import { toCoupon } from './model.js'
import type { Bet, Coupon, CouponApiMode } from './types.js'

/** A coupon read (new or legacy model, already normalised) as the settlement history takes it. */
export function couponSnapshot(coupon: Coupon): CouponSnapshot {
  return {
    code: coupon.code,
    status: coupon.status,
    amount: coupon.amount,
    realWin: coupon.realWin,
    potentialWin: coupon.potentialWin,
    settlementCoef: coupon.settlementCoef,
    calculateDate: coupon.calculateDate,
    createdAt: coupon.createdAt,
    bets: coupon.bets.map((b) => ({
      id: b.id,
      status: b.status,
      settlementReasonCode: b.settlementReasonCode,
      settlementCoef: b.settlementCoef,
      calculateScore: b.calculationScore || null,
      settlementReason: b.settlementReason,
      calculateDate: b.calculateDate,
    })),
    raw: coupon.raw,
  }
}

/** The coupon client's two settlement reads, answering snapshots (the timeline's reconciler reads through this). */
export function snapshotReader(reader: {
  calculated(minutes?: number): Promise<Coupon[]>
  resultsByIds(codes: string[]): Promise<Coupon[]>
  active?(): Promise<Coupon[]>
}): { calculated(minutes?: number): Promise<CouponSnapshot[]>; resultsByIds(codes: string[]): Promise<CouponSnapshot[]>; active?(): Promise<CouponSnapshot[]> } {
  const active = reader.active
  return {
    calculated: async (minutes) => (await reader.calculated(minutes)).map(couponSnapshot),
    resultsByIds: async (codes) => (await reader.resultsByIds(codes)).map(couponSnapshot),
    ...(active ? { active: async () => (await active()).map(couponSnapshot) } : {}),
  }
}

/** What the history holds of one coupon: its versions, oldest first (timeline `couponHistory(code).versions`). */
export interface VersionLike {
  source: string
  raw: unknown
  snapshot: StoredSnapshot | null
}

/**
 * The settled coupon pushed to the console after a settlement entry, without one `coupons/get` per
 * coupon: the coupon as placed (the placement record) with the settlement fields of the latest
 * snapshot (callback or poll) laid over it. Null when that cannot be done faithfully (no placement
 * record, no typed snapshot stored, a bet of the snapshot unknown to it): then a batched read is needed.
 */
export function settledFromVersions(versions: readonly VersionLike[]): Coupon | null {
  const record = versions.find((v) => v.source === 'placement')
  const placed = record ? placedCoupon(record.raw) : null
  const snap = versions.at(-1)?.snapshot ?? null
  if (!placed || !snap) return null
  const byId = new Map(snap.bets.map((b) => [b.id, b]))
  if (snap.bets.length !== placed.bets.length || placed.bets.some((b) => !byId.has(String(b.id)))) return null
  const bets: Bet[] = placed.bets.map((bet) => {
    const s = byId.get(String(bet.id))!
    return {
      ...bet,
      status: s.status,
      settlementCoef: s.settlementCoef ?? null,
      calculationScore: s.calculateScore ?? null,
      settlementReasonCode: s.settlementReasonCode,
      settlementReason: s.settlementReason ?? bet.settlementReason ?? null,
      calculateDate: s.calculateDate ?? null,
    }
  })
  return {
    ...placed,
    status: snap.status,
    realWin: snap.realWin,
    settlementCoef: snap.settlementCoef ?? null,
    calculateDate: snap.calculateDate,
    bets,
  }
}

/** The placement record holds the wire coupon the coupon client read (either model). */
function placedCoupon(raw: unknown): Coupon | null {
  for (const mode of ['new', 'legacy'] as CouponApiMode[]) {
    try {
      return toCoupon(raw, mode)
    } catch {
      // not this model
    }
  }
  return null
}
