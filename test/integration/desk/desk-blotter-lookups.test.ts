import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { CouponDto, DeskHandlers } from '../../../src-shared/contract.js'
import { MAX_CODES_PER_VENDOR_REQUEST } from '../../../src-shared/vocabulary/limits.js'
import { periodWindows } from '../../../src-renderer/composables/stepped-lookup.js'
import { createHarness, type Harness } from './helpers.js'

/**
 * The blotter's long lookups against the Demo simulator over real HTTP: coupons placed days apart on
 * the simulated clock, read back by a period many windows long (window by window as the console does,
 * and in one call the client splits), and by a pasted list far longer than one request takes.
 */
const DAY = 24 * 60 * 60 * 1000
let h: Harness
let api: DeskHandlers
const placed: CouponDto[] = []

async function placeOne(skip: number): Promise<CouponDto> {
  const menu = await api.feed.menu({ lineType: 'line' })
  let seen = 0
  for (const sport of menu) {
    for (const country of sport.countries) {
      for (const t of country.tournaments) {
        const events = await api.feed.events({ lineType: 'line', sportId: sport.id, tournamentId: t.id, odds: true })
        for (const match of events.flatMap((e) => e.matches)) {
          const outcome = (match.markets ?? []).flatMap((m) => m.columns.flat()).find((o) => !o.blocked && o.pointer !== '')
          if (!outcome || seen++ < skip) continue
          const r = await api.coupons.place({ pointers: [outcome.pointer], amount: 2, multi: false, mode: 'accept', confirmed: false })
          if (r.outcome === 'placed') return r.coupons[0]!
        }
      }
    }
  }
  throw new Error('no bettable outcome in the demo line')
}

beforeAll(async () => {
  h = await createHarness()
  api = h.core.handlers
  await api.session.login(undefined)
  // Five coupons, about 40 hours apart: they span seven days of creation time.
  for (let i = 0; i < 5; i++) {
    placed.push(await placeOne(i))
    await api.demo.advanceClock({ ms: 40 * 60 * 60 * 1000 })
  }
}, 120_000)
afterAll(async () => {
  await h?.close()
})

describe('blotter lookups on Demo (real HTTP to the simulator)', () => {
  it('a period of many windows, read window by window, finds every coupon created in it exactly once', async () => {
    const created = placed.map((c) => c.createdAt!)
    expect(created.every((t) => typeof t === 'number')).toBe(true)
    const from = Math.min(...created) - DAY / 2
    const to = Math.max(...created) + DAY / 2
    const windows = periodWindows(from, to)
    expect(windows.length).toBeGreaterThanOrEqual(8)
    const seen: string[] = []
    for (const w of windows) {
      const page = await api.coupons.resultsByPeriod({ from: w.from, to: w.to })
      // Every answer of a window was created inside it.
      for (const c of page) expect(c.createdAt! >= w.from && c.createdAt! <= w.to, `${c.couponCode} in its window`).toBe(true)
      seen.push(...page.map((c) => c.couponCode))
    }
    const mine = placed.map((c) => c.couponCode)
    expect(new Set(seen.filter((c) => mine.includes(c)))).toEqual(new Set(mine))
    expect(seen.filter((c) => mine.includes(c))).toHaveLength(mine.length)

    // The same period in one call: the client splits it into the service's 24-hour windows itself.
    const whole = await api.coupons.resultsByPeriod({ from, to })
    expect(whole.map((c) => c.couponCode).filter((c) => mine.includes(c)).sort()).toEqual([...mine].sort())
    // A period between the coupons holds none of them.
    const between = await api.coupons.resultsByPeriod({ from: created[0]! + 1000, to: created[1]! - 1000 })
    expect(between.map((c) => c.couponCode).filter((c) => mine.includes(c))).toEqual([])
  })

  it('a pasted list of 1,150 codes (5 real among made-up ones) in request-sized calls finds exactly the real ones', async () => {
    const mine = placed.map((c) => c.couponCode)
    const madeUp = Array.from({ length: 1145 }, (_, i) => String(900_000_000_000 + i))
    const list = [...madeUp.slice(0, 300), mine[0]!, ...madeUp.slice(300, 700), mine[1]!, mine[2]!, ...madeUp.slice(700), mine[3]!, mine[4]!]
    expect(list).toHaveLength(1150)
    const found: CouponDto[] = []
    let calls = 0
    for (let i = 0; i < list.length; i += MAX_CODES_PER_VENDOR_REQUEST) {
      found.push(...(await api.coupons.resultsByIds({ codes: list.slice(i, i + MAX_CODES_PER_VENDOR_REQUEST) })))
      calls++
    }
    expect(calls).toBe(12)
    expect(found.map((c) => c.couponCode).sort()).toEqual([...mine].sort())
    // Names and the full model come back with each coupon.
    for (const c of found) {
      expect(c.bets[0]!.opp1 ?? c.bets[0]!.marketName).not.toBeNull()
      expect(c.model).toBe('new')
      expect(c.eventsCount).toBe(c.bets.length)
    }

  })
})
