import { describe, expect, it } from 'vitest'
import { effect } from 'vue'
import { applyListDelta } from '@renderer/composables/feed-delta.js'
import { matchListModel, rowsOf } from '@renderer/composables/match-list-model.js'
import { indexOf } from '@renderer/composables/list-index.js'
import type { FeedListDeltaDto, MatchDto, TournamentEventsDto } from '../../src-shared/contract.js'
import { markets, match } from './feed-fixtures.js'

/**
 * A refresh costs what it changed: a delta touching one tournament reads no other tournament's
 * matches (in the delta's application or in what the list derives from it), wakes no view of the
 * list's shape or header when only prices moved, and wakes only the rows that read the match it moved.
 */

const m = (gameId: number, w1 = 1.85): MatchDto => match(gameId, markets(w1).slice(0, 1), { key: `line:${gameId}` })
const tour = (id: number, ids: number[]): TournamentEventsDto => ({ tournamentId: id, tournamentName: `T${id}`, matches: ids.map((g) => m(g)) })

/** Counts the reads of the tournament's `matches` from now on. */
function watched(t: TournamentEventsDto): () => number {
  const matches = t.matches
  let reads = 0
  Object.defineProperty(t, 'matches', { enumerable: true, get: () => (reads++, matches) })
  return () => reads
}

/** How often an effect reading `read` ran again after its first run. */
function runs(read: () => unknown): () => number {
  let n = -1
  effect(() => {
    read()
    n++
  })
  return () => n
}

const priceMove = (gameId: number, rate: number): FeedListDeltaDto => ({
  changed: [{ key: `line:${gameId}`, markets: { outcomes: [{ market: '0:1', col: 0, row: 0, set: { rate, pointer: `line#${gameId}#1#1#0#${rate}` } }] } }],
})

describe('a refresh touching one tournament', () => {
  it('prices moved: the other tournaments are not read, the shape and the header do not wake, only the moved match does', () => {
    const list = [tour(1, [101, 102]), tour(2, [201, 202, 203]), tour(3, [301])]
    const model = matchListModel()
    model.set(list)
    const shapeRuns = runs(() => model.shape())
    const headerRuns = runs(() => model.header())
    const otherRow = runs(() => model.match('line:101'))
    const movedRow = runs(() => model.match('line:202'))
    // Where each match sits is worked out once per shape (here, or by the first refresh after a snapshot).
    expect(indexOf(list)?.at.get('line:202')).toEqual([1, 1])
    const readsOf = [watched(list[0]), watched(list[2])]

    const delta = priceMove(202, 2.05)
    const next = applyListDelta(list, delta)
    model.set(next, delta)

    expect(readsOf.map((r) => r())).toEqual([0, 0])
    expect(next[0]).toBe(list[0])
    expect(next[2]).toBe(list[2])
    expect([shapeRuns(), headerRuns(), otherRow()]).toEqual([0, 0, 0])
    expect(movedRow()).toBe(1)
    expect(model.match('line:202')?.markets?.[0].columns[0][0].rate).toBe(2.05)
    expect(model.match('line:202')).toBe(next[1].matches[1])

    // And the next price refresh, on the list that one made, again reads only what it touched.
    const again = priceMove(101, 1.7)
    const third = applyListDelta(next, again)
    const readsOfSecond = watched(next[1])
    model.set(third, again)
    expect(readsOfSecond()).toBe(0)
    expect(otherRow()).toBe(1)
    expect(movedRow()).toBe(1)
    expect(shapeRuns()).toBe(0)
  })

  it('a match added: only that tournament is worked out again; the others keep their shape and rows', () => {
    const list = [tour(1, [101, 102]), tour(2, [201, 202]), tour(3, [301])]
    const model = matchListModel()
    model.set(list)
    const before = model.shape().groups!
    const rowsBefore = before.map(rowsOf)
    const headerRuns = runs(() => model.header())

    const delta: FeedListDeltaDto = { tournaments: [{ tournamentId: 2, tournamentName: 'T2', keys: ['line:201', 'line:204', 'line:202'] }], added: [m(204, 2.5)] }
    const next = applyListDelta(list, delta)
    // The delta's application compares every tournament; what the list derives from it must not.
    const readsOf = [watched(list[0]), watched(list[2])]
    model.set(next, delta)

    expect(readsOf.map((r) => r())).toEqual([0, 0])
    const after = model.shape().groups!
    expect(after[0]).toBe(before[0])
    expect(after[2]).toBe(before[2])
    expect(after[1]).not.toBe(before[1])
    expect(after[1].keys).toEqual(['line:201', 'line:204', 'line:202'])
    expect(rowsOf(after[0])).toBe(rowsBefore[0])
    expect(rowsOf(after[2])).toBe(rowsBefore[2])
    expect(rowsOf(after[1]).map((r) => r.key)).toEqual(['t2', 'line:201', 'line:204', 'line:202'])
    expect(model.shape().count).toBe(6)
    expect(model.match('line:204')).toBe(next[1].matches[1])
    // Same layout of prices: the header did not change.
    expect(headerRuns()).toBe(0)
  })

  it('a match gone: its cell lets go, and a view that read it sees it no more', () => {
    const list = [tour(1, [101]), tour(2, [201, 202])]
    const model = matchListModel()
    model.set(list)
    const row = runs(() => model.match('line:202'))
    const delta: FeedListDeltaDto = { tournaments: [{ tournamentId: 2, tournamentName: 'T2', keys: ['line:201'] }], removed: ['line:202'] }
    model.set(applyListDelta(list, delta), delta)
    expect(row()).toBe(1)
    expect(model.match('line:202')).toBeUndefined()
    expect(model.shape().count).toBe(2)
  })
})
