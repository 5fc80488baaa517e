import { createHmac } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { classifyResponse, sign } from '../../../src-main/core/simulator/coupons/callbacks.js'
import { parseSimPointer } from '../../../src-main/core/simulator/coupons/pointer.js'
import { calculatedMinutes, DAY_MS, legacyWindow, parsePlacement } from '../../../src-main/core/simulator/coupons/requests.js'
import { multiplier } from '../../../src-main/core/simulator/coupons/settlement.js'
import { createCouponStore } from '../../../src-main/core/simulator/coupons/store.js'
import { newFail, newOk, legacyOk, NO_BODY } from '../../../src-main/core/simulator/coupons/envelope.js'
import { createSimClock } from '../../../src-main/core/simulator/clock.js'

describe('sim pointer parsing', () => {
  it('accepts #, | and mixed separators and the optional player id', () => {
    const a = parseSimPointer('line#101#1#1#0#1.85')
    const b = parseSimPointer('line|101|1|1|0|1.85')
    const c = parseSimPointer('live#101|17|9|2.5#2.1#777')
    expect(a).toMatchObject({ lineType: 'line', gameId: 101, groupId: 1, typeId: 1, param: '0', coef: 1.85, playerId: null })
    expect(b).toMatchObject({ lineType: 'line', gameId: 101, coef: 1.85 })
    expect(c).toMatchObject({ lineType: 'live', gameId: 101, groupId: 17, typeId: 9, param: '2.5', coef: 2.1, playerId: 777 })
  })
  it('keeps the parameter text verbatim (production spellings: decimals, signs, encoded scores, exponents)', () => {
    for (const param of ['0', '1.5', '-1.25', '+0.5', '28.25', '3.001', '350.075', '1.0E-4', '2e3', '-150'])
      expect(parseSimPointer(`line#5#2#7#${param}#1.9`)?.param, param).toBe(param)
    expect(parseSimPointer('live#738917381#119#5869#0.5#3.6#149439538')).toMatchObject({ param: '0.5', coef: 3.6, playerId: 149439538 })
  })
  it('rejects malformed pointers', () => {
    for (const bad of ['', 'line#101#1#1#0', 'prematch#101#1#1#0#1.8', 'line#abc#1#1#0#1.8', 'line#101#1#1#0#x', 'line#101#1#1#0#0', 'line#0#1#1#0#1.5', 'line#1#1#1#0#1.5#7#8', 'line#1#1#1#1.#1.5', 'line#1#1#1#.5#1.5', 'line#1#1#1#1,5#1.5', 'line#1#1#1#1.5e#1.5', 'line#1#1#1#0#1e2', 42, null])
      expect(parseSimPointer(bad), String(bad)).toBeNull()
  })
})

describe('placement request parsing', () => {
  const ok = { list_bets: ['line#1#1#1#0#1.5'], amount: 10 }
  it('defaults lang en, multi false, mode reject, mode_type 3 (higher and lower) on the new route', () => {
    const r = parsePlacement(ok, false)
    expect(r.ok && r.input).toMatchObject({ lang: 'en', multi: false, mode: 'reject', modeType: 3, callbackUrl: '' })
  })
  it('maps each failure to its kind', () => {
    expect(parsePlacement(undefined, false)).toMatchObject({ ok: false, kind: 'missing' })
    expect(parsePlacement({ amount: 10 }, false)).toMatchObject({ ok: false, kind: 'missing' })
    expect(parsePlacement({ ...ok, list_bets: 'x' }, false)).toMatchObject({ ok: false, kind: 'type' })
    expect(parsePlacement({ ...ok, multi: 'yes' }, false)).toMatchObject({ ok: false, kind: 'type' })
    expect(parsePlacement({ ...ok, list_bets: ['nope'] }, false)).toMatchObject({ ok: false, kind: 'format' })
    expect(parsePlacement({ ...ok, amount: 0 }, false)).toMatchObject({ ok: false, kind: 'amount' })
    expect(parsePlacement({ ...ok, amount: '10' }, false)).toMatchObject({ ok: false, kind: 'amount' })
    expect(parsePlacement({ ...ok, mode: 'maybe' }, false)).toMatchObject({ ok: false, kind: 'value' })
    expect(parsePlacement({ ...ok, mode_type: 4 }, false)).toMatchObject({ ok: false, kind: 'value' })
  })
  it('requires lang, mode and multi on the legacy route', () => {
    expect(parsePlacement(ok, true)).toMatchObject({ ok: false, kind: 'missing' })
    expect(parsePlacement({ ...ok, lang: 'en', mode: 'reject', multi: false }, true).ok).toBe(true)
  })
})

describe('windows', () => {
  const now = 10 * DAY_MS
  it('legacy list defaults', () => {
    expect(legacyWindow(now, null, null)).toEqual({ start: now - DAY_MS, end: now })
    expect(legacyWindow(now, '1000', null)).toEqual({ start: 1000, end: 1000 + DAY_MS })
    expect(legacyWindow(now, null, String(DAY_MS * 2))).toEqual({ start: DAY_MS, end: DAY_MS * 2 })
    expect(legacyWindow(now, '2000', '1000')).toBeNull()
    expect(legacyWindow(now, '0', String(DAY_MS + 1))).toBeNull()
    expect(legacyWindow(now, 'abc', null)).toBeNull()
  })
  it('calculated time window', () => {
    expect(calculatedMinutes(null)).toBe(5)
    expect(calculatedMinutes('0')).toBe(5)
    expect(calculatedMinutes('-3')).toBe(5)
    expect(calculatedMinutes('60')).toBe(60)
    expect(calculatedMinutes('500')).toBe(120)
    expect(calculatedMinutes('1.5')).toBeNull()
  })
})

describe('settlement maths and codes', () => {
  it('multipliers', () => {
    expect(multiplier('win', 2.5)).toBe(2.5)
    expect(multiplier('lose', 2.5)).toBe(0)
    expect(multiplier('return', 2.5)).toBe(1)
    expect(multiplier('push', 2.5)).toBe(1)
    expect(multiplier('half_win', 2.5)).toBe(1.75)
    expect(multiplier('half_lose', 2.5)).toBe(0.5)
  })
  it('coupon codes are 12-digit strings with leading zeros, distinct from the id', () => {
    const store = createCouponStore()
    const codes = [1, 2, 3].map((id) => store.codeFor(id))
    for (const [i, c] of codes.entries()) {
      expect(c).toMatch(/^0\d{11}$/)
      expect(c).not.toBe(String(i + 1))
    }
    expect(new Set(codes).size).toBe(3)
  })
})

describe('callback signing and partner response table', () => {
  it('signs the exact body bytes with HMAC-SHA256', () => {
    const body = Buffer.from('{"a":1}')
    expect(sign('s3cret', body)).toBe('sha256=' + createHmac('sha256', 's3cret').update(body).digest('hex'))
    expect(sign('s3cret', body)).toMatch(/^sha256=[0-9a-f]{64}$/)
  })
  it('classifies partner answers', () => {
    expect(classifyResponse(200, '', 2).kind).toBe('ok')
    expect(classifyResponse(200, '{"success":true,"processed":2}', 2).kind).toBe('ok')
    expect(classifyResponse(200, '{"success":true,"processed":1}', 2).kind).toBe('final')
    expect(classifyResponse(200, '{"success":false,"processed":2}', 2).kind).toBe('final')
    for (const s of [401, 403, 201, 202, 204, 404]) expect(classifyResponse(s, '', 1).kind).toBe('final')
    for (const s of [500, 502, 503, 504]) expect(classifyResponse(s, '', 1).kind).toBe('temporary')
  })
})

describe('envelopes', () => {
  it('new envelope has seven fields, legacy five', () => {
    const clock = createSimClock({ tickMs: 0, startMs: 1_000_000 })
    const ok = newOk({ clock, startedAt: performance.now(), path: '/api/partner/balance' }, { balance: 1 }).body as Record<string, unknown>
    expect(Object.keys(ok).sort()).toEqual(['body', 'code', 'date', 'error_code', 'error_message', 'path', 'time_ms'])
    expect(ok).toMatchObject({ code: 1, error_code: null, path: '/api/partner/balance' })
    const fail = newFail({ clock, startedAt: performance.now(), path: '/x' }, 471, 'Coupon not found').body
    expect(fail).toMatchObject({ code: 0, error_code: 471, body: null })
    // Production's 507: no `body` key at all.
    const noBody = newFail({ clock, startedAt: performance.now(), path: '/x' }, 507, 'Insufficient balance', NO_BODY).body as object
    expect(Object.keys(noBody)).toEqual(['code', 'error_code', 'error_message', 'date', 'time_ms', 'path'])
    expect(Object.keys(legacyOk(clock, []).body as object).sort()).toEqual(['body', 'code', 'date', 'error_code', 'error_message'])
    clock.stop()
  })
})
