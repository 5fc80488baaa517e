import type { DeliveryDto, TimelineEntryDto } from '../../../src-shared/contract.js'
import type { DeliveryRow, TimelineEntry } from '../timeline/types.js'
import { couponStatusLabel } from './map-coupons.js'

/** Timeline store rows → contract DTOs: a one-line summary and the signed balance effect. */
const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null)

const TITLES: Record<string, string> = {
  coupon_placed: 'Coupon placed',
  progressive_update: 'Progressive update',
  first_lost_bet: 'First lost bet',
  settled: 'Settled',
  returned_for_recalculation: 'Returned for recalculation',
  resettled: 'Settled again after recalculation',
  discovered_by_polling: 'Result found by polling',
  missed_callback: 'Callback missed',
  late_callback: 'Late callback',
  out_of_order: 'Older delivery (recorded, no effect)',
  recalculation_unconfirmed: 'Return for recalculation received, confirming with the server',
}

/**
 * `amountDelta`: −amount for a placement, +real_win for a credited result, −amount for the
 * re-deduction on a return for recalculation; null when there is no effect or it is not known yet.
 * `couponAmount` resolves amounts the entry itself does not carry (callbacks send no `amount`).
 */
export function amountDeltaOf(entry: TimelineEntry, couponAmount: (code: string) => number | null): number | null {
  if (entry.kind === 'coupon_placed') {
    const amount = num(entry.data.amount) ?? (entry.couponCode ? couponAmount(entry.couponCode) : null)
    return amount === null ? null : -amount
  }
  const ledger = entry.data.ledger as { kind?: unknown; amount?: unknown } | undefined
  if (!ledger) return null
  if (ledger.kind === 'credit') return num(ledger.amount)
  if (ledger.kind === 're_deduct') {
    const amount = entry.couponCode ? couponAmount(entry.couponCode) : null
    return amount === null ? null : -amount
  }
  return null
}

export function summaryOf(entry: TimelineEntry): string {
  const title = TITLES[entry.kind] ?? entry.kind
  const parts: string[] = [title]
  if (entry.status !== null) parts.push(couponStatusLabel(entry.status))
  const settled = num(entry.data.settledBets)
  const bets = num(entry.data.bets)
  if (entry.kind === 'coupon_placed') {
    const amount = num(entry.data.amount)
    if (amount !== null) parts.push(`amount ${amount}`)
    if (bets !== null) parts.push(`${bets} bet${bets === 1 ? '' : 's'}`)
  } else if (settled !== null && bets !== null) {
    parts.push(`${settled}/${bets} bets settled`)
  }
  const realWin = num(entry.data.realWin)
  if (realWin !== null && entry.kind !== 'coupon_placed') parts.push(`real win ${realWin}`)
  return parts.join(' · ')
}

export function entryToDto(entry: TimelineEntry, couponAmount: (code: string) => number | null): TimelineEntryDto {
  return {
    id: entry.id,
    at: entry.at,
    kind: entry.kind,
    couponCode: entry.couponCode,
    status: entry.status,
    source: entry.source,
    summary: summaryOf(entry),
    amountDelta: amountDeltaOf(entry, couponAmount),
  }
}

export function deliveryToDto(row: DeliveryRow): DeliveryDto {
  return { id: row.id, batchId: row.batchId, receivedAt: row.receivedAt, verdict: row.verdict, size: row.rawSize, answer: row.answerStatus }
}
