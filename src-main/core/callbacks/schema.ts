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

// An own "__proto__" (JSON.parse makes one) is left to the schema, which copies objects its own way.
const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v) && !Object.hasOwn(v, '__proto__')
const isNum = (v: unknown) => typeof v === 'number' && Number.isFinite(v)
const isInt = (v: unknown) => Number.isSafeInteger(v)
const orNone = (v: unknown, check: (v: unknown) => boolean) => v === undefined || v === null || check(v)
const isStr = (v: unknown) => typeof v === 'string'

function plainBet(b: unknown): boolean {
  return (
    isObject(b) && isInt(b.status) &&
    (b.uuid === undefined || isStr(b.uuid) || isNum(b.uuid)) && (b.id === undefined || isStr(b.id) || isNum(b.id)) &&
    orNone(b.calculate_coefficient, isNum) && orNone(b.calculate_date, isInt) && orNone(b.calculate_score, isStr) &&
    orNone(b.settlement_reason_code, (v) => isNum(v) || isStr(v)) && orNone(b.settlement_reason, isStr)
  )
}

function plainCoupon(c: unknown): boolean {
  if (!isObject(c) || !isInt(c.status)) return false
  const code = c.coupon_code
  if (typeof code !== 'string' || code.length < 1 || code.length > 64) return false
  if (!orNone(c.realWin, isNum) || !orNone(c.real_win, isNum) || !orNone(c.calculate_coefficient, isNum) || !orNone(c.potential_win, isNum)) return false
  if (!orNone(c.calculate_date, isInt)) return false
  return c.events_data === undefined || (Array.isArray(c.events_data) && c.events_data.every(plainBet))
}

/**
 * The same rules as `callbackPayloadSchema`, checked by hand on a parsed JSON value: the payload
 * itself when it passes, else null (the schema then says why). A property test holds the two to the
 * same verdicts; this one costs a fraction of the schema's time on the listener's path.
 */
export function plainPayload(json: unknown): CallbackPayload | null {
  if (!isObject(json) || json.event !== 'coupons.settled') return null
  const { batchId, couponCount, coupons } = json
  if (typeof batchId !== 'string' || batchId.length < 1 || batchId.length > 256) return null
  if (!orNone(json.clientId, (v) => isNum(v) || isStr(v))) return null
  if (!isInt(couponCount) || (couponCount as number) < 0) return null
  if (!Array.isArray(coupons) || coupons.length > MAX_COUPONS_PER_BATCH || couponCount !== coupons.length) return null
  return coupons.every(plainCoupon) ? (json as CallbackPayload) : null
}
