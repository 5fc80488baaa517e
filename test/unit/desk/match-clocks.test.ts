import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import type { MatchDto, TournamentEventsDto } from '../../../src-shared/contract.js'
import { clockSeconds, matchClockSchema, MATCH_CLOCK_REBASE_MS } from '../../../src-shared/vocabulary/feed-delta.js'
import { createMatchClocks, DEFAULT_CLOCK_TOLERANCE_SEC } from '../../../src-main/core/desk/match-clocks.js'
import { diffList } from '../../../src-main/core/desk/feed-delta.js'
import { eventsToDto } from '../../../src-main/core/desk/map-feed.js'
import { feedTools } from '../../../src-main/core/desk/feed-watches.js'
import { normaliseEvents } from '../../../src-main/core/feed/index.js'
import { applyListDelta } from '../../../src-renderer/composables/feed-delta.js'
import { feedCapture, HAVE_FEED_CAPTURES } from '../feed/captures.js'

/**
 * Live timers the window counts itself (src-main/core/desk/match-clocks.ts): main stamps each live
 * match with the reading it last pushed and whether it runs, so a refresh carries a timer only when it
 * jumps; snapshot plus deltas still equal the latest snapshot, and what the window shows stays within
 * the tolerance of the feed's timer at every refresh.
 */

const T0 = 1_800_000_000_000
const liveMatch = (id: number, timerSec: number, period: string): MatchDto => ({
  key: `live:${id}`,
  lineType: 'live',
  gameId: id,
  mainGameId: id,
  sportId: 1,
  sportName: 'Football',
  countryName: 'England',
  tournamentId: 1,
  tournamentName: 'T1',
  startMs: T0,
  isSubMatch: false,
  opp1: `Home ${id}`,
  opp2: `Away ${id}`,
  opp1IconUrl: null,
  opp2IconUrl: null,
  score: '0:0',
  period,
  timerSec,
  oddsCounter: 3,
  markets: [],
  subGames: [],
})

/** What the feed does to one match's clock between two refreshes. */
const EVENTS = ['run', 'run', 'run', 'run', 'stop', 'start', 'jump', 'back', 'period', 'zero', 'drift'] as const
interface Feed {
  sec: number
  running: boolean
  period: number
}

function step(f: Feed, event: (typeof EVENTS)[number], dtSec: number, amount: number): void {
  switch (event) {
    case 'stop':
      f.running = false
      break
    case 'start':
      f.running = true
      break
    case 'jump':
      f.sec += amount
      break
    case 'back':
      f.sec = Math.max(1, f.sec - amount)
      f.running = false
      break
    case 'period':
      f.period++
      break
    case 'zero':
      f.sec = 0
      f.running = false
      break
    case 'drift':
      // The feed's clock a second or two off the count: within the tolerance, nothing to push.
      if (f.running) f.sec += amount % 3
      break
    case 'run':
      if (f.sec === 0) f.running = true
      break
  }
  if (f.running) f.sec += dtSec
}

const list = (feeds: Feed[]): TournamentEventsDto[] => [{ tournamentId: 1, tournamentName: 'T1', matches: feeds.map((f, i) => liveMatch(i + 1, f.sec, `${f.period} half`)) }]
const wire = <T>(v: T): T => JSON.parse(JSON.stringify(v)) as T

describe('live match clocks', { timeout: 60_000 }, () => {
  it('snapshot plus deltas equal the latest snapshot, and the window shows the feed\'s timer within the tolerance at every refresh, over any sequence of clock jumps', () => {
    const refresh = fc.record({ dtSec: fc.integer({ min: 1, max: 40 }), events: fc.array(fc.tuple(fc.constantFrom(...EVENTS), fc.integer({ min: 4, max: 900 })), { minLength: 4, maxLength: 4 }) })
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 5400 }), { minLength: 4, maxLength: 4 }), fc.array(refresh, { minLength: 1, maxLength: 25 }), (starts, refreshes) => {
        const feeds: Feed[] = starts.map((sec) => ({ sec, running: sec > 0, period: 1 }))
        const clocks = createMatchClocks()
        let now = T0
        let latest = list(feeds)
        clocks.advance(latest, now)
        let held = wire(latest)
        for (const r of refreshes) {
          now += r.dtSec * 1000
          feeds.forEach((f, i) => step(f, r.events[i][0], r.dtSec, r.events[i][1]))
          const next = list(feeds)
          clocks.advance(next, now)
          const delta = diffList(latest, next)
          expect(delta).not.toBeNull()
          held = applyListDelta(held, wire(delta!))
          expect(held).toEqual(next)
          held[0].matches.forEach((m, i) => {
            if (m.clock) expect(matchClockSchema.parse(m.clock)).toEqual(m.clock)
            expect(Math.abs(clockSeconds(m.timerSec, m.clock, now) - feeds[i].sec)).toBeLessThanOrEqual(DEFAULT_CLOCK_TOLERANCE_SEC)
            if (feeds[i].sec === 0) expect(m.clock).toBeUndefined()
          })
          latest = next
        }
      }),
      { numRuns: 300 },
    )
  })

  it('a steadily running clock is pushed once when first seen, then only when it is re-read (every MATCH_CLOCK_REBASE_MS); a stop and a restart are pushed at once', () => {
    const clocks = createMatchClocks()
    const feed: Feed = { sec: 600, running: true, period: 1 }
    let now = T0
    let latest = list([feed])
    clocks.advance(latest, now)
    const pushes: number[] = []
    for (let i = 1; i <= 60; i++) {
      now += 7000
      step(feed, 'run', 7, 0)
      const next = list([feed])
      clocks.advance(next, now)
      if (diffList(latest, next)?.changed?.length) pushes.push(i)
      latest = next
    }
    // 60 refreshes 7 s apart (420 s): re-read at 120 s, 240 s, 360 s, nothing else.
    const every = Math.ceil(MATCH_CLOCK_REBASE_MS / 7000)
    expect(pushes).toEqual([every, 2 * every, 3 * every])
    // Half-time: the feed holds the timer; the next refresh says it stands, then nothing until it runs again.
    const at = (sec: number, period: string, dt: number) => {
      now += dt
      const next = [{ ...latest[0], matches: [liveMatch(1, sec, period)] }]
      clocks.advance(next, now)
      const d = diffList(latest, next)
      latest = next
      return d?.changed?.[0]?.set ?? null
    }
    const ht = feed.sec
    expect(at(ht, '1 half', 7000)).toEqual({ timerSec: ht, clock: { at: now, running: false } })
    expect(at(ht, 'Half-time', 7000)).toEqual({ period: 'Half-time', clock: { at: now, running: false } })
    expect(at(ht, 'Half-time', 7000)).toBeNull()
    expect(at(ht + 5, '2nd half', 7000)).toEqual({ period: '2nd half', timerSec: ht + 5, clock: { at: now, running: true } })
    expect(at(ht + 12, '2nd half', 7000)).toBeNull()
  })

  it.skipIf(!HAVE_FEED_CAPTURES)('the vendor\'s captured Live list: every timed match gets a clock from its seconds; esports (timer 0) none; Half-time at 2700 stands once read again', () => {
    const tools = feedTools('http://cdn.test')
    const read = (name: string) => eventsToDto(normaliseEvents(feedCapture(name).body, 'live').items, tools, 'main')
    const first = read('events.sport-1.tournament-0.sub-50.live.en.json')
    const clocks = createMatchClocks()
    clocks.advance(first, T0)
    const matches = first.flatMap((t) => t.matches)
    expect(matches.length).toBeGreaterThan(0)
    for (const m of matches) expect(m.clock).toEqual(m.timerSec > 0 ? { at: T0, running: true } : undefined)
    // The captured top matches hold a match at Half-time, timer 2700, and esports with timer 0 ("2 map").
    const top = feedCapture('topmatches.live.en.json')
    const items = top.body as Array<Record<string, unknown>>
    const raw = items.find((x) => x.period_name === 'Half-time')
    expect(raw?.timer).toBe(2700)
    const ht = () => [{ tournamentId: 1, tournamentName: 'T1', matches: [liveMatch(9, raw!.timer as number, 'Half-time')] }]
    const a = ht()
    clocks.advance(a, T0)
    const b = ht()
    clocks.advance(b, T0 + 7000)
    expect(b[0].matches[0].clock).toEqual({ at: T0 + 7000, running: false })
    const c = ht()
    clocks.advance(c, T0 + 14_000)
    expect(diffList(b, c)).toEqual({})
    expect(items.filter((x) => x.timer === 0).every((x) => /map/.test(String(x.period_name)))).toBe(true)
  })
})
