import type { EntryDraft } from './derive.js'
import type { CouponSnapshot } from './types.js'

/** Where a coupon this desk did not place was first seen: a list read, a read by code, or a callback. */
export const SEEN_IN = ['active', 'calculated', 'results', 'callback', 'poll'] as const
export type SeenIn = (typeof SEEN_IN)[number]

/**
 * The first sight of a coupon of this client account that this desk did not place (another desk, the
 * partner's own site): its stake left the client account when it was created (`placedAt`, server time),
 * so the ledger counts it like a placement of ours. `amount` is null when the sight carried none (a
 * callback): the coupon row's amount stands in once a read brings it.
 */
export function seenDraft(snap: CouponSnapshot, seenIn: SeenIn): EntryDraft {
  return {
    kind: 'coupon_seen',
    data: { amount: snap.amount, bets: snap.bets.length, placedAt: snap.createdAt ?? null, seenIn, status: snap.status },
  }
}
