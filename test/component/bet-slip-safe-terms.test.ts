import { afterEach, describe, expect, it } from 'vitest'
import { flushPromises } from '@vue/test-utils'
import { useAppStore } from '@renderer/stores/app.js'
import { useBetslipStore, type Selection } from '@renderer/stores/betslip.js'
import type { CouponDto } from '../../src-shared/contract.js'
import { useProfilesStore } from '@renderer/stores/profiles.js'
import { installFakeDesk } from './fake-desk.js'
import { demoProfileDto } from './profile-fixtures.js'
import { freshPinia } from './mount.js'

/** After a placement and on another profile the slip's terms start safe: singles, no stake, reject changed odds. */
const sel = (pointer: string, gameId: number): Selection => ({ pointer, lineType: 'line', gameId, matchName: `Home ${gameId} – Away`, marketName: '1X2', outcomeName: 'W1', rate: 1.85 })
const coupon = { couponCode: '000000004711', amount: 250, coef: 3.42, originalCoef: 3.42, settlementCoef: null, potentialWin: 855, realWin: null, status: 0, createdAt: 1, calculateDate: null, couponType: 2, bets: [] } as CouponDto

async function slipWithTerms() {
  freshPinia()
  await useAppStore().load()
  const slip = useBetslipStore()
  slip.add(sel('line#1001#1#1#0#1.85', 1001))
  slip.add(sel('line#1002#1#1#0#1.85', 1002))
  slip.multi = false
  slip.amount = 250
  slip.mode = 'accept'
  return slip
}

describe('bet slip terms', () => {
  afterEach(() => {
    document.body.innerHTML = ''
  })

  it('a placed accumulator leaves singles, no stake and reject for the next picks', async () => {
    installFakeDesk({ 'coupons.place': () => ({ outcome: 'placed', coupons: [coupon] }) })
    const slip = await slipWithTerms()
    await slip.place()
    expect(slip.selections).toEqual([])
    expect({ multi: slip.multi, amount: slip.amount, mode: slip.mode }).toEqual({ multi: true, amount: null, mode: 'reject' })
  })

  it('a rejected placement keeps the terms (the operator corrects and places again)', async () => {
    installFakeDesk({ 'coupons.place': () => ({ outcome: 'rejected', code: 'coupon_business', errorCode: 501, vendorApi: 'new', vendorText: null, changes: [] }) })
    const slip = await slipWithTerms()
    await slip.place()
    expect({ multi: slip.multi, amount: slip.amount, mode: slip.mode }).toEqual({ multi: false, amount: 250, mode: 'accept' })
  })

  it("a placed slip goes back to the profile's default stake, and the operator can keep the terms", async () => {
    installFakeDesk({
      'coupons.place': () => ({ outcome: 'placed', coupons: [coupon] }),
      'profiles.list': () => ({ activeId: 'demo', profiles: [demoProfileDto({ defaultStake: 20 })] }),
    })
    freshPinia()
    await useAppStore().load()
    await useProfilesStore().load()
    const slip = useBetslipStore()
    slip.add(sel('line#1001#1#1#0#1.85', 1001))
    slip.amount = 250
    slip.mode = 'accept'
    await slip.place()
    expect({ multi: slip.multi, amount: slip.amount, mode: slip.mode }).toEqual({ multi: true, amount: 20, mode: 'reject' })

    slip.keepTerms = true
    slip.add(sel('line#1002#1#1#0#1.85', 1002))
    slip.amount = 250
    slip.mode = 'accept'
    await slip.place()
    expect({ amount: slip.amount, mode: slip.mode }).toEqual({ amount: 250, mode: 'accept' })
  })

  it('a refusal is dismissed once the operator changes the slip it spoke of', async () => {
    installFakeDesk({ 'coupons.place': () => ({ outcome: 'rejected', code: 'coupon_business', errorCode: 501, vendorApi: 'new', vendorText: null, changes: [] }) })
    const slip = await slipWithTerms()
    await slip.place()
    expect(slip.result?.outcome).toBe('rejected')
    slip.amount = 100
    await flushPromises()
    expect(slip.result).toBeNull()
  })

  it('placing again takes the last message away at once: what shows next is this placement\'s answer', async () => {
    const fake = installFakeDesk({ 'coupons.place': () => ({ outcome: 'rejected', code: 'coupon_business', errorCode: 507, vendorApi: 'new', vendorText: null, changes: [] }) })
    const slip = await slipWithTerms()
    await slip.place()
    expect(slip.result?.outcome).toBe('rejected')
    let answer: (v: { outcome: 'placed'; coupons: CouponDto[] }) => void = () => undefined
    fake.handle('coupons.place', () => new Promise((resolve) => (answer = resolve)))
    const second = slip.place()
    expect(slip.result).toBeNull()
    answer({ outcome: 'placed', coupons: [coupon] })
    await second
    expect(slip.result?.outcome).toBe('placed')
  })

  it('leaving the view leaves a settled message behind, never an unresolved unknown placement', async () => {
    const fake = installFakeDesk({ 'coupons.place': () => ({ outcome: 'placed', coupons: [coupon] }) })
    const slip = await slipWithTerms()
    await slip.place()
    slip.leaveView()
    expect(slip.result).toBeNull()
    fake.handle('coupons.place', () => ({ outcome: 'unknown', attemptId: 'a1', cause: { code: 'coupon_network', detail: 'dropped' } }))
    slip.add(sel('line#1003#1#1#0#1.85', 1003))
    slip.amount = 10
    await slip.place()
    slip.leaveView()
    expect(slip.result?.outcome).toBe('unknown')
  })

  it('another profile starts with safe terms', async () => {
    const fake = installFakeDesk({})
    const slip = await slipWithTerms()
    fake.switchProfile('other')
    await flushPromises()
    expect({ multi: slip.multi, amount: slip.amount, mode: slip.mode }).toEqual({ multi: true, amount: null, mode: 'reject' })
  })
})
