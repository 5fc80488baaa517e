import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { RunningSimulator } from '../../../src-main/core/simulator/server.js'
import { CAPTURES_SHAPES } from '../../../src-main/core/simulator/variations.js'
import { captureJson, captureNames, haveCaptures, skipMessage } from '../../support/captures.js'
import { feed, rows, startFeedSim, type Json } from './feed-helpers.js'

/**
 * The variations the feed bench calls "the captures' shapes" (CAPTURES_SHAPES) give `events` and
 * `event` answers whose tournaments, matches, markets and outcomes have exactly the keys of the
 * vendor's captures, in the captures' order: one key order per kind of object, as production sends
 * (the normaliser's cost depends on both). The shape gate (feed-parity.test.ts) checks kinds and
 * presence with no variation on; this checks the order, with the variations the bench measures.
 */
const HAVE = haveCaptures('feed')
if (!HAVE) console.warn(skipMessage('feed'))

type Kind = 'tournament' | 'match' | 'market' | 'outcome'

/** Every key order seen per kind of object (`a,b,c`), in an `events` body or an `event` match. */
function keyOrders(body: Json): Record<Kind, string[]> {
  const seen: Record<Kind, Set<string>> = { tournament: new Set(), match: new Set(), market: new Set(), outcome: new Set() }
  const add = (kind: Kind, item: Json) => seen[kind].add(Object.keys(item).join(','))
  const matches: Json[] = Array.isArray(body) ? (body.forEach((t: Json) => add('tournament', t)), rows(body)) : [body]
  for (const match of matches) {
    add('match', match)
    for (const market of match.game_oc_list ?? []) {
      add('market', market)
      for (const item of market.oc_list ?? []) for (const outcome of Array.isArray(item) ? item : [item]) add('outcome', outcome)
    }
  }
  return { tournament: [...seen.tournament].sort(), match: [...seen.match].sort(), market: [...seen.market].sort(), outcome: [...seen.outcome].sort() }
}

/** The key orders of every capture whose name starts with `prefix`, merged. */
function captureOrders(prefix: string): Record<Kind, string[]> {
  const merged: Record<Kind, Set<string>> = { tournament: new Set(), match: new Set(), market: new Set(), outcome: new Set() }
  for (const name of captureNames('feed', prefix)) {
    const orders = keyOrders((captureJson('feed', name) as Json).body)
    for (const kind of Object.keys(merged) as Kind[]) orders[kind].forEach((o) => merged[kind].add(o))
  }
  return { tournament: [...merged.tournament].sort(), match: [...merged.match].sort(), market: [...merged.market].sort(), outcome: [...merged.outcome].sort() }
}

describe.skipIf(!HAVE)("the bench's captures' shapes: the captures' keys in the captures' order", () => {
  let sim: RunningSimulator
  beforeAll(async () => {
    sim = await startFeedSim({ matches: 600, seed: 7, variations: CAPTURES_SHAPES.join(',') })
  })
  afterAll(async () => {
    await sim?.close()
  })

  it('leaves out exactly the two variations the captures do not show', () => {
    expect(CAPTURES_SHAPES).not.toContain('key-order')
    expect(CAPTURES_SHAPES).not.toContain('extra-fields')
    expect(CAPTURES_SHAPES).toContain('prematch-defaults')
    expect(CAPTURES_SHAPES).toContain('oc-size-mixed')
  })

  it.each(['line', 'live'] as const)('events and event [%s]', async (t) => {
    const want = captureOrders('events.')
    // One key order per kind in the captures: what the bench's row is named after.
    for (const kind of ['tournament', 'match', 'market', 'outcome'] as const) expect(want[kind], kind).toHaveLength(1)
    const events = await feed(sim, `/v1/events/1/0/sub/50/${t}/en?match=all`)
    expect(rows(events.body).length).toBeGreaterThan(10)
    expect(keyOrders(events.body)).toEqual(want)

    const eventWant = captureOrders('event.')
    const gameId = rows(events.body)[0].game_id
    const event = await feed(sim, `/v1/event/${gameId}/group/${t}/en`)
    expect(event.body.game_oc_list.length).toBeGreaterThan(3)
    expect({ ...keyOrders(event.body), tournament: [] }).toEqual({ ...eventWant, tournament: [] })
  })
})
