import { afterEach, describe, expect, it, vi } from 'vitest'
import { flushPromises } from '@vue/test-utils'
import { nextTick } from 'vue'
import Papa from 'papaparse'
import CouponBlotter from '@renderer/components/CouponBlotter.vue'
import CouponsView from '@renderer/views/CouponsView.vue'
import { BLOTTER_COLUMNS, blotterRows, emptyFilter, sortValue } from '@renderer/composables/coupon-blotter.js'
import { BLOTTER_COLUMNS_KEY, readColumns, useBlotterStore } from '@renderer/stores/blotter.js'
import { useCouponsStore } from '@renderer/stores/coupons.js'
import { periodWindows, runSteps, type StepProgress } from '@renderer/composables/stepped-lookup.js'
import { missingKeys } from '@renderer/i18n/index.js'
import type { T } from '@renderer/i18n/words.js'
import type { CouponDto } from '../../src-shared/contract.js'
import { namedBet, namedCoupon } from './coupon-fixtures.js'
import { installFakeDesk } from './fake-desk.js'
import { freshPinia, mountWithApp } from './mount.js'

const HOUR = 3_600_000
const T0 = Date.UTC(2026, 6, 20, 10, 0)
/** Enough of `t` for the pure functions: teams are joined from the bets' names. */
const t = ((key: string, p?: Record<string, unknown>) => (key === 'coupons.bet.gameOnly' ? `#${String(p?.id)}` : key)) as T

/** Six coupons that differ in every column. */
function sample(): CouponDto[] {
  const c = (code: string, i: number, over: Partial<CouponDto>, bet: Parameters<typeof namedBet>[0] = {}) =>
    namedCoupon([namedBet({ id: code, ...bet })], { couponCode: code, createdAt: T0 + i * HOUR, amount: 10 * (i + 1), coef: 1.5 + i / 10, ...over })
  return [
    c('000000000101', 0, { status: 2, realWin: 15 }, { opp1: 'Arsenal', opp2: 'Chelsea', marketName: 'Match Result', outcomeName: 'W1', sportName: 'Football', tournamentName: 'Premier League' }),
    c('000000000102', 1, { status: 4, realWin: 0 }, { opp1: 'Lakers', opp2: 'Celtics', marketName: 'Total', outcomeName: 'Over', param: '210.5', sportName: 'Basketball', tournamentName: 'NBA' }),
    c('000000000103', 2, { status: 0, realWin: null, calculateDate: null, settlementCoef: null }, { opp1: 'Dynamo Kyiv', opp2: 'Shakhtar', marketName: 'Handicap', outcomeName: '1', param: '-1.5', sportName: 'Football', tournamentName: 'Premier Liga', status: 0 }),
    c('000000000104', 3, { status: 8, realWin: 40 }, { opp1: 'Nadal', opp2: 'Federer', marketName: 'Winner', outcomeName: 'W2', sportName: 'Tennis', tournamentName: 'ATP' }),
    c('000000000105', 4, { status: 15, realWin: null }, { opp1: 'Bayern', opp2: 'Atlético', marketName: 'Match Result', outcomeName: 'X', sportName: 'Football', tournamentName: 'Bundesliga' }),
    c('000000000106', 5, { status: 37, realWin: null, couponType: 2 }, { opp1: 'Zenit', opp2: 'Real', marketName: 'Both teams to score', outcomeName: 'Yes', sportName: 'Football', tournamentName: 'Friendly' }),
  ]
}

afterEach(() => {
  globalThis.localStorage?.removeItem(BLOTTER_COLUMNS_KEY)
  vi.restoreAllMocks()
})

describe('blotter rows: sort by any column, filter by status, date, stake, sport and text', () => {
  it('every column sorts both ways by its value, missing values last, ties in list order', () => {
    const coupons = sample()
    for (const column of BLOTTER_COLUMNS) {
      for (const order of ['ascend', 'descend'] as const) {
        const rows = blotterRows(t, coupons, emptyFilter(), { column, order })
        const values = rows.map((c) => sortValue(t, column, c))
        const present = values.filter((v) => v !== null)
        expect(values.slice(present.length).every((v) => v === null), `${column} ${order}: nulls last`).toBe(true)
        for (let i = 1; i < present.length; i++) {
          const a = present[i - 1]!
          const b = present[i]!
          const cmp = typeof a === 'number' && typeof b === 'number' ? a - b : String(a).localeCompare(String(b), undefined, { numeric: true, sensitivity: 'base' })
          expect(order === 'ascend' ? cmp <= 0 : cmp >= 0, `${column} ${order} at ${i}: ${String(a)} / ${String(b)}`).toBe(true)
        }
        expect(rows).toHaveLength(coupons.length)
      }
    }
    expect(blotterRows(t, coupons, emptyFilter(), { column: 'amount', order: 'descend' }).map((c) => c.amount)).toEqual([60, 50, 40, 30, 20, 10])
    expect(blotterRows(t, coupons, emptyFilter(), { column: 'teams', order: 'ascend' })[0]!.couponCode).toBe('000000000101')
  })

  it('filters combine: status (an unknown code under "other"), created range, stake range, sport, words over names and code', () => {
    const coupons = sample()
    const codes = (f: Partial<ReturnType<typeof emptyFilter>>) => blotterRows(t, coupons, { ...emptyFilter(), ...f }, null).map((c) => c.couponCode.slice(-3))
    expect(codes({ statuses: [2, 4] })).toEqual(['101', '102'])
    expect(codes({ statuses: ['unknown'] })).toEqual(['106'])
    expect(codes({ statuses: [15] })).toEqual(['105'])
    expect(codes({ from: T0 + HOUR, to: T0 + 3 * HOUR })).toEqual(['102', '103', '104'])
    expect(codes({ minAmount: 25, maxAmount: 50 })).toEqual(['103', '104', '105'])
    expect(codes({ sports: ['Tennis', 'Basketball'] })).toEqual(['102', '104'])
    expect(codes({ text: 'atletico' })).toEqual(['105'])
    expect(codes({ text: 'premier football' })).toEqual([])
    expect(codes({ text: 'premier w1' })).toEqual(['101'])
    expect(codes({ text: 'total over' })).toEqual(['102'])
    expect(codes({ text: '-1.5' })).toEqual(['103'])
    expect(codes({ text: '0000104' })).toEqual(['104'])
    expect(codes({ sports: ['Football'], statuses: [0, 15], text: 'kyiv' })).toEqual(['103'])
  })
})

/** The rows the table shows, as the text of each visible cell (what a person reads). */
function tableRows(): string[][] {
  return Array.from(document.querySelectorAll<HTMLElement>('[data-testid="coupon-row"]')).map((row) =>
    Array.from(row.querySelectorAll<HTMLElement>('[data-cell]')).map((cell) => cell.textContent?.trim() ?? ''),
  )
}

/** Catches the CSV the export hands to the browser. */
function catchDownload(): () => Promise<string> {
  let blob: Blob | null = null
  vi.spyOn(URL, 'createObjectURL').mockImplementation((b) => {
    blob = b as Blob
    return 'blob:csv'
  })
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined)
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined)
  return async () => {
    if (!blob) throw new Error('nothing was exported')
    return (await blob.text()).replace(/^\ufeff/, '')
  }
}

describe('CouponBlotter', () => {
  it('the CSV holds exactly the rows and cells shown, after filter, sort and a choice of columns', { timeout: 30_000 }, async () => {
    installFakeDesk()
    const pinia = freshPinia()
    const { wrapper } = await mountWithApp(CouponBlotter, pinia, { props: { coupons: sample(), name: 'test' } })
    const blotter = useBlotterStore()
    blotter.filter.sports = ['Football']
    blotter.filter.text = 'premier'
    blotter.sort = { column: 'amount', order: 'descend' }
    blotter.setColumns('test', ['code', 'status', 'teams', 'market', 'outcome', 'amount', 'payout'])
    await flushPromises()
    expect(wrapper.find('[data-testid="blotter-count"]').text()).toBe('2 of 6 shown')
    const shown = tableRows()
    expect(shown.map((r) => r[0])).toEqual(['000000000103', '000000000101'])

    const exported = catchDownload()
    await wrapper.find('[data-testid="blotter-export"]').trigger('click')
    const parsed = Papa.parse<string[]>(await exported(), { skipEmptyLines: true })
    const [header, ...rows] = parsed.data
    expect(header).toEqual(['Code', 'Status', 'Match', 'Market', 'Outcome', 'Stake', 'Payout'])
    // Figures are plain numbers in the file, formatted on screen: compare them as numbers.
    const norm = (r: string[]) => r.map((v, i) => (i >= 5 ? (v === '' || v === '—' ? '' : String(Number(v.replace(/[\s,]/g, ''))) ) : v))
    expect(rows.map(norm)).toEqual(shown.map(norm))
    expect(rows).toHaveLength(2)
    expect(missingKeys).toEqual([])
    wrapper.unmount()
  })

  it('a header click asks for the sort; the column picker keeps the code and persists the choice on this machine', { timeout: 30_000 }, async () => {
    installFakeDesk()
    const pinia = freshPinia()
    const { wrapper } = await mountWithApp(CouponBlotter, pinia, { props: { coupons: sample(), name: 'test' } })
    const blotter = useBlotterStore()
    blotter.sort = null
    await nextTick()
    const codeHeader = wrapper.findAll('th').find((th) => th.text().startsWith('Code'))!
    await codeHeader.trigger('click')
    await flushPromises()
    // Naive's header cycles descend → ascend → none; the table shows the order the store holds.
    expect(blotter.sort).toEqual({ column: 'code', order: 'descend' })
    expect(tableRows().map((r) => r[0])).toEqual(['000000000106', '000000000105', '000000000104', '000000000103', '000000000102', '000000000101'])
    await wrapper.findAll('th').find((th) => th.text().startsWith('Code'))!.trigger('click')
    await flushPromises()
    expect(blotter.sort).toEqual({ column: 'code', order: 'ascend' })
    expect(tableRows().map((r) => r[0])).toEqual(['000000000101', '000000000102', '000000000103', '000000000104', '000000000105', '000000000106'])

    blotter.setColumns('test', ['status', 'sport'])
    await nextTick()
    expect(blotter.columnsOf('test')).toEqual(['code', 'status', 'sport'])
    expect(blotter.columnsOf('active')).toContain('potentialWin')
    const kept = JSON.parse(globalThis.localStorage.getItem(BLOTTER_COLUMNS_KEY)!) as Record<string, unknown>
    expect(readColumns(kept.test, 'test')).toEqual(['code', 'status', 'sport'])
    expect(wrapper.findAll('th').map((th) => th.text())).toEqual(['Code', 'Status', 'Sport'])
    expect(readColumns('not a list', 'test')).toContain('payout')
    expect(readColumns(['nonsense'], 'active')).toContain('potentialWin')
    blotter.resetColumns('test')
    await nextTick()
    expect(wrapper.findAll('th').map((th) => th.text())).toContain('Payout')
    wrapper.unmount()
  })
})

describe('thousands of coupons', () => {
  // Which rows exist in the DOM needs a layout: the e2e test counts them in Chromium.
  it('5,000 rows: filter and sort well within a keystroke, and the blotter counts them all', { timeout: 60_000 }, async () => {
    installFakeDesk()
    const base = sample()
    const many = Array.from({ length: 5000 }, (_, i) => ({ ...base[i % base.length]!, couponCode: String(200_000 + i).padStart(12, '0'), amount: 1 + (i % 97), createdAt: T0 + i * 60_000 }))
    const started = performance.now()
    const rows = blotterRows(t, many, { ...emptyFilter(), text: 'premier', minAmount: 10 }, { column: 'teams', order: 'ascend' })
    const ms = performance.now() - started
    expect(rows.length).toBeGreaterThan(500)
    expect(rows.every((c) => c.amount! >= 10)).toBe(true)
    console.info(`blotter: filter + sort of 5,000 coupons took ${ms.toFixed(1)} ms`)
    expect(ms).toBeLessThan(500)
    const { wrapper } = await mountWithApp(CouponBlotter, freshPinia(), { props: { coupons: many, name: 'many' } })
    await flushPromises()
    expect(wrapper.find('[data-testid="blotter-count"]').text()).toBe('5000 of 5000 shown')
    expect(wrapper.findAll('[data-testid="coupon-row"]').length).toBeLessThan(100)
    wrapper.unmount()
  })
})

describe('long lookups in steps', () => {
  it('a period of any length becomes 24-hour windows that cover it exactly', () => {
    const w = periodWindows(T0, T0 + 9 * 24 * HOUR - 1)
    expect(w).toHaveLength(9)
    expect(w[0]!.from).toBe(T0)
    expect(w.at(-1)!.to).toBe(T0 + 9 * 24 * HOUR - 1)
    for (let i = 1; i < w.length; i++) expect(w[i]!.from).toBe(w[i - 1]!.to)
    expect(periodWindows(T0, T0)).toEqual([])
  })

  it('cancel stops before the next step is sent and keeps what was read', async () => {
    const seen: StepProgress[] = []
    let sent = 0
    const run = runSteps('period', [1, 2, 3, 4, 5], async () => {
      sent++
      if (sent === 2) run.cancel()
      return 3
    }, (p) => seen.push(p))
    const end = await run.done
    expect(sent).toBe(2)
    expect(end).toMatchObject({ state: 'cancelled', done: 2, total: 5, found: 6 })
    expect(seen.map((p) => p.done)).toEqual([0, 1, 2])
  })

  it('a pasted list of 250 codes goes out in service-sized requests with progress, every code answered', { timeout: 30_000 }, async () => {
    const asked: string[][] = []
    const fake = installFakeDesk({
      'coupons.resultsByIds': ({ codes }) => {
        asked.push(codes)
        return codes.filter((c) => Number(c) % 2 === 0).map((c) => namedCoupon([namedBet()], { couponCode: c }))
      },
      'coupons.calculated': () => [],
      'timeline.couponHistory': () => [],
    })
    fake.topic('coupons.active', [])
    const { wrapper } = await mountWithApp(CouponsView, freshPinia())
    const codes = Array.from({ length: 250 }, (_, i) => String(100_000 + i).padStart(12, '0'))
    await wrapper.find('[data-testid="coupon-lookup-input"] textarea').setValue(codes.join('\n'))
    expect(wrapper.find('[data-testid="coupon-lookup-problem"]').exists()).toBe(false)
    await wrapper.find('[data-testid="coupon-lookup"]').trigger('click')
    await flushPromises()
    expect(asked.map((a) => a.length)).toEqual([100, 100, 50])
    expect(asked.flat()).toEqual(codes)
    const coupons = useCouponsStore()
    expect(coupons.lookupResults).toHaveLength(250)
    expect(coupons.lookups).toHaveLength(125)
    expect(coupons.progress).toMatchObject({ kind: 'codes', done: 3, total: 3, found: 125, state: 'finished' })
    expect(wrapper.find('[data-testid="lookup-progress-text"]').text()).toBe('Request 3 of 3 · 125 found')
    wrapper.unmount()
  })

  it('a 9-day period is read window by window ("Window n of 9") and Cancel stops it', { timeout: 30_000 }, async () => {
    const windows: Array<{ from: number; to: number }> = []
    let release: (() => void) | null = null
    const fake = installFakeDesk({
      'coupons.resultsByPeriod': async (w) => {
        windows.push(w)
        if (windows.length === 3) await new Promise<void>((r) => (release = r))
        return [namedCoupon([namedBet()], { couponCode: String(windows.length).padStart(12, '0'), createdAt: w.from })]
      },
      'coupons.calculated': () => [],
    })
    fake.topic('coupons.active', [])
    const { wrapper } = await mountWithApp(CouponsView, freshPinia())
    const coupons = useCouponsStore()
    const done = coupons.lookupPeriod(T0, T0 + 9 * 24 * HOUR)
    await flushPromises()
    expect(windows).toHaveLength(3)
    expect(wrapper.find('[data-testid="lookup-progress-text"]').text()).toBe('Window 2 of 9 · 2 found')
    await wrapper.find('[data-testid="lookup-cancel"]').trigger('click')
    release!()
    await done
    await flushPromises()
    expect(windows).toHaveLength(3)
    expect(coupons.period.map((c) => c.couponCode)).toEqual(['000000000003', '000000000002', '000000000001'])
    expect(wrapper.find('[data-testid="lookup-progress"]').attributes('data-state')).toBe('cancelled')
    wrapper.unmount()
  })
})
