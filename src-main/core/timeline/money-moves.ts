import { entryEffects } from './ledger.js'
import type { MoneyMove } from './balance-check.js'
import type { TimelineStore } from './store.js'
import type { TimelineEntry } from './types.js'

const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) && v > 0 ? v : null)

/**
 * When the service moved the money of an entry, on its clock: a stake at the coupon's creation, a payout
 * at its `calculate_date`; otherwise (a take-back on a return for recalculation, an older row) when the
 * history wrote it, put on the server's clock by `offsetMs`.
 */
export function serviceTimeOf(entry: Pick<TimelineEntry, 'kind' | 'at' | 'data'>, offsetMs: number): number {
  const ledger = entry.data.ledger as { kind?: unknown } | undefined
  const told = entry.kind === 'coupon_placed' || entry.kind === 'coupon_seen' ? num(entry.data.placedAt) : ledger?.kind === 'credit' ? num(entry.data.calculateDate) : null
  return told ?? entry.at + offsetMs
}

/** The client account's movements in the history written since `fromAt` (store clock), oldest first. */
export function moneyMovesSince(store: Pick<TimelineStore, 'query' | 'coupon'>, fromAt: number, offsetMs: number): MoneyMove[] {
  const moves: MoneyMove[] = []
  const amounts = new Map<string, number | null>()
  const amountOf = (code: string) => {
    if (!amounts.has(code)) amounts.set(code, store.coupon(code)?.amount ?? null)
    return amounts.get(code) ?? null
  }
  let cursor: string | null = null
  do {
    const page = store.query({ from: fromAt, order: 'asc', limit: 1000, cursor })
    for (const entry of page.items) {
      const effects = entryEffects(entry, entry.couponCode ? amountOf(entry.couponCode) : null)
      if (!effects) continue
      moves.push({ entryId: entry.id, couponCode: entry.couponCode, service: effects.service, serviceAt: serviceTimeOf(entry, offsetMs), writtenAt: entry.at })
    }
    cursor = page.nextCursor
  } while (cursor)
  return moves
}
