import type { DeliveryDto, TimelineBalancesDto, TimelineDetailDto, TimelineEntryDto } from '../../../src-shared/contract.js'
import { entryEffects, type DeliveryRow, type RunningTotals, type TimelineEntry, type TimelineStore } from '../timeline/index.js'

/** Timeline store rows → contract DTOs: the entry's figures (worded by the renderer) and its effect on both balances. */
const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null)

/** How the DTO resolves what an entry does not carry: the coupon's amount, and the running totals through it. */
export interface EntryContext {
  couponAmount(code: string): number | null
  /** false for a coupon this desk did not place (absent: placed here). */
  placedHere?(code: string): boolean
  /** Running totals through this entry (whole history); null when not computed (e.g. a damaged neighbour). */
  totals?(entryId: number): RunningTotals | null
}

/**
 * `amountDelta`: the partner ledger's effect (ledger.ts): −amount for a placement, +real_win for a
 * credited result, −amount for the re-deduction on a return for recalculation; null when there is no
 * effect or it is not known yet.
 */
export function amountDeltaOf(entry: TimelineEntry, couponAmount: (code: string) => number | null): number | null {
  return entryEffects(entry, entry.couponCode ? couponAmount(entry.couponCode) : null)?.partner ?? null
}

export function balancesOf(entry: TimelineEntry, ctx: EntryContext): TimelineBalancesDto {
  const effects = entryEffects(entry, entry.couponCode ? ctx.couponAmount(entry.couponCode) : null)
  const totals = ctx.totals?.(entry.id) ?? null
  return {
    serviceDelta: effects?.service ?? null,
    partnerDelta: effects?.partner ?? null,
    serviceTotal: totals?.service ?? null,
    partnerTotal: totals?.partner ?? null,
    complete: (totals?.complete ?? true) && (effects === null || (effects.service !== null && effects.partner !== null)),
  }
}

/** The figures an entry carries; a placement reports its stake and bets, a later entry its settled bets and payout. */
export function detailOf(entry: TimelineEntry): TimelineDetailDto {
  const placed = entry.kind === 'coupon_placed'
  return {
    amount: placed ? num(entry.data.amount) : null,
    bets: num(entry.data.bets),
    settledBets: placed ? null : num(entry.data.settledBets),
    realWin: placed ? null : num(entry.data.realWin),
  }
}

export function entryToDto(entry: TimelineEntry, ctx: EntryContext): TimelineEntryDto {
  const balances = balancesOf(entry, ctx)
  return {
    id: entry.id,
    at: entry.at,
    kind: entry.kind,
    couponCode: entry.couponCode,
    status: entry.status,
    source: entry.source,
    detail: detailOf(entry),
    amountDelta: balances.partnerDelta,
    balances,
    batchId: entry.batchId,
    placedHere: entry.couponCode && ctx.placedHere ? ctx.placedHere(entry.couponCode) : true,
  }
}

export function deliveryToDto(row: DeliveryRow): DeliveryDto {
  return {
    id: row.id, batchId: row.batchId, receivedAt: row.receivedAt, verdict: row.verdict, size: row.rawSize, answer: row.answerStatus,
    reason: deliveryReason(row), duplicate: row.duplicate, couponCount: row.couponCount, couponCodes: row.couponCodes ?? [],
    claimedBatchId: row.claimedBatchId ?? null, body: row.bodyState ?? null, reverify: row.reverify ?? null,
  }
}

/** The listener's reason: its note for a refusal, `duplicate` or `applied` for an answered 200. */
export function deliveryReason(row: DeliveryRow): string {
  if (row.duplicate) return 'duplicate'
  return row.note ?? (row.answerStatus === 200 ? 'applied' : 'unknown')
}

/** The context of a page of entries: amounts from the coupon rows, running totals in one pass for the page. */
export function pageContext(store: Pick<TimelineStore, 'coupon' | 'runningTotals'>, entries: TimelineEntry[]): EntryContext {
  let totals: Map<number, RunningTotals> | null = null
  const coupons = new Map<string, ReturnType<typeof store.coupon>>()
  const coupon = (code: string) => {
    if (!coupons.has(code)) coupons.set(code, store.coupon(code))
    return coupons.get(code) ?? null
  }
  return {
    couponAmount: (code) => coupon(code)?.amount ?? null,
    // A coupon met only in a callback or a read, never placed here (no row: an older history, taken as here).
    placedHere: (code) => coupon(code)?.placedByDesk ?? true,
    totals(id) {
      totals ??= store.runningTotals(entries.map((e) => e.id))
      return totals.get(id) ?? null
    },
  }
}
