import type { IncomingMessage } from 'node:http'

export type BodyResult =
  | { ok: true; body: Buffer }
  | { ok: false; reason: 'too_large' | 'timeout' | 'aborted' }

/**
 * Reads a request body up to `maxBytes`, giving up as soon as the limit is passed (the rest is never
 * buffered) or when the whole body has not arrived within `timeoutMs` (slow-body clients).
 */
export function readLimitedBody(req: IncomingMessage, maxBytes: number, timeoutMs: number): Promise<BodyResult> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = []
    let size = 0
    let done = false
    const finish = (result: BodyResult) => {
      if (done) return
      done = true
      clearTimeout(timer)
      req.off('data', onData)
      req.off('end', onEnd)
      req.off('error', onAbort)
      req.off('aborted', onAbort)
      if (!result.ok) req.pause()
      resolve(result)
    }
    const onData = (chunk: Buffer) => {
      size += chunk.length
      if (size > maxBytes) return finish({ ok: false, reason: 'too_large' })
      chunks.push(chunk)
    }
    const onEnd = () => finish({ ok: true, body: Buffer.concat(chunks, size) })
    const onAbort = () => finish({ ok: false, reason: 'aborted' })
    const timer = setTimeout(() => finish({ ok: false, reason: 'timeout' }), timeoutMs)
    timer.unref?.()
    req.on('data', onData)
    req.on('end', onEnd)
    req.on('error', onAbort)
    req.on('aborted', onAbort)
  })
}
