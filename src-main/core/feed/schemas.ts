import { z } from 'zod'

/**
 * Wire schemas of the feed. They are deliberately permissive: only the identity of an item is
 * required (an item without it is skipped with a warning); every other field falls back to null
 * when it is missing or of an unexpected type, and unknown fields pass through (`looseObject`).
 */

const NUMERIC = /^\s*-?\d+(\.\d+)?\s*$/

/** A required id: integer number or an integer-looking string. */
export const idNum = z
  .union([z.number().int(), z.string().regex(/^\s*-?\d+\s*$/).transform((s) => Number(s))])
  .refine((n) => Number.isSafeInteger(n), 'id beyond 2^53')

/** A finite number, or a numeric string whose value is finite (a 400-digit text is not). */
const numberish = z.union([z.number().finite(), z.string().regex(NUMERIC).transform((s) => Number(s))]).refine((n) => Number.isFinite(n), 'number out of range')

/** Optional number: numbers and numeric strings; anything else becomes null. */
export const optNum = numberish.nullish().catch(null)
/** Optional string: strings (numbers are stringified); anything else becomes null. */
export const optStr = z.union([z.string(), z.number().transform((n) => String(n))]).nullish().catch(null)
/** Live text: like optStr, but a numeric 0 is one of the Prematch "no value" defaults → null. */
export const liveText = z.union([z.string(), z.number().transform((n) => (n === 0 ? null : String(n)))]).nullish().catch(null)
/** Optional boolean: booleans and 0/1 (number or string); anything else becomes null. */
export const optBool = z
  .union([z.boolean(), z.literal(0).transform(() => false), z.literal(1).transform(() => true), z.enum(['0', '1', 'true', 'false']).transform((s) => s === '1' || s === 'true')])
  .nullish()
  .catch(null)
/** Optional array of raw items (parsed one by one later so one bad item does not sink the rest). */
export const optArr = z.array(z.unknown()).nullish().catch(null)
/** Optional string-or-number kept as sent (`oc_size`); anything else becomes null. */
export const optSize = z.union([z.string(), z.number()]).nullish().catch(null)
/** Any value, kept as sent. */
export const rawValue = z.unknown().optional()

export const EnvelopeSchema = z.looseObject({
  status: z.unknown(),
  page: z.unknown().optional(),
  body: z.unknown(),
})

export const TournamentSchema = z.looseObject({
  id: idNum,
  name: optStr,
  counter: optNum,
  sport_id: optNum,
  countryId: optNum,
  country_id: optNum,
})

export const CountrySchema = z.looseObject({
  id: idNum,
  name: optStr,
  counter: optNum,
  sport_id: optNum,
  sub: optArr,
})

export const SportSchema = z.looseObject({
  id: idNum,
  name: optStr,
  counter: optNum,
  sub: optArr,
})

export const OutcomeSchema = z.looseObject({
  oc_group_name: optStr,
  oc_name: optStr,
  /** Odds: an outcome whose odds are missing or unusable is kept, shown as not bettable (see outcomeOf). */
  oc_rate: optNum,
  oc_size: optSize,
  oc_pointer: optStr,
  oc_block: optBool,
  op_id: optNum,
})

export const MarketSchema = z.looseObject({
  group_id: idNum,
  group_name: optStr,
  columns: optNum,
  oc_list: optArr,
})

export const StatItemSchema = z.looseObject({
  id: optNum,
  name: optStr,
  opp1: optStr,
  opp2: optStr,
})

export const SubGameSchema = z.looseObject({
  game_id: optNum,
  game_num: optNum,
  game_name: optStr,
})

export const EventPlanItemSchema = z.looseObject({
  opp_1_name: optStr,
  opp_2_name: optStr,
  opp_1_id: optNum,
  opp_2_id: optNum,
  opp_1_country_id: optNum,
  opp_2_country_id: optNum,
  opp_1_icon: optStr,
  opp_2_icon: optStr,
  opp_1_date: optNum,
  opp_2_date: optNum,
  game_start: optNum,
})

const idList = optArr

export const MatchSchema = z.looseObject({
  game_id: idNum,
  game_mid: optNum,
  game_num: optNum,
  game_start: optNum,
  game_dop_name: optStr,
  game_desk: optStr,
  sport_id: optNum,
  sport_name: optStr,
  country_id: optNum,
  country_name: optStr,
  tournament_id: optNum,
  tournament_name: optStr,
  opp_1_name: optStr,
  opp_2_name: optStr,
  opp_1_id: optNum,
  opp_2_id: optNum,
  opp_1_ids: idList,
  opp_2_ids: idList,
  opp_1_icon: optStr,
  opp_2_icon: optStr,
  timer: optNum,
  score_full: liveText,
  score_period: liveText,
  score_extra: liveText,
  period_name: liveText,
  extra_time: liveText,
  finale: optBool,
  pitch: liveText,
  stat_list: optArr,
  sub_games: optArr,
  event_plan: optArr,
  game_oc_counter: optNum,
  /** Kept as unknown: absent (odds=false) must stay distinguishable from an empty list. */
  game_oc_list: rawValue,
  va: optNum,
  vi: liveText,
  zp: optNum,
})

export const EventsTournamentSchema = z.looseObject({
  tournament_id: idNum,
  tournament_name: optStr,
  events_list: optArr,
})

export const ChampionshipSchema = z.looseObject({
  position: optNum,
  tournament_id: idNum,
  tournament_name: optStr,
  sport_id: optNum,
  sport_name: optStr,
  country_id: optNum,
  country_name: optStr,
  counter: optNum,
})

/** `event` for an id that left the line: `status` 1 and a body with a text `message`. */
export const GoneBodySchema = z.looseObject({ message: z.string() })

/** Fields of a schema that normalisation consumes; everything else goes to `extra`. */
export function knownKeys(schema: { shape: Record<string, unknown> }): Set<string> {
  return new Set(Object.keys(schema.shape))
}

/** Fields the spec names as reserved / not integration fields: not modelled, kept in `extra`. */
export const RESERVED_MATCH_FIELDS = ['sgame_id', 'stat_id', 'stat_list_extra', 'game_plan'] as const
