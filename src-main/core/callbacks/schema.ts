import { z } from 'zod'

/** Max coupon snapshots per batch (spec Limits). */
export const MAX_COUPONS_PER_BATCH = 100

const reasonCode = z.union([z.number(), z.string()]).nullish()

/**
 * A bet of a settlement snapshot: `uuid` is the string bet id; unknown statuses and codes pass as they
 * are. `calculate_score` is "" when there is none; `timer` is kept raw whatever its type.
 */
export const callbackBetSchema = z.looseObject({
  uuid: z.union([z.string(), z.number()]).optional(),
  id: z.union([z.string(), z.number()]).optional(),
  status: z.number().int(),
  calculate_coefficient: z.number().nullish(),
  calculate_date: z.number().int().nullish(),
  calculate_score: z.string().nullish(),
  settlement_reason_code: reasonCode,
  settlement_reason: z.string().nullish(),
})

/**
 * Coupon snapshot: only what the timeline needs is checked; every other field is kept raw. The payout
 * is `realWin` (camelCase, 0 while intermediate); `real_win` is still accepted from older senders.
 */
export const callbackCouponSchema = z.looseObject({
  coupon_code: z.string().min(1).max(64),
  status: z.number().int(),
  realWin: z.number().nullish(),
  real_win: z.number().nullish(),
  calculate_coefficient: z.number().nullish(),
  potential_win: z.number().nullish(),
  calculate_date: z.number().int().nullish(),
  events_data: z.array(callbackBetSchema).optional(),
})

export const callbackPayloadSchema = z
  .looseObject({
    event: z.literal('coupons.settled'),
    batchId: z.string().min(1).max(256),
    clientId: z.union([z.number(), z.string()]).nullish(),
    couponCount: z.number().int().nonnegative(),
    coupons: z.array(callbackCouponSchema).max(MAX_COUPONS_PER_BATCH),
  })
  .refine((p) => p.couponCount === p.coupons.length, { message: 'couponCount does not match coupons', path: ['couponCount'] })

export type CallbackPayload = z.infer<typeof callbackPayloadSchema>
export type CallbackCoupon = z.infer<typeof callbackCouponSchema>
