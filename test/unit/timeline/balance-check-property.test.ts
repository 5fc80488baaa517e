import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { checkBalance, type MoneyMove, type ServiceCoupon } from '../../../src-main/core/timeline/index.js'

const cents = fc.integer({ min: -50_000, max: 50_000 }).map((c) => c / 100)
const ANCHOR = 1_000_000
const READ = 2_000_000
const time = fc.integer({ min: 0, max: 3_000_000 })
const move: fc.Arbitrary<MoneyMove> = fc
  .record({ service: fc.option(cents, { nil: null, freq: 8 }), serviceAt: time, entryId: fc.nat() })
  .map((m): MoneyMove => ({ ...m, couponCode: null }))
const sum = (xs: number[]) => Math.round(xs.reduce((a, b) => a + b, 0) * 100) / 100

describe('balance check arithmetic (property)', () => {
  it('expected = anchor + the known movements between anchor and read; difference = read − expected', () => {
    fc.assert(
      fc.property(cents, cents, fc.array(move, { maxLength: 40 }), (anchor, read, moves) => {
        const check = checkBalance({ anchor: { balance: anchor, serverAt: ANCHOR }, read: { balance: read, serverAt: READ }, moves, unknownPlacements: [], service: null, held: () => null, openCodes: [] })
        const inWindow = moves.filter((m) => m.serviceAt > ANCHOR && m.serviceAt <= READ)
        expect(check.expected).toBeCloseTo(sum([anchor, ...inWindow.map((m) => m.service ?? 0)]), 6)
        expect(check.difference).toBeCloseTo(read - check.expected, 6)
        expect(check.counted).toBe(inWindow.length)
        expect(check.reasons.filter((r) => r.kind === 'figure_unknown')).toHaveLength(inWindow.filter((m) => m.service === null).length)
        expect(check.agrees).toBe(Math.abs(check.difference) < 0.005)
      }),
    )
  })

  it('a service the history has not fully heard from: every hidden movement is named, and nothing is left unexplained', () => {
    const hidden = fc.record({ amount: fc.integer({ min: 1, max: 10_000 }).map((c) => c / 100), realWin: fc.integer({ min: 0, max: 30_000 }).map((c) => c / 100), createdAt: time, calculateDate: time, held: fc.constantFrom('none', 'open') })
    fc.assert(
      fc.property(cents, fc.array(move.filter((m) => m.service !== null), { maxLength: 20 }), fc.array(hidden, { maxLength: 8 }), (anchor, moves, coupons) => {
        const calculated: ServiceCoupon[] = coupons.map((c, i) => ({ code: `c${i}`, amount: c.amount, realWin: c.realWin, status: 2, createdAt: c.createdAt, calculateDate: c.calculateDate }))
        const win = (t: number) => t > ANCHOR && t <= READ
        // What the service did that the history did not hear of: stakes of coupons it has no entry for, payouts not taken in.
        const unseen = coupons.map((c) => (c.held === 'none' && win(c.createdAt) ? -c.amount : 0) + (win(c.calculateDate) ? c.realWin : 0))
        const known = moves.filter((m) => win(m.serviceAt)).map((m) => m.service ?? 0)
        const read = sum([anchor, ...known, ...unseen])
        const check = checkBalance({
          anchor: { balance: anchor, serverAt: ANCHOR },
          read: { balance: read, serverAt: READ },
          moves,
          unknownPlacements: [],
          service: { active: [], calculated },
          held: (code) => (coupons[Number(code.slice(1))].held === 'none' ? null : { settled: false, open: true }),
          openCodes: [],
        })
        expect(check.difference).toBeCloseTo(sum(unseen), 6)
        expect(check.unexplained).toBeCloseTo(0, 6)
        for (const [i, amount] of unseen.entries()) {
          if (Math.abs(amount) >= 0.005) expect(check.reasons.some((r) => r.couponCode === `c${i}`)).toBe(true)
        }
      }),
    )
  })

  it('a movement the history knew before a read was taken counts for that read, whatever the two clocks say', () => {
    fc.assert(
      fc.property(cents.filter((c) => Math.abs(c) >= 0.01), fc.integer({ min: -999, max: 5000 }), (amount, skew) => {
        // Written at local 1500 (after the anchor read at 1000, before the read at 2000); its service time off by `skew`, still after the anchor's.
        const moves: MoneyMove[] = [{ entryId: 1, couponCode: null, service: amount, serviceAt: 2000 + skew, writtenAt: 1500 }]
        const check = checkBalance({
          anchor: { balance: 100, serverAt: 1000, at: 1000 },
          read: { balance: sum([100, amount]), serverAt: 2000, at: 2000 },
          moves, unknownPlacements: [], service: null, held: () => null, openCodes: [],
        })
        expect(check.agrees).toBe(true)
        expect(check.counted).toBe(1)
        // Known before the anchor read: already in the anchor.
        const old = checkBalance({ anchor: { balance: 100, serverAt: 1000, at: 1000 }, read: { balance: 100, serverAt: 2000, at: 2000 }, moves: [{ ...moves[0], writtenAt: 900, serviceAt: 1200 + skew }], unknownPlacements: [], service: null, held: () => null, openCodes: [] })
        expect(old.counted).toBe(0)
      }),
    )
  })
})
