import { describe, expect, it } from 'vitest'
import CouponTable from '@renderer/components/CouponTable.vue'
import type { BetDto, CouponDto } from '../../src-shared/contract.js'
import { namedBet } from './coupon-fixtures.js'
import { installFakeDesk } from './fake-desk.js'
import { freshPinia, mountWithApp } from './mount.js'

function coupon(code: string, status: number, bets: BetDto[] = []): CouponDto {
  return { couponCode: code, amount: 10, coef: 2.5, originalCoef: 2.5, settlementCoef: null, potentialWin: 25, realWin: null, status, createdAt: 0, calculateDate: null, couponType: 1, bets }
}

describe('CouponTable', () => {
  it('shows an unknown status raw and a known one by its name (the renderer names statuses by code)', { timeout: 30_000 }, async () => {
    installFakeDesk()
    const pinia = freshPinia()
    const coupons = [coupon('000000000001', 37), coupon('000000000002', 0), coupon('000000000003', 15)]
    const { wrapper } = await mountWithApp(CouponTable, pinia, { props: { coupons } })

    const rows = wrapper.findAll('[data-testid="coupon-row"]')
    expect(rows.map((r) => r.attributes('data-code'))).toEqual(['000000000001', '000000000002', '000000000003'])
    const status = (i: number) => rows[i]!.find('[data-testid="coupon-status"]')
    expect(status(0).text()).toBe('status 37')
    expect(status(0).attributes('data-known')).toBe('false')
    expect(status(1).text()).toBe('open')
    expect(status(2).text()).toBe('returned for recalculation')
    expect(rows[0]!.text()).toContain('000000000001')
    expect(rows[0]!.text()).toContain('10.00')
    expect(rows[0]!.text()).toContain('2.50')
    wrapper.unmount()
  })

  it('says the coupon type in words (1 single, 2 accumulator, another number raw) and colours won and lost apart', { timeout: 30_000 }, async () => {
    installFakeDesk()
    const typed = (code: string, status: number, couponType: number | null) => ({ ...coupon(code, status), couponType })
    const coupons = [typed('000000000004', 2, 1), typed('000000000005', 4, 2), typed('000000000006', 0, 9)]
    const { wrapper } = await mountWithApp(CouponTable, freshPinia(), { props: { coupons, columns: ['code', 'status', 'type'] } })
    expect(wrapper.findAll('[data-cell="type"]').map((c) => c.text())).toEqual(['Single', 'Accumulator', 'type 9'])
    const tags = wrapper.findAll('[data-testid="coupon-status"]')
    expect(tags[0]!.attributes('data-tone')).toBe('won')
    expect(tags[1]!.attributes('data-tone')).toBe('lost')
    wrapper.unmount()
  })
})

describe('CouponStatusTag for bets', () => {
  it('names known bet statuses and shows unknown ones raw', { timeout: 30_000 }, async () => {
    installFakeDesk()
    const pinia = freshPinia()
    const { default: CouponStatusTag } = await import('@renderer/components/CouponStatusTag.vue')
    const text = async (status: number) => {
      const { wrapper } = await mountWithApp(CouponStatusTag, pinia, { props: { status, kind: 'bet', label: null } })
      const value = wrapper.text()
      wrapper.unmount()
      return value
    }
    expect(await text(0)).toBe('open')
    expect(await text(3)).toBe('returned')
    expect(await text(4)).toBe('recalculation')
    expect(await text(23)).toBe('push')
    expect(await text(21)).toBe('half won')
    expect(await text(5)).toBe('status 5')
  })
})

describe('CouponTable: what was bet and keyboard access', () => {
  it('names every bet (teams, market, outcome with its parameter) and says which match the first is', { timeout: 30_000 }, async () => {
    installFakeDesk()
    const pinia = freshPinia()
    const single = coupon('000000000272', 2, [namedBet()])
    const acca = coupon('000000000273', 0, [namedBet({ id: '1', outcomeName: 'Over', param: '2.5' }), namedBet({ id: '2' }), namedBet({ id: '3' })])
    const { wrapper } = await mountWithApp(CouponTable, pinia, { props: { coupons: [single, acca] } })
    const cells = (id: string) => wrapper.findAll(`[data-cell="${id}"]`).map((w) => w.text())
    expect(cells('teams')).toEqual(['Team A – Team B', 'Team A – Team B; Team A – Team B; Team A – Team B'])
    expect(cells('market')).toEqual(['Match Result', 'Match Result; Match Result; Match Result'])
    expect(cells('outcome')).toEqual(['First Team to Win', 'Over (2.5); First Team to Win; First Team to Win'])
    expect(wrapper.findAll('[data-part="match-id"]').map((w) => w.text())).toEqual(['Prematch · #737779544', 'Prematch · #737779544 +2 more'])
    expect(wrapper.findAll('[data-testid="coupon-status"]').map((s) => s.text())).toEqual(['won', 'open'])
    wrapper.unmount()
  })

  it('rows are focusable and open the coupon on Enter and Space', { timeout: 30_000 }, async () => {
    installFakeDesk()
    const pinia = freshPinia()
    const { wrapper } = await mountWithApp(CouponTable, pinia, { props: { coupons: [coupon('000000000272', 2, [namedBet()])] } })
    const row = wrapper.find('[data-testid="coupon-row"]')
    expect(row.attributes('tabindex')).toBe('0')
    expect(row.attributes('aria-label')).toBe('Open coupon 000000000272')
    await row.trigger('keydown', { key: 'Enter' })
    await row.trigger('keydown', { key: ' ' })
    await row.trigger('keydown', { key: 'a' })
    expect(wrapper.emitted('open')?.map((e) => (e[0] as CouponDto).couponCode)).toEqual(['000000000272', '000000000272'])
    wrapper.unmount()
  })
})
