import { describe, expect, it } from 'vitest'
import { createConnectionMonitor } from '../../../src-main/core/desk/connection.js'
import { DeskError } from '../../../src-main/core/shared/errors.js'
import type { DeskEventBody } from '../../../src-shared/contract.js'

function monitor() {
  const events: DeskEventBody[] = []
  const m = createConnectionMonitor((e) => events.push(e))
  const changes = () => events.filter((e): e is Extract<DeskEventBody, { type: 'connection.changed' }> => e.type === 'connection.changed')
  return { m, changes }
}
const fail = (error: DeskError) => () => Promise.reject(error)

describe('connection monitor', () => {
  it('turns a service degraded, with the reason, when it answers but refuses us', async () => {
    const { m, changes } = monitor()
    await expect(m.track('coupons', fail(new DeskError('auth_failed', 'code 1003: wrong password', { status: 200 })))).rejects.toThrow()
    expect(m.snapshot().coupons).toEqual({ state: 'degraded', reason: { code: 'auth_failed', detail: 'code 1003: wrong password' } })
    await expect(m.track('feed', fail(new DeskError('feed_key_blocked', 'key blocked', { status: 403 })))).rejects.toThrow()
    expect(m.snapshot().feed.state).toBe('degraded')
    // Fixed: the next answer turns it green again.
    await m.track('coupons', () => Promise.resolve(1))
    expect(m.snapshot().coupons).toEqual({ state: 'online', reason: null })
    expect(changes().map((e) => `${e.service}:${e.state}`)).toEqual(['coupons:degraded', 'feed:degraded', 'coupons:online'])
  })

  it('keeps an ordinary business refusal or an expired token green, and an outage red', async () => {
    const { m } = monitor()
    await expect(m.track('coupons', fail(new DeskError('account_no_balance', 'no money', { status: 200 })))).rejects.toThrow()
    expect(m.state('coupons')).toBe('online')
    await expect(m.track('coupons', fail(new DeskError('unauthorized', 'token expired', { status: 401 })))).rejects.toThrow()
    expect(m.state('coupons')).toBe('online')
    await expect(m.track('coupons', fail(new DeskError('coupon_network', 'ECONNREFUSED')))).rejects.toThrow()
    expect(m.state('coupons')).toBe('offline')
  })

  it('tells a new reason in the same state once, and a repeated one not again', async () => {
    const { m, changes } = monitor()
    m.report('feed', 'degraded', { code: 'feed_key_blocked', detail: 'a' })
    m.report('feed', 'degraded', { code: 'feed_key_blocked', detail: 'b' })
    m.report('feed', 'degraded', { code: 'feed_key_expired', detail: null })
    expect(changes().map((e) => e.reason?.code)).toEqual(['feed_key_blocked', 'feed_key_expired'])
  })
})
