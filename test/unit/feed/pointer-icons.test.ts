import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { buildCouponPointer, countryIconUrl, normaliseEvent, parseOcPointer, POINTER_PARAM, sportIconUrl, teamIconUrl, tournamentIconUrl } from '../../../src-main/core/feed/index.js'
import { eventBody } from './fixtures.js'

function outcomes() {
  const result = normaliseEvent(eventBody(), 'live', 7001)
  if (result.kind !== 'match') throw new Error('expected a match')
  return result.match.markets!.flatMap((m) => m.outcomes)
}

describe('buildCouponPointer', () => {
  it('builds line_type#game#group#type#param#coef from the feed outcome', () => {
    const [over] = outcomes()
    expect(buildCouponPointer(over, 'live')).toBe('live#7001#2#9#250#1.9')
    expect(buildCouponPointer(over, 'line', 2.05)).toBe('line#7001#2#9#250#2.05')
  })

  it('appends the player id for player outcomes', () => {
    const player = outcomes().find((o) => o.op_id !== null)!
    expect(buildCouponPointer(player, 'live')).toBe('live#7001#30#1#0#3.1#555')
  })

  it('refuses an outcome without a valid oc_pointer or a bad coefficient', () => {
    const [over] = outcomes()
    expect(() => buildCouponPointer({ ...over, oc_pointer: null }, 'live')).toThrow(/oc_pointer/)
    expect(() => buildCouponPointer(over, 'live', 0)).toThrow(/coefficient/)
    expect(() => buildCouponPointer(over, 'prematch' as never)).toThrow(/line type/)
  })

  it('refuses a pointer text that is not game|group|type|param (hand-built outcomes)', () => {
    const [over] = outcomes()
    for (const param of ['', '1,5', ' 2', 'NaN', '1e']) expect(() => buildCouponPointer({ ...over, oc_pointer: `7001|2|9|${param}` }, 'live')).toThrow(/oc_pointer/)
    for (const pointer of ['7001|2|9', '7001|2|9|1|1', '7001||9|1', 'x|2|9|1', '']) expect(() => buildCouponPointer({ ...over, oc_pointer: pointer }, 'live')).toThrow(/oc_pointer/)
  })

  it('property: any parameter text the feed may send reaches the coupon pointer unchanged; the coefficient has ≤ 6 decimals and no exponent', () => {
    const digits = fc.stringMatching(/^[0-9]{1,6}$/)
    const param = fc
      .tuple(fc.constantFrom('', '-', '+'), digits, fc.option(digits, { nil: undefined }), fc.option(fc.tuple(fc.constantFrom('e', 'E'), fc.constantFrom('', '-', '+'), fc.stringMatching(/^[0-9]{1,2}$/)), { nil: undefined }))
      .map(([sign, int, frac, exp]) => `${sign}${int}${frac !== undefined ? `.${frac}` : ''}${exp ? exp.join('') : ''}`)
    const id = fc.integer({ min: 0, max: 2_000_000_000 })
    fc.assert(
      fc.property(id, id, id, param, fc.double({ min: 1.0001, max: 1000, noNaN: true }), fc.option(fc.integer({ min: 1, max: 1e9 }), { nil: null }), (game, group, type, text, rate, player) => {
        expect(POINTER_PARAM.test(text)).toBe(true)
        const raw = `${game}|${group}|${type}|${text}`
        const pointer = parseOcPointer(raw)
        expect(pointer).toEqual({ raw, gameId: game, groupId: group, typeId: type, param: text })
        const coupon = buildCouponPointer({ oc_pointer: raw, oc_rate: rate, op_id: player }, 'line').split('#')
        expect(coupon.slice(0, 5)).toEqual(['line', String(game), String(group), String(type), text])
        expect(coupon[5]).toMatch(/^\d+(\.\d{1,6})?$/)
        expect(Math.abs(Number(coupon[5]) - rate)).toBeLessThanOrEqual(5e-7)
        expect(coupon[6]).toBe(player === null ? undefined : String(player))
      }),
    )
  })

  it('never prints an exponent or long float tail', () => {
    const [over] = outcomes()
    expect(buildCouponPointer(over, 'live', 0.1 + 1.2)).toBe('live#7001#2#9#250#1.3')
  })
})

describe('icon URLs', () => {
  const cdn = 'http://cdn.example/'
  it('builds sport, country, tournament icons from ids', () => {
    expect(sportIconUrl(cdn, 1)).toBe('http://cdn.example/sports/v1/color/1.webp')
    expect(countryIconUrl(cdn, 10)).toBe('http://cdn.example/flags/v1/color/10.webp')
    expect(tournamentIconUrl(cdn, 100)).toBe('http://cdn.example/tournaments/v1/color/100.webp')
    expect(sportIconUrl(cdn, null)).toBeNull()
    expect(countryIconUrl(cdn, 0)).toBeNull()
  })

  it('team icon drops the original extension; empty names give null', () => {
    expect(teamIconUrl(cdn, 'arsenal.png')).toBe('http://cdn.example/opp/v1/color/arsenal.webp')
    expect(teamIconUrl(cdn, 'team_42')).toBe('http://cdn.example/opp/v1/color/team_42.webp')
    expect(teamIconUrl(cdn, 'my team.final.jpg')).toBe('http://cdn.example/opp/v1/color/my%20team.final.webp')
    expect(teamIconUrl(cdn, '')).toBeNull()
    expect(teamIconUrl(cdn, '   ')).toBeNull()
    expect(teamIconUrl(cdn, null)).toBeNull()
    expect(teamIconUrl(cdn, '../../etc/passwd.png')).toBe('http://cdn.example/opp/v1/color/passwd.webp')
  })
})
