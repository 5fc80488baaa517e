/** Shared types of the settlement history store. */

/** `too_large` / `too_slow`: refused before the check with a retried 503 (the sender retries it). */
export type DeliveryVerdict = 'valid' | 'forged' | 'unchecked' | 'too_large' | 'too_slow'

export type SnapshotSource = 'callback' | 'poll' | 'placement'

import type { TimelineKind } from '../../../src-shared/vocabulary/timeline.js'
export { TIMELINE_KINDS, type TimelineKind } from '../../../src-shared/vocabulary/timeline.js'

import type { CouponSnapshot, StoredSnapshot } from '../shared/coupon-snapshot.js'
export type { CouponSnapshot, SnapshotBet, StoredSnapshot } from '../shared/coupon-snapshot.js'

export interface TimelineEntry {
  id: number
  /** Store clock when the entry was written (Unix ms). */
  at: number
  kind: TimelineKind
  couponCode: string | null
  source: SnapshotSource | 'reconciler'
  /** Coupon status carried by the snapshot behind the entry (raw, unknown values kept). */
  status: number | null
  batchId: string | null
  /** Entries of one coupon share a group (progressive accumulator updates are grouped by coupon). */
  group: string | null
  data: Record<string, unknown>
}

export interface DeliveryRow {
  id: number
  batchId: string | null
  receivedAt: number
  /** `valid` signature, `forged` (missing, malformed or wrong signature), `unchecked` (refused before the check: size, timeout). */
  verdict: DeliveryVerdict
  rawSize: number
  answerStatus: number
  couponCount: number | null
  duplicate: boolean
  note: string | null
  /** Coupons the delivery touched (applied or duplicate), or claimed by a refused body (not verified). */
  couponCodes?: string[]
  /** The `batchId` a refused body claims (not verified: kept apart from `batchId`, which dedupe trusts). */
  claimedBatchId?: string | null
  /** `kept`: the refused body is kept raw; `dropped`: it was, and was dropped to stay within the limits; `over_limit`: too big to keep. */
  bodyState?: 'kept' | 'dropped' | 'over_limit' | null
  /** The last re-verify of a kept body. */
  reverify?: ReverifyNote | null
}

export interface ReverifyNote {
  at: number
  outcome: 'applied' | 'duplicate' | 'refused'
  /** Why it is still refused (`signature_mismatch`, `malformed_json`, ...). */
  reason?: string
  batchId?: string
}

/** Received header, name as sent; secret-bearing values already replaced by the listener. */
export type ReceivedHeader = [name: string, value: string]

export interface DeliveryMeta {
  receivedAt?: number
  rawSize: number
  /** Exact body text as received (kept for audit; the signature was checked over these bytes). */
  rawBody?: string
  headers?: ReceivedHeader[]
  /** The answer body sent with the 200. */
  answerBody?: string
  /** A kept refused delivery whose body passed a re-verify: that row is resolved instead of a new one written. */
  replayOf?: number
}

export interface ApplyResult {
  processed: number
  duplicate: boolean
  /** Empty for a delivery journaled for the applying thread (apply-thread.ts): its entries are emitted once applied. */
  entries: TimelineEntry[]
}

export interface StoredCoupon {
  code: string
  status: number | null
  amount: number | null
  realWin: number | null
  calculateDate: number | null
  placedByDesk: boolean
  callbackExpected: boolean
  currency: string | null
  lastSource: SnapshotSource | null
  updatedAt: number
  raw: unknown
}

export interface CouponVersion {
  id: number
  code: string
  version: number
  source: SnapshotSource
  batchId: string | null
  status: number | null
  observedAt: number
  raw: unknown
  /** The typed snapshot as stored; null for rows written before it was stored, or when it fails its check on read. */
  snapshot: StoredSnapshot | null
}

export interface LedgerRow {
  entryId: number
  at: number
  kind: 'stake' | 'credit' | 're_deduct'
  /** Partner ledger (spec rule): signed amount; null when not known (callbacks carry no `amount`). */
  amount: number | null
  /** Client account at the service: signed amount as the service moves it; null when not known. */
  service: number | null
  /** Running totals of this coupon through this row (unknown figures count as 0; see `complete`). */
  serviceTotal: number
  partnerTotal: number
  note: string
}

/** What one entry does to the two balances (ledger.ts). */
export interface EntryEffects {
  kind: LedgerRow['kind']
  service: number | null
  partner: number | null
}

/** Both balances' running totals through one entry, over the whole history. */
export interface RunningTotals {
  service: number
  partner: number
  /** false when an entry up to here has a figure not known yet (counted as 0). */
  complete: boolean
}

export interface Ledger {
  couponCode: string
  rows: LedgerRow[]
  /** Partner ledger: sum of the known amounts. */
  net: number
  /** Client account at the service: sum of the known amounts. */
  serviceNet: number
  /** false when a row's partner amount is still unknown. */
  complete: boolean
  serviceComplete: boolean
}

export interface TimelineQuery {
  from?: number
  to?: number
  couponCode?: string
  /** Entries of any of these coupons (with `couponCode`, the union). */
  couponCodes?: string[]
  status?: number
  source?: string
  kind?: TimelineKind | TimelineKind[]
  /** Entries of coupons this desk placed (and entries of no coupon), or of coupons placed elsewhere on the client. */
  placement?: 'here' | 'elsewhere'
  limit?: number
  cursor?: string | null
}

export interface Page<T> {
  items: T[]
  nextCursor: string | null
  /** Stored rows of this page that failed their check on read (left out of `items`). */
  errors?: RowError[]
}

/** A stored row that failed its check on read: reported beside the page, never thrown through it. */
export interface RowError {
  code: 'timeline_row_corrupt'
  table: 'timeline' | 'coupon_versions' | 'audit'
  id: number
  message: string
}


/** A verified, schema-checked callback payload as the store applies it (built by callbacks/snapshot.ts). */
export interface SettlementBatch {
  batchId: string
  /** Optional client id of the sender's account (kept raw). */
  clientId?: number | string | null
  couponCount: number
  coupons: CouponSnapshot[]
}

export interface RejectedDelivery {
  receivedAt?: number
  rawSize: number
  answerStatus: number
  verdict: DeliveryVerdict
  /** Short reason (`signature_missing`, `malformed_json`, ...); never payload data. */
  note: string
  /** Why in more words (a schema failure's paths); never payload values. */
  detail?: string
  headers?: ReceivedHeader[]
  answerBody?: string
  /** The exact bytes, kept raw (bounded) so a re-verify can apply them once the secret is fixed. */
  body?: Buffer
  /** What an unverified body says of itself (shown as claimed, never trusted). */
  claimed?: { batchId: string | null; codes: string[] }
}

export interface PlacementOptions {
  /** The callback address the coupon was placed with; empty/null = no callback expected. */
  callbackUrl?: string | null
  currency?: string | null
}

export interface BalanceSample {
  id: number
  at: number
  balance: number
  source: string
}

export interface AuditQuery {
  actions?: string[]
  from?: number
  to?: number
  /** Found in the action, the actor or the data text. */
  text?: string
  limit?: number
  cursor?: string | null
}

export interface AuditEntry {
  id: number
  at: number
  actor: string
  action: string
  data: unknown
}
