/**
 * Sentences the console builds from what main sends as codes and figures: status names, timeline
 * summaries, error titles. A code this build does not know is shown raw, never guessed.
 */
import type { TimelineDetailDto } from '../../src-shared/contract.js'
import type { AmbiguityReason, PlacementCause, VendorApi } from '../../src-shared/vocabulary/placement.js'
import { COUPON_LOST, COUPON_NEW, COUPON_RECALCULATION, COUPON_RETURNED, COUPON_WON, isKnownBetStatus, isKnownCouponStatus } from '../../src-shared/vocabulary/statuses.js'
import { isErrorCode } from '../../src-shared/vocabulary/errors.js'
import { en } from './en.js'
import { enCoupons } from './en-coupons.js'
import type { MessageKey, Params } from './index.js'

export type T = (key: MessageKey, params?: Params, plural?: number) => string

export type StatusKind = 'coupon' | 'bet'

export function isKnownStatus(kind: StatusKind, status: number): boolean {
  return kind === 'coupon' ? isKnownCouponStatus(status) : isKnownBetStatus(status)
}

/** The vendor's name of a status by its code; `status N` for a value it never named. */
export function statusText(t: T, kind: StatusKind, status: number): string {
  if (!isKnownStatus(kind, status)) return t('coupons.status.raw', { n: status })
  // Known codes all have a key (test/component/i18n-keys.test.ts checks every one).
  return t(`${kind === 'coupon' ? 'coupons.status' : 'coupons.betStatus'}.${status}` as MessageKey)
}

/** A timeline entry's figures as one line: stake and bets of a placement, settled bets and payout later. */
export function timelineSummary(t: T, detail: TimelineDetailDto | null | undefined, money: (n: number) => string): string {
  if (!detail) return ''
  const parts: string[] = []
  if (detail.amount !== null) parts.push(t('timeline.detail.stake', { amount: money(detail.amount) }))
  if (detail.settledBets !== null && detail.bets !== null) parts.push(t('timeline.detail.settled', { settled: detail.settledBets, bets: detail.bets }))
  else if (detail.bets !== null) parts.push(t('timeline.detail.bets', { n: detail.bets }, detail.bets))
  if (detail.realWin !== null) parts.push(t('timeline.detail.realWin', { amount: money(detail.realWin) }))
  return parts.join(t('timeline.detail.separator'))
}

/** The title of an error notice: the code's words, or the code itself when this build does not know it. */
/** A coupon's `coupon_type` in words (1 single, 2 accumulator); another number raw, so a new value is never hidden. */
export function couponTypeText(t: T, type: number | null): string {
  if (type === null) return '—'
  if (type === 1) return t('coupons.couponTypes.single')
  return type === 2 ? t('coupons.couponTypes.accumulator') : t('coupons.couponTypes.raw', { type })
}

export function errorTitle(t: T, code: string): string {
  return isErrorCode(code) ? t(`errors.${code}`) : t('common.errorTitle', { code })
}

/** A vendor error number in words, by the API that answered (they number differently); a number this build does not know is shown raw. */
export function vendorErrorText(t: T, api: VendorApi, code: number): string {
  const known = Object.prototype.hasOwnProperty.call(en.slip.vendorErrors[api], code)
  return known ? t(`slip.vendorErrors.${api}.${code}` as MessageKey) : t('slip.vendorErrors.raw', { code })
}

/** Why a lookup could not decide, as one phrase; a reason this build does not know is shown raw. */
export function ambiguityText(t: T, reasons: readonly AmbiguityReason[]): string {
  return reasons.map((r) => (Object.prototype.hasOwnProperty.call(en.slip.ambiguityReasons, r) ? t(`slip.ambiguityReasons.${r}`) : r)).join('; ')
}

/** An error code of a placement left without an answer, in words (its technical detail is shown apart, verbatim). */
export function causeText(t: T, cause: PlacementCause): string {
  return errorTitle(t, cause.code)
}

/** A settlement reason code in words, or null when this build does not know it (the caller shows it raw). */
export function reasonText(t: T, code: string | number | null): string | null {
  if (code === null || typeof code !== 'string') return null
  return Object.prototype.hasOwnProperty.call(enCoupons.couponView.reasons, code) ? t(`couponView.reasons.${code}` as MessageKey) : null
}

/** `lineType` of a bet as the coupon service sends it: `live`, else prematch (`line`); an empty one is unknown. */
export function isLiveBet(lineType: string): boolean | null {
  if (lineType === 'live') return true
  return lineType === 'line' ? false : null
}

/** "LIVE" / "Prematch", or the raw line type when the service sent another one. */
export function lineKindText(t: T, lineType: string): string {
  const live = isLiveBet(lineType)
  if (live === null) return lineType
  return live ? t('couponView.match.live') : t('couponView.match.prematch')
}

/**
 * A settlement coefficient with what it meant for the bet: `settled at ×1.4 (won)`, `×0 (lost)`,
 * `×1 (returned)`. The result is the status's own word, so a new status stays raw here too.
 */
export function settledAtText(t: T, kind: StatusKind, coef: number, status: number, odds: (n: number) => string): string {
  return t('couponView.settledAt', { coef: odds(coef), result: statusText(t, kind, status) })
}

/** A coupon's payout by its status: won, lost, "Returned (stake refunded)", or not settled yet. */
export function payoutText(t: T, status: number, realWin: number | null, money: (n: number | null) => string): string {
  if (status === COUPON_WON) return t('couponView.payout.won', { amount: money(realWin) })
  if (status === COUPON_LOST) return t('couponView.payout.lost', { amount: money(realWin ?? 0) })
  if (status === COUPON_RETURNED) return t('couponView.payout.returned', { amount: money(realWin) })
  if (status === COUPON_RECALCULATION) return t('couponView.payout.recalculation')
  if (status === COUPON_NEW) return t('couponView.payout.open')
  return money(realWin)
}
