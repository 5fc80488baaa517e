/**
 * Bet pointers: `line_type#game_id#group_id#type_id#param#coef[#player_id]`. Separators `#` and `|`
 * are both accepted, mixed too (legacy `line#game|group|type|param#coef`). A pointer is only
 * checked, never repaired. `param` is the feed's parameter TEXT (`0`, `-1.25`, `3.001`, `1.0E-4`):
 * it is kept exactly as written, because the service compares it as sent.
 */
export interface ParsedPointer {
  lineType: string
  gameId: number
  groupId: number
  typeId: number
  /** Verbatim parameter text, never reformatted. */
  param: string
  coef: number
  playerId: number | null
  raw: string
}

const LINE_TYPE = /^[A-Za-z0-9_]+$/
const ID = /^\d+$/
/** The agreed parameter grammar (shared by feed client, coupon client and simulator). */
export const PARAM_TEXT = /^[-+]?[0-9]+(\.[0-9]+)?([eE][-+]?[0-9]+)?$/
const DECIMAL = /^\d+(\.\d+)?$/

export function parsePointer(pointer: unknown): ParsedPointer | null {
  if (typeof pointer !== 'string' || pointer.length === 0 || pointer.length > 200) return null
  if (pointer.trim() !== pointer) return null
  const parts = pointer.split(/[#|]/)
  if (parts.length !== 6 && parts.length !== 7) return null
  const [lineType, game, group, type, param, coef, player] = parts
  if (!LINE_TYPE.test(lineType)) return null
  if (!ID.test(game) || !ID.test(group) || !ID.test(type) || !PARAM_TEXT.test(param)) return null
  if (!DECIMAL.test(coef)) return null
  if (player !== undefined && !ID.test(player)) return null
  const coefNumber = Number(coef)
  if (!(coefNumber > 0) || !Number.isFinite(coefNumber)) return null
  const gameId = Number(game)
  if (!Number.isSafeInteger(gameId) || gameId <= 0) return null
  return {
    lineType,
    gameId,
    groupId: Number(group),
    typeId: Number(type),
    param,
    coef: coefNumber,
    playerId: player === undefined ? null : Number(player),
    raw: pointer,
  }
}

/** Canonical form with `#` separators: used to compare pointers whatever the separators were. */
export function canonicalPointer(p: ParsedPointer, withCoef = false): string {
  const parts: Array<string | number> = [p.lineType, p.gameId, p.groupId, p.typeId, p.param]
  if (withCoef) parts.push(formatCoef(p.coef))
  if (p.playerId !== null) parts.push(p.playerId)
  return parts.join('#')
}

/** Odds as written into a pointer: at most 6 decimals, never exponent form. */
export function formatCoef(coef: number): string {
  const fixed = coef.toFixed(6)
  return fixed.includes('.') ? fixed.replace(/0+$/, '').replace(/\.$/, '') : fixed
}

/** Builds a placement pointer from a feed `oc_pointer` ("game|group|type|param") and odds; the param text is kept. */
export function pointerFromFeed(lineType: string, ocPointer: string, coef: number, playerId?: number | null): string {
  const base = `${lineType}#${ocPointer.split('|').join('#')}#${formatCoef(coef)}`
  return playerId == null ? base : `${base}#${playerId}`
}
