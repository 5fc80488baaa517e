import { describe, expect, it } from 'vitest'
import { parityDifferences } from './parity.js'

/** The parity check itself must catch drift: a renamed key, a changed type, an invented field. */
describe('parityDifferences', () => {
  const real = { body: [{ game_id: 1, oc_size: 0, opp1: 'A', real_win: null }, { game_id: 2, oc_size: '1.5', opp1: 'B', real_win: 3.5 }] }

  it('accepts the same keys and kinds', () => {
    expect(parityDifferences([{ body: [{ game_id: 9, oc_size: '2', opp1: 'X', real_win: 1 }, { game_id: 8, oc_size: 0, opp1: 'Y', real_win: null }] }], [real])).toEqual([])
  })

  it('reports a renamed key both ways', () => {
    const diffs = parityDifferences([{ body: [{ game_id: 1, oc_size: 0, team1: 'A', real_win: null }, { game_id: 2, oc_size: '1', team1: 'B', real_win: 2 }] }], [real])
    expect(diffs).toContain("body[].opp1: missing in the simulator (production: string)")
    expect(diffs).toContain("body[].team1: not in production's answers (simulator: string)")
  })

  it('reports a kind production sends that the simulator never does, and the reverse', () => {
    const diffs = parityDifferences([{ body: [{ game_id: 1, oc_size: 0, opp1: 'A', real_win: '3.5' }] }], [real])
    expect(diffs.some((d) => d.startsWith('body[].oc_size: the simulator never sends string'))).toBe(true)
    expect(diffs.some((d) => d.startsWith('body[].real_win: the simulator sends string'))).toBe(true)
  })

  it('lets an allowance name a documented fact the excerpts lack', () => {
    const sim = [{ body: [{ game_id: 1, oc_size: 0, opp1: 'A', real_win: null, extra: [1] }, { game_id: 2, oc_size: '1', opp1: 'B', real_win: 1, extra: [] }] }]
    expect(parityDifferences(sim, [real])).toHaveLength(2)
    expect(parityDifferences(sim, [real], [{ path: 'body[].extra*', why: 'test' }])).toEqual([])
  })
})
