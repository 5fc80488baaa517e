import type { DeliveryDto, TimelineDetailDto, TimelineEntryDto } from '../../../src-shared/contract.js'
import type { DeliveryRow, TimelineEntry } from '../timeline/index.js'

/** Timeline store rows → contract DTOs: the entry's figures (worded by the renderer) and the signed balance effect. */
const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null)

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

export function entryToDto(entry: TimelineEntry, couponAmount: (code: string) => number | null): TimelineEntryDto {
  return {
    id: entry.id,
    at: entry.at,
    kind: entry.kind,
    couponCode: entry.couponCode,
    status: entry.status,
    source: entry.source,
    detail: detailOf(entry),
    amountDelta: amountDeltaOf(entry, couponAmount),
  }
}

export function deliveryToDto(row: DeliveryRow): DeliveryDto {
  return { id: row.id, batchId: row.batchId, receivedAt: row.receivedAt, verdict: row.verdict, size: row.rawSize, answer: row.answerStatus }
}
