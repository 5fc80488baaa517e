import { describe, expect, it } from 'vitest'
import { nextTick } from 'vue'
import CouponDetail from '@renderer/components/CouponDetail.vue'
import PlacementResult from '@renderer/components/PlacementResult.vue'
import { installFakeDesk } from './fake-desk.js'
import { freshPinia, mountWithApp } from './mount.js'
import { namedBet, namedCoupon } from './coupon-fixtures.js'

const $ = (sel: string) => Array.from(document.body.querySelectorAll<HTMLElement>(sel))
const parts = (row: HTMLElement, part: string) => Array.from(row.querySelectorAll<HTMLElement>(`[data-part="${part}"]`)).map((e) => e.textContent)
const settle = async () => {
  for (let i = 0; i < 5; i++) await nextTick()
}

describe('CouponDetail: what was bet', () => {
  // Mounts the whole drawer with three bet rows: seconds on a busy machine.
  it('shows per bet teams, tournament, market, outcome with parameter, odds, vendor status, scores and reason', { timeout: 20_000 }, async () => {
    installFakeDesk()
    const pinia = freshPinia()
    const handicap = namedBet({ id: '2', lineType: 'live', status: 22, marketName: 'Handicap', outcomeName: 'First Team', param: '-1.25', coef: 2.1, settlementCoef: 0.5, placementScore: '1:0', placementScorePeriods: '1:0', calculationScore: '2:2', settlementReasonCode: 'REMOTE_WIN', settlementReason: null })
    const unknown = namedBet({ id: '3', status: 55, opp1: null, opp2: null, tournamentName: null, sportName: null, marketName: null, outcomeName: null, param: null, calculationScore: null, settlementReasonCode: 'BRAND_NEW', settlementReason: null, mainGameId: 737779500 })
    const { wrapper } = await mountWithApp(CouponDetail, pinia, { props: { coupon: namedCoupon([namedBet(), handicap, unknown]) } })
    await settle()
    const rows = $('[data-testid="bet-row"]')
    expect(rows.map((r) => r.dataset.bet)).toEqual(['84521', '2', '3'])

    expect(parts(rows[0]!, 'teams')).toEqual(['Team A – Team B'])
    expect(parts(rows[0]!, 'tournament')).toEqual(['Football · National League'])
    expect(parts(rows[0]!, 'market')).toEqual(['Match Result'])
    expect(parts(rows[0]!, 'outcome')).toEqual(['First Team to Win'])
    expect(parts(rows[0]!, 'settlement-score')).toEqual(['at settlement 2:1'])
    expect(parts(rows[0]!, 'placement-score')).toEqual([])
    expect(parts(rows[0]!, 'reason-code')).toEqual(['AUTOMATIC_SETTLEMENT'])
    expect(parts(rows[0]!, 'reason')).toEqual(['Calculated automatically'])
    expect(rows[0]!.querySelector('[data-testid="coupon-status"]')!.textContent).toBe('won')
    expect(rows[0]!.textContent).toContain('1.85')
    expect(rows[0]!.textContent).toContain('×1.85')

    expect(parts(rows[1]!, 'outcome')).toEqual(['First Team (-1.25)'])
    expect(parts(rows[1]!, 'placement-score')).toEqual(['at acceptance 1:0 (1:0)'])
    expect(parts(rows[1]!, 'settlement-score')).toEqual(['at settlement 2:2'])
    expect(rows[1]!.querySelector('[data-testid="coupon-status"]')!.textContent).toBe('half lost')
    expect(rows[1]!.textContent).toContain('×0.5')

    const raw = rows[2]!.querySelector<HTMLElement>('[data-testid="coupon-status"]')!
    expect(raw.textContent).toBe('status 55')
    expect(raw.dataset.known).toBe('false')
    expect(parts(rows[2]!, 'teams')).toEqual(['Game 737779544'])
    expect(rows[2]!.textContent).toContain('Sub-match of 737779500')
    expect(parts(rows[2]!, 'reason-code')).toEqual(['BRAND_NEW'])
    expect($('[data-testid="coupon-detail"]')[0]!.textContent).toContain('won')
    wrapper.unmount()
  })

  it('a long name is cut with an ellipsis, never shortened: full text in the DOM, on hover and on keyboard focus', async () => {
    installFakeDesk()
    const pinia = freshPinia()
    const long = 'Borussia Mönchengladbach Amateure und Jugendmannschaft U23 (Reserves) – Real Sociedad de Fútbol B (Sanse)'
    const [teamA, teamB] = long.split(' – ')
    const { wrapper } = await mountWithApp(CouponDetail, pinia, { props: { coupon: namedCoupon([namedBet({ opp1: teamA!, opp2: teamB! })]) } })
    await settle()
    const cell = $('[data-part="teams"]')[0]!
    expect(cell.textContent).toBe(long)
    expect(cell.getAttribute('aria-label')).toBe(long)
    expect(cell.classList.contains('coupon-ellipsis')).toBe(true)
    // Fits: no tab stop, no tooltip.
    expect(cell.hasAttribute('tabindex')).toBe(false)
    cell.dispatchEvent(new Event('mouseenter'))
    await settle()
    expect(document.body.textContent!.split(long).length - 1).toBe(1)
    // Cut (what layout reports when the column is narrower than the text): focusable, tooltip with the full text.
    Object.defineProperty(cell, 'scrollWidth', { configurable: true, value: 900 })
    Object.defineProperty(cell, 'clientWidth', { configurable: true, value: 200 })
    cell.dispatchEvent(new Event('focus'))
    await settle()
    expect(cell.getAttribute('tabindex')).toBe('0')
    expect(document.body.textContent!.split(long).length - 1).toBe(2)
    wrapper.unmount()
  })
})

describe('PlacementResult: what the created coupon is on', () => {
  it('lists each bet with teams, market, outcome and odds', async () => {
    installFakeDesk()
    const pinia = freshPinia()
    const result = { outcome: 'placed' as const, coupons: [namedCoupon([namedBet({ status: 0 }), namedBet({ id: '2', outcomeName: 'Over', marketName: 'Total', param: '2.5', coef: 1.64 })], { status: 0 })] }
    const { wrapper } = await mountWithApp(PlacementResult, pinia, { props: { result, resolution: null, resolving: false } })
    expect(wrapper.findAll('[data-testid="placed-bet"]').map((b) => b.text())).toEqual([
      'Team A – Team B · Match Result: First Team to Win @ 1.85',
      'Team A – Team B · Total: Over (2.5) @ 1.64',
    ])
    expect(wrapper.find('[data-testid="coupon-status"]').text()).toBe('open')
    wrapper.unmount()
  })
})
