import { afterEach, describe, expect, it, vi } from 'vitest'
import fc from 'fast-check'
import { flushPromises } from '@vue/test-utils'
import ExposureTable from '@renderer/components/ExposureTable.vue'
import { exposureOf, matchKeyOf, outcomeKeyOf, potentialOf } from '@renderer/composables/exposure.js'
import { exposureColumns, exposureRows } from '@renderer/composables/figures-export.js'
import { toCsv } from '@renderer/composables/csv.js'
import { createDeskI18n } from '@renderer/i18n/index.js'
import Papa from 'papaparse'
import type { CouponDto } from '../../src-shared/contract.js'
import { namedBet, namedCoupon } from './coupon-fixtures.js'
import { installFakeDesk } from './fake-desk.js'
import { freshPinia, mountWithApp } from './mount.js'

/** A bet on match `game` (1..4), outcome `pick` (1..3), open unless `settled`. */
const betOn = (game: number, pick: number, settled = false, id = `${game}-${pick}`) =>
  namedBet({ id, gameId: 100 + game, opp1: `Home ${game}`, opp2: `Away ${game}`, pointer: `line#${100 + game}#1#${pick}#0#2.5`, outcomeName: `Pick ${pick}`, status: settled ? 1 : 0, eventDate: 1_800_000_000_000 + game * 60_000 })
const coupon = (code: string, bets: ReturnType<typeof namedBet>[], cents: number, coef: number, withPotential: boolean): CouponDto =>
  namedCoupon(bets, { couponCode: code, amount: cents / 100, coef, potentialWin: withPotential ? Math.round(cents * coef) / 100 : null, status: 0, realWin: null })

const legs = fc.uniqueArray(fc.record({ game: fc.integer({ min: 1, max: 4 }), pick: fc.integer({ min: 1, max: 3 }), settled: fc.boolean() }), { minLength: 1, maxLength: 3, selector: (l) => l.game })
const couponsArb = fc.array(fc.record({ legs, cents: fc.integer({ min: 1, max: 1_000_000 }), coef: fc.integer({ min: 101, max: 2000 }), withPotential: fc.boolean() }), { maxLength: 25 })
  .map((list) => list.map((c, i) => coupon(`C${i}`, c.legs.map((l) => betOn(l.game, l.pick, l.settled, `${i}-${l.game}`)), c.cents, c.coef / 100, c.withPotential)))

const cents = (n: number) => Math.round(n * 100) + 0
const openBets = (c: CouponDto) => c.bets.filter((b) => b.status === 0)

describe('exposure grouping (property)', () => {
  it('totals count each coupon with an open bet once; a match or outcome sums every coupon open on it, accumulators included', () => {
    fc.assert(
      fc.property(couponsArb, (coupons) => {
        const s = exposureOf(coupons)
        const live = coupons.filter((c) => openBets(c).length > 0)
        expect(s.coupons).toBe(live.length)
        expect(cents(s.stake)).toBe(live.reduce((sum, c) => sum + cents(c.amount!), 0))
        expect(cents(s.potential)).toBe(live.reduce((sum, c) => sum + cents(potentialOf(c)), 0))
        for (const m of s.matches) {
          const on = live.filter((c) => openBets(c).some((b) => matchKeyOf(b) === m.key))
          expect(m.codes.sort()).toEqual(on.map((c) => c.couponCode).sort())
          expect(cents(m.stake)).toBe(on.reduce((sum, c) => sum + cents(c.amount!), 0))
          expect(cents(m.potential)).toBe(on.reduce((sum, c) => sum + cents(potentialOf(c)), 0))
          expect(m.accumulators).toBe(on.filter((c) => c.bets.length > 1).length)
          // One bet per match in a coupon: the outcomes of a match split its coupons without overlap.
          expect(m.outcomes.reduce((sum, o) => sum + cents(o.stake), 0)).toBe(cents(m.stake))
          for (const o of m.outcomes) {
            const onOutcome = live.filter((c) => openBets(c).some((b) => outcomeKeyOf(b) === o.key))
            expect(cents(o.potential)).toBe(onOutcome.reduce((sum, c) => sum + cents(potentialOf(c)), 0))
          }
        }
        // Singles only: the matches split the totals; accumulators count against each of their open matches.
        const byMatch = s.matches.reduce((sum, m) => sum + cents(m.stake), 0)
        const expected = live.reduce((sum, c) => sum + cents(c.amount!) * openBets(c).length, 0)
        expect(byMatch).toBe(expected)
        // Largest potential payout first.
        for (let i = 1; i < s.matches.length; i++) expect(s.matches[i - 1]!.potential).toBeGreaterThanOrEqual(s.matches[i]!.potential)
      }),
    )
  })

  it('a settled leg no longer counts against its match; odds moves do not split an outcome', () => {
    const acc = coupon('ACC', [betOn(1, 1, true), betOn(2, 1)], 1000, 4, true)
    const single = coupon('S1', [namedBet({ ...betOn(2, 1), pointer: 'line#102#1#1#0#2.9' })], 500, 2.9, false)
    const s = exposureOf([acc, single])
    expect(s.matches.map((m) => m.gameId)).toEqual([102])
    expect(s.matches[0]!.outcomes).toHaveLength(1)
    expect(s.matches[0]).toMatchObject({ stake: 15, potential: 54.5, codes: ['ACC', 'S1'], accumulators: 1 })
  })
})

describe('exposure CSV', () => {
  it('a row per match then one per outcome, figures as numbers, names kept as text (a formula stays text)', () => {
    const t = createDeskI18n().global.t as never
    const s = exposureOf([
      coupon('A1', [namedBet({ ...betOn(1, 1), opp1: '=cmd()' })], 1000, 1.5, true),
      coupon('A2', [namedBet({ ...betOn(1, 2), opp1: '=cmd()' })], 2000, 1.2, true),
      coupon('B1', [betOn(2, 1)], 500, 10, true),
    ])
    const text = toCsv(exposureColumns(t, (ms) => String(ms)), exposureRows(s.matches))
    const [header, ...rows] = Papa.parse<string[]>(text.trim()).data
    expect(header).toContain('Potential payout')
    // Match B (potential 50.00) and its outcome, then match A (39.00) and its two outcomes, largest first.
    expect(rows.map((r) => `${r[0]} ${r[10]}`)).toEqual(['match 50', 'outcome 50', 'match 39', 'outcome 24', 'outcome 15'])
    expect(rows.map((r) => r[11])).toEqual(['B1', 'B1', 'A1 A2', 'A2', 'A1'])
    expect(rows[2]![1]).toBe("'=cmd() – Away 1")
    expect(rows[3]![7]).toBe('Match Result · Pick 2')
  })
})

describe('ExposureTable', () => {
  afterEach(() => {
    document.body.innerHTML = ''
  })

  async function mounted(coupons: CouponDto[]) {
    installFakeDesk({})
    const { wrapper, router } = await mountWithApp(ExposureTable, freshPinia(), { props: { summary: exposureOf(coupons) } })
    await flushPromises()
    return { wrapper, router }
  }

  it('lists matches largest potential payout first, sorts by stake with its header button, opens outcomes and links to their coupons', async () => {
    const { wrapper, router } = await mounted([
      coupon('A1', [betOn(1, 1)], 1000, 1.5, true),
      coupon('A2', [betOn(1, 2)], 2000, 1.2, true),
      coupon('B1', [betOn(2, 1)], 500, 10, true),
      coupon('ACC', [betOn(1, 1, false, 'x1'), betOn(3, 3, false, 'x3')], 100, 3, true),
    ])
    const games = () => wrapper.findAll('[data-testid="exposure-match"]').map((r) => r.attributes('data-game'))
    // Potential: match 1 = 15 + 24 + 3 = 42, match 2 = 50, match 3 = 3.
    expect(games()).toEqual(['102', '101', '103'])
    const stakeSort = wrapper.find('[data-testid="exposure-sort-stake"]')
    await stakeSort.trigger('click')
    expect(games()).toEqual(['101', '102', '103'])
    expect(stakeSort.element.closest('th')!.getAttribute('aria-sort')).toBe('descending')
    await stakeSort.trigger('click')
    expect(games()).toEqual(['103', '102', '101'])

    const first = wrapper.findAll('[data-testid="exposure-match"]').find((r) => r.attributes('data-game') === '101')!
    const toggle = first.find('[data-testid="exposure-toggle"]')
    expect(toggle.attributes('aria-expanded')).toBe('false')
    await toggle.trigger('click')
    expect(toggle.attributes('aria-expanded')).toBe('true')
    const outcomes = wrapper.findAll('[data-testid="exposure-outcome"]')
    expect(outcomes.map((o) => Number(o.attributes('data-potential')))).toEqual([24, 18])
    expect(outcomes[1]!.text()).toContain('Match Result · Pick 1')

    expect(first.find('[data-testid="exposure-match-link"]').attributes('href')).toContain('/coupons?codes=A1,A2,ACC')
    await outcomes[1]!.find('a').trigger('click')
    await vi.waitFor(() => expect(router.currentRoute.value.path).toBe('/coupons'), { timeout: 5000 })
    expect(String(router.currentRoute.value.query.codes).split(',').sort()).toEqual(['A1', 'ACC'])
    wrapper.unmount()
  }, 20_000)
})
