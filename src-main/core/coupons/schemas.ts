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

export const newBetSchema = z.looseObject({
  id: z.union([z.number(), z.string()]),
  game_id: z.number(),
  status: z.number().int(),
  coef: nullableNumber,
  original_coef: nullableNumber,
  calculate_coef: nullableNumber,
  calculate_date: nullableInt,
  event_date: nullableInt,
  raw_pointer: nullableString,
  line_type: z.union([z.string(), z.number()]).nullish(),
  is_live: z.union([z.boolean(), z.number()]).nullish(),
  settlement_reason_code: reasonCode,
  settlement_reason: nullableString,
})

export const newCouponSchema = z.looseObject({
  coupon_code: couponCode,
  amount: z.number(),
  coef: z.number(),
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
