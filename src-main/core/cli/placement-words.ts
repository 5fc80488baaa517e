/** The CLI's own English for the codes of an undecided placement (the console words them through its i18n table). */
import type { AmbiguityReason } from '../../../src-shared/vocabulary/placement.js'

const AMBIGUITY_WORDS: Record<AmbiguityReason, string> = {
  several_matches: 'more than one matching coupon',
  partial_singles: 'matching coupons for only some of the singles',
  no_creation_time: 'a matching coupon without a creation time',
  borderline_time: 'a matching coupon created too close to the send time to tell whether it came before it',
}

/** Why a lookup could not decide, as one phrase (an unlisted code is shown raw). */
export function ambiguityText(reasons: readonly AmbiguityReason[]): string {
  return reasons.map((r) => AMBIGUITY_WORDS[r] ?? r).join('; ')
}

/** A failed lookup: its code, then the technical detail verbatim. */
export function causeText(cause: { code: string; detail: string | null }): string {
  return `lookup failed: ${cause.code}${cause.detail ? `: ${cause.detail}` : ''}`
}
