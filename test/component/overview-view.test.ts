/**
 * The Overview view on main's `overview` subscription: rows in words (a stale one with its error and
 * the age of its figures), sorting by header click and from the keyboard, deltas applied by profile id,
 * and Enter on a row selecting that profile and opening Coupons.
 */
import { describe, expect, it, vi } from 'vitest'
import { flushPromises } from '@vue/test-utils'
import OverviewView from '@renderer/views/OverviewView.vue'
import { useProfilesStore } from '@renderer/stores/profiles.js'
import type { OverviewRowDto } from '../../src-shared/contract.js'
import { sortRows } from '@renderer/composables/overview-sort.js'
import { demoProfileDto } from './profile-fixtures.js'
import { installFakeDesk } from './fake-desk.js'
import { freshPinia, mountWithApp } from './mount.js'

const now = Date.now()
const row = (profileName: string, over: Partial<OverviewRowDto> = {}): OverviewRowDto => ({
  profileId: profileName.toLowerCase(),
  profileName,
  environment: 'real',
  active: false,
  balance: 100,
  openStake: 10,
  potentialPayout: 25,
  activeCoupons: 2,
  lastSettlement: null,
  listener: 'disabled',
  feedKeyDaysLeft: 20,
  session: 'signed-in',
  doctor: null,
  readAt: now,
  stale: false,
  error: null,
  ...over,
})
const names = (el: Element) => [...el.querySelectorAll('tbody tr[data-profile] .name__text')].map((n) => n.textContent)

describe('overview view', { timeout: 20_000 }, () => {
  it('says each row in words, sorts from headers, applies deltas and opens a client with Enter', async () => {
    const fake = installFakeDesk({
      'profiles.list': async () => ({ activeId: 'demo', profiles: [demoProfileDto(), demoProfileDto({ id: 'alpha', name: 'Alpha', environment: 'custom', stakeDecimals: 0 }), demoProfileDto({ id: 'bravo', name: 'Bravo', environment: 'custom' })] }),
      'profiles.select': async ({ id }) => demoProfileDto({ id, name: id }),
    })
    fake.topic('overview', [
      row('Bravo', { balance: 5, stale: true, error: { code: 'coupon_network', message: 'connect ECONNREFUSED' }, readAt: now - 180_000 }),
      row('Alpha', { balance: 1234, openStake: -0.4, feedKeyDaysLeft: -2, lastSettlement: { at: now, couponCode: 'C1', result: '77', amount: 3 } }),
      row('Demo', { environment: 'demo', active: true, balance: 50, doctor: { verdict: 'warn', at: now } }),
      row('Gamma', { balance: null, readAt: null, stale: true, session: 'no-credentials', error: { code: 'missing_secret', message: 'No password is stored for this profile' } }),
    ])
    const pinia = freshPinia()
    await useProfilesStore().load()
    const { wrapper, router } = await mountWithApp(OverviewView, pinia)
    await flushPromises()
    const el = wrapper.element
    expect(names(el)).toEqual(['Alpha', 'Bravo', 'Demo', 'Gamma'])
    expect(el.querySelector('[data-profile="gamma"] [data-col="read"]')!.textContent).toMatch(/^\s*Could not read.*Never read\s*$/)
    expect(el.querySelector('[data-profile="gamma"] [data-col="session"]')!.textContent).toBe('No password stored')
    const bravo = el.querySelector('[data-profile="bravo"]')!
    expect(bravo.querySelector('[data-col="read"]')!.textContent).toMatch(/Not reachable.*The coupon service cannot be reached.*Figures as read 3 min ago/)
    const alpha = el.querySelector('[data-profile="alpha"]')!
    expect(alpha.querySelector('[data-col="balance"]')!.textContent).toBe('1,234') // Alpha counts in whole units
    expect(alpha.querySelector('[data-col="openStake"]')!.textContent).toBe('0') // rounds to zero: no minus sign
    expect(alpha.querySelector('[data-col="feedKey"]')!.textContent).toBe('Expired 2 days ago')
    expect(alpha.querySelector('[data-col="lastSettlement"]')!.textContent).toContain('Status 77')
    expect(el.querySelector('[data-profile="demo"] [data-col="doctor"]')!.textContent).toContain('Warnings')

    await wrapper.get('[data-testid="overview-sort-balance"]').trigger('click')
    expect(names(el)).toEqual(['Alpha', 'Demo', 'Bravo', 'Gamma'])
    await wrapper.get('[data-testid="overview-sort-balance"]').trigger('click')
    expect(names(el)).toEqual(['Bravo', 'Demo', 'Alpha', 'Gamma'])
    expect(wrapper.get('[data-testid="overview-sort-balance"]').element.closest('th')!.getAttribute('aria-sort')).toBe('ascending')

    fake.pushDelta('overview', { upsert: [row('Bravo', { balance: 9999 })], remove: ['alpha'] })
    await flushPromises()
    expect(names(el)).toEqual(['Demo', 'Bravo', 'Gamma'])
    expect(el.querySelector('[data-profile="bravo"] [data-col="read"]')!.textContent).toContain('Fresh')

    await wrapper.get('[data-profile="bravo"]').trigger('keydown', { key: 'Enter' })
    await flushPromises()
    expect(fake.callsTo('profiles.select')).toEqual([{ id: 'bravo' }])
    await vi.waitFor(() => expect(router.currentRoute.value.path).toBe('/coupons'), { timeout: 10_000 })
    wrapper.unmount()
  })

  it('unknown figures sort last both ways', () => {
    const rows = [row('A', { balance: null }), row('B', { balance: 1 }), row('C', { balance: 2 })]
    expect(sortRows(rows, 'balance', 'asc').map((r) => r.profileName)).toEqual(['B', 'C', 'A'])
    expect(sortRows(rows, 'balance', 'desc').map((r) => r.profileName)).toEqual(['C', 'B', 'A'])
  })
})
