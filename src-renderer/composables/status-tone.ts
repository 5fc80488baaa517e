/**
 * The one way a coupon or bet status is coloured in the console (blotter, drawer, timeline, placement
 * results): the tone comes from src-shared's vocabulary, the colour from the desk's theme variables.
 */
import { statusTone, type StatusTone } from '../../src-shared/vocabulary/statuses.js'

export type { StatusTone }

/** The theme variable of each tone's text; returned and unknown keep the page's own text colour. */
export const TONE_COLOUR: Record<StatusTone, string | null> = {
  won: 'var(--desk-positive)',
  lost: 'var(--desk-negative)',
  returned: null,
  recalculation: 'var(--desk-recalc)',
  open: 'var(--desk-open)',
  unknown: null,
}

export function toneOf(kind: 'coupon' | 'bet', status: number): StatusTone {
  return statusTone(kind, status)
}

/** Classes for any element that shows a status: `status-tone status-tone--won`. */
export function toneClass(kind: 'coupon' | 'bet', status: number): string[] {
  return ['status-tone', `status-tone--${statusTone(kind, status)}`]
}
