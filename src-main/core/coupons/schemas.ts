import { z } from 'zod'

/** Wire schemas. Objects are loose (unknown fields kept); only what the client relies on is required. */
const nullableInt = z.number().int().nullish()
const nullableNumber = z.number().nullish()
const nullableString = z.string().nullish()

export const envelopeSchema = z.looseObject({
  code: z.number().int(),
  body: z.unknown().optional(),
  error_code: nullableInt,
  error_message: nullableString,
  date: z.number().nullish(),
  time_ms: z.number().nullish(),
  path: nullableString,
})
export type WireEnvelope = z.infer<typeof envelopeSchema>

/** `coupon_code` is a string on the wire; a number is accepted and turned into a string. */
const couponCode = z.union([z.string().min(1), z.number().int().nonnegative().transform((n) => String(n))])
const reasonCode = z.union([z.number(), z.string()]).nullish()

/**
 * Display fields (names, scores, ids of teams and tournaments): a value of an unexpected type
 * becomes null instead of failing the whole coupon; only what identifies a bet or moves money is strict.
 */
const soft = <T extends z.ZodType>(schema: T) => schema.nullish().catch(null)
const softString = soft(z.string())
const softNumber = soft(z.number())
/** Text that some senders may write as a number (e.g. the parameter `rate`); the text form is kept. */
const softText = soft(z.union([z.string(), z.number().transform((n) => String(n))]))
const softId = soft(z.union([z.number(), z.string()]))
/** Period scores: text (`2:0;1:0`) or, from a sender that lists them, an array joined with `;`. */
const softPeriods = soft(z.union([z.string(), z.array(z.union([z.string(), z.number()])).transform((a) => a.join(';'))]))

export const newBetSchema = z.looseObject({
  id: z.union([z.number(), z.string()]),
  game_id: z.number(),
  status: z.number().int(),
  coef: nullableNumber,
  original_coef: nullableNumber,
  /** Real answers: `calc_coef` on bets; `calculate_coef` is the spec's (older) reading. */
  calc_coef: nullableNumber,
  calculate_coef: nullableNumber,
  calculate_date: nullableInt,
  event_date: nullableInt,
  raw_pointer: nullableString,
  line_type: z.union([z.string(), z.number()]).nullish(),
  is_live: z.union([z.boolean(), z.number()]).nullish(),
  settlement_reason_code: reasonCode,
  settlement_reason: nullableString,
  main_game_id: softNumber,
  is_sub_game: soft(z.union([z.boolean(), z.number()])),
  parent_game_id: softNumber,
  sub_game_key: softText,
  bet_group_id: softNumber,
  bet_group_name: softString,
  bet_id: softNumber,
  bet_name: softString,
  rate: softText,
  sport_id: softNumber,
  sport_name: softString,
  tournament_id: softNumber,
  tournament: softString,
  opp1: softString,
  opp2: softString,
  team1_id: softId,
  team2_id: softId,
  placement_score_full: softString,
  placement_score_periods: softPeriods,
  calculation_score_full: softString,
  calculation_score_periods: softPeriods,
  calculate_score: softString,
  timer: softId,
  dop_name: softString,
  bet_score: softString,
})

export const newCouponSchema = z.looseObject({
  coupon_code: couponCode,
  amount: z.number(),
  coef: z.number(),
  win: nullableNumber,
  original_coef: nullableNumber,
  calculate_coef: nullableNumber,
  asian: soft(z.union([z.boolean(), z.number()])),
  potential_win: nullableNumber,
  real_win: nullableNumber,
  status: z.number().int(),
  calculate_date: nullableInt,
  date: nullableInt,
  coupon_type: nullableInt,
  events_count: nullableInt,
  events_data: z.array(newBetSchema),
  has_return: z.union([z.boolean(), z.number()]).nullish(),
  settlement_reason_code: reasonCode,
  settlement_reason: nullableString,
})

export const legacyBetSchema = z.looseObject({
  uuid: z.union([z.string(), z.number().transform((n) => String(n))]),
  game_id: z.number(),
  status: z.number().int(),
  coef: nullableNumber,
  calc_coef: nullableNumber,
  calculate_date: nullableInt,
  event_date: nullableInt,
  settlement_reason_code: reasonCode,
  settlement_reason: nullableString,
})

export const legacyCouponSchema = z.looseObject({
  coupon_code: couponCode,
  amount: z.number(),
  win: nullableNumber,
  coef: z.number(),
  status: z.number().int(),
  calculate_date: nullableInt,
  date: nullableInt,
  coupon_type: nullableInt,
  events_count: nullableInt,
  events_data: z.array(legacyBetSchema),
})

export const changeRecordSchema = z.looseObject({
  game_id: z.number(),
  bet_coefficient: z.number(),
  actual_coefficient: nullableNumber,
  change_type: nullableInt,
  status: z.string(),
})

export const loginBodySchema = z.looseObject({ token: z.string().min(1), username: z.string().nullish() })
export const balanceBodySchema = z.looseObject({ balance: z.number() })
export const placeBodySchema = z.looseObject({ coupons: z.array(z.unknown()) })
export const resultsBodySchema = z.looseObject({ query_type: z.string().nullish(), coupons: z.array(z.unknown()) })
export const couponArraySchema = z.array(z.unknown())
