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

export interface BodyReader {
  read(req: IncomingMessage): Promise<BodyResult>
  /** Stops the rate check (reads still open are no longer timed). */
  stop(): void
}

interface Read {
  req: IncomingMessage
  limits: BodyLimits
  clock: Clock
  chunks: Buffer[]
  size: number
  started: number
  lastChunk: number
  resolve: (result: BodyResult) => void
  owner: Owner
}

interface Owner {
  reads: Set<Read>
  /** The last open read ended. */
  emptied(): void
}

const READ = Symbol('body read')
type Reading = IncomingMessage & { [READ]?: Read }

// One set of listeners for every request (they find their read on the request): a delivery costs
// no closures and no timer of its own.
function onData(this: Reading, chunk: Buffer): void {
  const read = this[READ]
  if (!read) return
  read.size += chunk.length
  read.lastChunk = read.clock.now()
  if (read.size > read.limits.maxBytes) return finish(read, { ok: false, reason: 'too_large', received: read.size })
  read.chunks.push(chunk)
}

function onEnd(this: Reading): void {
  const read = this[READ]
  // A body that came in one chunk (the usual delivery) is taken as it is, not copied.
  if (read) finish(read, { ok: true, body: read.chunks.length === 1 ? read.chunks[0]! : Buffer.concat(read.chunks, read.size) })
}

function onAbort(this: Reading): void {
  const read = this[READ]
  if (read) finish(read, { ok: false, reason: 'aborted', received: read.size })
}

function finish(read: Read, result: BodyResult): void {
  const req = read.req as Reading
  if (req[READ] !== read) return
  req[READ] = undefined
  read.owner.reads.delete(read)
  if (read.owner.reads.size === 0) read.owner.emptied()
  req.off('data', onData)
  req.off('end', onEnd)
  req.off('error', onAbort)
  req.off('aborted', onAbort)
  if (!result.ok) req.pause()
  read.resolve(result)
}

/**
 * Reads request bodies up to `maxBytes`, giving up as soon as the limit is passed (the rest is never
 * buffered). There is no deadline for the whole body: a slow but steady sender is read to the end;
 * only a body whose average rate falls below `minBytesPerSecond` after `graceMs`, or that pauses
 * longer than `idleMs`, is given up (`too_slow`: slowloris protection). One check, on the clock's
 * timers, serves every open read; it runs while reads are open and ends with the last one
 * (`lingering`: at the first check that finds none, so a busy listener does not arm a timer per delivery).
 */
export function createBodyReader(limits: BodyLimits, clock: Clock = systemClock, lingering = false): BodyReader {
  const reads = new Set<Read>()
  const checkEveryMs = limits.checkEveryMs ?? Math.max(50, Math.min(500, Math.floor(limits.idleMs / 4)))
  let stopChecks: (() => void) | null = null
  const stop = () => {
    stopChecks?.()
    stopChecks = null
  }
  const owner: Owner = { reads, emptied: lingering ? () => undefined : stop }
  const check = () => {
    if (reads.size === 0) return stop()
    const now = clock.now()
    for (const read of [...reads]) {
      const elapsed = now - read.started
      const tooSlow = elapsed > limits.graceMs && read.size < (limits.minBytesPerSecond * elapsed) / 1000
      if (tooSlow || now - read.lastChunk > limits.idleMs) finish(read, { ok: false, reason: 'too_slow', received: read.size })
    }
  }
  return {
    read(req) {
      return new Promise((resolve) => {
        const started = clock.now()
        const read: Read = { req, limits, clock, chunks: [], size: 0, started, lastChunk: started, resolve, owner }
        ;(req as Reading)[READ] = read
        reads.add(read)
        stopChecks ??= everyOn(clock, checkEveryMs, check)
        req.on('data', onData)
        req.on('end', onEnd)
        req.on('error', onAbort)
        req.on('aborted', onAbort)
      })
    },
    stop,
  }
}

/** One body read with its own rate check, ended with the read. */
export function readLimitedBody(req: IncomingMessage, limits: BodyLimits, clock: Clock = systemClock): Promise<BodyResult> {
  return createBodyReader(limits, clock).read(req)
}
