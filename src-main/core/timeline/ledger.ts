import type { EntryEffects, Ledger, LedgerRow, TimelineEntry } from './types.js'

/**
 * Two balances move with a coupon, and they part on a return for recalculation (docs/spec-decisions.md,
 * "Ledger: two balances"):
 * - the client account at the service (`service`): −amount at placement, +real_win on a result, the
 *   payout credited before taken back on status 15, +the new real_win on re-settlement: what the
 *   service's `balance` (the header) moves by;
 * - the partner ledger by the spec's rule (`partner`): the same, except that status 15 deducts the
 *   stake `amount` again (coupon-client-api.md, partner processing rule 2).
 * Callbacks carry no `amount`; it is resolved from the coupon row (placement record or a poll), so a
 * deduction recorded before the amount was known gets its figure as soon as it is.
 */

const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null)
export const roundMoney = (v: number): number => Math.round(v * 1e6) / 1e6

interface LedgerData {
  kind?: unknown
  amount?: unknown
  /** On a re-deduction: the payout of the result being returned, as the service takes it back. */
  reversed?: unknown
}

/**
 * What one entry does to each balance; null on a side when the figure is not known (yet). `previousCredit`
 * is the fallback for re-deductions stored before the reversed payout was written beside them.
 */
export function entryEffects(
  entry: Pick<TimelineEntry, 'kind' | 'data'>,
  couponAmount: number | null,
  previousCredit: () => number | null = () => null,
): EntryEffects | null {
  if (entry.kind === 'coupon_placed' && entry.data.claimed === true) return null
  if (entry.kind === 'coupon_placed' || entry.kind === 'coupon_seen') {
    const amount = num(entry.data.amount) ?? couponAmount
    const stake = amount === null ? null : -amount
    return { kind: 'stake', service: stake, partner: stake }
  }
  const ledger = entry.data.ledger as LedgerData | undefined
  if (!ledger) return null
  if (ledger.kind === 'credit') {
    const value = num(ledger.amount)
    return { kind: 'credit', service: value, partner: value }
  }
  if (ledger.kind === 're_deduct') {
    const reversed = num(ledger.reversed) ?? previousCredit()
    return { kind: 're_deduct', service: reversed === null ? null : -reversed, partner: couponAmount === null ? null : -couponAmount }
  }
  return null
}

/** The per-coupon ledger, derived on read from the coupon's entries, with both running totals. */
export function buildLedger(couponCode: string, amount: number | null, entries: TimelineEntry[]): Ledger {
  const rows: LedgerRow[] = []
  let service = 0
  let partner = 0
  let lastCredit: number | null = null
  for (const entry of entries) {
    const effects = entryEffects(entry, amount, () => lastCredit)
    if (!effects) continue
    if (effects.kind === 'credit') lastCredit = effects.service
    service = roundMoney(service + (effects.service ?? 0))
    partner = roundMoney(partner + (effects.partner ?? 0))
    rows.push({
      entryId: entry.id,
      at: entry.at,
      kind: effects.kind,
      amount: effects.partner,
      service: effects.service,
      serviceTotal: service,
      partnerTotal: partner,
      note: entry.kind === 'coupon_placed' ? 'placed' : entry.kind === 'coupon_seen' ? 'placed elsewhere' : entry.kind,
    })
  }
  return {
    couponCode,
    rows,
    net: partner,
    serviceNet: service,
    complete: rows.every((r) => r.amount !== null),
    serviceComplete: rows.every((r) => r.service !== null),
  }
}
