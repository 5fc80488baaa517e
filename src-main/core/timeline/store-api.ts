/** What the settlement history store offers (store.ts opens one). */
import type { AttemptLog } from './attempts.js'
import type { Clock } from '../shared/clock.js'
import type { Logger } from '../shared/log.js'
import type { Datasync } from './wal-sync.js'
import type { ApplyWorkerEntry } from './apply-protocol.js'
import type { JournalRecord } from './delivery-journal.js'
import type { FigureRange } from './figures.js'
import type { SettledCouponRow } from './pnl.js'
import type { BalanceHistoryDto } from '../../../src-shared/vocabulary/pnl.js'
import type { DeliveryDetail, KeptDelivery, KeptLimits, KeptStats } from './deliveries.js'
import type { SeenIn } from './elsewhere.js'
import type {
  ApplyResult, AuditEntry, AuditQuery, BalanceSample, CouponSnapshot, CouponVersion, DeliveryMeta, DeliveryRow, Ledger, Page,
  PlacementOptions, RejectedDelivery, RowError, RunningTotals, SettlementBatch, StoredCoupon, TimelineEntry, TimelineQuery,
} from './types.js'

export interface TimelineStoreOptions {
  clock?: Clock
  /** Bet statuses read as "lost" on an open accumulator (spec: not shown). Default [2]. */
  lostBetStatuses?: number[]
  /** Rejected (forged) delivery rows kept for the inspector; older ones are pruned. Default 1000. */
  maxRejectedRows?: number
  /** Refused bodies kept raw for a re-verify (deliveries.ts). Default 200 bodies, 64 MiB; never more bodies than rows. */
  keptBodies?: Partial<KeptLimits>
  /**
   * A coupon of the client account that this desk did not place, first met in a read or a callback, enters
   * the ledger with its stake (`coupon_seen`), so the running balance covers the client. Default false
   * (a history of this desk's own coupons); the console turns it on.
   */
  clientLedger?: boolean
  /** Where a failing subscriber is reported (storage goes on regardless). */
  logger?: Logger
  /** Called for every subscriber failure, after logging (the desk surfaces it to the operator). */
  onSubscriberError?: (error: Error, entry: TimelineEntry) => void
  /** The WAL sync of a group commit (default node:fs fdatasync; a test holds it to stand for a slow disk). */
  datasync?: Datasync
  /**
   * When `commitBatches` reports a group stored. `committed` (default): once its transaction is written
   * to the WAL through the OS, which a killed or crashed desk process cannot lose; the WAL sync to the
   * disk starts at once, off the main thread, unawaited. `synced`: only after that sync, so a power
   * loss loses nothing acknowledged either (a lone sender then waits one disk sync per delivery).
   */
  acknowledge?: 'committed' | 'synced'
  /**
   * Where `commitBatches` applies deliveries once a listener gets ready (`prepareForDeliveries`): on a
   * thread of their own, each group journaled first (delivery-journal.ts) and acknowledged once in the
   * journal, every other call of the store waiting until they are applied. Default: the TypeScript
   * source when running from it; a bundle's host names its built entry. `false`, an in-memory history,
   * `acknowledge: 'synced'`, a clock or a datasync of a test: written on the calling thread.
   */
  applyThread?: ApplyWorkerEntry | false
  /** Applies journal records left unapplied when the history is opened. Default true (the applying thread's own connection: false). */
  recoverJournal?: boolean
}

export interface CouponHistory {
  coupon: StoredCoupon | null
  versions: CouponVersion[]
  entries: TimelineEntry[]
  /** Progressive accumulator updates of this coupon, grouped. */
  progressive: TimelineEntry[]
  ledger: Ledger
  /** Entries of this coupon that failed their check on read (left out of `entries`). */
  errors: RowError[]
}

export interface TimelineStore {
  readonly file: string
  applyBatch(batch: SettlementBatch, meta: DeliveryMeta): ApplyResult
  /**
   * Several deliveries in ONE transaction and one sync (a group commit): all stored or none. Applied in
   * order, so a batchId repeated inside the group is applied once and its later copies are duplicates.
   */
  applyBatches(items: ReadonlyArray<{ batch: SettlementBatch; meta: DeliveryMeta }>): ApplyResult[]
  /**
   * `applyBatches` whose WAL sync runs off the main thread (wal-sync.ts): resolves once the group is
   * committed through the OS (`acknowledge: 'committed'`, default) or once it is synced to the disk
   * (`'synced'`, the durability of a FULL commit; the next group is written while this one syncs).
   */
  commitBatches(items: ReadonlyArray<{ batch: SettlementBatch; meta: DeliveryMeta }>): Promise<ApplyResult[]>
  /**
   * Gets ready for a stream of `commitBatches` (a callback listener starting): the applying thread
   * (`applyThread`) is started and this settles once it is up (at most `waitMs`, default 10 000); without
   * one, the checkpoint worker the first group commit would start is started now, and this settles once
   * it is up or the job stayed with the main connection (at most 2000 ms). A no-op without a WAL.
   */
  prepareForDeliveries(waitMs?: number): Promise<void>
  /** Journal records applied in one group commit: what the applying thread writes (see `applyThread`). */
  commitJournal(records: readonly JournalRecord[]): Promise<Array<ApplyResult[] | null>>
  recordRejected(delivery: RejectedDelivery): void
  /** One delivery as the inspector shows it. */
  delivery(id: number): DeliveryDetail | null
  /** The delivery that applied this batch, if any (a coupon's history links its batches). */
  deliveryOfBatch(batchId: string): number | null
  /** Kept bodies refused for their signature, not applied yet, oldest first (a re-verify checks them). */
  keptDeliveries(): KeptDelivery[]
  /** A kept body a re-verify still refuses. */
  noteStillRefused(id: number, reason: string): void
  keptStats(): KeptStats
  recordPlacement(coupons: CouponSnapshot[], options?: PlacementOptions): TimelineEntry[]
  /**
   * A read of the coupon's current state. With `ticket` (its `callbackTicket` taken before the read),
   * a read that a callback overtook meanwhile is only recorded: it may be older than that callback.
   */
  recordPollSnapshot(snapshot: CouponSnapshot, options?: { ticket?: number; seenIn?: SeenIn }): TimelineEntry[]
  /** Callbacks taken in for this coupon so far (see `recordPollSnapshot`). */
  callbackTicket(code: string): number
  /** Coupons whose result was found by polling and whose callback has not come within `graceMs`. */
  markMissedCallbacks(graceMs: number, now?: number): TimelineEntry[]
  /** Codes of coupons the desk placed that are not finally settled (open or returned for recalculation), and those owed a confirming read. */
  openPlacedCodes(): string[]
  /** Open coupons this desk placed, counted by the callback URL they were placed with (coupons placed before URLs were kept are not counted). */
  openCallbackUrls(): Array<{ url: string; count: number }>
  /** Coupons with a delivery that only a read of their current state can place (order.ts). */
  pendingConfirmations(): string[]
  recordBalance(balance: number, source?: string): BalanceSample
  balances(options?: { limit?: number }): BalanceSample[]
  audit(actor: string, action: string, data?: unknown): AuditEntry
  /** Placements with an unknown outcome, durable until resolved. */
  readonly attempts: AttemptLog
  auditEntries(options?: { limit?: number }): AuditEntry[]
  /** The audit log, newest first, filtered and paged (`nextCursor` pages back in time). */
  auditPage(query?: AuditQuery): Page<AuditEntry>
  query(query?: TimelineQuery & { order?: 'asc' | 'desc' }): Page<TimelineEntry>
  coupon(code: string): StoredCoupon | null
  couponHistory(code: string): CouponHistory
  /** The coupon's stored versions, oldest first: the narrow read of `couponHistory(code).versions`. */
  couponVersions(code: string): CouponVersion[]
  deliveries(options?: { limit?: number; cursor?: string | null }): Page<DeliveryRow>
  ledger(code: string): Ledger
  /** Both balances' running totals through each of these entries, over the whole history (ledger.ts). */
  runningTotals(entryIds: number[], base?: { id: number; totals: RunningTotals }): Map<number, RunningTotals>
  /** Which of these coupon codes have at least one entry. */
  codesWithEntries(codes: string[]): Set<string>
  /** Finally settled coupons whose settlement time falls in the range (the P&L's rows, figures.ts). */
  settledCoupons(range?: FigureRange): SettledCouponRow[]
  /** Balance reads and the client account's running balance through each money entry in the range. */
  balanceHistory(range?: FigureRange): BalanceHistoryDto
  onEntry(listener: (entry: TimelineEntry) => void): () => void
  close(): void
}
