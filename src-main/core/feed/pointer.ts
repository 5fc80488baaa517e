import { pointerCoef } from '../../../src-shared/vocabulary/feed-delta.js'
import { DeskError } from '../shared/errors.js'
import type { LineType, Outcome, OutcomePointer } from './types.js'

/** The pointer parameter as the feed writes it (`0`, `1.5`, `-1.25`, `3.001`, `1.0E-4`). Every
 *  parser of the project (feed, coupon, simulator) accepts exactly this and never reformats it. */
export const POINTER_PARAM = /^[-+]?[0-9]+(\.[0-9]+)?([eE][-+]?[0-9]+)?$/
const ID = /^[0-9]+$/

/** Highest odds the desk accepts as a price: far above any real one (the captures top out at 301),
 *  low enough that the coefficient always prints without an exponent. */
export const MAX_RATE = 1_000_000

/** Odds that can be shown and bet: a finite number above 0 and at most MAX_RATE. */
export function isUsableRate(rate: unknown): rate is number {
  return typeof rate === 'number' && Number.isFinite(rate) && rate > 0 && rate <= MAX_RATE
}

/** `oc_pointer` = `game|group|type|param`: three non-negative integer ids and the parameter as text.
 *  Anything else (other part count, spaces, empty parts, ids beyond 2^53) is malformed → null. */
export function parseOcPointer(raw: string | null | undefined): OutcomePointer | null {
  if (typeof raw !== 'string') return null
  const parts = raw.split('|')
  if (parts.length !== 4) return null
  const gameId = idOf(parts[0])
  const groupId = idOf(parts[1])
  const typeId = idOf(parts[2])
  const param = parts[3]
  if (gameId < 0 || groupId < 0 || typeId < 0 || !POINTER_PARAM.test(param)) return null
  return { raw, gameId, groupId, typeId, param }
}

/** A non-negative integer id within 2^53, or -1. */
function idOf(text: string): number {
  if (!ID.test(text)) return -1
  const n = Number(text)
  return Number.isSafeInteger(n) ? n : -1
}

const C0 = 48
const C9 = 57
const BAR = 124

/** A non-negative integer id in text[from, to) within 2^53, or -1. */
function idIn(text: string, from: number, to: number): number {
  if (to <= from) return -1
  if (to - from > 15) {
    for (let i = from; i < to; i++) {
      const c = text.charCodeAt(i)
      if (c < C0 || c > C9) return -1
    }
    const n = Number(text.slice(from, to))
    return Number.isSafeInteger(n) ? n : -1
  }
  let n = 0
  for (let i = from; i < to; i++) {
    const c = text.charCodeAt(i)
    if (c < C0 || c > C9) return -1
    n = n * 10 + (c - C0)
  }
  return n
}

/** Digits from `i`; the index after them. */
function digitsFrom(text: string, i: number): number {
  while (i < text.length) {
    const c = text.charCodeAt(i)
    if (c < C0 || c > C9) break
    i++
  }
  return i
}

/** POINTER_PARAM (`[-+]?[0-9]+(\.[0-9]+)?([eE][-+]?[0-9]+)?`) over text[from, end). Never reads past
 *  the end: a read out of bounds makes the engine drop the optimised code and rebuild it slower. */
function isParam(text: string, from: number): boolean {
  const len = text.length
  let i = from
  if (i < len) {
    const sign = text.charCodeAt(i)
    if (sign === 43 || sign === 45) i++
  }
  let j = digitsFrom(text, i)
  if (j === i) return false
  i = j
  if (i === len) return true
  if (text.charCodeAt(i) === 46) {
    j = digitsFrom(text, i + 1)
    if (j === i + 1) return false
    i = j
    if (i === len) return true
  }
  const e = text.charCodeAt(i)
  if (e !== 101 && e !== 69) return false
  i++
  if (i < len) {
    const sign = text.charCodeAt(i)
    if (sign === 43 || sign === 45) i++
  }
  j = digitsFrom(text, i)
  return j > i && j === len
}

/** The index of the third `|` of a pointer made of exactly four parts whose first two are ids, or -1. */
function thirdBar(raw: string): number {
  const a = raw.indexOf('|')
  if (a < 0) return -1
  const b = raw.indexOf('|', a + 1)
  if (b < 0) return -1
  const c = raw.indexOf('|', b + 1)
  if (c < 0 || raw.indexOf('|', c + 1) >= 0) return -1
  if (idIn(raw, 0, a) < 0 || idIn(raw, a + 1, b) < 0 || !isParam(raw, c + 1)) return -1
  return c
}

/** The outcome type id of a well-formed `oc_pointer` (parseOcPointer's `typeId`), or -1 when it is
 *  malformed: the check the one-pass reader runs on every outcome of every list answer, in one walk
 *  over the text (no split, no regular expression, no parts object), each character read once. */
export function ocPointerTypeId(raw: string): number {
  const len = raw.length
  let i = 0
  let id = -1
  for (let part = 0; part < 3; part++) {
    const from = i
    let n = 0
    let c = 0
    while (i < len) {
      c = raw.charCodeAt(i)
      const d = c - C0
      if (d < 0 || d > 9) break
      n = n * 10 + d
      i++
    }
    if (c !== BAR || i === from) return -1
    if (i - from > 15) {
      n = Number(raw.slice(from, i))
      if (!Number.isSafeInteger(n)) return -1
    }
    id = n
    i++
  }
  return isParam(raw, i) ? id : -1
}

/** The outcome type id (third pointer field: what the outcome IS, 1 = W1, 9 = Over...) of an
 *  outcome's checked pointer; null without one. */
export function outcomeTypeId(outcome: Pick<Outcome, 'oc_pointer'>): number | null {
  if (outcome.oc_pointer === null) return null
  const id = ocPointerTypeId(outcome.oc_pointer)
  return id < 0 ? null : id
}

/** `parseOcPointer` without the split and the regular expressions: the same parts, or null. */
export function readOcPointer(raw: string): OutcomePointer | null {
  const c = thirdBar(raw)
  if (c < 0) return null
  const a = raw.indexOf('|')
  const b = raw.indexOf('|', a + 1)
  const typeId = idIn(raw, b + 1, c)
  if (typeId < 0) return null
  return { raw, gameId: idIn(raw, 0, a), groupId: idIn(raw, a + 1, b), typeId, param: raw.slice(c + 1) }
}

/** The parameter of a well-formed `oc_pointer` text (its last part), verbatim. */
export function ocPointerParam(raw: string): string {
  return raw.slice(raw.lastIndexOf('|') + 1)
}

/**
 * Coupon bet pointer (coupon spec, "Bet pointer"):
 * `line_type#game_id#group_id#type_id#param#coefficient[#player_id]`, built from the feed's ready-made
 * `oc_pointer` text the outcome keeps (never repaired from outcome names), read here, when bet;
 * `param` is the pointer's text, verbatim.
 * `coefficient` defaults to the outcome's odds.
 */
export function buildCouponPointer(outcome: Pick<Outcome, 'oc_pointer' | 'oc_rate' | 'op_id'>, lineType: LineType, coefficient?: number): string {
  const p = typeof outcome.oc_pointer === 'string' ? readOcPointer(outcome.oc_pointer) : null
  if (!p) throw new DeskError('feed_pointer', 'outcome has no valid oc_pointer; it cannot be bet')
  return couponPointerOf(p, lineType, coefficient ?? outcome.oc_rate, outcome.op_id)
}

/** buildCouponPointer from an `oc_pointer` already read into its parts (readOcPointer). */
export function couponPointerOf(p: OutcomePointer, lineType: LineType, coefficient: number, playerId: number | null | undefined): string {
  if (lineType !== 'line' && lineType !== 'live') throw new DeskError('feed_pointer', `unknown line type: ${String(lineType)}`)
  if (!isUsableRate(coefficient)) {
    throw new DeskError('feed_pointer', `invalid coefficient: ${String(coefficient)}`)
  }
  // At most 6 decimals and never an exponent form.
  const parts = [lineType, p.gameId, p.groupId, p.typeId, p.param, pointerCoef(coefficient)]
  if (playerId !== null && playerId !== undefined) parts.push(playerId)
  return parts.join('#')
}
