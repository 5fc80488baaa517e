import { compareTyped, marketOf, marketsOf, outcomeOf } from './normalise-match.js'
import { keepExtra, NO_EXTRA } from './parse.js'
import { MAX_RATE, ocPointerTypeId, outcomeTypeId } from './pointer.js'
import { isDirty, isObject, readArr, readBool, readId, readNum, readSize, readStr, resetDirty } from './read-clean.js'
import type { Extra, FeedWarning, Market, Outcome } from './types.js'

/**
 * Markets and outcomes of the one-pass reader (normalise-fast.ts): an `events` answer of 5,000
 * matches holds some 35,000 markets and 75,000 outcomes, so this is where its time goes. The usual
 * outcome is checked and kept as the parsed object (no copy); any other is rebuilt by one literal in
 * the same shape. Pointers are kept as the feed's text, checked here and read into parts only when
 * bet; anything the reference path would warn about goes to it.
 */

/** The modelled fields of an outcome in the order the feed sends them: a key found at its place
 *  costs one comparison (the same text), any other is looked up by name. */
const OUTCOME_ORDER = ['oc_group_name', 'oc_name', 'oc_rate', 'oc_size', 'oc_pointer', 'oc_block', 'op_id']
const OUTCOME_FIELDS = OUTCOME_ORDER.length

function outcomeSlot(key: string): number {
  switch (key) {
    case 'oc_group_name': return 0
    case 'oc_name': return 1
    case 'oc_rate': return 2
    case 'oc_size': return 3
    case 'oc_pointer': return 4
    case 'oc_block': return 5
    case 'op_id': return 6
    default: return -1
  }
}

/** The type id of the last outcome usualOutcome or cleanOutcome let through (null: no pointer): its
 *  pointer's check reads it, and a flat list is ordered by it. */
let lastTypeId: number | null = null

/** The usual outcome, read by name: exactly the seven modelled keys, each of the type the captures
 *  send (texts, usable odds, a well-formed pointer, a boolean block, a null or numeric player). Such
 *  an outcome is already what the domain models, so it is given back as it is (no copy), and such
 *  outcomes share the parser's one hidden class, so the seven loads are the cheapest reads there
 *  are. Anything else (an unknown key, another type, a value the readers would turn, no pointer) is
 *  null here and read by cleanOutcome. */
function usualOutcome(raw: unknown): Outcome | null {
  if (typeof raw !== 'object' || raw === null) return null
  const o = raw as Record<string, unknown>
  // Counted first: an object of another shape leaves before the loads, which on it would each be
  // a lookup by name.
  let keys = 0
  for (const _ in o) keys++
  if (keys !== OUTCOME_FIELDS) return null
  const groupName = o.oc_group_name
  const name = o.oc_name
  const rate = o.oc_rate
  const size = o.oc_size
  const pointer = o.oc_pointer
  const block = o.oc_block
  const playerId = o.op_id
  if (
    typeof groupName !== 'string' || typeof name !== 'string' || typeof rate !== 'number' || typeof pointer !== 'string' || typeof block !== 'boolean' ||
    !(typeof size === 'string' || (typeof size === 'number' && size - size === 0)) ||
    !(playerId === null || (typeof playerId === 'number' && playerId - playerId === 0)) ||
    !(rate > 0 && rate <= MAX_RATE)
  ) return null
  const typeId = ocPointerTypeId(pointer)
  if (typeId < 0) return null
  lastTypeId = typeId
  return raw as Outcome
}

/** A clean outcome, or null when the reference must read it (it warns about something). The keys
 *  are enumerated once (values, then the rest into `extra`): reading fields by name from objects
 *  of many key orders costs more than this, and the unknown ones have to be found anyway. */
function cleanOutcome(raw: unknown): Outcome | null {
  if (!isObject(raw)) return null
  let groupNameRaw, nameRaw, rateRaw, sizeRaw, pointerRaw, blockRaw, playerRaw: unknown
  let extra: Extra | null = null
  let i = 0
  for (const key in raw) {
    const v = raw[key]
    switch (i < OUTCOME_FIELDS && key === OUTCOME_ORDER[i] ? i : outcomeSlot(key)) {
      case 0: groupNameRaw = v; break
      case 1: nameRaw = v; break
      case 2: rateRaw = v; break
      case 3: sizeRaw = v; break
      case 4: pointerRaw = v; break
      case 5: blockRaw = v; break
      case 6: playerRaw = v; break
      default: keepExtra((extra ??= {}), key, v)
    }
    i++
  }
  resetDirty()
  const groupName = readStr(groupNameRaw)
  const name = readStr(nameRaw)
  const rate = readNum(rateRaw)
  const size = readSize(sizeRaw)
  const pointer = readStr(pointerRaw)
  const block = readBool(blockRaw)
  const playerId = readNum(playerRaw)
  if (isDirty() || rate === null || !(rate > 0 && rate <= MAX_RATE)) return null
  let typeId: number | null = null
  if (pointer) {
    typeId = ocPointerTypeId(pointer)
    if (typeId < 0) return null
  }
  lastTypeId = typeId
  const checked = typeId === null ? null : pointer
  // Two literals, not a spread: each makes its object in one step, of one of two shapes.
  if (extra === null) return { oc_group_name: groupName ?? '', oc_name: name ?? '', oc_rate: rate, oc_size: size, oc_pointer: checked, oc_block: block === true, op_id: playerId }
  return { oc_group_name: groupName ?? '', oc_name: name ?? '', oc_rate: rate, oc_size: size, oc_pointer: checked, oc_block: block === true, op_id: playerId, extra }
}

export const at = (path: string, i: number): string => `${path}[${i}]`

/** An array of exactly `n` slots: a list grown by push keeps room for 16 more, and a snapshot of the
 *  line holds some 150,000 of them (a market's two or three outcomes, its columns). */
export const sized = <T>(n: number): T[] => new Array<T>(n)

/** `list` cut to the `n` items filled (an item skipped with a warning leaves its slot at the end). */
export function trimmed<T>(list: T[], n: number): T[] {
  if (n < list.length) list.length = n
  return list
}

/** Whether outcomes are coming in the usual shape: after one that is not, the next ones go straight
 *  to cleanOutcome (an answer whose every outcome carries an unknown field or its own key order
 *  would pay for both readers), until one without unknown fields is read again. */
let usualShapes = true

const marketPath = (matchPath: string, position: number): string => `${matchPath}.game_oc_list[${position}]`

/** The type ids of the outcomes outcomesIn gave last, by position (null: no pointer): what a flat
 *  list is ordered by, read once per outcome by its pointer's check. */
const TYPE_IDS: Array<number | null> = []

/** Outcomes of one column: clean ones read here, the rest by the reference (in order, so the
 *  warnings come out as the reference words and orders them). `path` is the column's, built only
 *  for an outcome the reference reads. In a flat list (`column` -1) an item that is itself a column
 *  makes the list a mixed one: null, and the caller hands the market to the reference. */
function outcomesIn(items: unknown[], matchPath: string, position: number, column: number, warnings: FeedWarning[]): Outcome[] | null {
  const out = sized<Outcome>(items.length)
  let n = 0
  for (let i = 0; i < items.length; i++) {
    let o: Outcome | null = null
    if (usualShapes) {
      o = usualOutcome(items[i])
      usualShapes = o !== null
    }
    if (!o) {
      o = cleanOutcome(items[i])
      if (o && o.extra === undefined) usualShapes = true
    }
    if (!o) {
      if (column < 0 && Array.isArray(items[i])) return null
      const columnPath = `${marketPath(matchPath, position)}.oc_list${column < 0 ? '' : `[${column}]`}`
      o = outcomeOf(items[i], at(columnPath, i), warnings)
      if (o) lastTypeId = outcomeTypeId(o)
    }
    if (o) {
      TYPE_IDS[n] = lastTypeId
      out[n++] = o
    }
  }
  return trimmed(out, n)
}

/** Stable insertion sort by type (`types`: each outcome's type id, in the same order): the
 *  reference's stable sort gives the same order (compareByType is consistent: its only NaN, two
 *  equal infinite parameters, counts as equal in both), and a market's few outcomes are cheaper to
 *  order here than through Array.prototype.sort's set-up. */
function sortByType(list: Outcome[], types: Array<number | null>): Outcome[] {
  for (let i = 1; i < list.length; i++) {
    const item = list[i]
    const type = types[i]
    let j = i - 1
    while (j >= 0 && compareTyped(list[j], types[j], item, type) > 0) {
      list[j + 1] = list[j]
      types[j + 1] = types[j]
      j--
    }
    list[j + 1] = item
    types[j + 1] = type
  }
  return list
}

function fastMarket(raw: unknown, position: number, matchPath: string, warnings: FeedWarning[]): Market | null {
  if (!isObject(raw)) return marketOf(raw, position, marketPath(matchPath, position), warnings)
  let idRaw, nameRaw, columnsRaw, listRaw: unknown
  let extra: Extra | null = null
  for (const key in raw) {
    const v = raw[key]
    switch (key) {
      case 'group_id': idRaw = v; break
      case 'group_name': nameRaw = v; break
      case 'columns': columnsRaw = v; break
      case 'oc_list': listRaw = v; break
      default: keepExtra((extra ??= {}), key, v)
    }
  }
  resetDirty()
  const groupId = readId(idRaw)
  const name = readStr(nameRaw)
  const columnsHint = readNum(columnsRaw)
  const list = readArr(listRaw) ?? []
  if (isDirty()) return marketOf(raw, position, marketPath(matchPath, position), warnings)
  // `events`/top lists: one flat column; `event`: an array of columns. A list mixing both is rare
  // and warned about: the reference reads it (its outcomes' warnings, if any, are taken back first).
  const mark = warnings.length
  let columns: Outcome[][] | null
  let outcomes: Outcome[]
  if (list.length === 0) {
    columns = []
    outcomes = []
  } else if (!Array.isArray(list[0])) {
    const flat = outcomesIn(list, matchPath, position, -1, warnings)
    outcomes = flat ? sortByType(flat, TYPE_IDS) : []
    columns = flat && [outcomes]
  } else {
    columns = sized<Outcome[]>(list.length)
    let total = 0
    for (let i = 0; i < list.length && columns; i++) {
      const column = list[i]
      if (!Array.isArray(column)) columns = null
      else total += (columns[i] = outcomesIn(column, matchPath, position, i, warnings) as Outcome[]).length
    }
    outcomes = columns ? (columns.length === 1 ? columns[0] : flattened(columns, total)) : []
  }
  if (!columns) {
    warnings.length = mark
    return marketOf(raw, position, marketPath(matchPath, position), warnings)
  }
  return {
    position,
    key: marketKey(position, groupId),
    groupId,
    name: name ?? '',
    columnsHint: columnsHint ?? 0,
    columns,
    outcomes,
    extra: extra ?? NO_EXTRA,
  }
}

/** `${position}:${groupId}` texts, kept: every match of a line repeats the same few (1x2 first,
 *  totals next...), so a refresh of 5,000 matches builds a handful of texts instead of 35,000, and a
 *  big match's refresh (over a thousand markets) builds none. */
const MARKET_KEYS = new Map<number, string>()
const MARKET_KEYS_MAX = 50_000
/** Positions and group ids within these make a map key below 2^52 (groupId * MAX_POSITION + position). */
const MAX_POSITION = 4096
const MAX_CACHED_GROUP = 2 ** 40

/** The last group id and key seen at each position: the matches of a list mostly name the same
 *  market at the same place, so most keys are found by one comparison. */
const LAST_GROUP = new Array<number>(MAX_POSITION).fill(-1)
const LAST_KEY = new Array<string>(MAX_POSITION).fill('')

function marketKey(position: number, groupId: number): string {
  if (position >= MAX_POSITION || groupId < 0 || groupId >= MAX_CACHED_GROUP) return `${position}:${groupId}`
  if (LAST_GROUP[position] === groupId) return LAST_KEY[position]
  const key = cachedMarketKey(position, groupId)
  LAST_GROUP[position] = groupId
  LAST_KEY[position] = key
  return key
}

function cachedMarketKey(position: number, groupId: number): string {
  const slot = groupId * MAX_POSITION + position
  let key = MARKET_KEYS.get(slot)
  if (key === undefined) {
    if (MARKET_KEYS.size >= MARKET_KEYS_MAX) MARKET_KEYS.clear()
    key = `${position}:${groupId}`
    MARKET_KEYS.set(slot, key)
  }
  return key
}

/** Columns one after the other (`columns.flat()`, without its generic depth walk). */
function flattened(columns: Outcome[][], total: number): Outcome[] {
  const out = sized<Outcome>(total)
  let n = 0
  for (let i = 0; i < columns.length; i++) {
    const column = columns[i]
    for (let j = 0; j < column.length; j++) out[n++] = column[j]
  }
  return out
}

/** `game_oc_list` of a match read in one pass; the reference for what is not an array. */
export function fastMarkets(raw: unknown, matchPath: string, warnings: FeedWarning[]): Market[] | null {
  if (!Array.isArray(raw)) return marketsOf(raw, `${matchPath}.game_oc_list`, warnings)
  const out = sized<Market>(raw.length)
  let n = 0
  for (let i = 0; i < raw.length; i++) {
    const market = fastMarket(raw[i], i, matchPath, warnings)
    if (market) out[n++] = market
  }
  return trimmed(out, n)
}
