import { afterEach, describe, expect, it, vi } from 'vitest'
import { useCouponsStore } from '@renderer/stores/coupons.js'
import { createPoller } from '@renderer/composables/usePolling.js'
import type { CouponDto } from '../../src-shared/contract.js'
import { deferred, installFakeDesk } from './fake-desk.js'
import { freshPinia } from './mount.js'

describe('coupons store polling overlap guard', () => {
  afterEach(() => {
    vi.useRealTimers()
  })

  it('skips refreshes while one is in flight and resumes after it settles', async () => {
    const pending: Array<(v: CouponDto[]) => void> = []
    const fake = installFakeDesk({
      'coupons.active': () => {
        const d = deferred<CouponDto[]>()
        pending.push(d.resolve)
        return d.promise
      },
    })
    freshPinia()
    const store = useCouponsStore()

    const first = store.refreshActive()
    const second = store.refreshActive()
    const third = store.refreshActive()
    expect(await second).toBe(false)
    expect(await third).toBe(false)
    expect(fake.callsTo('coupons.active')).toHaveLength(1)
    expect(store.refreshing).toBe(true)
    expect(store.skippedTicks).toBe(2)

    pending[0]!([])
    expect(await first).toBe(true)
    expect(store.refreshing).toBe(false)
    const fourth = store.refreshActive()
    expect(fake.callsTo('coupons.active')).toHaveLength(2)
    pending[1]!([])
    expect(await fourth).toBe(true)
  })

  it('auto-refresh on a timer never stacks requests behind a slow server', async () => {
    vi.useFakeTimers()
    let resolveSlow: (() => void) | null = null
    let calls = 0
    const poller = createPoller(
      () =>
        new Promise<void>((r) => {
          calls++
          resolveSlow = r
        }),
      1000,
    )
    poller.start() // runs once at once
    expect(calls).toBe(1)
    await vi.advanceTimersByTimeAsync(5000) // five ticks while the first call hangs
    expect(calls).toBe(1)
    expect(poller.skipped.value).toBe(5)
    resolveSlow!()
    await vi.advanceTimersByTimeAsync(1000)
    expect(calls).toBe(2)
    poller.stop()
    await vi.advanceTimersByTimeAsync(5000)
    expect(calls).toBe(2)
  })

  it('reports a failed refresh and keeps the last good list', async () => {
    let fail = false
    installFakeDesk({
      'coupons.active': () => (fail ? { ok: false, code: 'HTTP_503', message: 'unavailable' } : [{ couponCode: '000000000001' } as CouponDto]),
    })
    freshPinia()
    const store = useCouponsStore()
    await store.refreshActive()
    expect(store.active).toHaveLength(1)
    fail = true
    await store.refreshActive()
    expect(store.active).toHaveLength(1)
    const { recentErrors } = await import('@renderer/composables/errors.js')
    expect(recentErrors.value[0]).toMatchObject({ code: 'HTTP_503', context: 'coupons.active' })
  })
})
