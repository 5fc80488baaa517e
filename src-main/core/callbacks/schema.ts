import { z } from 'zod'

/** Max coupon snapshots per batch (spec Limits). */
export const MAX_COUPONS_PER_BATCH = 100

const reasonCode = z.union([z.number(), z.string()]).nullish()

/** A bet of a settlement snapshot: `uuid` is the string bet id; unknown statuses and codes pass as they are. */
export const callbackBetSchema = z.looseObject({
  uuid: z.union([z.string(), z.number()]).optional(),
  id: z.union([z.string(), z.number()]).optional(),
  status: z.number().int(),
  settlement_reason_code: reasonCode,
  settlement_reason: z.string().nullish(),
})

/** Coupon snapshot: only what the timeline needs is required; every other field is kept raw. */
export const callbackCouponSchema = z.looseObject({
  coupon_code: z.string().min(1).max(64),
  status: z.number().int(),
  real_win: z.number().nullish(),
  potential_win: z.number().nullish(),
  calculate_date: z.number().int().nullish(),
  events_data: z.array(callbackBetSchema).optional(),
})

export const callbackPayloadSchema = z
  .looseObject({
    event: z.literal('coupons.settled'),
    batchId: z.string().min(1).max(256),
    couponCount: z.number().int().nonnegative(),
    coupons: z.array(callbackCouponSchema).max(MAX_COUPONS_PER_BATCH),
  })
  .refine((p) => p.couponCount === p.coupons.length, { message: 'couponCount does not match coupons', path: ['couponCount'] })

export type CallbackPayload = z.infer<typeof callbackPayloadSchema>
