import { describe, expect, it } from 'vitest'
import { normaliseEvent, normaliseEvents } from '../../../src-main/core/feed/normalise.js'
import { eventBody, eventsBody } from './fixtures.js'

/**
 * A field the client does not model is kept as data in `extra`, whatever its name. JSON.parse makes
 * `"__proto__"` an own field; copied by assignment it would set the prototype of `extra` instead and
 * the field would be gone, on the one-pass reader and on the reference path alike.
 */
const PROTO = '{"polluted":true}'

function withProtoKeys(body: unknown): unknown {
  // Built as text: an object literal cannot hold an own `__proto__` field the way the feed's JSON does.
  const text = JSON.stringify(body)
    .replace(/"oc_pointer":/g, `"__proto__":${PROTO},"oc_pointer":`)
    .replace(/"group_name":/g, `"__proto__":${PROTO},"group_name":`)
    .replace(/"game_id":/g, `"__proto__":${PROTO},"game_id":`)
  return JSON.parse(text)
}

function expectKept(extra: Record<string, unknown>): void {
  expect(Object.getPrototypeOf(extra)).toBe(Object.prototype)
  expect(Object.prototype.hasOwnProperty.call(extra, '__proto__')).toBe(true)
  expect(Object.getOwnPropertyDescriptor(extra, '__proto__')?.value).toEqual({ polluted: true })
  expect((extra as { polluted?: unknown }).polluted).toBeUndefined()
  expect(JSON.stringify(extra)).toContain('"__proto__":{"polluted":true}')
}

describe('an unknown feed field named __proto__', () => {
  for (const reference of [false, true]) {
    const path = reference ? 'reference path' : 'one-pass reader'
    it(`is kept as data on matches, markets and outcomes (events, ${path})`, () => {
      const out = normaliseEvents(withProtoKeys(eventsBody), 'line', reference)
      const match = out.items[0].matches[0]
      expectKept(match.extra)
      const market = match.markets?.[0]
      expect(market).toBeDefined()
      expectKept(market!.extra)
      expectKept(market!.outcomes[0].extra!)
      expect(({} as { polluted?: unknown }).polluted).toBeUndefined()
    })

    it(`is kept as data in an event (${path})`, () => {
      const out = normaliseEvent(withProtoKeys(eventBody()), 'line', 1, reference)
      if (out.kind !== 'match') throw new Error(`expected a match, got ${out.kind}`)
      expectKept(out.match.extra)
      expectKept(out.match.markets![0].outcomes[0].extra!)
    })
  }
})
