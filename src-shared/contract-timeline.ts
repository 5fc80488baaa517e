/**
 * The settlement history's part of the contract: timeline entries and pages, callback deliveries, and
 * the ledger check of the running balance against the service's read. Re-exported by contract.ts, the
 * one entry the rest imports; types only.
 */
import type { TimelineKind } from './vocabulary/timeline.js'
import type { DeliveryDetailDto, DeliveryRowExtras, KeptStatsDto, ReverifyResultDto } from './vocabulary/deliveries.js'
import type { ClockDto } from './contract-coupons.js'

/** Timeline entry kinds: owned by the timeline store, shown as they are. */
export type { TimelineKind }
/**
 * What a timeline entry says, as figures (the renderer words them; nothing here is a sentence).
 * A field is null when the entry does not carry it.
 */
export interface TimelineDetailDto {
  /** The stake of a placement (`coupon_placed`). */
  amount: number | null
  /** Bets of the coupon, and how many of them are settled. */
  bets: number | null
  settledBets: number | null
  /** The payout the entry reports (callback `realWin`, API `real_win`). */
  realWin: number | null
}
export interface TimelineEntryDto {
  id: number
  at: number
  kind: TimelineKind | string
  couponCode: string | null
  /** Coupon status code carried by the entry (raw; unknown values kept). */
  status: number | null
  source: string
  detail: TimelineDetailDto
  /** The partner ledger's effect (spec rule), as `balances.partnerDelta`; kept for older readers. */
  amountDelta: number | null
  balances: TimelineBalancesDto
  /** The callback batch behind the entry (source `callback`): how a coupon names the deliveries that touched it. */
  batchId?: string | null
  /** false for a coupon of the client account that this desk did not place (another desk, the partner's site); absent = true. */
  placedHere?: boolean
}
/**
 * The two balances an entry moves (they part on a return for recalculation): the client account at the
 * service (what `balance`, the header, shows) and the partner ledger by the spec's rule. Deltas are null
 * when the entry moves nothing or its figure is not known yet; totals run over the whole history through
 * this entry (filters hide rows, not movements), null when not computed.
 */
export interface TimelineBalancesDto {
  serviceDelta: number | null
  partnerDelta: number | null
  serviceTotal: number | null
  partnerTotal: number | null
  /** false when a figure up to this entry is not known yet (the totals count it as 0). */
  complete: boolean
}
/** A stored row that failed its check when read back: left out of the page, named here (no text, only where it is). */
export interface SkippedRowDto { table: string; id: number }
export interface TimelinePageDto {
  items: TimelineEntryDto[]
  nextCursor: string | null
  /** Present when damaged rows of this page were left out (code `timeline_row_corrupt`). */
  skipped?: SkippedRowDto[]
  /** With a coupon-code filter: the codes asked for that have no entry at all in the history. */
  missingCodes?: string[]
}
export interface DeliveryDto extends DeliveryRowExtras { id: number; batchId: string | null; receivedAt: number; verdict: string; size: number; answer: number }
export type { DeliveryDetailDto, KeptStatsDto, ReverifyResultDto }
/** Why the running balance and the service's read differ: a code, the coupon, and the figure it accounts for (null: not known). */
export interface LedgerReasonDto { kind: string; group: 'in_flight' | 'missed'; couponCode: string | null; amount: number | null }
/**
 * The client account's running balance in the history against the service's balance read. Times are
 * server times. `anchor`: the last read that agreed with nothing in flight (the session's first read at
 * start); `expected` = anchor + the movements since; `difference` = read − expected.
 */
export interface LedgerCheckDto {
  anchor: { balance: number; at: number } | null
  read: { balance: number; at: number } | null
  expected: number | null
  difference: number | null
  /** Movements of the history between the anchor and the read. */
  counted: number
  reasons: LedgerReasonDto[]
  explained: number
  unexplained: number
  agrees: boolean
  /** When the service's coupon lists were last read to explain a difference (server time). */
  serviceReadAt: number | null
  clock: ClockDto | null
}
