import type { Ledger, LedgerRow, TimelineEntry } from './types.js'

/**
 * The partner's per-coupon ledger, derived on read from the timeline: stake at placement (−amount),
 * credit of the payout (callback `realWin`, API `real_win`) on a processed result, the amount deducted
 * again when a processed coupon is returned for recalculation (status 15), then the new payout credited.
 * Callbacks carry no `amount`; it is resolved from the coupon row (placement record or a poll), so a
 * deduction recorded before the amount was known gets its figure as soon as it is.
 */
export function buildLedger(couponCode: string, amount: number | null, entries: TimelineEntry[]): Ledger {
  const rows: LedgerRow[] = []
  for (const entry of entries) {
    if (entry.kind === 'coupon_placed') {
      rows.push({ entryId: entry.id, at: entry.at, kind: 'stake', amount: amount === null ? null : -amount, note: 'placed' })
      continue
    }
    const ledger = entry.data.ledger as { kind?: string; amount?: number | null } | undefined
    if (!ledger) continue
    if (ledger.kind === 'credit') {
      const value = typeof ledger.amount === 'number' ? ledger.amount : null
      rows.push({ entryId: entry.id, at: entry.at, kind: 'credit', amount: value, note: entry.kind })
    } else if (ledger.kind === 're_deduct') {
      rows.push({ entryId: entry.id, at: entry.at, kind: 're_deduct', amount: amount === null ? null : -amount, note: entry.kind })
    }
  }
  const complete = rows.every((r) => r.amount !== null)
  const net = Math.round(rows.reduce((sum, r) => sum + (r.amount ?? 0), 0) * 1e6) / 1e6
  return { couponCode, rows, net, complete }
}
