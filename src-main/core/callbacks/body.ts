import type { IncomingMessage } from 'node:http'
import { everyOn, systemClock, type Clock } from '../shared/clock.js'

export type BodyResult =
  | { ok: true; body: Buffer }
  | { ok: false; reason: 'too_large' | 'too_slow' | 'aborted'; received: number }

export interface BodyLimits {
  maxBytes: number
  /** Average bytes per second the body must keep up once `graceMs` has passed. */
  minBytesPerSecond: number
  /** Time before the average rate is checked (ms). */
  graceMs: number
  /** Longest pause between two chunks (ms). */
  idleMs: number
  /** How often the rate is checked (ms). */
  checkEveryMs?: number
}

/**
 * Reads a request body up to `maxBytes`, giving up as soon as the limit is passed (the rest is never
 * buffered). There is no deadline for the whole body: a slow but steady sender is read to the end;
 * only a body whose average rate falls below `minBytesPerSecond` after `graceMs`, or that pauses
 * longer than `idleMs`, is given up (`too_slow`: slowloris protection).
 */
export function readLimitedBody(req: IncomingMessage, limits: BodyLimits, clock: Clock = systemClock): Promise<BodyResult> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = []
    const started = clock.now()
    let lastChunk = started
    let size = 0
    let done = false
    const finish = (result: BodyResult) => {
      if (done) return
      done = true
      stopChecks()
      req.off('data', onData)
      req.off('end', onEnd)
      req.off('error', onAbort)
      req.off('aborted', onAbort)
      if (!result.ok) req.pause()
      resolve(result)
    }
    const onData = (chunk: Buffer) => {
      size += chunk.length
      lastChunk = clock.now()
      if (size > limits.maxBytes) return finish({ ok: false, reason: 'too_large', received: size })
      chunks.push(chunk)
    }
    // A body that came in one chunk (the usual delivery) is taken as it is, not copied.
    const onEnd = () => finish({ ok: true, body: chunks.length === 1 ? chunks[0] : Buffer.concat(chunks, size) })
    const onAbort = () => finish({ ok: false, reason: 'aborted', received: size })
    const check = () => {
      const now = clock.now()
      const elapsed = now - started
      const tooSlow = elapsed > limits.graceMs && size < (limits.minBytesPerSecond * elapsed) / 1000
      if (tooSlow || now - lastChunk > limits.idleMs) finish({ ok: false, reason: 'too_slow', received: size })
    }
    const stopChecks = everyOn(clock, limits.checkEveryMs ?? Math.max(50, Math.min(500, Math.floor(limits.idleMs / 4))), check)
    req.on('data', onData)
    req.on('end', onEnd)
    req.on('error', onAbort)
    req.on('aborted', onAbort)
  })
}
