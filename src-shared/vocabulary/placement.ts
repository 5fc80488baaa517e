/**
 * Why an unknown placement's outcome could not be decided: codes only. The renderer words them through
 * its i18n table (`slip.ambiguityReasons.*`), the CLI through its own table.
 */
import type { StateReason } from './errors.js'

export const AMBIGUITY_REASONS = [
  /** More than one matching coupon for one wanted coupon. */
  'several_matches',
  /** `multi`: matching coupons for only some of the singles. */
  'partial_singles',
  /** A matching coupon without a creation time. */
  'no_creation_time',
  /** A matching coupon created too close to the send time to tell whether it came before it. */
  'borderline_time',
] as const
export type AmbiguityReason = (typeof AMBIGUITY_REASONS)[number]

/** What left a placement (or its lookup) without a clear answer: one reason shape for every state. */
export type PlacementCause = StateReason

/** Which family of vendor routes answered: the vendor error numbers differ between them. */
export type VendorApi = 'new' | 'legacy'
