import { PassThrough } from 'node:stream'
import type { IncomingMessage } from 'node:http'
import { describe, expect, it } from 'vitest'
import { createBodyReader, readLimitedBody } from '../../../src-main/core/callbacks/body.js'
import { createSimulatedClock } from '../../../src-main/core/shared/clock.js'
import { parseBodySize } from '../../../src-main/core/cli/commands/listen.js'

const asRequest = (s: PassThrough) => s as unknown as IncomingMessage
const wait = (ms: number) => new Promise((r) => setTimeout(r, ms))

describe('readLimitedBody: a rate, not a deadline', () => {
  it('reads a steady body that lasts longer than grace and idle together', async () => {
    const stream = new PassThrough()
    const result = readLimitedBody(asRequest(stream), { maxBytes: 1 << 20, minBytesPerSecond: 1000, graceMs: 100, idleMs: 150, checkEveryMs: 20 })
    for (let i = 0; i < 10; i++) {
      stream.write(Buffer.alloc(200, 0x61))
      await wait(50)
    }
    stream.end()
    const read = await result
    expect(read.ok && read.body.length).toBe(2000)
  })

  it('gives up on a pause longer than idleMs, and on an average below the minimum after the grace', async () => {
    const paused = new PassThrough()
    const p1 = readLimitedBody(asRequest(paused), { maxBytes: 1 << 20, minBytesPerSecond: 1, graceMs: 10_000, idleMs: 100, checkEveryMs: 20 })
    paused.write('{"a":')
    expect(await p1).toEqual({ ok: false, reason: 'too_slow', received: 5 })

    const trickle = new PassThrough()
    const p2 = readLimitedBody(asRequest(trickle), { maxBytes: 1 << 20, minBytesPerSecond: 10_000, graceMs: 100, idleMs: 10_000, checkEveryMs: 20 })
    const timer = setInterval(() => trickle.write('x'), 10)
    const read = await p2
    clearInterval(timer)
    expect(read).toMatchObject({ ok: false, reason: 'too_slow' })
  })

  it('checks the rate on the injected clock: a steady 10-minute body is read, a 30 s pause given up, in no real time', async () => {
    const clock = createSimulatedClock()
    const limits = { maxBytes: 1 << 20, minBytesPerSecond: 10, graceMs: 10_000, idleMs: 20_000, checkEveryMs: 1000 }
    const started = Date.now()
    const steady = new PassThrough()
    const ok = readLimitedBody(asRequest(steady), limits, clock)
    for (let s = 0; s < 600; s += 5) {
      steady.write(Buffer.alloc(100, 0x61))
      await clock.advance(5000)
    }
    steady.end()
    const read = await ok
    expect(read.ok && read.body.length).toBe(12_000)

    const paused = new PassThrough()
    const gone = readLimitedBody(asRequest(paused), limits, clock)
    paused.write(Buffer.alloc(1000))
    await clock.advance(19_000)
    let settled = false
    void gone.then(() => (settled = true))
    await clock.advance(0)
    expect(settled).toBe(false)
    await clock.advance(2000)
    expect(await gone).toEqual({ ok: false, reason: 'too_slow', received: 1000 })
    expect(clock.pending()).toBe(0)
    expect(Date.now() - started).toBeLessThan(5000)
  })

  it('stops at the first byte over the limit and says how much arrived', async () => {
    const stream = new PassThrough()
    const result = readLimitedBody(asRequest(stream), { maxBytes: 1000, minBytesPerSecond: 1, graceMs: 1000, idleMs: 1000 })
    stream.write(Buffer.alloc(600))
    stream.write(Buffer.alloc(600))
    expect(await result).toEqual({ ok: false, reason: 'too_large', received: 1200 })
  })
})

describe('createBodyReader: one rate check for every open read', () => {
  it('gives up the stalled read and keeps the steady one, on one timer that a lingering reader ends at the first idle check', async () => {
    const clock = createSimulatedClock()
    const reader = createBodyReader({ maxBytes: 1 << 20, minBytesPerSecond: 10, graceMs: 10_000, idleMs: 20_000, checkEveryMs: 1000 }, clock, true)
    const steady = new PassThrough()
    const stalled = new PassThrough()
    const ok = reader.read(asRequest(steady))
    await clock.advance(3000)
    const gone = reader.read(asRequest(stalled))
    stalled.write(Buffer.alloc(500))
    expect(clock.pending()).toBe(1)
    for (let s = 0; s < 60; s += 5) {
      steady.write(Buffer.alloc(100, 0x61))
      await clock.advance(5000)
    }
    expect(await gone).toEqual({ ok: false, reason: 'too_slow', received: 500 })
    steady.end()
    const read = await ok
    expect(read.ok && read.body.length).toBe(1200)
    // Lingering: still armed after the last read, gone at the next check that finds nothing open.
    expect(clock.pending()).toBe(1)
    await clock.advance(1000)
    expect(clock.pending()).toBe(0)
    // A later read arms it again.
    const again = new PassThrough()
    const next = reader.read(asRequest(again))
    again.end('{}')
    expect(await next).toMatchObject({ ok: true })
    reader.stop()
    expect(clock.pending()).toBe(0)
  })

  it('a read ended before its body (aborted) frees its slot and resolves once', async () => {
    const clock = createSimulatedClock()
    const reader = createBodyReader({ maxBytes: 1000, minBytesPerSecond: 1, graceMs: 1000, idleMs: 1000 }, clock)
    const stream = new PassThrough()
    const result = reader.read(asRequest(stream))
    stream.write(Buffer.alloc(10))
    stream.emit('aborted')
    stream.emit('aborted')
    expect(await result).toEqual({ ok: false, reason: 'aborted', received: 10 })
    expect(clock.pending()).toBe(0)
  })
})

describe('desk listen --max-body', () => {
  it.each([
    ['16MiB', 16 * 1024 * 1024],
    ['16m', 16 * 1024 * 1024],
    ['512KiB', 512 * 1024],
    ['1048576', 1048576],
    ['1.5MiB', 1.5 * 1024 * 1024],
  ])('%s → %d bytes', (text, bytes) => expect(parseBodySize(text)).toBe(bytes))

  it.each(['10', '1GiB', 'lots', '-1MiB', ''])('refuses %j', (text) => expect(() => parseBodySize(text)).toThrow(/64KiB to 256MiB/))
})
