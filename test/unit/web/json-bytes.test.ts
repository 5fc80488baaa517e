import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { createJsonEncoder, jsonBytes } from '../../../src-main/web/json-bytes.js'

/** Values as the contract carries them, plus what JSON.stringify leaves out or turns to null. */
const leaf = fc.oneof(
  fc.string({ unit: 'binary' }), // lone surrogates and every plane
  fc.double(),
  fc.integer(),
  fc.boolean(),
  fc.constant(null),
  fc.constant(undefined),
  fc.constant(() => 1),
  fc.date({ noInvalidDate: true }),
)
const value = fc.letrec((tie) => ({
  any: fc.oneof({ depthSize: 'small', withCrossShrink: true }, leaf, tie('array'), tie('object')),
  array: fc.array(tie('any'), { maxLength: 8 }),
  object: fc.dictionary(fc.string({ unit: 'binary' }), tie('any'), { maxKeys: 6 }),
})).any

describe('JSON bytes made in pieces', () => {
  it('are the UTF-8 bytes of JSON.stringify for any message', () => {
    const encoder = createJsonEncoder()
    fc.assert(
      fc.property(value, (v) => {
        const message = { id: 7, result: { ok: true, value: { list: [v, { rows: [v, v] }] }, epoch: 1 } }
        const encoded = encoder.encode(message)
        expect(encoded.bytes.equals(Buffer.from(JSON.stringify(message), 'utf8'))).toBe(true)
        encoded.done()
      }),
      { numRuns: 400 },
    )
  })

  it('cut a long array into runs without changing a byte', () => {
    const rows = Array.from({ length: 1003 }, (_, i) => ({ i, name: `row ’${i}`, skip: undefined, at: new Date(i), list: [i, undefined, 'x'] }))
    const message = { event: { type: 'watch.snapshot', data: [{ rows }, rows] } }
    expect(jsonBytes(message).toString('utf8')).toBe(JSON.stringify(message))
  })

  it('keep what toJSON answers and leave out members JSON.stringify leaves out', () => {
    const message = { a: { toJSON: () => ({ b: 1 }) }, c: { toJSON: () => undefined }, d: Symbol('x'), e: [Symbol('y'), () => 0], f: Object.create(null) as object }
    expect(jsonBytes(message).toString('utf8')).toBe(JSON.stringify(message))
  })

  it('throw what JSON.stringify throws, and the next message still encodes', () => {
    const encoder = createJsonEncoder()
    const cycle: Record<string, unknown> = {}
    cycle.self = cycle
    expect(() => encoder.encode({ id: 1, result: { value: cycle } })).toThrow(TypeError)
    expect(() => encoder.encode({ id: 1, result: { value: 1n } })).toThrow(TypeError)
    expect(() => encoder.encode(undefined)).toThrow(TypeError)
    expect(encoder.encode({ id: 2 }).bytes.toString()).toBe('{"id":2}')
  })

  it('never reuse a buffer the socket has not written yet', () => {
    const encoder = createJsonEncoder()
    const big = (n: number) => ({ id: n, result: { value: Array.from({ length: 3000 }, (_, i) => ({ i, n, text: 'é'.repeat(20) })) } })
    const first = encoder.encode(big(1))
    const kept = Buffer.from(first.bytes)
    const second = encoder.encode(big(2)) // the first is still in flight
    expect(first.bytes.equals(kept)).toBe(true)
    expect(second.bytes.toString()).toBe(JSON.stringify(big(2)))
    first.done()
    first.done() // a second call gives nothing back twice
    const third = encoder.encode(big(3))
    const fourth = encoder.encode(big(4))
    expect(third.bytes.buffer === fourth.bytes.buffer && third.bytes.byteOffset === fourth.bytes.byteOffset).toBe(false)
    expect(third.bytes.toString()).toBe(JSON.stringify(big(3)))
    expect(fourth.bytes.toString()).toBe(JSON.stringify(big(4)))
  })
})
