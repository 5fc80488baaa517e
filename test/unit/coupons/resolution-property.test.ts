import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { toCoupon } from '../../../src-main/core/coupons/model.js'
import { attemptWindow, judgeAttempt, pickOffset } from '../../../src-main/core/coupons/resolution.js'
import { DeskError } from '../../../src-main/core/shared/errors.js'
import type { Coupon, PlacementAttempt } from '../../../src-main/core/coupons/types.js'

/** Issue 8 #4: the judgement of an unknown placement never claims a coupon another placement can explain. */
const p = (game: number) => `line#${game}#1#1#0#1.5`

function coupon(code: string, games: number[], amount: number, createdAt: number): Coupon {
  return toCoupon(
    {
      coupon_code: code, amount, coef: 2, potential_win: amount * 2, real_win: null, status: 0, calculate_date: null, date: createdAt, coupon_type: 1,
      events_count: games.length, events_data: games.map((g, i) => ({ id: i + 1, game_id: g, status: 0, coef: 1.5, raw_pointer: p(g) })),
    },
    'new',
  )
}

const S = 1_000_000
const window = attemptWindow(S, { low: -3, high: 12 }, S + 5_000, 5, 30_000)
const candidateArb = fc.record({
  games: fc.uniqueArray(fc.integer({ min: 1, max: 3 }), { minLength: 1, maxLength: 2 }),
  amount: fc.constantFrom(2, 3),
  createdAt: fc.integer({ min: S - 40, max: S + 6_000 }),
  known: fc.boolean(),
})

describe('judgeAttempt (property)', () => {
  it('placed only when exactly one eligible match per wanted coupon exists, each clearly after the send and not known', () => {
    fc.assert(
      fc.property(fc.array(candidateArb, { maxLength: 8 }), fc.boolean(), fc.uniqueArray(fc.integer({ min: 1, max: 3 }), { minLength: 1, maxLength: 2 }), (raw, multi, games) => {
        const list = raw.map((c, i) => coupon(String(i + 1).padStart(12, '0'), c.games, c.amount, c.createdAt))
        const known = new Set(raw.flatMap((c, i) => (c.known ? [list[i].code] : [])))
        const attempt: PlacementAttempt = { request: { bets: games.map(p), amount: 2, multi }, startedAt: S, endedAt: S + 10, error: new DeskError('coupon_network', 'x') }
        const verdict = judgeAttempt(attempt, list, window, (c) => known.has(c))
        const wanted = multi ? games.map((g) => [g]) : [games]
        const sameGames = (c: Coupon, g: number[]) => c.bets.length === g.length && [...c.bets.map((b) => b.gameId)].sort().join() === [...g].sort().join()
        const eligible = (g: number[]) =>
          list.filter((c) => !known.has(c.code) && c.amount === 2 && c.createdAt! >= window.excludeBefore && c.createdAt! <= window.to && sameGames(c, g))
        const counts = wanted.map((g) => eligible(g).length)
        if (verdict.kind === 'none') expect(counts.every((n) => n === 0)).toBe(true)
        if (verdict.kind === 'placed') {
          expect(counts.every((n) => n === 1)).toBe(true)
          for (const c of verdict.coupons) {
            expect(known.has(c.code)).toBe(false)
            expect(c.createdAt!).toBeGreaterThan(window.clearlyAfter)
          }
        }
        if (verdict.kind === 'ambiguous') expect(verdict.candidates.every((c) => !known.has(c.code) && c.createdAt! >= window.excludeBefore)).toBe(true)
        if (counts.some((n) => n > 1)) expect(verdict).toMatchObject({ kind: 'ambiguous', reasons: expect.arrayContaining(['several_matches']) })
        if (verdict.kind === 'ambiguous') expect(verdict.reasons.length).toBeGreaterThan(0)
      }),
      { numRuns: 500 },
    )
  })
  it('a coupon created before the earliest possible send is never a candidate', () => {
    const attempt: PlacementAttempt = { request: { bets: [p(1)], amount: 2 }, startedAt: S, endedAt: S + 10, error: new DeskError('coupon_network', 'x') }
    expect(judgeAttempt(attempt, [coupon('000000000001', [1], 2, S - 20)], window, () => false)).toEqual({ kind: 'none' })
    expect(judgeAttempt(attempt, [coupon('000000000001', [1], 2, S - 3)], window, () => false)).toMatchObject({ kind: 'ambiguous', reasons: ['borderline_time'] })
    expect(judgeAttempt(attempt, [coupon('000000000001', [1], 2, S + 40)], window, () => false).kind).toBe('placed')
  })
  it('the offset keeps the narrowest consistent sample', () => {
    const a = pickOffset(null, 0, { low: -5, high: 50 }, 0)
    const b = pickOffset(a, 0, { low: -2, high: 8 }, 1)
    expect(b).toEqual({ low: -2, high: 8 })
    expect(pickOffset(b, 1, { low: -9, high: 60 }, 2)).toBe(b)
    expect(pickOffset(b, 1, { low: 500, high: 520 }, 3)).toEqual({ low: 500, high: 520 })
  })
})
