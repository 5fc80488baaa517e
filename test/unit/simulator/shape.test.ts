import { describe, expect, it } from 'vitest'
import { diffShapes, flattenShape, formatDifferences, mergeShapes, shapeOf, shapeOfAll } from '../../support/shape.js'

describe('shapeOf', () => {
  it('records kinds, keys and key order; integers and floats are both "number"', () => {
    const s = shapeOf({ b: 1, a: 2.5, c: 'x', d: null, e: true })
    expect(s.order).toEqual(['b', 'a', 'c', 'd', 'e'])
    expect(flattenShape(s)).toEqual({ $: 'object', b: 'number', a: 'number', c: 'string', d: 'null', e: 'boolean' })
  })

  it('merges array items: alternatives where kinds differ, optional where a key is missing', () => {
    const s = shapeOf([{ oc_size: 0, op_id: null }, { oc_size: '1.5', op_id: 7, extra: [] }])
    expect(flattenShape(s)).toEqual({
      $: 'array', '[]': 'object', '[].oc_size': 'number|string', '[].op_id': 'null|number', '[].extra': 'array (optional)',
    })
    expect(flattenShape(s, { optional: false })['[].extra']).toBe('array')
  })

  it('nests arrays of arrays and leaves empty arrays without an item shape', () => {
    expect(flattenShape(shapeOf({ cols: [[{ r: 1 }], [{ r: 2.5 }]], none: [] }))).toEqual({
      $: 'object', cols: 'array', 'cols[]': 'array', 'cols[][]': 'object', 'cols[][].r': 'number', none: 'array',
    })
    // An empty array merged with a filled one takes the filled one's items.
    expect(flattenShape(mergeShapes(shapeOf([]), shapeOf([1])))).toEqual({ $: 'array', '[]': 'number' })
  })

  it('merges samples and reports differences path by path', () => {
    const sim = shapeOfAll([{ body: { va: null } }, { body: { va: 1, extra: 'x' } }])
    const real = shapeOf({ body: { va: 1 } })
    const diffs = diffShapes(sim, real, { ignoreOptional: true })
    expect(diffs).toEqual([
      { path: 'body.extra', actual: 'string', expected: undefined },
      { path: 'body.va', actual: 'null|number', expected: 'number' },
    ])
    expect(formatDifferences(diffs)).toBe('body.extra: actual string, expected (absent)\nbody.va: actual null|number, expected number')
    expect(diffShapes(real, real)).toEqual([])
    expect(() => shapeOfAll([])).toThrow()
  })

  it('treats a kind missing on one side as a difference (a test can fail)', () => {
    expect(diffShapes(shapeOf({ a: '1' }), shapeOf({ a: 1 })).map((d) => d.path)).toEqual(['a'])
  })
})
