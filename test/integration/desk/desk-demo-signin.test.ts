import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { DeskHandlers } from '../../../src-shared/contract.js'
import { createHarness, errorOf, type Harness } from './helpers.js'

/** Sign-in on the Demo profile against its embedded simulator (real HTTP): the username picks the account. */
let h: Harness
let api: DeskHandlers
beforeAll(async () => {
  h = await createHarness({ balancePollMs: 600_000 })
  api = h.core.handlers
})
afterAll(async () => {
  await h?.close()
})

describe('demo accounts and session.signIn', () => {
  it('lists the simulator accounts as the simulator holds them', async () => {
    const accounts = await h.call(() => api.demo.accounts(undefined))
    const byName = Object.fromEntries(accounts.map((a) => [a.username, a]))
    expect(Object.keys(byName).sort()).toEqual(['broke', 'demo', 'demo2', 'disabled', 'expired', 'small'])
    expect(byName.small).toEqual({ username: 'small', balance: 20, state: 'active' })
    expect(byName.broke.balance).toBe(0)
    expect(byName.disabled.state).toBe('disabled')
    expect(byName.expired.state).toBe('expired')
    // An account the simulator gains is listed too: the list is the simulator's, not a copy.
    const { endpoints } = await api.app.info(undefined)
    await fetch(`${endpoints.coupons}/__sim/accounts/newcomer`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ password: 'demo', balance: 7 }) })
    expect((await api.demo.accounts(undefined)).find((a) => a.username === 'newcomer')).toEqual({ username: 'newcomer', balance: 7, state: 'active' })
  })

  it('signs in as the picked account: the profile keeps its username, the balance is that account’s', async () => {
    const epoch = h.core.epoch()
    const status = await h.call(() => api.session.signIn({ username: 'small' }))
    expect(status).toMatchObject({ state: 'signed-in', username: 'small', accountState: 'active' })
    expect(h.core.epoch()).toBe(epoch + 1)
    expect(h.profiles.get('demo').username).toBe('small')
    expect((await h.call(() => api.balance.get(undefined))).balance).toBe(20)
    // The same account again stores nothing: no new epoch.
    await api.session.signIn({ username: 'small' })
    expect(h.core.epoch()).toBe(epoch + 1)
  })

  it.each([
    ['disabled', 'account_disabled', 'disabled'],
    ['expired', 'account_expired', 'expired'],
    ['broke', 'account_no_balance', 'no-balance'],
    ['nobody', 'auth_failed', 'bad-credentials'],
  ] as const)('signing in as %s is refused with %s and the session says %s', async (username, code, accountState) => {
    expect((await errorOf(api.session.signIn({ username }))).code).toBe(code)
    expect(await api.session.status(undefined)).toMatchObject({ state: 'failed', username, accountState })
  })

  it('stores a typed password in the vault, never answers it, and a wrong one is refused as wrong credentials', async () => {
    expect((await errorOf(api.session.signIn({ username: 'demo', password: 'not-the-password' }))).code).toBe('auth_failed')
    expect(h.profiles.secret('demo', 'password')).toBe('not-the-password')
    expect((await api.session.status(undefined)).accountState).toBe('bad-credentials')
    const ok = await h.call(() => api.session.signIn({ username: 'demo', password: 'demo' }))
    expect(ok).toMatchObject({ state: 'signed-in', username: 'demo' })
    expect(JSON.stringify(h.outputs)).not.toContain('not-the-password')
    expect((await h.call(() => api.profiles.list(undefined))).profiles.find((p) => p.id === 'demo')?.secrets.password).toBe(true)
  })
  it('a real-services profile without a password fails as missing_secret; signIn stores the typed one and signs in', async () => {
    const { endpoints } = await api.app.info(undefined)
    const saved = await api.profiles.save({
      name: 'Partner on the simulator',
      environment: 'custom',
      couponBaseUrl: endpoints.coupons,
      feedApiUrl: endpoints.feed,
      cdnUrl: endpoints.cdn,
      username: 'demo',
      language: 'en',
      legacyMode: false,
      timeZone: 'utc',
      listener: { enabled: false, host: '127.0.0.1', port: 0, path: '/callbacks' },
    })
    await api.profiles.select({ id: saved.id })
    expect((await errorOf(api.session.login(undefined))).code).toBe('missing_secret')
    expect((await api.session.status(undefined)).reason?.code).toBe('missing_secret')

    const status = await h.call(() => api.session.signIn({ username: 'demo2', password: 'demo' }))
    expect(status).toMatchObject({ state: 'signed-in', username: 'demo2', accountState: 'active' })
    expect(h.profiles.secret(saved.id, 'password')).toBe('demo')
    expect(h.profiles.get(saved.id).username).toBe('demo2')
    expect((await api.profiles.list(undefined)).profiles.find((p) => p.id === saved.id)?.secrets.password).toBe(true)
  })
})
