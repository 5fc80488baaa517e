import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { RunningSimulator } from '../../../src-main/core/simulator/server.js'
import { DeskError } from '../../../src-main/core/shared/errors.js'
import { control, countingFetch, makeClient, outcomes, startSim } from './helpers.js'

let sim: RunningSimulator
beforeAll(async () => {
  sim = await startSim()
})
afterAll(async () => {
  await sim?.close()
})

describe('session', () => {
  it('logs in lazily once for concurrent first requests', async () => {
    const rec = countingFetch()
    const client = makeClient(sim, { fetch: rec.fetch })
    await Promise.all(Array.from({ length: 5 }, () => client.balance()))
    expect(rec.count('/api/partner/login')).toBe(1)
  })

  it('20 concurrent requests all refused with 401 → exactly one re-login, all succeed', async () => {
    const rec = countingFetch()
    const tokens: string[] = []
    const client = makeClient(sim, { fetch: rec.fetch, onTokenChange: (i) => tokens.push(String(i.tokenTail)) })
    await client.login()
    await control(sim, '/tokens/revoke', {})
    rec.reset()
    const results = await Promise.all(Array.from({ length: 20 }, () => client.balance()))
    expect(results.every((b) => typeof b === 'number')).toBe(true)
    expect(rec.count('/api/partner/login')).toBe(1)
    expect(rec.count('/api/partner/balance')).toBe(40)
    expect(tokens).toHaveLength(2)
  })

  it('a fresh token refused again stops with auth_failed (no loop)', async () => {
    // Every login answer is followed by a revocation: the fresh token is always refused.
    const rec = countingFetch(async (input, init) => {
      const res = await fetch(input, init)
      if (String(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url).endsWith('/api/partner/login')) {
        await control(sim, '/tokens/revoke', {})
      }
      return res
    })
    const client = makeClient(sim, { fetch: rec.fetch })
    const error = await client.active().catch((e: unknown) => e)
    expect(error).toBeInstanceOf(DeskError)
    expect((error as DeskError).code).toBe('auth_failed')
    expect(rec.count('/api/partner/login')).toBe(1)
    expect(rec.count('/api/partner/coupons/active')).toBe(1)
    expect(client.sessionInfo().loggedIn).toBe(false)
  })

  it('established token revoked and the re-login token refused too → one re-login, auth_failed', async () => {
    let revokeAfterLogin = false
    const rec = countingFetch(async (input, init) => {
      const res = await fetch(input, init)
      const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url
      if (revokeAfterLogin && url.endsWith('/api/partner/login')) await control(sim, '/tokens/revoke', {})
      return res
    })
    const client = makeClient(sim, { fetch: rec.fetch })
    await client.login()
    revokeAfterLogin = true
    await control(sim, '/tokens/revoke', {})
    rec.reset()
    const error = (await client.balance().catch((e: unknown) => e)) as DeskError
    expect(error.code).toBe('auth_failed')
    expect(rec.count('/api/partner/login')).toBe(1)
    expect(rec.count('/api/partner/balance')).toBe(2)
  })

  it('a placement refused with 401 is sent again once after the re-login (nothing was processed)', async () => {
    const rec = countingFetch()
    const client = makeClient(sim, { fetch: rec.fetch })
    await client.login()
    await control(sim, '/tokens/revoke', {})
    rec.reset()
    const [o] = outcomes(sim, 1, 30)
    const r = await client.place({ bets: [o.pointer], amount: 1 })
    expect(r.outcome).toBe('placed')
    expect(rec.count('/api/partner/login')).toBe(1)
    expect(rec.count('/api/partner/coupons/place')).toBe(2)
  })

  it('account turned broke: re-login gives 1007 and reports the account state', async () => {
    const states: string[] = []
    const client = makeClient(sim, { username: 'demo2', onAccountState: (s) => states.push(s) })
    await client.login()
    await control(sim, '/accounts/demo2/balance', { balance: 0 })
    await control(sim, '/tokens/revoke', {})
    try {
      const error = (await client.balance().catch((e: unknown) => e)) as DeskError
      expect(error.code).toBe('account_no_balance')
      expect(states).toEqual(['ok', 'no_balance'])
    } finally {
      await control(sim, '/accounts/demo2/balance', { balance: 10000 })
    }
  })
})
