/** What a settlement-timeline entry records. Owned here so core, CLI and renderer name them alike. */
export const TIMELINE_KINDS = [
  'coupon_placed',
  /** A coupon of this client account first seen in a read or a callback, not placed by this desk. */
  'coupon_seen',
  'progressive_update',
  'first_lost_bet',
  'settled',
  'returned_for_recalculation',
  'resettled',
  'discovered_by_polling',
  'missed_callback',
  'late_callback',
  'out_of_order',
  'recalculation_unconfirmed',
] as const

export type TimelineKind = (typeof TIMELINE_KINDS)[number]

export function isTimelineKind(value: string): value is TimelineKind {
  return (TIMELINE_KINDS as readonly string[]).includes(value)
}
