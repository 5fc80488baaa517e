import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { SessionStatus } from '../../../src-shared/contract.js'
import type { SessionState } from '../../../src-main/core/coupons/types.js'
import { createSessionTracker } from '../../../src-main/core/desk/session.js'
import type { RunningSimulator } from '../../../src-main/core/simulator/server.js'
import type { DeskError } from '../../../src-main/core/shared/errors.js'
import { control, countingFetch, makeClient, startSim } from '../../integration/coupons/helpers.js'

/**
 * One session state machine: the coupon client's session owns phase, account state and the
 * operator's sign-out; the desk's tracker only projects it (real HTTP against the simulator).
 */
let sim: RunningSimulator
beforeAll(async () => {
  sim = await startSim()
})
afterAll(async () => {
  await sim?.close()
})

function observed(extra: Parameters<typeof makeClient>[1] = {}) {
  const states: SessionState[] = []
  const statuses: SessionStatus[] = []
  const signedIn: boolean[] = []
  const rec = countingFetch()
  const desk: { tracker?: ReturnType<typeof createSessionTracker> } = {}
  const client = makeClient(sim, {
    fetch: rec.fetch,
    ...extra,
    onSessionChange: (s) => {
      states.push(s)
      desk.tracker?.observe(s)
    },
  })
  const tracker = createSessionTracker({
    client: () => client,
    emit: (e) => {
      if (e.type === 'session.changed') statuses.push(e.status)
    },
    onSignedInChange: (v) => signedIn.push(v),
  })
  desk.tracker = tracker
  return { client, tracker, states, statuses, signedIn, rec, phases: () => states.map((s) => s.phase) }
}

describe('the session state machine (owned by the coupon client)', () => {
  it('an on-demand sign-in goes signed-out → signing-in → signed-in; the desk shows exactly that', async () => {
    const o = observed()
    expect(o.client.sessionState()).toMatchObject({ phase: 'signed-out', account: null, failure: null, operatorSignedOut: false })
    await o.client.balance()
    expect(o.phases()).toEqual(['signing-in', 'signed-in'])
    expect(o.statuses.map((s) => [s.state, s.accountState])).toEqual([['signing-in', 'unknown'], ['signed-in', 'active']])
    expect(o.signedIn).toEqual([true])
    expect(o.tracker.status()).toEqual(o.statuses.at(-1))
  })

  it('wrong credentials: failed with the error; the desk reads bad-credentials from it', async () => {
    const o = observed({ password: 'wrong' })
    await expect(o.tracker.login()).rejects.toMatchObject({ code: 'auth_failed' })
    const state = o.client.sessionState()
    expect(state).toMatchObject({ phase: 'failed', failure: { code: 'auth_failed' } })
    expect(o.tracker.status()).toMatchObject({ state: 'failed', accountState: 'bad-credentials', reason: { code: 'auth_failed', detail: expect.any(String) } })
    expect(o.tracker.status().reason).toEqual(state.reason)
    expect(o.signedIn).toEqual([])
  })

  it('a disabled account: failed, account state disabled on both sides', async () => {
    const o = observed({ username: 'disabled' })
    await expect(o.client.login()).rejects.toMatchObject({ code: 'account_disabled' })
    expect(o.client.sessionState()).toMatchObject({ phase: 'failed', account: 'disabled' })
    expect(o.tracker.status()).toMatchObject({ state: 'failed', accountState: 'disabled' })
  })

  it('after the operator signs out, a call straight on the client refuses with signed_out and never signs in again', async () => {
    const o = observed()
    await o.tracker.login()
    o.tracker.logout()
    expect(o.client.sessionState()).toMatchObject({ phase: 'signed-out', operatorSignedOut: true, info: { loggedIn: false } })
    o.rec.reset()
    const error = (await o.client.balance().catch((e: unknown) => e)) as DeskError
    expect(error.code).toBe('signed_out')
    expect(o.rec.count('/api/partner/login')).toBe(0)
    expect(o.signedIn).toEqual([true, false])
    await o.tracker.login()
    expect(typeof (await o.client.balance())).toBe('number')
    expect(o.tracker.status().state).toBe('signed-in')
  })

  it('a token revoked while signed in is replaced without leaving signed-in (pollers are not stopped)', async () => {
    const o = observed()
    await o.client.login()
    const tail = o.client.sessionInfo().tokenTail
    await control(sim, '/tokens/revoke', {})
    await o.client.balance()
    expect(o.client.sessionInfo().tokenTail).not.toBe(tail)
    expect(o.phases().filter((p, i, all) => p !== all[i - 1])).toEqual(['signing-in', 'signed-in'])
    expect(o.signedIn).toEqual([true])
  })

  it('an account that turns broke on a call fails the session with account state no-balance', async () => {
    const o = observed({ username: 'demo2' })
    await o.client.login()
    await control(sim, '/accounts/demo2/balance', { balance: 0 })
    await control(sim, '/tokens/revoke', {})
    try {
      await expect(o.client.balance()).rejects.toMatchObject({ code: 'account_no_balance' })
      expect(o.client.sessionState()).toMatchObject({ phase: 'failed', account: 'no_balance', info: { loggedIn: false } })
      expect(o.tracker.status()).toMatchObject({ state: 'failed', accountState: 'no-balance' })
      expect(o.signedIn).toEqual([true, false])
    } finally {
      await control(sim, '/accounts/demo2/balance', { balance: 10000 })
    }
  })

  it('the desk keeps no state of its own: its status is always the projection of the client state', async () => {
    const o = observed()
    const checks: boolean[] = []
    const tracker = createSessionTracker({ client: () => o.client, emit: () => undefined })
    await o.client.login()
    checks.push(tracker.status().state === 'signed-in')
    o.client.logout()
    checks.push(tracker.status().state === 'signed-out')
    expect(checks).toEqual([true, true])
  })
})
