import { z } from 'zod'

/**
 * A coupon state as the settlement history keeps it, built by the domain the coupon came from:
 * the coupon client from a read (coupons/snapshot.ts), the callbacks domain from a validated
 * `coupons.settled` payload (callbacks/snapshot.ts). The timeline only ever takes this typed shape.
 */
export interface SnapshotBet {
  id: string
  /** Raw bet status; unknown values are kept as they are. */
  status: number
  settlementReasonCode: number | string | null
  /** Settlement multiplier (`calculate_coefficient` in callbacks, `calc_coef` in the API). */
  settlementCoef?: number | null
  /** Score the bet was settled on; null when none (callbacks send ""). */
  calculateScore?: string | null
  /** The vendor's settlement reason text, kept raw. */
  settlementReason?: string | null
  /** When this bet was settled (Unix ms). */
  calculateDate?: number | null
}

export interface CouponSnapshot {
  code: string
  /** Raw coupon status; unknown values are kept as they are (-1 when the source sent none). */
  status: number
  amount: number | null
  /** The payout: callback `realWin` (0 while intermediate), API `real_win`. */
  realWin: number | null
  potentialWin: number | null
  /** Coupon settlement multiplier (`calculate_coefficient` in callbacks, `calculate_coef` in the API). */
  settlementCoef?: number | null
  calculateDate: number | null
  createdAt: number | null
  bets: SnapshotBet[]
  /** The wire coupon the snapshot was built from, stored for audit; never read for decisions. */
  raw: unknown
}

/** What the history stores of a snapshot besides its raw wire coupon. */
export type StoredSnapshot = Omit<CouponSnapshot, 'raw'>

const nullableNumber = z.number().nullable()

export const snapshotBetSchema = z.object({
  id: z.string(),
  status: z.number().int(),
  settlementReasonCode: z.union([z.number(), z.string()]).nullable(),
  settlementCoef: nullableNumber.optional(),
  calculateScore: z.string().nullable().optional(),
  settlementReason: z.string().nullable().optional(),
  calculateDate: nullableNumber.optional(),
})

/** Checks a snapshot read back from storage (a row may have been written by another build or damaged). */
export const storedSnapshotSchema = z.object({
  code: z.string().min(1),
  status: z.number().int(),
  amount: nullableNumber,
  realWin: nullableNumber,
  potentialWin: nullableNumber,
  settlementCoef: nullableNumber.optional(),
  calculateDate: nullableNumber,
  createdAt: nullableNumber,
  bets: z.array(snapshotBetSchema),
}) satisfies z.ZodType<StoredSnapshot>

export function storedPart(snap: CouponSnapshot): StoredSnapshot {
  const { raw: _raw, ...stored } = snap
  return stored
}
