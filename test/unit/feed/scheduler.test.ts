import { describe, expect, it } from 'vitest'
import seedrandom from 'seedrandom'
import { createFeedScheduler, feedKey, SPEC_MIN_INTERVALS, type FeedRequestSpec, type FeedUpdate } from '../../../src-main/core/feed/index.js'
import { DeskError } from '../../../src-main/core/shared/errors.js'
import { createFakeTime } from './fake-time.js'

const S = 1000

interface Call { key: string; start: number; end?: number }

/** A fake `run` that answers after a simulated latency and records every request it gets. */
function recorder(time: ReturnType<typeof createFakeTime>, behave: (spec: FeedRequestSpec, n: number) => { latency?: number; value?: unknown; fail?: boolean } = () => ({})) {
  const calls: Call[] = []
  const run = async (spec: FeedRequestSpec) => {
    const call: Call = { key: feedKey(spec), start: time.clock.now() }
    calls.push(call)
    const b = behave(spec, calls.filter((c) => c.key === call.key).length)
    await time.sleep(b.latency ?? 100)
    call.end = time.clock.now()
    if (b.fail) throw new DeskError('feed_http', 'HTTP 503', { status: 503 })
    return b.value ?? { n: calls.length }
  }
  const count = (spec: FeedRequestSpec) => calls.filter((c) => c.key === feedKey(spec)).length
  return { calls, run, count }
}

const menuLive: FeedRequestSpec = { method: 'menu', type: 'live', lang: 'en' }
const menuLine: FeedRequestSpec = { method: 'menu', type: 'line', lang: 'en' }
const eventLive = (gameId: number): FeedRequestSpec => ({ method: 'event', gameId, type: 'live', lang: 'en' })

describe('feed scheduler', () => {
  it('a simulated hour: no key is ever requested more often than its interval, requests never overlap', async () => {
    const time = createFakeTime()
    const rng = seedrandom('feed-hour')
    const goneAt = time.clock.now() + 20 * 60 * S
    const rec = recorder(time, (spec) => ({
      latency: Math.floor(rng() * 8000),
      fail: rng() < 0.1,
      value: spec.method === 'event' && spec.gameId === 3 && time.clock.now() > goneAt ? { kind: 'gone', gameId: 3 } : undefined,
    }))
    const scheduler = createFeedScheduler({ clock: time.clock, timers: time.timers, run: rec.run })
    const specs: FeedRequestSpec[] = [
      menuLive,
      menuLine,
      { method: 'sports', type: 'live', lang: 'en' },
      { method: 'countries', sportId: 1, type: 'line', lang: 'en' },
      { method: 'tournaments', sportId: 1, countryId: 10, type: 'live', lang: 'en' },
      { method: 'topmatches', type: 'live', lang: 'en' },
      { method: 'topmatches', type: 'line', lang: 'en', full: true },
      { method: 'toplist', sportId: 1, lang: 'en' },
      { method: 'topchampionships', type: 'live', lang: 'en' },
      { method: 'topchampionships', type: 'line', lang: 'en' },
      { method: 'events', sportId: 1, tournamentId: 0, type: 'live', lang: 'en' },
      { method: 'events', sportId: 1, tournamentId: 0, type: 'line', lang: 'en', odds: false },
      eventLive(3),
      { method: 'event', gameId: 4, type: 'line', lang: 'en' },
      { method: 'search', type: 'line', lang: 'en', text: 'arsenal' },
      { method: 'calendar', sportId: 1, tournamentId: 0, period: { hours: 4 }, lang: 'en' },
    ]
    const userSearches = { count: 0 }
    // Two watchers that stay the whole hour, plus random short-lived watchers and refreshes.
    scheduler.watch(menuLive, () => {})
    scheduler.watch(eventLive(3), () => {})
    const unwatchers: Array<() => void> = []
    for (let second = 0; second < 3600; second++) {
      const roll = rng()
      const spec = specs[Math.floor(rng() * specs.length)]
      if (roll < 0.05) {
        if (spec.method === 'search') userSearches.count++
        unwatchers.push(scheduler.watch(spec, () => {}))
      } else if (roll < 0.09 && unwatchers.length > 0) {
        unwatchers.splice(Math.floor(rng() * unwatchers.length), 1)[0]()
      } else if (roll < 0.2) {
        if (spec.method === 'search') userSearches.count++
        scheduler.refreshNow(spec).catch(() => {})
      }
      await time.advance(S)
    }
    await time.advance(10 * 60 * S)

    let checkedGaps = 0
    for (const spec of specs) {
      const interval = scheduler.intervalOf(spec)
      const starts = rec.calls.filter((c) => c.key === feedKey(spec))
      for (let i = 1; i < starts.length; i++) {
        expect(starts[i].start - starts[i - 1].start, `${feedKey(spec)} gap`).toBeGreaterThanOrEqual(interval)
        expect(starts[i].start, `${feedKey(spec)} overlap`).toBeGreaterThanOrEqual(starts[i - 1].end!)
        checkedGaps++
      }
    }
    expect(checkedGaps).toBeGreaterThan(300)
    // The always-watched live menu really was polled about every 20 s (errors back off a little).
    expect(rec.count(menuLive)).toBeGreaterThan(100)
    expect(rec.count(menuLive)).toBeLessThanOrEqual(4200 / 20 + 1)
    // Search was only ever requested on a user action.
    expect(rec.count(specs[14])).toBeLessThanOrEqual(userSearches.count)
    // The gone event stopped being polled after its gone answer.
    const gone = rec.calls.filter((c) => c.key === feedKey(eventLive(3)))
    const firstAfterGone = gone.findIndex((c) => c.start > goneAt)
    expect(firstAfterGone).toBeGreaterThan(0)
    const goneAnswers = gone.slice(firstAfterGone)
    expect(goneAnswers.length).toBeLessThanOrEqual(1 + 5)
    scheduler.stop()
  })

  it('coalesces watchers and refreshNow into one request; refreshNow inside the interval answers the cache', async () => {
    const time = createFakeTime()
    const rec = recorder(time, () => ({ latency: 500 }))
    const scheduler = createFeedScheduler({ clock: time.clock, timers: time.timers, run: rec.run })
    const a: FeedUpdate[] = []
    const b: FeedUpdate[] = []
    scheduler.watch(menuLive, (u) => a.push(u))
    scheduler.watch(feedKey(menuLive), menuLive, (u) => b.push(u))
    const during = scheduler.refreshNow(menuLive)
    await time.advance(600)
    expect(rec.count(menuLive)).toBe(1)
    expect(await during).toEqual({ n: 1 })
    expect(a).toHaveLength(1)
    expect(b).toHaveLength(1)
    await time.advance(5 * S)
    expect(await scheduler.refreshNow(menuLive)).toEqual({ n: 1 })
    expect(rec.count(menuLive)).toBe(1)
    await time.advance(15 * S)
    expect(rec.count(menuLive)).toBe(2)
    scheduler.stop()
  })

  it('a late watcher gets the cached value at once and does not cause a request', async () => {
    const time = createFakeTime()
    const rec = recorder(time)
    const scheduler = createFeedScheduler({ clock: time.clock, timers: time.timers, run: rec.run })
    scheduler.watch(menuLine, () => {})
    await time.advance(S)
    const late: FeedUpdate[] = []
    scheduler.watch(menuLine, (u) => late.push(u))
    await time.advance(S)
    expect(late).toHaveLength(1)
    expect(rec.count(menuLine)).toBe(1)
    scheduler.stop()
  })

  it('polling stops when the last watcher leaves and resumes no earlier than the interval', async () => {
    const time = createFakeTime()
    const rec = recorder(time)
    const scheduler = createFeedScheduler({ clock: time.clock, timers: time.timers, run: rec.run })
    const off1 = scheduler.watch(menuLive, () => {})
    const off2 = scheduler.watch(menuLive, () => {})
    await time.advance(61 * S)
    expect(rec.count(menuLive)).toBe(4)
    off1()
    await time.advance(20 * S)
    expect(rec.count(menuLive)).toBe(5)
    off2()
    expect(scheduler.activeKeys()).toEqual([])
    await time.advance(10 * 60 * S)
    expect(rec.count(menuLive)).toBe(5)
    const lastStart = rec.calls.at(-1)!.start
    scheduler.watch(menuLive, () => {})
    await time.advance(S)
    expect(rec.count(menuLive)).toBe(6)
    expect(rec.calls.at(-1)!.start - lastStart).toBeGreaterThanOrEqual(20 * S)
    scheduler.stop()
  })

  it('a gone event result stops polling that id and is delivered to watchers', async () => {
    const time = createFakeTime()
    const rec = recorder(time, (_spec, n) => ({ value: n >= 3 ? { kind: 'gone', gameId: 9, message: 'Event not found' } : { kind: 'match' } }))
    const scheduler = createFeedScheduler({ clock: time.clock, timers: time.timers, run: rec.run })
    const seen: FeedUpdate[] = []
    scheduler.watch(eventLive(9), (u) => seen.push(u))
    await time.advance(60 * S)
    expect(rec.count(eventLive(9))).toBe(3)
    expect(seen.at(-1)).toMatchObject({ ok: true, value: { kind: 'gone' } })
    expect(await scheduler.refreshNow(eventLive(9))).toMatchObject({ kind: 'gone' })
    expect(rec.count(eventLive(9))).toBe(3)
  })

  it('search: the watch fetches once, is never polled, a later refresh fetches again', async () => {
    const time = createFakeTime()
    const rec = recorder(time)
    const scheduler = createFeedScheduler({ clock: time.clock, timers: time.timers, run: rec.run })
    const search: FeedRequestSpec = { method: 'search', type: 'line', lang: 'en', text: 'Real Madrid' }
    scheduler.watch(search, () => {})
    await time.advance(30 * 60 * S)
    expect(rec.count(search)).toBe(1)
    const again = scheduler.refreshNow(search)
    await time.advance(S)
    await again
    expect(rec.count(search)).toBe(2)
  })

  it('temporary failures reach listeners as DeskError and back off 5, 10, 20, 40, 40 s after each failure; a throwing listener does not stop polling', async () => {
    const time = createFakeTime()
    const rec = recorder(time, () => ({ fail: true }))
    const scheduler = createFeedScheduler({ clock: time.clock, timers: time.timers, run: rec.run })
    const seen: FeedUpdate[] = []
    scheduler.watch(eventLive(1), () => {
      throw new Error('listener bug')
    })
    scheduler.watch(eventLive(1), (u) => seen.push(u))
    await time.advance(200 * S)
    const waits = rec.calls.slice(1).map((c, i) => c.start - rec.calls[i].end!)
    expect(waits.slice(0, 6)).toEqual([5 * S, 10 * S, 20 * S, 40 * S, 40 * S, 40 * S])
    expect(seen.length).toBe(rec.calls.length)
    expect(seen[0]).toMatchObject({ ok: false, error: { code: 'feed_http', status: 503 } })
    // A user refresh inside the backoff answers the cached error without a request.
    const before = rec.calls.length
    await expect(scheduler.refreshNow(eventLive(1))).rejects.toMatchObject({ code: 'feed_http' })
    expect(rec.calls.length).toBe(before)
    scheduler.stop()
  })

  it('the interval still holds when it is longer than the backoff, and a slow failure waits the backoff after its end', async () => {
    const time = createFakeTime()
    // menu live (20 s): failures answer after 12 s (a timeout), so start + 20 s comes before end + backoff only at first.
    const rec = recorder(time, () => ({ fail: true, latency: 12 * S }))
    const scheduler = createFeedScheduler({ clock: time.clock, timers: time.timers, run: rec.run })
    scheduler.watch(menuLive, () => {})
    await time.advance(150 * S)
    const starts = rec.calls.map((c) => c.start - rec.calls[0].start)
    // 0 → max(0+20, 12+5)=20 → max(40, 32+10)=42 → max(62, 54+20)=74 → max(94, 86+40)=126
    expect(starts).toEqual([0, 20 * S, 42 * S, 74 * S, 126 * S])
    scheduler.stop()
  })

  it('a success after failures resets the backoff', async () => {
    const time = createFakeTime()
    const rec = recorder(time, (_spec, n) => ({ fail: n <= 2 }))
    const scheduler = createFeedScheduler({ clock: time.clock, timers: time.timers, run: rec.run })
    scheduler.watch(eventLive(2), () => {})
    await time.advance(60 * S)
    const starts = rec.calls.map((c) => c.start - rec.calls[0].start)
    // fail, fail (5 s, 10 s after each failure), then success → every 5 s again
    expect(starts.slice(0, 6)).toEqual([0, 5100, 15200, 20200, 25200, 30200])
    scheduler.stop()
  })

  it('a key, permission or usage error of the feed stops polling that key and is reported once; a later user refresh that succeeds resumes it', async () => {
    const time = createFakeTime()
    let keyFixed = false
    const calls: number[] = []
    const run = async (spec: FeedRequestSpec) => {
      calls.push(time.clock.now())
      await time.sleep(100)
      if (!keyFixed) throw new DeskError('feed_key_expired', 'expired', { data: { errorCode: 100, errorMessage: 'Package has expired', category: 'auth' } })
      return { ok: feedKey(spec) }
    }
    const scheduler = createFeedScheduler({ clock: time.clock, timers: time.timers, run })
    const seen: FeedUpdate[] = []
    scheduler.watch(menuLive, (u) => seen.push(u))
    await time.advance(10 * 60 * S)
    expect(calls).toHaveLength(1)
    expect(seen).toHaveLength(1)
    expect(seen[0]).toMatchObject({ ok: false, error: { code: 'feed_key_expired' } })
    // Another watcher gets the cached error and causes no request.
    const late: FeedUpdate[] = []
    scheduler.watch(menuLive, (u) => late.push(u))
    await time.advance(S)
    expect(late).toHaveLength(1)
    expect(calls).toHaveLength(1)
    // The operator renews the key and refreshes: one request, then polling resumes at 20 s.
    keyFixed = true
    const refreshed = scheduler.refreshNow(menuLive)
    await time.advance(S)
    await expect(refreshed).resolves.toEqual({ ok: feedKey(menuLive) })
    await time.advance(60 * S)
    expect(calls.length).toBe(2 + 3)
    scheduler.stop()
  })

  it('the feed\'s unknown error codes (feed_error with error data) are not polled again either', async () => {
    const time = createFakeTime()
    let n = 0
    const scheduler = createFeedScheduler({
      clock: time.clock,
      timers: time.timers,
      run: async () => {
        n++
        throw new DeskError('feed_error', 'feed error 77: something', { data: { errorCode: 77, errorMessage: 'something', category: 'unknown' } })
      },
    })
    scheduler.watch(eventLive(5), () => {})
    await time.advance(5 * 60 * S)
    expect(n).toBe(1)
    scheduler.stop()
  })

  it('interval overrides cannot go below the documented minimums', () => {
    const time = createFakeTime()
    const scheduler = createFeedScheduler({ clock: time.clock, timers: time.timers, run: async () => 1, intervals: { menu: { live: 1 * S, line: 90 * S } } })
    expect(scheduler.intervalOf(menuLive)).toBe(20 * S)
    expect(scheduler.intervalOf(menuLine)).toBe(90 * S)
  })

  it('uses the vendor\'s documented intervals (live / line)', () => {
    const time = createFakeTime()
    const scheduler = createFeedScheduler({ clock: time.clock, timers: time.timers, run: async () => 1 })
    const every = (spec: FeedRequestSpec) => scheduler.intervalOf(spec) / S
    expect(every({ method: 'events', sportId: 1, tournamentId: 0, type: 'live', lang: 'en' })).toBe(7)
    expect(every({ method: 'events', sportId: 1, tournamentId: 0, type: 'line', lang: 'en' })).toBe(30)
    expect(every(eventLive(1))).toBe(5)
    expect(every({ method: 'event', gameId: 1, type: 'line', lang: 'en' })).toBe(30)
    expect(every({ method: 'topchampionships', type: 'live', lang: 'en' })).toBe(60)
    expect(every({ method: 'topchampionships', type: 'line', lang: 'en' })).toBe(300)
    expect(every({ method: 'calendar', sportId: 1, tournamentId: 0, period: { day: 1 }, lang: 'en' })).toBe(60)
    expect(every(menuLive)).toBe(20)
    expect(every(menuLine)).toBe(60)
    expect(every({ method: 'sports', type: 'live', lang: 'en' })).toBe(60)
    expect(every({ method: 'countries', sportId: 1, type: 'line', lang: 'en' })).toBe(120)
    expect(every({ method: 'topmatches', type: 'live', lang: 'en' })).toBe(30)
    expect(every({ method: 'toplist', sportId: 1, lang: 'en' })).toBe(120)
    expect(SPEC_MIN_INTERVALS.calendar.line).toBe(60 * S)
  })

  it('calendar keys are Prematch keys per sport, tournament, period and odds', () => {
    const spec = (period: { hours: 2 } | { day: 3 }, odds?: boolean): FeedRequestSpec => ({ method: 'calendar', sportId: 1, tournamentId: 0, period, lang: 'en', odds })
    expect(feedKey(spec({ hours: 2 }))).toBe('calendar|line|en|1|0|h2|odds=')
    expect(feedKey(spec({ day: 3 }, false))).toBe('calendar|line|en|1|0|d3|odds=0')
    expect(new Set([spec({ hours: 2 }), spec({ day: 3 }), spec({ day: 3 }, true)].map(feedKey)).size).toBe(3)
  })
})
