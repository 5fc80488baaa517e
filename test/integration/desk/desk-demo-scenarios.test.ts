import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { DeskHandlers, MatchDto, OutcomeDto } from '../../../src-shared/contract.js'
import { createHarness, errorOf, type Harness } from './helpers.js'

/** Every Demo scenario through the desk core, against its embedded simulator over real HTTP. */
let h: Harness
let api: DeskHandlers
let simBase: string
beforeAll(async () => {
  h = await createHarness({ balancePollMs: 600_000 })
  api = h.core.handlers
  simBase = (await api.app.info(undefined)).endpoints.coupons
  await api.session.login(undefined)
})
afterAll(async () => {
  await h?.close()
})

const simGet = async (path: string) => (await fetch(`${simBase}/__sim${path}`)).json() as Promise<Record<string, unknown>>

/** Prematch matches with an open outcome, in menu order (`skip` passes over the first ones). */
async function bettable(skip = 0): Promise<{ match: MatchDto; outcome: OutcomeDto }> {
  let seen = 0
  for (const sport of await api.feed.menu({ lineType: 'line' }))
    for (const country of sport.countries)
      for (const t of country.tournaments)
        for (const match of (await api.feed.events({ lineType: 'line', sportId: sport.id, tournamentId: t.id, odds: true })).flatMap((e) => e.matches)) {
          const outcome = (match.markets ?? []).flatMap((m) => m.columns.flat()).find((o) => !o.blocked && o.pointer !== '' && o.playerId === null)
          if (outcome && seen++ >= skip) return { match, outcome }
        }
  throw new Error('no bettable outcome')
}
const outcomeIn = async (gameId: number, pointer: string) => {
  const event = await api.feed.event({ lineType: 'line', gameId })
  if (event.kind !== 'match') throw new Error(`match ${gameId} is ${event.reason}`)
  const key = pointer.split('#').slice(0, 5).join('#')
  return (event.match.markets ?? []).flatMap((m) => m.columns.flat()).find((o) => o.pointer.split('#').slice(0, 5).join('#') === key)
}
const place = async (pointer: string, amount = 2) => {
  const placed = await api.coupons.place({ pointers: [pointer], amount, multi: false, mode: 'accept', confirmed: false })
  if (placed.outcome !== 'placed') throw new Error(`placement ${placed.outcome}`)
  return placed.coupons[0].couponCode
}

describe('demo scenarios on matches and outcomes', () => {
  it('moves an outcome’s odds and answers both figures; the feed then shows the new odds', async () => {
    const { match, outcome } = await bettable()
    const moved = await h.call(() => api.demo.moveOdds({ pointer: outcome.pointer, rate: 3.45 }))
    expect(moved).toEqual({ gameId: match.gameId, from: outcome.rate, to: 3.45 })
    expect((await outcomeIn(match.gameId, outcome.pointer))?.rate).toBe(3.45)
    expect((await errorOf(api.demo.moveOdds({ pointer: 'not a pointer', rate: 2 }))).code).toBe('validation')
  })

  it('blocks and unblocks an outcome: a placement on it is refused, then taken', async () => {
    const { match, outcome } = await bettable(1)
    expect(await h.call(() => api.demo.blockOutcome({ pointer: outcome.pointer, blocked: true }))).toEqual({ gameId: match.gameId, blocked: true })
    const refused = await api.coupons.place({ pointers: [outcome.pointer], amount: 2, multi: false, mode: 'accept', confirmed: false })
    expect(refused.outcome === 'rejected' && refused.errorCode).toBe(503)
    expect(await api.demo.blockOutcome({ pointer: outcome.pointer, blocked: false })).toEqual({ gameId: match.gameId, blocked: false })
    expect((await api.coupons.place({ pointers: [outcome.pointer], amount: 2, multi: false, mode: 'accept', confirmed: false })).outcome).toBe('placed')
  })

  it('starts a prematch match: it answers the new live id, which the live feed serves', async () => {
    const { match } = await bettable(2)
    const started = await h.call(() => api.demo.startMatch({ gameId: match.gameId }))
    expect(started.gameId).toBe(match.gameId)
    expect(started.liveGameId).not.toBe(match.gameId)
    const live = await api.feed.event({ lineType: 'live', gameId: started.liveGameId })
    expect(live.kind).toBe('match')
    expect((await errorOf(api.demo.startMatch({ gameId: match.gameId }))).code).toMatch(/^(not_found|demo_conflict)$/)
  })

  it('finishes a match with a score (its bet settles) and cancels another (its bet is returned)', async () => {
    const won = await bettable(3)
    const code = await place(won.outcome.pointer)
    expect(await h.call(() => api.demo.finishMatch({ gameId: won.match.gameId, score: [3, 1] }))).toEqual({ gameId: won.match.gameId, score: [3, 1] })
    expect((await api.coupons.get({ code })).status).not.toBe(0)

    const returned = await bettable(4)
    const code2 = await place(returned.outcome.pointer)
    expect(await h.call(() => api.demo.cancelMatch({ gameId: returned.match.gameId }))).toEqual({ gameId: returned.match.gameId })
    expect((await api.coupons.get({ code: code2 })).bets[0].settlementCoef).toBe(1)
  })
})

describe('demo scenarios on coupons, callbacks, placements and the account', () => {
  it('fails the next N callback deliveries (retried later) and suppresses one coupon’s callback', async () => {
    const { outcome } = await bettable(5)
    const quiet = await place(outcome.pointer)
    expect(await h.call(() => api.demo.suppressCallback({ code: quiet }))).toEqual({ code: quiet })
    await api.demo.settle({ code: quiet, result: 'lose' })
    expect(await h.call(() => api.demo.failCallbacks({ count: 2 }))).toEqual({ count: 2 })
    const loud = await place(outcome.pointer)
    await api.demo.settle({ code: loud, result: 'win' })
    // Delivered after the answer: the log is read until the retried delivery of the loud coupon shows up.
    const deliveriesOf = async (code: string) => ((await simGet('/callbacks/deliveries')).deliveries as Array<{ couponCodes: string[]; outcome: string }>).filter((d) => d.couponCodes.includes(code))
    await expect.poll(async () => (await deliveriesOf(loud)).map((d) => d.outcome), { timeout: 10_000 }).toContain('retry-scheduled')
    expect(await deliveriesOf(quiet)).toEqual([])
  })

  it('drops the next placement after commit: the outcome is unknown', async () => {
    const { outcome } = await bettable(6)
    expect(await h.call(() => api.demo.dropNextPlacement(undefined))).toEqual({ armed: true })
    const placed = await api.coupons.place({ pointers: [outcome.pointer], amount: 2, multi: false, mode: 'accept', confirmed: false })
    expect(placed.outcome).toBe('unknown')
  })

  it('sets the signed-in account’s balance, and another account’s by name', async () => {
    expect(await h.call(() => api.demo.setBalance({ balance: 1234.5 }))).toEqual({ username: 'demo', balance: 1234.5 })
    expect((await api.balance.get(undefined)).balance).toBe(1234.5)
    expect(await api.demo.setBalance({ balance: 5, username: 'demo2' })).toEqual({ username: 'demo2', balance: 5 })
    expect((await api.demo.accounts(undefined)).find((a) => a.username === 'demo2')?.balance).toBe(5)
    expect((await errorOf(api.demo.setBalance({ balance: 5, username: 'nobody' }))).code).toBe('not_found')
  })

  it('revokes every token: the next call signs in again with a new token', async () => {
    const before = (await api.session.status(undefined)).tokenTail
    await h.call(() => api.demo.revokeTokens(undefined))
    expect((await api.balance.get(undefined)).balance).toBeGreaterThanOrEqual(0)
    const after = await api.session.status(undefined)
    expect(after.state).toBe('signed-in')
    expect(after.tokenTail).not.toBe(before)
  })
})
