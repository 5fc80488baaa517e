import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { JsonNumber, parseJsonText } from '../../support/json-text.js'
import { describe as describeShape, flattenShape, kindOf, shapeOfTexts } from '../../support/shape.js'

describe('parseJsonText: JSON with numbers as written', () => {
  it('keeps the spelling of every number: 5.0 and 1.0E-4 are floats, 10 an integer', () => {
    const v = parseJsonText('{"a":5.0,"b":10,"c":-1.0E-4,"d":[0,2.5e3],"e":"5.0"}') as Record<string, unknown>
    expect(v.a).toEqual(new JsonNumber('5.0'))
    expect([(v.a as JsonNumber).isInteger, (v.b as JsonNumber).isInteger, (v.c as JsonNumber).isInteger]).toEqual([false, true, false])
    expect((v.c as JsonNumber).value).toBe(-0.0001)
    expect(v.e).toBe('5.0')
  })

  it('reads what JSON.parse reads, keys (also __proto__), escapes and whitespace included', () => {
    const text = ' {"__proto__": {"x": "\\u00d6FB \\"q\\""}, "n": null, "t": true, "f": false, "l": [ ] } '
    const v = parseJsonText(text) as Record<string, unknown>
    expect(Object.keys(v)).toEqual(['__proto__', 'n', 't', 'f', 'l'])
    expect(v.__proto__).toEqual({ x: 'ÖFB "q"' })
    expect([v.n, v.t, v.f, v.l]).toEqual([null, true, false, []])
  })

  it('refuses what JSON.parse refuses', () => {
    for (const bad of ['', '{', '{"a":1,}', '[1 2]', '01', '1.', '.5', '"\t"', "{'a':1}", 'nul', '1 2', 'NaN']) {
      expect(() => JSON.parse(bad), bad).toThrow()
      expect(() => parseJsonText(bad), bad).toThrow(SyntaxError)
    }
  })

  it('agrees with JSON.parse on any JSON value, numbers compared by value', () => {
    const plain = (v: unknown): unknown =>
      v instanceof JsonNumber ? v.value : Array.isArray(v) ? v.map(plain) : v && typeof v === 'object' ? Object.fromEntries(Object.entries(v).map(([k, x]) => [k, plain(x)])) : v
    fc.assert(fc.property(fc.jsonValue(), (value) => {
      const text = JSON.stringify(value)
      expect(plain(parseJsonText(text))).toEqual(JSON.parse(text))
    }))
  })
})

describe('shapes: kinds and presence per path', () => {
  it('tells the eight kinds apart', () => {
    const kinds = ['1', '1.5', '"1.5"', '"-2"', '"1.0E-4"', '"1:0"', '""', '"0x1"', 'true', 'null', '{}', '[]'].map((t) => kindOf(parseJsonText(t)))
    expect(kinds).toEqual(['integer', 'float', 'numeric text', 'numeric text', 'numeric text', 'free text', 'free text', 'free text', 'boolean', 'null', 'object', 'array'])
    // A number that lost its spelling cannot be classified.
    expect(() => kindOf(5 as never)).toThrow(TypeError)
  })

  it('merges array items and answers; a key missing on some objects is present sometimes', () => {
    const flat = flattenShape(shapeOfTexts(['{"body":[{"oc_size":0,"op_id":null},{"oc_size":"1.5","op_id":7,"extra":[]}]}', '{"body":[]}']))
    expect(Object.fromEntries([...flat].map(([k, v]) => [k, describeShape(v)]))).toEqual({
      $: 'object', body: 'array', 'body[]': 'object', 'body[].oc_size': 'integer|numeric text', 'body[].op_id': 'integer|null', 'body[].extra': 'array (sometimes)',
    })
  })

  it('nests arrays of arrays; empty arrays have no item path', () => {
    const flat = flattenShape(shapeOfTexts(['{"cols":[[{"r":1.5}],[{"r":2.0}]],"none":[]}']))
    expect([...flat.keys()]).toEqual(['$', 'cols', 'cols[]', 'cols[][]', 'cols[][].r', 'none'])
    expect(flat.get('cols[][].r')).toEqual({ kinds: ['float'], presence: 'always' })
  })
})
