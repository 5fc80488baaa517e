import { createFeedScheduler, feedKey, SPEC_MIN_INTERVALS, type FeedRequestSpec } from '../src-main/core/feed/index.js'
import type { BenchConfig } from './lib/args.js'
import { row, type BenchRow } from './lib/report.js'
import { benchClock } from './lib/sim-clock.js'

/**
 * Request discipline over one simulated hour: the desk's feed scheduler (the one every window's
 * watch goes through) polling a desk that watches the Live list, the Line list and a watch list of
 * matches, opened in 1 and in 3 windows. Upstream is a recorder answering at once.
 */

const HOUR = 60 * 60 * 1000

function desk(watchList: number): FeedRequestSpec[] {
  return [
    { method: 'menu', type: 'live', lang: 'en' },
    { method: 'menu', type: 'line', lang: 'en' },
    { method: 'events', sportId: 1, tournamentId: 0, type: 'live', lang: 'en' },
    { method: 'events', sportId: 1, tournamentId: 0, type: 'line', lang: 'en' },
    ...Array.from({ length: watchList }, (_, i): FeedRequestSpec => ({ method: 'event', gameId: 300_000_000 + i, type: i % 2 === 0 ? 'live' : 'line', lang: 'en' })),
  ]
}

async function simulate(windows: number, specs: FeedRequestSpec[], simulatedMs: number) {
  const clock = benchClock(Date.UTC(2026, 10, 26, 12))
  const starts = new Map<string, number[]>()
  const scheduler = createFeedScheduler({
    clock,
    run: (spec) => {
      const key = feedKey(spec)
      starts.set(key, [...(starts.get(key) ?? []), clock.now()])
      return Promise.resolve({ items: [], warnings: [] })
    },
  })
  const stops = Array.from({ length: windows }, () => specs.map((spec) => scheduler.watch(spec, () => undefined))).flat()
  await clock.advance(simulatedMs)
  for (const stop of stops) stop()
  scheduler.stop()
  return starts
}

/** One window shown for half the period, then hidden (its feed topics released) for the other half. */
async function simulateHidden(specs: FeedRequestSpec[], simulatedMs: number) {
  const clock = benchClock(Date.UTC(2026, 10, 26, 12))
  const at: number[] = []
  const scheduler = createFeedScheduler({
    clock,
    run: () => {
      at.push(clock.now())
      return Promise.resolve({ items: [], warnings: [] })
    },
  })
  const stops = specs.map((spec) => scheduler.watch(spec, () => undefined))
  await clock.advance(simulatedMs / 2)
  const hiddenAt = clock.now()
  for (const stop of stops) stop()
  await clock.advance(simulatedMs / 2)
  scheduler.stop()
  return { whileShown: at.filter((t) => t < hiddenAt).length, whileHidden: at.filter((t) => t > hiddenAt).length }
}

export async function benchRequests(config: BenchConfig): Promise<BenchRow[]> {
  const simulatedMs = config.size(HOUR, 10 * 60 * 1000)
  const specs = desk(config.size(20, 4))
  const one = await simulate(1, specs, simulatedMs)
  const three = await simulate(3, specs, simulatedMs)
  const rows: BenchRow[] = []
  const minutes = simulatedMs / 60_000
  for (const method of ['menu', 'events', 'event'] as const) {
    for (const type of ['live', 'line'] as const) {
      const keys = specs.filter((s) => s.method === method && 'type' in s && s.type === type).map(feedKey)
      const interval = SPEC_MIN_INTERVALS[method][type]
      let requests = 0
      let violations = 0
      for (const key of keys) {
        const at = three.get(key) ?? []
        requests += at.length
        for (let i = 1; i < at.length; i++) if (at[i] - at[i - 1] < interval) violations++
      }
      // The most a key may be asked in the period at its documented interval (the first at once).
      const allowed = keys.length * (Math.floor(simulatedMs / interval) + 1)
      rows.push(
        row({
          name: `requests: ${method} ${type}, ${keys.length} key${keys.length > 1 ? 's' : ''}, ${minutes} simulated min, 3 windows (gaps under ${interval / 1000} s)`,
          value: requests,
          unit: 'requests',
          baseline: allowed,
          target: '0 gaps under the minimum',
          met: () => violations === 0,
          note: `${violations} gaps under the documented minimum; baseline: the most the documented interval allows`,
        }),
      )
    }
  }
  const total = (m: Map<string, number[]>) => [...m.values()].reduce((n, at) => n + at.length, 0)
  rows.push(
    row({
      name: `requests: upstream, 3 windows vs 1 window (${specs.length} keys)`,
      value: total(three),
      unit: 'requests',
      baseline: total(one),
      target: 'same as 1 window',
      met: (v, b) => v === b,
    }),
  )
  // A hidden window lets go of its feed topics (src-renderer/api/shared-watch.ts; proven in
  // test/component/hidden-window.test.ts); what is measured here is that main then asks nothing more.
  const hidden = await simulateHidden(specs, simulatedMs)
  rows.push(
    row({
      name: `requests: while the only window is hidden (second half of ${minutes} simulated min)`,
      value: hidden.whileHidden,
      unit: 'requests',
      baseline: hidden.whileShown,
      target: '0',
      met: (v) => v === 0,
      note: 'baseline: requests in the first half, while the window was shown',
    }),
  )
  return rows
}
