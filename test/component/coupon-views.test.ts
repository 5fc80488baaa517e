import { describe, expect, it } from 'vitest'
import { flushPromises } from '@vue/test-utils'
import { nextTick } from 'vue'
import CouponTable from '@renderer/components/CouponTable.vue'
import CouponDetail from '@renderer/components/CouponDetail.vue'
import CouponsView from '@renderer/views/CouponsView.vue'
import { codesToAsk, parseCouponCodes } from '@renderer/composables/coupon-codes.js'
import { DEFAULT_CALCULATED_MINUTES, useCouponsStore } from '@renderer/stores/coupons.js'
import { missingKeys } from '@renderer/i18n/index.js'
import type { CouponDto } from '../../src-shared/contract.js'
import { MAX_RESULTS_BY_IDS } from '../../src-shared/vocabulary/limits.js'
import { namedBet, namedCoupon } from './coupon-fixtures.js'
import { installFakeDesk } from './fake-desk.js'
import { freshPinia, mountWithApp } from './mount.js'

const $ = (sel: string, root: ParentNode = document.body) => Array.from(root.querySelectorAll<HTMLElement>(sel))
const partText = (root: ParentNode, name: string) => $(`[data-part="${name}"]`, root).map((e) => e.textContent)
const settle = async () => {
  for (let i = 0; i < 5; i++) await nextTick()
}

/** The same teams twice: prematch #300007072 (starts 2026-07-25 12:30 UTC) and the live match #700000256. */
const prematch = namedBet({ id: '1', gameId: 300007072, lineType: 'line', opp1: 'FC Perm', opp2: 'FC Brno', eventDate: Date.UTC(2026, 6, 25, 12, 30), placementScore: '0:0', status: 0, settlementCoef: null, calculationScore: null, calculateDate: null, settlementReasonCode: null, settlementReason: null })
const live = namedBet({ ...prematch, id: '2', gameId: 700000256, lineType: 'live', placementScore: '1:0', placementScorePeriods: '1:0' })

describe('a bet always says which match', () => {
  it('blotter rows: teams, LIVE or Prematch, match id, start under a header naming the zone', { timeout: 30_000 }, async () => {
    installFakeDesk()
    const coupons = [namedCoupon([prematch], { couponCode: '000000000001', status: 0 }), namedCoupon([live], { couponCode: '000000000002', status: 0 })]
    const columns = ['code', 'created', 'status', 'teams', 'outcome', 'start', 'type'] as const
    const { wrapper } = await mountWithApp(CouponTable, freshPinia(), { props: { coupons, columns } })
    const rows = $('[data-testid="coupon-row"]')
    const cell = (r: HTMLElement, id: string) => r.querySelector(`[data-cell="${id}"]`)?.textContent
    expect(rows.map((r) => `${cell(r, 'teams')} · ${cell(r, 'outcome')}`)).toEqual(['FC Perm – FC Brno · First Team to Win', 'FC Perm – FC Brno · First Team to Win'])
    expect(rows.map((r) => partText(r, 'match-id')[0])).toEqual(['Prematch · #300007072', 'LIVE · #700000256'])
    expect(rows.map((r) => cell(r, 'start'))).toEqual(['2026-07-25 12:30:00', '2026-07-25 12:30:00'])
    expect(rows.map((r) => cell(r, 'type'))).toEqual(['Single', 'Single'])
    expect($('th').map((th) => th.textContent?.trim())).toEqual(expect.arrayContaining(['Created · UTC', 'Match start · UTC']))
    expect(missingKeys).toEqual([])
    wrapper.unmount()
  })

  it('drawer: the same identity per bet; a prematch bet shows no score at acceptance, a live one does', { timeout: 30_000 }, async () => {
    installFakeDesk()
    const { wrapper } = await mountWithApp(CouponDetail, freshPinia(), { props: { coupon: namedCoupon([prematch, live], { status: 0, couponType: 2 }) } })
    await settle()
    const [pre, liv] = $('[data-testid="bet-row"]')
    expect(partText(pre!, 'match')).toEqual(['Prematch · 07-25 12:30 UTC · #300007072'])
    expect(partText(liv!, 'match')).toEqual(['LIVE · 07-25 12:30 UTC · #700000256'])
    expect(partText(pre!, 'placement-score')).toEqual([])
    expect(partText(liv!, 'placement-score')).toEqual(['at acceptance 1:0 (1:0)'])
    expect($('.n-descriptions-table-header').map((e) => e.textContent?.trim())).toEqual(expect.arrayContaining(['Created · UTC', 'Settled · UTC']))
    expect(document.body.textContent).toContain('Settled · UTC')
    wrapper.unmount()
  })
})

describe('codes in words', () => {
  it('settlement reasons in words, an unknown code raw; the settlement coefficient says what it did', { timeout: 30_000 }, async () => {
    installFakeDesk()
    const bets = [
      namedBet({ id: '1', settlementReasonCode: 'REMOTE_WIN', settlementReason: null, status: 1, settlementCoef: 1.4 }),
      namedBet({ id: '2', settlementReasonCode: 'RECALCULATED', settlementReason: 'Recalculated', status: 2, settlementCoef: 0 }),
      namedBet({ id: '3', settlementReasonCode: 'EVENT_CANCELLED', status: 3, settlementCoef: 1 }),
      namedBet({ id: '4', settlementReasonCode: 'SIM_FUTURE_REASON', settlementReason: 'A reason this client has never seen', status: 22, settlementCoef: 0.5 }),
      namedBet({ id: '5', settlementReasonCode: 9001, status: 1 }),
    ]
    const { wrapper } = await mountWithApp(CouponDetail, freshPinia(), { props: { coupon: namedCoupon(bets) } })
    await settle()
    const rows = $('[data-testid="bet-row"]')
    expect(rows.map((r) => partText(r, 'reason-words')[0] ?? null)).toEqual(['Settled by the bookmaker: won', 'Recalculated (a new result after a recalculation)', 'Event cancelled: stake returned', null, null])
    expect(rows.map((r) => partText(r, 'reason-code')[0])).toEqual(['REMOTE_WIN', 'RECALCULATED', 'EVENT_CANCELLED', 'SIM_FUTURE_REASON', '9001'])
    expect(partText(rows[3]!, 'reason')).toEqual(['A reason this client has never seen'])
    expect(rows.map((r) => partText(r, 'settled-at')[0])).toEqual([
      'settled at ×1.40 (won)',
      'settled at ×0.00 (lost)',
      'settled at ×1.00 (returned)',
      'settled at ×0.50 (half lost)',
      'settled at ×1.85 (won)',
    ])
    expect($('[data-part="settled-at"]', rows[0]!)[0]!.title).toContain('Settlement coefficient (calculate_coef)')
    wrapper.unmount()
  })

  it('a refund reads "Returned (stake refunded)", never as a win; the coupon and its bets read open alike', { timeout: 30_000 }, async () => {
    installFakeDesk()
    const refund = namedCoupon([namedBet({ status: 3, settlementCoef: 1 })], { status: 8, realWin: 50, amount: 50, settlementCoef: 1 })
    const { wrapper } = await mountWithApp(CouponDetail, freshPinia(), { props: { coupon: refund } })
    await settle()
    expect($('[data-testid="coupon-payout"]')[0]!.textContent).toBe('Returned (stake refunded) 50.00')
    expect($('[data-testid="coupon-settled-at"]')[0]!.textContent?.trim()).toBe('· settled at ×1.00 (returned)')
    wrapper.unmount()

    const open = [namedCoupon([namedBet({ status: 0, settlementCoef: null })], { couponCode: '000000000003', status: 0, realWin: null })]
    const refunded = namedCoupon([namedBet({ status: 3 })], { couponCode: '000000000004', status: 8, realWin: 50, settlementCoef: 1 })
    const table = (await mountWithApp(CouponTable, freshPinia(), { props: { coupons: [...open, refunded], columns: ['code', 'status', 'coef', 'payout'] } })).wrapper
    const rows = $('[data-testid="coupon-row"]')
    expect(rows[0]!.querySelector('[data-testid="coupon-status"]')!.textContent).toBe('open')
    expect(rows[0]!.querySelector('[data-testid="coupon-status"]')!.getAttribute('data-tone')).toBe('open')
    expect(partText(rows[1]!, 'payout')).toEqual(['50.00refund'])
    expect($('[data-part="payout"]', rows[1]!)[0]!.title).toBe('Returned (stake refunded) 50.00')
    expect(partText(rows[1]!, 'settled-at')).toEqual(['×1.00 returned'])
    expect(rows[1]!.querySelector('[data-testid="coupon-status"]')!.getAttribute('data-tone')).toBe('returned')
    table.unmount()
  })

  it('one colour scheme: won green, lost red, open blue, returned neutral, recalculation amber; half results follow their side', { timeout: 30_000 }, async () => {
    installFakeDesk()
    const pinia = freshPinia()
    const { default: CouponStatusTag } = await import('@renderer/components/CouponStatusTag.vue')
    const tone = async (status: number, kind: 'coupon' | 'bet') => {
      const { wrapper } = await mountWithApp(CouponStatusTag, pinia, { props: { status, kind } })
      const el = wrapper.find('[data-testid="coupon-status"]')
      const v = `${el.text()}:${el.attributes('data-tone')}:${el.classes().filter((c) => c.startsWith('status-tone--')).join('')}`
      wrapper.unmount()
      return v
    }
    expect(await tone(0, 'coupon')).toBe('open:open:status-tone--open')
    expect(await tone(0, 'bet')).toBe('open:open:status-tone--open')
    expect(await tone(2, 'coupon')).toBe('won:won:status-tone--won')
    expect(await tone(4, 'coupon')).toBe('lost:lost:status-tone--lost')
    expect(await tone(8, 'coupon')).toBe('returned:returned:status-tone--returned')
    expect(await tone(1, 'bet')).toBe('won:won:status-tone--won')
    expect(await tone(2, 'bet')).toBe('lost:lost:status-tone--lost')
    expect(await tone(21, 'bet')).toBe('half won:won:status-tone--won')
    expect(await tone(22, 'bet')).toBe('half lost:lost:status-tone--lost')
    expect(await tone(3, 'bet')).toBe('returned:returned:status-tone--returned')
    expect(await tone(15, 'coupon')).toBe('returned for recalculation:recalculation:status-tone--recalculation')
    expect(await tone(4, 'bet')).toBe('recalculation:recalculation:status-tone--recalculation')
    expect(await tone(37, 'coupon')).toBe('status 37:unknown:status-tone--unknown')
  })
})

describe('lookup of a pasted list', () => {
  it('splits on spaces, commas, new lines and tabs, drops repeats, pads a code typed without its zeros', () => {
    const parsed = parseCouponCodes(' 000000000272, 112648\n000000000272\t000000112648;ABC-1  \n')
    expect(parsed.entries).toEqual([
      { typed: '000000000272', code: '000000000272', padded: false },
      { typed: '112648', code: '000000112648', padded: true },
      { typed: 'ABC-1', code: 'ABC-1', padded: false },
    ])
    expect(parsed.tooLong).toEqual([])
    expect(parsed.tooMany).toBe(false)
    expect(codesToAsk(parsed.entries)).toEqual(['000000000272', '000000112648', '112648', 'ABC-1'])
    expect(parseCouponCodes('x'.repeat(33)).tooLong).toEqual(['x'.repeat(33)])
    expect(parseCouponCodes(Array.from({ length: MAX_RESULTS_BY_IDS + 1 }, (_, i) => String(i + 1)).join(' ')).tooMany).toBe(true)
  })

  it('sends the list in one resultsByIds call and shows a row per code, "not found" included; a too-long piece is refused before sending', { timeout: 30_000 }, async () => {
    const asked: string[][] = []
    const fake = installFakeDesk({
      'coupons.resultsByIds': ({ codes }) => {
        asked.push(codes)
        const have: CouponDto[] = [namedCoupon([namedBet()], { couponCode: '000000000272' }), namedCoupon([namedBet()], { couponCode: '000000112648', status: 0 })]
        return have.filter((c) => codes.includes(c.couponCode))
      },
      'coupons.calculated': () => [],
      'timeline.couponHistory': () => [],
    })
    fake.topic('coupons.active', [])
    const { wrapper } = await mountWithApp(CouponsView, freshPinia())
    const input = wrapper.find('[data-testid="coupon-lookup-input"] textarea')
    await input.setValue(`x${'9'.repeat(40)}`)
    expect(wrapper.find('[data-testid="coupon-lookup-problem"]').text()).toContain('Not a coupon code')
    expect(wrapper.find('[data-testid="coupon-lookup"]').attributes('disabled')).toBeDefined()

    await input.setValue('000000000272, 112648\n000000000272\t999')
    await input.trigger('keydown', { key: 'Enter' })
    await flushPromises()
    expect(asked).toEqual([['000000000272', '000000112648', '112648', '000000000999', '999']])
    const results = wrapper.findAll('[data-testid="lookup-result"]')
    expect(results.map((r) => `${r.attributes('data-code')}:${r.attributes('data-found')}`)).toEqual(['000000000272:true', '000000112648:true', '000000000999:false'])
    expect(results[1]!.text()).toContain('112648 → 000000112648')
    expect(results[2]!.text()).toContain('not found')
    expect(wrapper.find('[data-testid="lookup-summary"]').text()).toBe('Looked up 3: 2 found, 1 not found')
    expect(useCouponsStore().lookups.map((c) => c.couponCode)).toEqual(['000000000272', '000000112648'])
    wrapper.unmount()
  })

  it('Recently calculated asks for 60 minutes by default and keeps the window the operator chose', { timeout: 30_000 }, async () => {
    const asked: Array<number | undefined> = []
    const fake = installFakeDesk({ 'coupons.calculated': ({ minutes }) => (asked.push(minutes), []) })
    fake.topic('coupons.active', [])
    const pinia = freshPinia()
    const first = await mountWithApp(CouponsView, pinia)
    await flushPromises()
    expect(DEFAULT_CALCULATED_MINUTES).toBe(60)
    expect(asked).toEqual([60])
    await first.wrapper.find('[data-testid="calculated-minutes"] input').setValue('90')
    await first.wrapper.find('[data-testid="calculated-minutes"] input').trigger('blur')
    await first.wrapper.find('[data-testid="calculated-load"]').trigger('click')
    await flushPromises()
    first.wrapper.unmount()
    const again = await mountWithApp(CouponsView, pinia)
    await flushPromises()
    expect(asked).toEqual([60, 90, 90])
    again.wrapper.unmount()
  })
})
