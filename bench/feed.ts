import { startSimulator } from '../src-main/core/simulator/server.js'
import { CAPTURES_SHAPES } from '../src-main/core/simulator/variations.js'
import { normaliseEvent, normaliseEvents } from '../src-main/core/feed/index.js'
import type { BenchConfig } from './lib/args.js'
import { row, type BenchRow } from './lib/report.js'
import { cpuMs, settle, summarise } from './lib/stats.js'

/**
 * Feed normalisation against JSON.parse of the same bytes, from the simulator's world, in two sets
 * of shapes:
 * - every variation (the worst case): besides the captures' ones (text parameters, price-sorted
 *   flat lists, repeated group ids, prematch defaults), every object's keys shuffled (`key-order`:
 *   each object a shape of its own, so the engine lists its keys afresh, and JSON.parse slows down
 *   with it) and an unknown field, half the time a nested object, on every match and outcome
 *   (`extra-fields`: an `extra` object per outcome);
 * - the captures' shapes (what production sends): every variation but those two. The vendor's
 *   `events`/`event` captures keep one key order per kind of object and carry unknown fields only
 *   on matches (sgame_id, stat_id, game_plan, stat_list_extra), which the simulator's world sends
 *   itself: its match, market and outcome keys are the captures', in the captures' order.
 * The target is read on the captures' rows; the worst-case rows say how far a hostile answer moves.
 * What the normaliser's time is (profiles and ablations of the captures' rows): on `events` about a
 * fifth is the matches, the rest markets and outcomes: first touches of the parsed values (each is
 * type-checked), checking each `oc_pointer`, and the results the types ask for (markets, column
 * arrays; the usual outcome is the parsed object itself, kept, not copied), allocated straight into
 * the old generation once the engine sees they survive. `event` is the same work per outcome against
 * a cheaper JSON.parse per byte (a 2.4 MB body parses without a collection, the 17 MB one pays
 * scavenges).
 */

const KEY = { Package: 'demo-key' }

interface Payloads {
  events: string
  matches: number
  event: string
  markets: number
}

export async function payloads(config: BenchConfig, variations: string): Promise<Payloads> {
  const want = config.size(5000, 300)
  const sim = await startSimulator({ port: 0, seed: 7, matches: config.size(6000, 400), clockTickMs: 0, variations })
  try {
    const sports = [...new Set(sim.world.matches('line').map((m) => m.sportId))]
    const tournaments: Array<{ events_list: unknown[] }> = []
    let matches = 0
    for (const sportId of sports) {
      const res = await fetch(`${sim.feedApiUrl}/v1/events/${sportId}/0/sub/50/line/en?match=all`, { headers: KEY })
      const body = ((await res.json()) as { body: Array<{ events_list: unknown[] }> }).body
      for (const t of body) {
        if (matches >= want) break
        const take = t.events_list.slice(0, want - matches)
        tournaments.push({ ...t, events_list: take })
        matches += take.length
      }
    }
    // The simulator's richest `event` repeated up to a big match's market count (a real top football
    // match lists over a thousand markets): same column shapes, distinct group ids.
    let richest: Record<string, unknown> | null = null
    for (const m of sim.world.matches('line').slice(0, 60)) {
      const res = await fetch(`${sim.feedApiUrl}/v1/event/${m.gameId}/group/line/en`, { headers: KEY })
      const body = ((await res.json()) as { body: Record<string, unknown> }).body
      const n = Array.isArray(body.game_oc_list) ? body.game_oc_list.length : 0
      if (!richest || n > (richest.game_oc_list as unknown[]).length) richest = body
    }
    if (!richest) throw new Error('no event to measure')
    const seed = richest.game_oc_list as Array<Record<string, unknown>>
    const markets = config.size(1300, 200)
    const list = Array.from({ length: markets }, (_, i) => ({ ...seed[i % seed.length], group_id: 10_000 + i }))
    return { events: JSON.stringify({ body: tournaments }), matches, event: JSON.stringify({ body: { ...richest, game_oc_list: list } }), markets }
  } finally {
    await sim.close()
  }
}

/** One repetition from a clean, settled heap (the previous repetition's garbage collected AND swept:
 *  its background sweeping used to land in the JSON.parse timing, 12-54 ms for the same 2.4 MB),
 *  both in CPU time and each timed on its own: JSON.parse of the bytes, then normalising the body it
 *  gave, straight after (as the client does, so normalising pays for the young parsed tree its
 *  collections meet). Normalising is measured directly, not as parse + normalise minus a separate
 *  parse: that difference of two noisy timings could go below 0. */
export async function measure(text: string, normalise: (body: unknown) => unknown): Promise<{ parse: number; normalise: number; parseFaults: number; normaliseFaults: number }> {
  await settle()
  let body: unknown
  const faults0 = process.resourceUsage().minorPageFault
  const parse = cpuMs(() => {
    body = (JSON.parse(text) as { body: unknown }).body
  })
  const faults1 = process.resourceUsage().minorPageFault
  const took = cpuMs(() => normalise(body))
  const faults2 = process.resourceUsage().minorPageFault
  return { parse, normalise: took, parseFaults: faults1 - faults0, normaliseFaults: faults2 - faults1 }
}

export async function benchFeed(config: BenchConfig): Promise<BenchRow[]> {
  const rows: BenchRow[] = []
  /** `reps`: the figure's repetitions in a full run: more for a small body, whose few milliseconds a
   *  neighbour's burst moves most. Two warm-ups: the code optimised and the heap sized for the body. */
  const figure = async (name: string, text: string, normalise: (body: unknown) => unknown, reps: number, extraNote = '') => {
    const perRep: number[] = []
    const parseRep: number[] = []
    const faults = { parse: [] as number[], normalise: [] as number[] }
    for (let w = 0; w < 2; w++) await measure(text, normalise)
    for (let r = 0; r < (config.quick ? config.reps : Math.max(config.reps, reps)); r++) {
      const m = await measure(text, normalise)
      parseRep.push(m.parse)
      perRep.push(m.normalise)
      faults.parse.push(m.parseFaults)
      faults.normalise.push(m.normaliseFaults)
    }
    const added = summarise(perRep)
    const parse = summarise(parseRep)
    rows.push(
      row({
        name,
        value: added,
        unit: 'ms',
        baseline: parse,
        target: '<= 0.3x JSON.parse',
        met: (_v, _b, ratio) => ratio !== null && ratio <= 0.3,
        note: `${(text.length / 1e6).toFixed(1)} MB${extraNote}; CPU time of normalising the parsed body, against JSON.parse of the same bytes in the same repetition, median of ${perRep.length} from a collected and settled heap (its spread ${parse.min.toFixed(1)}-${parse.max.toFixed(1)} ms); minor page faults, median: JSON.parse ${summarise(faults.parse).median}, normalising ${summarise(faults.normalise).median}`,
      }),
    )
  }
  const events = (body: unknown) => normaliseEvents(body, 'line')
  const event = (body: unknown) => normaliseEvent(body, 'line', 1)
  const shapes = await payloads(config, CAPTURES_SHAPES.join(','))
  const inShapes = ", in the captures' shapes"
  const shapesNote = `${inShapes} (every variation but key-order and extra-fields)`
  await figure(`feed: normalise events match=all, ${shapes.matches.toLocaleString('en-US')} matches${inShapes}`, shapes.events, events, 9, shapesNote)
  await figure(`feed: normalise event, ${shapes.markets.toLocaleString('en-US')} markets${inShapes}`, shapes.event, event, 25, shapesNote)
  const worst = await payloads(config, 'all')
  const inWorst = ', every variation (worst case)'
  const worstNote = `${inWorst}: every object's keys shuffled, an unknown field on every match and outcome`
  await figure(`feed: normalise events match=all, ${worst.matches.toLocaleString('en-US')} matches${inWorst}`, worst.events, events, 7, worstNote)
  await figure(`feed: normalise event, ${worst.markets.toLocaleString('en-US')} markets${inWorst}`, worst.event, event, 25, worstNote)
  return rows
}
