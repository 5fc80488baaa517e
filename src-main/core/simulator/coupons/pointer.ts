import type { LineType } from '../world/types.js'

/**
 * Server-side pointer parsing (the simulator's own; it never uses the clients' parsers). Canonical:
 * `line_type#game_id#group_id#type_id#<param text>#coef[#player_id]`; `#` and `|` both separate
 * (mixed too), which also covers the legacy `<type_line>#<game_id>|<group>|<bet_id>|<param>#<coef>`.
 * The parameter is text kept verbatim (`1.5`, `-1.25`, `2.001`, `1.0E-4`) and matched as text
 * against the feed's outcomes.
 */
export interface SimPointer {
  lineType: LineType
  gameId: number
  groupId: number
  typeId: number
  param: string
  coef: number
  playerId: number | null
  raw: string
}

const ID = /^\d{1,15}$/
const PARAM = /^[-+]?[0-9]+(\.[0-9]+)?([eE][-+]?[0-9]+)?$/
const DECIMAL = /^\d{1,6}(\.\d{1,6})?$/

export function parseSimPointer(value: unknown): SimPointer | null {
  if (typeof value !== 'string' || value.length === 0 || value.length > 200) return null
  const parts = value.split(/[#|]/)
  if (parts.length !== 6 && parts.length !== 7) return null
  const [line, game, group, type, param, coef, player] = parts
  if (line !== 'line' && line !== 'live') return null
  if (!ID.test(game) || !ID.test(group) || !ID.test(type) || !PARAM.test(param) || param.length > 24 || !DECIMAL.test(coef)) return null
  if (player !== undefined && !ID.test(player)) return null
  const gameId = Number(game)
  const coefNumber = Number(coef)
  if (gameId <= 0 || !(coefNumber > 0)) return null
  return {
    lineType: line,
    gameId,
    groupId: Number(group),
    typeId: Number(type),
    param,
    coef: coefNumber,
    playerId: player === undefined ? null : Number(player),
    raw: value,
  }
}
