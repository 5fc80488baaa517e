/**
 * The Overview: one row per profile, read at a gentle rate while the view is open. Every figure can be
 * missing (never read, or the profile unreachable): the row says which and since when. No zod here:
 * the renderer imports this file.
 */
import type { DoctorVerdict } from './doctor.js'

export type OverviewSessionState = 'signed-in' | 'signed-out' | 'failed' | 'no-credentials'
export type OverviewListenerState = 'running' | 'stopped' | 'failed' | 'disabled'

export interface OverviewLastSettlementDto {
  at: number
  couponCode: string
  /** The coupon status as stored (a known word or the raw code). */
  result: string
  /** Paid out (`realWin` where known); 0 for a loss. */
  amount: number | null
}

export interface OverviewRowDto {
  profileId: string
  profileName: string
  environment: 'demo' | 'real'
  active: boolean
  balance: number | null
  openStake: number | null
  potentialPayout: number | null
  activeCoupons: number | null
  lastSettlement: OverviewLastSettlementDto | null
  listener: OverviewListenerState
  /** Whole days until the feed key expires (negative: expired); null when unknown or no key. */
  feedKeyDaysLeft: number | null
  session: OverviewSessionState
  /** The last doctor run's worst verdict and when it ran; null when never run. */
  doctor: { verdict: Exclude<DoctorVerdict, 'skip'>; at: number } | null
  /** When this row's figures were last read successfully. */
  readAt: number | null
  /** True while the last read failed: figures are the last known ones. */
  stale: boolean
  error: { code: string; message: string } | null
}
