/**
 * Bet pointers: `line_type#game_id#group_id#type_id#param#coef[#player_id]`. Separators `#` and `|`
 * are both accepted, mixed too (legacy `line#game|group|type|param#coef`). A pointer is only
 * checked, never repaired.
 */
export interface ParsedPointer {
  lineType: string
  gameId: number
  groupId: number
  typeId: number
  param: number
  coef: number
  playerId: number | null
  raw: string
}

const LINE_TYPE = /^[A-Za-z0-9_]+$/
const INT = /^-?\d+$/
const ID = /^\d+$/
const DECIMAL = /^\d+(\.\d+)?$/

export function parsePointer(pointer: unknown): ParsedPointer | null {
  if (typeof pointer !== 'string' || pointer.length === 0 || pointer.length > 200) return null
  if (pointer.trim() !== pointer) return null
  const parts = pointer.split(/[#|]/)
  if (parts.length !== 6 && parts.length !== 7) return null
  const [lineType, game, group, type, param, coef, player] = parts
  if (!LINE_TYPE.test(lineType)) return null
  if (!ID.test(game) || !ID.test(group) || !ID.test(type) || !INT.test(param)) return null
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
    param: Number(param),
    coef: coefNumber,
    playerId: player === undefined ? null : Number(player),
    raw: pointer,
  }
}

/** Canonical form with `#` separators: used to compare pointers whatever the separators were. */
export function canonicalPointer(p: ParsedPointer, withCoef = false): string {
  const parts = [p.lineType, p.gameId, p.groupId, p.typeId, p.param]
  if (withCoef) parts.push(p.coef)
  if (p.playerId !== null) parts.push(p.playerId)
  return parts.join('#')
}

/** Builds a placement pointer from a feed `oc_pointer` ("game|group|type|param") and odds. */
export function pointerFromFeed(lineType: string, ocPointer: string, coef: number, playerId?: number | null): string {
  const base = `${lineType}#${ocPointer.split('|').join('#')}#${coef}`
  return playerId == null ? base : `${base}#${playerId}`
}
