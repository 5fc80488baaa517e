import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { kyivDay } from '@renderer/composables/calendar.js'
import { formatDateTime, formatStart, formatTime } from '@renderer/composables/format.js'

/** Europe/Kyiv moves its clocks at 01:00 UTC on the last Sunday of March (03:00 → 04:00) and of October (04:00 → 03:00). */
const at = (iso: string) => Date.parse(iso)

describe('Kyiv days across the clock changes', () => {
  it('spring forward (29 March 2026): midnight is at 22:00 UTC before, 21:00 UTC after', () => {
    expect(kyivDay(at('2026-03-28T21:59:59Z'), 0)).toEqual({ iso: '2026-03-28', label: 'Sat 28 Mar' })
    expect(kyivDay(at('2026-03-28T22:00:00Z'), 0)).toEqual({ iso: '2026-03-29', label: 'Sun 29 Mar' })
    expect(kyivDay(at('2026-03-29T20:59:59Z'), 0).iso).toBe('2026-03-29')
    expect(kyivDay(at('2026-03-29T21:00:00Z'), 0)).toEqual({ iso: '2026-03-30', label: 'Mon 30 Mar' })
    // 00:30 on the 23-hour day, moved by whole days either way.
    for (const [offset, iso] of [[0, '2026-03-29'], [1, '2026-03-30'], [5, '2026-04-03']] as const) expect(kyivDay(at('2026-03-28T22:30:00Z'), offset).iso).toBe(iso)
    expect(kyivDay(at('2026-03-27T22:30:00Z'), 2)).toEqual({ iso: '2026-03-30', label: 'Mon 30 Mar' })
  })

  it('fall back (25 October 2026): midnight is at 21:00 UTC before, 22:00 UTC after', () => {
    expect(kyivDay(at('2026-10-24T20:59:59Z'), 0).iso).toBe('2026-10-24')
    expect(kyivDay(at('2026-10-24T21:00:00Z'), 0)).toEqual({ iso: '2026-10-25', label: 'Sun 25 Oct' })
    expect(kyivDay(at('2026-10-25T21:59:59Z'), 0).iso).toBe('2026-10-25')
    expect(kyivDay(at('2026-10-25T22:00:00Z'), 0)).toEqual({ iso: '2026-10-26', label: 'Mon 26 Oct' })
    // 23:30 on the 25-hour day is still that day, and tomorrow is the 26th.
    expect(kyivDay(at('2026-10-25T21:30:00Z'), 1)).toEqual({ iso: '2026-10-26', label: 'Mon 26 Oct' })
    expect(kyivDay(at('2026-10-24T21:30:00Z'), 5).iso).toBe('2026-10-30')
  })

  it('across a year end', () => {
    expect(kyivDay(at('2026-12-31T22:30:00Z'), 0)).toEqual({ iso: '2027-01-01', label: 'Fri 1 Jan' })
    expect(kyivDay(at('2026-12-28T12:00:00Z'), 5).iso).toBe('2027-01-02')
  })
})

describe('date and time formatting', () => {
  it('UTC: fixed patterns, no dependence on the machine zone', () => {
    const ms = at('2026-03-29T00:59:59.900Z')
    expect(formatDateTime(ms, 'utc')).toBe('2026-03-29 00:59:59Z')
    expect(formatTime(ms, 'utc')).toBe('00:59:59')
    expect(formatStart(ms, 'utc')).toBe('03-29 00:59')
    expect(formatDateTime(at('2026-01-05T07:08:09Z'), 'utc')).toBe('2026-01-05 07:08:09Z')
  })

  it('no value, or not a finite time: a dash; a start at or before the epoch too', () => {
    for (const value of [null, undefined, Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(formatDateTime(value, 'utc')).toBe('—')
      expect(formatTime(value, 'local')).toBe('—')
      expect(formatStart(value, 'utc')).toBe('—')
    }
    expect(formatStart(0, 'utc')).toBe('—')
    expect(formatDateTime(0, 'utc')).toBe('1970-01-01 00:00:00Z')
  })

  describe('local time on a machine in Kyiv', () => {
    let saved: string | undefined
    beforeEach(() => {
      saved = process.env.TZ
      process.env.TZ = 'Europe/Kyiv'
    })
    afterEach(() => {
      if (saved === undefined) delete process.env.TZ
      else process.env.TZ = saved
    })

    it('the spring hour that does not exist is skipped', () => {
      expect(formatDateTime(at('2026-03-29T00:59:59Z'), 'local')).toBe('2026-03-29 02:59:59')
      expect(formatDateTime(at('2026-03-29T01:00:00Z'), 'local')).toBe('2026-03-29 04:00:00')
      expect(formatStart(at('2026-03-29T01:00:00Z'), 'local')).toBe('03-29 04:00')
    })

    it('the autumn hour is shown twice', () => {
      expect(formatTime(at('2026-10-25T00:30:00Z'), 'local')).toBe('03:30:00')
      expect(formatTime(at('2026-10-25T01:30:00Z'), 'local')).toBe('03:30:00')
      expect(formatDateTime(at('2026-10-25T21:59:59Z'), 'local')).toBe('2026-10-25 23:59:59')
      expect(formatDateTime(at('2026-10-25T22:00:00Z'), 'local')).toBe('2026-10-26 00:00:00')
    })
  })
})
