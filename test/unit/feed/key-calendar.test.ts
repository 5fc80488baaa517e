import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  calendarSegments,
  calendarWindow,
  FEED_LANGUAGE_CODES,
  isFeedLanguageCode,
  keyExpiryWarning,
  normaliseAccount,
  parseKeyExpires,
} from '../../../src-main/core/feed/index.js'
import { feedCapture, HAVE_FEED_CAPTURES, SKIP_MESSAGE } from './captures.js'

const H = 3_600_000
const DAY = 24 * H

describe('X-Key-Expires', () => {
  it('reads ISO-8601 UTC with or without milliseconds', () => {
    expect(parseKeyExpires('2026-11-03T14:34:23.479Z')).toBe(Date.UTC(2026, 10, 3, 14, 34, 23, 479))
    expect(parseKeyExpires('2026-11-03T14:34:23Z')).toBe(Date.UTC(2026, 10, 3, 14, 34, 23))
    expect(parseKeyExpires('2026-11-03T14:34:23.4Z')).toBe(Date.UTC(2026, 10, 3, 14, 34, 23, 400))
    expect(parseKeyExpires('2026-11-03T14:34:23.123456Z')).toBe(Date.UTC(2026, 10, 3, 14, 34, 23, 123))
    expect(parseKeyExpires('2026-11-03T14:34:23+00:00')).toBe(Date.UTC(2026, 10, 3, 14, 34, 23))
  })

  it('ignores what is not an ISO UTC time', () => {
    for (const v of ['', 'never', '2026-11-03', '2026-11-03 14:34:23Z', '2026-11-03T14:34:23', '2026-11-03T14:34:23+02:00', '2026-02-30T00:00:00Z', '2026-11-03T25:00:00Z', '1793716463479', null, undefined]) {
      expect(parseKeyExpires(v), String(v)).toBeNull()
    }
  })

  it('round-trips every instant written by toISOString', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 4_102_444_800_000 }), (ms) => {
        expect(parseKeyExpires(new Date(ms).toISOString())).toBe(ms)
      }),
    )
  })

  it('warns a configurable number of days before, and after expiry', () => {
    const now = Date.UTC(2026, 9, 1)
    expect(keyExpiryWarning(now + 30 * DAY, now)).toBe('ok')
    expect(keyExpiryWarning(now + 7 * DAY + 1, now)).toBe('ok')
    expect(keyExpiryWarning(now + 7 * DAY, now)).toBe('soon')
    expect(keyExpiryWarning(now + 1, now)).toBe('soon')
    expect(keyExpiryWarning(now, now)).toBe('expired')
    expect(keyExpiryWarning(now - DAY, now)).toBe('expired')
    expect(keyExpiryWarning(now + 10 * DAY, now, 14)).toBe('soon')
    expect(keyExpiryWarning(now + 1, now, 0)).toBe('ok')
    expect(keyExpiryWarning(null, now)).toBe('ok')
  })
})

describe('calendar periods and windows (Europe/Kyiv days)', () => {
  it('maps periods to the {hours}/{days} segments and refuses the rest', () => {
    expect(calendarSegments({ hours: 2 })).toEqual({ hours: 2, days: 0 })
    expect(calendarSegments({ hours: 12 })).toEqual({ hours: 12, days: 0 })
    expect(calendarSegments({ day: 0 })).toEqual({ hours: 0, days: 0 })
    expect(calendarSegments({ day: 5 })).toEqual({ hours: 0, days: 5 })
    for (const bad of [{ hours: 3 }, { hours: 0 }, { day: 6 }, { day: -1 }, { day: 1.5 }, { hours: 2, day: 1 }, {}, null, 'h2']) {
      expect(() => calendarSegments(bad), JSON.stringify(bad)).toThrow(/calendar period/)
    }
  })

  it('hours: now .. now + N hours', () => {
    const now = Date.UTC(2026, 5, 10, 21, 15)
    expect(calendarWindow({ hours: 6 }, now)).toEqual({ fromMs: now, toMs: now + 6 * H })
  })

  it('day 0 is the rest of the Kyiv day; day N the whole Kyiv day N days ahead', () => {
    // 21:15 UTC on 10 June = 00:15 Kyiv on 11 June (UTC+3 in summer)
    const now = Date.UTC(2026, 5, 10, 21, 15)
    expect(calendarWindow({ day: 0 }, now)).toEqual({ fromMs: now, toMs: Date.UTC(2026, 5, 11, 21) })
    expect(calendarWindow({ day: 1 }, now)).toEqual({ fromMs: Date.UTC(2026, 5, 11, 21), toMs: Date.UTC(2026, 5, 12, 21) })
    // winter: UTC+2
    const winter = Date.UTC(2026, 0, 15, 12)
    expect(calendarWindow({ day: 5 }, winter)).toEqual({ fromMs: Date.UTC(2026, 0, 19, 22), toMs: Date.UTC(2026, 0, 20, 22) })
  })

  it('clock-change days last 23 and 25 hours', () => {
    const beforeSpring = Date.UTC(2026, 2, 28, 12) // Saturday 28 March; Kyiv moves to summer time on 29 March
    const spring = calendarWindow({ day: 1 }, beforeSpring)
    expect(spring.toMs - spring.fromMs).toBe(23 * H)
    const beforeAutumn = Date.UTC(2026, 9, 24, 12) // back to winter time on 25 October
    const autumn = calendarWindow({ day: 1 }, beforeAutumn)
    expect(autumn.toMs - autumn.fromMs).toBe(25 * H)
  })

  it('day windows follow each other without gaps for any now', () => {
    fc.assert(
      fc.property(fc.integer({ min: Date.UTC(2024, 0, 1), max: Date.UTC(2030, 0, 1) }), (now) => {
        let previous = calendarWindow({ day: 0 }, now)
        expect(previous.fromMs).toBe(now)
        expect(previous.toMs).toBeGreaterThan(now)
        expect(previous.toMs - now).toBeLessThanOrEqual(25 * H)
        for (const day of [1, 2, 3, 4, 5] as const) {
          const w = calendarWindow({ day }, now)
          expect(w.fromMs).toBe(previous.toMs)
          expect([23 * H, 24 * H, 25 * H]).toContain(w.toMs - w.fromMs)
          previous = w
        }
      }),
    )
  })
})

describe('languages', () => {
  it("the vendor's 69 codes, with its non-ISO ones", () => {
    expect(FEED_LANGUAGE_CODES).toHaveLength(69)
    expect(new Set(FEED_LANGUAGE_CODES).size).toBe(69)
    for (const code of ['ua', 'cn', 'br', 'al', 'en', 'ru']) expect(isFeedLanguageCode(code)).toBe(true)
    for (const code of ['uk', 'zh', 'EN', '', 7]) expect(isFeedLanguageCode(code)).toBe(false)
  })
})

describe.skipIf(!HAVE_FEED_CAPTURES)(`account${HAVE_FEED_CAPTURES ? '' : ` (${SKIP_MESSAGE})`}`, () => {
  it('the real account answer, every field in camelCase', () => {
    const account = normaliseAccount(feedCapture('account.json').body)
    expect(account.warnings).toEqual([])
    expect(account.client).toEqual({ publicId: 'f47ad380-39e2-4549-ac76-aa422df628ea', name: 'Example' })
    expect(account.yourIp).toBe('203.0.113.7')
    expect(account.keys).toHaveLength(1)
    const [key] = account.keys
    expect(key).toMatchObject({
      key: '…c55f',
      current: true,
      type: 'test',
      status: 'active',
      label: 'demo 12 days',
      startsAtMs: null,
      expiresAtMs: Date.UTC(2026, 10, 3, 14, 34, 23, 479),
      daysLeft: 30,
      active: true,
      sports: 'all',
      languages: ['ru', 'en'],
      lastUsedAtMs: Date.UTC(2026, 9, 4, 15, 20, 7, 843),
      accessMode: 'enforce',
      allowedIps: ['203.0.113.7', '198.51.100.0/24'],
      allowedDomains: ['example.com', '*.example.com'],
      extra: {},
    })
    expect(key.usage7d).toHaveLength(7)
    expect(key.usage7d.at(-1)).toEqual({ date: '2026-10-04', requests: 7 })
  })
})

describe('account tolerance', () => {
  it('nulls and missing fields default; wrong types are reported; sport ids are numbers', () => {
    const account = normaliseAccount({
      client: null,
      keys: [
        { key: '…0001', sports: [1, '3'], languages: null, usage_7d: null, allowed_ips: null, starts_at: null, expires_at: 'soon', days_left: null, new_field: 1 },
        { key: '…0002', sports: 'some', languages: ['en', 5] },
        { label: 'no key' },
      ],
    })
    expect(account.client).toEqual({ publicId: null, name: null })
    expect(account.yourIp).toBeNull()
    expect(account.keys.map((k) => k.key)).toEqual(['…0001', '…0002'])
    expect(account.keys[0]).toMatchObject({ sports: [1, 3], languages: [], usage7d: [], allowedIps: [], expiresAtMs: null, daysLeft: null, current: false, extra: { new_field: 1 } })
    expect(account.keys[1]).toMatchObject({ sports: null, languages: ['en'] })
    expect(account.warnings.map((w) => w.path)).toEqual(['body.keys[0].expires_at', 'body.keys[1].sports', 'body.keys[1].languages[1]', 'body.keys[2]'])
    expect(() => normaliseAccount([])).toThrow(/object body/)
  })
})
