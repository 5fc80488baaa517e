import { DeskError } from '../shared/errors.js'
import type { LineType, Outcome } from './types.js'

/**
 * Coupon bet pointer (coupon spec, "Bet pointer"):
 * `line_type#game_id#group_id#type_id#param#coefficient[#player_id]`, built from the feed's ready-made
 * `oc_pointer` (never repaired from outcome names). `coefficient` defaults to the outcome's odds.
 */
export function buildCouponPointer(outcome: Pick<Outcome, 'pointer' | 'rate' | 'playerId'>, lineType: LineType, coefficient?: number): string {
  const p = outcome.pointer
  if (!p) throw new DeskError('feed_pointer', 'outcome has no valid oc_pointer; it cannot be bet')
  if (lineType !== 'line' && lineType !== 'live') throw new DeskError('feed_pointer', `unknown line type: ${String(lineType)}`)
  const coef = coefficient ?? outcome.rate
  if (typeof coef !== 'number' || !Number.isFinite(coef) || coef <= 0) {
    throw new DeskError('feed_pointer', `invalid coefficient: ${String(coef)}`)
  }
  // At most 6 decimals and never an exponent form.
  const parts = [lineType, p.gameId, p.groupId, p.typeId, p.param, String(Number(coef.toFixed(6)))]
  if (outcome.playerId !== null && outcome.playerId !== undefined) parts.push(outcome.playerId)
  return parts.join('#')
}
