import { describe, expect, it } from 'vitest'
import { canonicalPointer, parsePointer, pointerFromFeed } from '../../../src-main/core/coupons/pointer.js'
import { chunk, clampCalculatedMinutes, mapLimit, splitPeriod, uniqueBy, MAX_PERIOD_MS } from '../../../src-main/core/coupons/windows.js'

describe('parsePointer', () => {
  it('accepts #, | and mixed separators with the same meaning', () => {
    const a = parsePointer('line#123#1#2#0#1.85')
    const b = parsePointer('line|123|1|2|0|1.85')
    const c = parsePointer('line#123|1|2|0#1.85')
    expect(a).toMatchObject({ lineType: 'line', gameId: 123, groupId: 1, typeId: 2, param: '0', coef: 1.85, playerId: null })
    expect(canonicalPointer(b!)).toBe(canonicalPointer(a!))
    expect(canonicalPointer(c!)).toBe(canonicalPointer(a!))
  })
  it('accepts a player id and a negative parameter', () => {
    expect(parsePointer('live#9#17#3#-150#2#4411')).toMatchObject({ param: '-150', playerId: 4411, coef: 2 })
  })
  it.each(['0', '1.5', '-1.25', '28.25', '3.001', '350.075', '1.0E-4', '+2', '2.50', '1e3'])('keeps the parameter text %j verbatim', (param) => {
    const p = parsePointer(`line#746037229#2#7#${param}#1.9`)
    expect(p?.param).toBe(param)
    expect(canonicalPointer(p!)).toBe(`line#746037229#2#7#${param}`)
    expect(canonicalPointer(p!, true)).toBe(`line#746037229#2#7#${param}#1.9`)
  })
  it('tells parameters apart by their text (2.5 and 2.50 are different pointers)', () => {
    expect(canonicalPointer(parsePointer('line#1#2#7#2.5#1.9')!)).not.toBe(canonicalPointer(parsePointer('line#1#2#7#2.50#1.9')!))
  })
  it.each([
    '', 'line#123#1#2#0', 'line#123#1#2#0#1.85#7#8', 'line#abc#1#2#0#1.85', 'line#123#1#2#0#0', 'line#123#1#2#0#-1.5',
    '#123#1#2#0#1.85', 'line#123#1#2#0#1.85 ', 'line#0#1#2#0#1.85', 'line##1#2#0#1.85',
    'line#123#1#2#1.#1.85', 'line#123#1#2#.5#1.85', 'line#123#1#2#1,5#1.85', 'line#123#1#2#1.5E#1.85', 'line#123#1#2#NaN#1.85',
    'line#123#1#2#Infinity#1.85', 'line#123#1#2# 1.5#1.85', 'line#123#1#2#0x10#1.85', 'line#123#1#2#--1#1.85',
  ])('rejects %j', (p) => {
    expect(parsePointer(p)).toBeNull()
  })
  it('rejects non-strings', () => {
    expect(parsePointer(42)).toBeNull()
    expect(parsePointer(null)).toBeNull()
  })
  it('builds a pointer from a feed oc_pointer', () => {
    expect(pointerFromFeed('line', '5|1|3|-250', 1.9)).toBe('line#5#1#3#-250#1.9')
    expect(pointerFromFeed('line', '746037229|2|7|1.0E-4', 1.85)).toBe('line#746037229#2#7#1.0E-4#1.85')
    expect(pointerFromFeed('live', '5|1|3|-1.25', 1.23456789)).toBe('live#5#1#3#-1.25#1.234568')
    expect(pointerFromFeed('live', '5|1|3|0', 0.0000001 + 1)).toBe('live#5#1#3#0#1')
    expect(parsePointer(pointerFromFeed('live', '5|1|3|0', 2.1, 77))?.playerId).toBe(77)
  })
})

describe('chunking and windows', () => {
  it('chunks 250 codes into 100/100/50', () => {
    const codes = Array.from({ length: 250 }, (_, i) => String(i))
    expect(chunk(codes, 100).map((c) => c.length)).toEqual([100, 100, 50])
    expect(chunk([], 100)).toEqual([])
    expect(() => chunk(codes, 0)).toThrow()
  })
  it('splits 60 h into three ≤ 24 h windows that cover the range', () => {
    const h = 3600_000
    const w = splitPeriod(0, 60 * h)
    expect(w).toEqual([{ start: 0, end: 24 * h }, { start: 24 * h, end: 48 * h }, { start: 48 * h, end: 60 * h }])
    expect(w.every((x) => x.end - x.start <= MAX_PERIOD_MS && x.end > x.start)).toBe(true)
    expect(splitPeriod(5, 6)).toEqual([{ start: 5, end: 6 }])
    expect(splitPeriod(0, 24 * h)).toHaveLength(1)
    expect(splitPeriod(0, 24 * h + 1)).toHaveLength(2)
  })
  it('refuses empty or reversed periods', () => {
    expect(() => splitPeriod(10, 10)).toThrow(RangeError)
    expect(() => splitPeriod(10, 5)).toThrow(RangeError)
    expect(() => splitPeriod(Number.NaN, 5)).toThrow(RangeError)
  })
  it('clamps calculated minutes like the spec', () => {
    expect(clampCalculatedMinutes()).toBe(5)
    expect(clampCalculatedMinutes(0)).toBe(5)
    expect(clampCalculatedMinutes(-3)).toBe(5)
    expect(clampCalculatedMinutes(Number.NaN)).toBe(5)
    expect(clampCalculatedMinutes(60)).toBe(60)
    expect(clampCalculatedMinutes(120)).toBe(120)
    expect(clampCalculatedMinutes(121)).toBe(120)
    expect(clampCalculatedMinutes(1.2)).toBe(2)
  })
  it('uniqueBy keeps the first occurrence in order', () => {
    expect(uniqueBy(['b', 'a', 'b', 'c', 'a'], (x) => x)).toEqual(['b', 'a', 'c'])
  })
  it('mapLimit keeps order and never exceeds the limit', async () => {
    let inFlight = 0
    let peak = 0
    const out = await mapLimit([5, 1, 3, 2, 4], 2, async (x) => {
      inFlight++
      peak = Math.max(peak, inFlight)
      await new Promise((r) => setTimeout(r, x))
      inFlight--
      return x * 10
    })
    expect(out).toEqual([50, 10, 30, 20, 40])
    expect(peak).toBe(2)
  })
})
