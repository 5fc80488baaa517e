import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { callbackPayloadSchema, MAX_COUPONS_PER_BATCH } from '../../../src-main/core/callbacks/index.js'
import { plainPayload } from '../../../src-main/core/callbacks/schema.js'
import { hostileJson, mutated, nonFiniteNumbers } from '../feed/json-fuzz.js'

/**
 * Issue 8 item 6 for settlement callbacks: any JSON value in any field of a `coupons.settled`
 * payload is either accepted (every money field a finite number) or refused with a clear issue
 * (path + message) — parsing never throws.
 */
const bet = {
  uuid: 'b-1',
  status: 1,
  calculate_coefficient: 1.85,
  calculate_date: 1_790_000_000,
  calculate_score: '2:1',
  settlement_reason_code: 0,
  settlement_reason: '',
  timer: 0,
}
const coupon = {
  coupon_code: 'C-1',
  status: 2,
  realWin: 185,
  calculate_coefficient: 1.85,
  potential_win: 185,
  calculate_date: 1_790_000_000,
  events_data: [bet, { ...bet, uuid: 'b-2', status: 3 }],
}
const payload = { event: 'coupons.settled', batchId: 'batch-1', clientId: 42, couponCount: 2, coupons: [coupon, { ...coupon, coupon_code: 'C-2', status: 4, realWin: 0 }] }

const RUNS = { numRuns: Number(process.env.CALLBACK_FUZZ_RUNS ?? 500) }

function check(value: unknown): void {
  let result: ReturnType<typeof callbackPayloadSchema.safeParse> | undefined
  expect(() => {
    result = callbackPayloadSchema.safeParse(value)
  }).not.toThrow()
  if (!result) return
  if (result.success) {
    const p = result.data
    // Numeric equality: JSON's -0 is a count of zero, as the schema's own check says.
    expect(p.couponCount === p.coupons.length, `couponCount ${p.couponCount} for ${p.coupons.length} coupons`).toBe(true)
    expect(p.coupons.length).toBeLessThanOrEqual(MAX_COUPONS_PER_BATCH)
    for (const c of p.coupons) {
      // Money and odds: finite or absent, never Infinity/NaN (a 400-digit number parses as Infinity).
      expect(nonFiniteNumbers({ realWin: c.realWin, real_win: c.real_win, k: c.calculate_coefficient, pw: c.potential_win, d: c.calculate_date, s: c.status })).toEqual([])
      expect(typeof c.coupon_code).toBe('string')
      for (const b of c.events_data ?? []) expect(nonFiniteNumbers({ s: b.status, k: b.calculate_coefficient, d: b.calculate_date })).toEqual([])
    }
  } else {
    expect(result.error.issues.length).toBeGreaterThan(0)
    for (const issue of result.error.issues) {
      expect(typeof issue.message).toBe('string')
      expect(issue.message.length).toBeGreaterThan(0)
      expect(Array.isArray(issue.path)).toBe(true)
    }
  }
}

describe('callback payload parsing never throws on hostile JSON', () => {
  it('the template itself is accepted', () => {
    expect(callbackPayloadSchema.safeParse(payload).success).toBe(true)
  })

  it('any value in any field (payload, coupons, bets)', () => {
    fc.assert(fc.property(mutated(payload), check), RUNS)
  })

  it('a whole payload of any JSON value', () => {
    fc.assert(fc.property(hostileJson, check), RUNS)
  })

  it('any JSON text the listener could read', () => {
    fc.assert(
      fc.property(fc.oneof(fc.json(), mutated(payload).map((v) => JSON.stringify(v))), (text) => {
        check(JSON.parse(text))
      }),
      RUNS,
    )
  })

  it('a payout of 400 digits is refused with its path, not taken as Infinity', () => {
    const text = JSON.stringify(payload).replace('"realWin":185', `"realWin":${'9'.repeat(400)}`)
    const result = callbackPayloadSchema.safeParse(JSON.parse(text))
    expect(result.success).toBe(false)
    if (!result.success) expect(result.error.issues[0].path).toEqual(['coupons', 0, 'realWin'])
  })
})

const ownProto = (v: unknown): boolean =>
  typeof v === 'object' && v !== null && (Object.hasOwn(v, '__proto__') || Object.values(v).some(ownProto))

/**
 * The listener's hand check and the schema: what the hand check accepts the schema accepts as the same
 * value; what it leaves to the schema is what the schema refuses (or an own "__proto__" key, copied by
 * the schema its own way).
 */
function sameVerdict(value: unknown): void {
  const schema = callbackPayloadSchema.safeParse(value)
  const plain = plainPayload(value)
  if (plain !== null) {
    expect(schema.success).toBe(true)
    expect(plain).toEqual(schema.data)
  } else if (!ownProto(value)) expect(schema.success).toBe(false)
}

describe('the hand check of a payload agrees with the schema', () => {
  it('the template, and any value in any field', () => {
    sameVerdict(payload)
    fc.assert(fc.property(mutated(payload), sameVerdict), RUNS)
  })

  it('a whole payload of any JSON value, and any JSON text', () => {
    fc.assert(fc.property(hostileJson, sameVerdict), RUNS)
    fc.assert(fc.property(fc.oneof(fc.json(), mutated(payload).map((v) => JSON.stringify(v))), (text) => sameVerdict(JSON.parse(text))), RUNS)
  })

  it('the edges: lengths, counts, integers past 2^53, an empty coupon list', () => {
    const c = payload.coupons[0]
    for (const v of [
      { ...payload, batchId: '' }, { ...payload, batchId: 'b'.repeat(256) }, { ...payload, batchId: 'b'.repeat(257) },
      { ...payload, couponCount: 0, coupons: [] }, { ...payload, couponCount: 3 }, { ...payload, couponCount: -0, coupons: [] },
      { ...payload, couponCount: 101, coupons: Array.from({ length: 101 }, () => c) }, { ...payload, couponCount: 100, coupons: Array.from({ length: 100 }, () => c) },
      { ...payload, couponCount: 1, coupons: [{ ...c, coupon_code: 'x'.repeat(65) }] }, { ...payload, couponCount: 1, coupons: [{ ...c, coupon_code: 'x'.repeat(64) }] },
      { ...payload, couponCount: 1, coupons: [{ ...c, status: 2 ** 53 }] }, { ...payload, couponCount: 1, coupons: [{ ...c, calculate_date: 1.5 }] },
      { ...payload, couponCount: 1, coupons: [{ ...c, events_data: [{ ...bet, uuid: null }] }] }, { ...payload, couponCount: 1, coupons: [{ ...c, events_data: null }] },
      { ...payload, clientId: null }, { ...payload, clientId: true }, { ...payload, event: 'coupons.other' }, [payload], null,
    ]) sameVerdict(v)
  })
})
