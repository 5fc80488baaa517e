import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { RunningSimulator } from '../../../src-main/core/simulator/server.js'
import { DeskError } from '../../../src-main/core/shared/errors.js'
import type { CouponErrorData, PlacementResult } from '../../../src-main/core/coupons/types.js'
import { control, countingFetch, makeClient, outcomes, pointerOf, startSim, subGamePair } from './helpers.js'

let sim: RunningSimulator
beforeAll(async () => {
  sim = await startSim()
})
afterAll(async () => {
  await sim?.close()
})

function placed(r: PlacementResult) {
  if (r.outcome !== 'placed') throw new Error(`expected placed, got ${r.outcome}: ${r.outcome === 'rejected' ? `${r.error.code} ${r.error.message}` : ''}`)
  return r.coupons
}
function rejected(r: PlacementResult): DeskError {
  if (r.outcome !== 'rejected') throw new Error(`expected rejected, got ${r.outcome}`)
  return r.error
}
const errorCodeOf = (e: DeskError) => (e.data as CouponErrorData).errorCode
async function failure(p: Promise<unknown>): Promise<DeskError> {
  try {
    await p
  } catch (e) {
    expect(e).toBeInstanceOf(DeskError)
    return e as DeskError
  }
  throw new Error('expected a failure')
}

describe('coupon client, new routes', () => {
  it('health answers without credentials', async () => {
    const client = makeClient(sim, { password: 'wrong' })
    expect(await client.health()).toBe('ok')
  })

  it('logs in and never exposes the token', async () => {
    const seen: unknown[] = []
    const client = makeClient(sim, { onTokenChange: (i) => seen.push(i) })
    const info = await client.login()
    expect(info).toMatchObject({ username: 'demo', loggedIn: true })
    expect(info.tokenTail).toMatch(/^….{4}$/)
    expect(info.expiresAt).toBeGreaterThan(Date.now() - 60_000)
    expect(JSON.stringify(seen)).not.toMatch(/eyJ/)
    expect(JSON.stringify(client.sessionInfo())).not.toMatch(/eyJ/)
  })

  it('places a single, an accumulator and multi singles; balance and reads follow', async () => {
    const client = makeClient(sim, { username: 'demo2' })
    const before = await client.balance()
    const [a, b, c] = outcomes(sim, 3, 0)
    const single = placed(await client.place({ bets: [a.pointer], amount: 10 }))
    expect(single).toHaveLength(1)
    expect(single[0]).toMatchObject({ amount: 10, status: 0, calculateDate: null, model: 'new', eventsCount: 1 })
    expect(single[0].code).toMatch(/^\d{12}$/)
    const acc = placed(await client.place({ bets: [b.pointer, c.pointer.replace(/#/g, '|')], amount: 5 }))
    expect(acc).toHaveLength(1)
    expect(acc[0].bets.map((x) => x.gameId).sort()).toEqual([b.match.gameId, c.match.gameId].sort())
    const multi = placed(await client.place({ bets: [b.pointer, c.pointer], amount: 3, multi: true }))
    expect(multi).toHaveLength(2)
    expect(await client.balance()).toBeCloseTo(before - 10 - 5 - 6, 6)

    const got = await client.get(single[0].code)
    expect(got.code).toBe(single[0].code)
    expect(got.bets[0].pointer).toBe(a.pointer)
    const active = await client.active()
    expect(active.map((x) => x.code)).toEqual(expect.arrayContaining([single[0].code, acc[0].code, ...multi.map((m) => m.code)]))
    const byIds = await client.resultsByIds([acc[0].code, single[0].code, acc[0].code, '999999999999'])
    expect(byIds.map((x) => x.code)).toEqual([acc[0].code, single[0].code])
  })

  it('resultsByIds: 250 codes → 3 requests of ≤ 100, merged in order', async () => {
    const rec = countingFetch()
    const client = makeClient(sim, { fetch: rec.fetch })
    const [o] = outcomes(sim, 1, 3)
    const mine = placed(await client.place({ bets: [o.pointer], amount: 1 }))[0]
    const codes = Array.from({ length: 249 }, (_, i) => String(900_000_000_000 + i))
    codes.splice(150, 0, mine.code)
    rec.reset()
    const found = await client.resultsByIds([...codes, mine.code])
    const calls = rec.calls.filter((c) => c.path === '/api/partner/coupons/results')
    expect(calls).toHaveLength(3)
    expect(calls.map((c) => (c.body as { coupon_ids: string[] }).coupon_ids.length).sort()).toEqual([100, 100, 50])
    expect(found.map((c) => c.code)).toEqual([mine.code])
  })

  it('resultsByPeriod: 60 h → 3 windows of ≤ 24 h, merged without duplicates', async () => {
    const rec = countingFetch()
    const client = makeClient(sim, { fetch: rec.fetch })
    const [o] = outcomes(sim, 1, 4)
    const c = placed(await client.place({ bets: [o.pointer], amount: 2 }))[0]
    const t = c.createdAt!
    rec.reset()
    const H = 3600_000
    const list = await client.resultsByPeriod(t - 36 * H, t + 24 * H)
    const calls = rec.calls.filter((x) => x.path === '/api/partner/coupons/results')
    expect(calls).toHaveLength(3)
    for (const call of calls) {
      const b = call.body as { start_date: number; end_date: number }
      expect(b.end_date - b.start_date).toBeLessThanOrEqual(24 * H)
      expect(b.end_date).toBeGreaterThan(b.start_date)
    }
    expect(list.filter((x) => x.code === c.code)).toHaveLength(1)
    // A coupon exactly on a window boundary is returned by both windows and kept once.
    const boundary = await client.resultsByPeriod(t - 24 * H, t + 1000)
    expect(boundary.filter((x) => x.code === c.code)).toHaveLength(1)
    await expect(client.resultsByPeriod(t, t)).rejects.toThrow(RangeError)
  })

  it('calculated clamps the window and returns settled coupons', async () => {
    const rec = countingFetch()
    const client = makeClient(sim, { fetch: rec.fetch })
    const [o] = outcomes(sim, 1, 5)
    const c = placed(await client.place({ bets: [o.pointer], amount: 4 }))[0]
    await control(sim, `/coupons/${c.code}/settle`, { result: 'win' })
    const settled = await client.calculated(0)
    const mine = settled.find((x) => x.code === c.code)
    expect(mine).toBeDefined()
    expect(mine!.status).toBe(2)
    expect(mine!.calculateDate).not.toBeNull()
    expect(mine!.realWin).toBeGreaterThan(0)
    await client.calculated(500)
    await client.calculated()
    const times = rec.calls.filter((x) => x.path === '/api/partner/coupons/calculated').map((x) => x.query.get('time'))
    expect(times).toEqual(['5', '120', '5'])
    expect((await client.active()).some((x) => x.code === c.code)).toBe(false)
  })

  it('read retry: 503 twice then success; beyond the retries a coupon_http 503 (10000) that may be retried', async () => {
    const rec = countingFetch()
    const client = makeClient(sim, { fetch: rec.fetch, readRetries: 2 })
    await client.login()
    await control(sim, '/faults', { reads: 'error-503', count: 2 })
    rec.reset()
    expect(typeof (await client.balance())).toBe('number')
    expect(rec.count('/api/partner/balance')).toBe(3)
    await control(sim, '/faults', { reads: 'error-503', count: 3 })
    rec.reset()
    const e = await failure(client.balance())
    expect([e.code, e.status, e.retry, errorCodeOf(e)]).toEqual(['coupon_http', 503, 'safe', 10000])
    expect(rec.count('/api/partner/balance')).toBe(3)
  })

  describe('business errors', () => {
    const client = () => makeClient(sim)

    it('10 missing code and 471 unknown coupon on get', async () => {
      const c = client()
      const e10 = await failure(c.get(''))
      expect([e10.code, errorCodeOf(e10), e10.retry]).toEqual(['coupon_business', 10, 'never'])
      const e471 = await failure(c.get('000000000000'))
      expect([e471.code, errorCodeOf(e471), e471.retry]).toEqual(['coupon_business', 471, 'never'])
    })

    it('471 for a coupon of another client', async () => {
      const [o] = outcomes(sim, 1, 6)
      const other = placed(await makeClient(sim, { username: 'demo2' }).place({ bets: [o.pointer], amount: 1 }))[0]
      expect(errorCodeOf(await failure(client().get(other.code)))).toBe(471)
      expect(await client().resultsByIds([other.code])).toEqual([])
    })

    it('11 bad pointer format (server-side) and 12 bad amount', async () => {
      const [o] = outcomes(sim, 1, 7)
      const e11 = rejected(await client().place({ bets: [o.pointer.replace(/^line/, 'prematch')], amount: 1 }))
      expect([e11.code, errorCodeOf(e11), e11.retry]).toEqual(['coupon_business', 11, 'never'])
      const e12 = rejected(await client().place({ bets: [o.pointer], amount: 0 }, { skipLocalChecks: true }))
      expect([errorCodeOf(e12), e12.retry]).toEqual([12, 'never'])
      const local = rejected(await client().place({ bets: [o.pointer], amount: 0 }))
      expect(local.code).toBe('coupon_invalid')
    })

    it('501 odds changed, 502 absent, 503 blocked, 504 validation failed — with change records', async () => {
      const [a, b, c, d] = outcomes(sim, 4, 8)
      const e501 = rejected(await client().place({ bets: [pointerOf(a.match, a.outcome, Math.round((a.outcome.rate + 0.37) * 100) / 100)], amount: 1 }))
      expect([errorCodeOf(e501), e501.retry]).toEqual([501, 'never'])
      expect((e501.data as CouponErrorData).changes[0]).toMatchObject({ gameId: a.match.gameId, status: 'rejected', changeType: 2 })
      const e502 = rejected(await client().place({ bets: [`line#${b.match.gameId}#99999#1#0#1.5`], amount: 1 }))
      expect([errorCodeOf(e502), (e502.data as CouponErrorData).changes[0].status]).toEqual([502, 'no_data'])
      sim.world.setBlocked(c.match.gameId, c.outcome.groupId, c.outcome.typeId, c.outcome.param, true)
      const e503 = rejected(await client().place({ bets: [c.pointer], amount: 1 }))
      expect([errorCodeOf(e503), (e503.data as CouponErrorData).changes[0].status, (e503.data as CouponErrorData).changes[0].changeType]).toEqual([503, 'block', null])
      const e504 = rejected(await client().place({ bets: [d.pointer.replace(/^line/, 'live')], amount: 1 }))
      expect([errorCodeOf(e504), e504.retry, (e504.data as CouponErrorData).changes[0].status]).toEqual([504, 'not-immediately', 'error'])
    })

    it('506 one match tree (main + sub-game) in an accumulator; local check with treeOf', async () => {
      const pair = subGamePair(sim)
      const e = rejected(await client().place({ bets: pair, amount: 1 }))
      expect([errorCodeOf(e), e.retry]).toEqual([506, 'never'])
      const local = rejected(await makeClient(sim, { treeOf: (g) => sim.world.matchTreeRoot(g) }).place({ bets: pair, amount: 1 }))
      expect(local.code).toBe('coupon_invalid')
    })

    it('507 insufficient balance: nothing created, balance unchanged', async () => {
      const c = makeClient(sim, { username: 'small' })
      const before = await c.balance()
      const [o] = outcomes(sim, 1, 12)
      const e = rejected(await c.place({ bets: [o.pointer], amount: before + 1 }))
      expect([e.code, errorCodeOf(e), e.retry]).toEqual(['coupon_business', 507, 'after-funding'])
      expect(await c.balance()).toBe(before)
      expect(await c.active()).toEqual([])
    })

    it('1002 / 1003 on login are auth_failed', async () => {
      const e1002 = await failure(makeClient(sim, { password: '' }).login())
      expect([e1002.code, errorCodeOf(e1002)]).toEqual(['auth_failed', 1002])
      const e1003 = await failure(makeClient(sim, { password: 'nope' }).balance())
      expect([e1003.code, errorCodeOf(e1003), e1003.retry]).toEqual(['auth_failed', 1003, 'never'])
    })

    it('1004 / 1006 / 1007 surface as account states', async () => {
      for (const [username, code, state, errorCode] of [
        ['disabled', 'account_disabled', 'disabled', 1004],
        ['expired', 'account_expired', 'expired', 1006],
        ['broke', 'account_no_balance', 'no_balance', 1007],
      ] as const) {
        const states: string[] = []
        const c = makeClient(sim, { username, onAccountState: (s) => states.push(s) })
        const e = await failure(c.balance())
        expect([e.code, errorCodeOf(e), e.retry]).toEqual([code, errorCode, 'never'])
        expect(states).toEqual([state])
      }
    })

    it('403 → access_denied without re-login', async () => {
      await control(sim, '/accounts/demo2/state', { state: 'active' })
      const rec = countingFetch()
      const c = makeClient(sim, { username: 'demo2', fetch: rec.fetch })
      await c.login()
      await control(sim, '/accounts/demo2/state', { state: 'disabled' })
      try {
        const e = await failure(c.active())
        expect([e.code, e.status]).toEqual(['access_denied', 403])
        expect(rec.count('/api/partner/login')).toBe(1)
      } finally {
        await control(sim, '/accounts/demo2/state', { state: 'active' })
      }
    })
  })
})
