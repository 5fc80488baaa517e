import { DeskError } from '../shared/errors.js'

/** Default cap of one feed answer: far above the largest list the feed sends (see spec-decisions), far below what would exhaust memory. */
export const DEFAULT_MAX_RESPONSE_BYTES = 64 * 1024 * 1024

function tooLarge(path: string, limitBytes: number, seenBytes: number, status: number, announced: boolean): DeskError {
  const mib = (n: number) => `${(n / 1024 / 1024).toFixed(1)} MiB`
  const how = announced ? `announces ${mib(seenBytes)}` : `exceeded ${mib(limitBytes)} after ${mib(seenBytes)}`
  return new DeskError('feed_too_large', `feed ${path}: the answer ${how}; the limit is ${mib(limitBytes)} (maxResponseBytes)`, {
    status,
    retry: 'never',
    data: { limitBytes, seenBytes },
  })
}

/**
 * Reads an answer's body as text, holding at most `limitBytes` of it: a `Content-Length` above the
 * limit is refused before any byte is read, and a body without one is cancelled as soon as it
 * passes the limit (the connection is dropped, the rest never reaches memory).
 */
export async function readCappedText(
  response: { status: number; headers: Headers; _data?: unknown },
  path: string,
  limitBytes: number,
): Promise<string> {
  const body = response._data as ReadableStream<Uint8Array> | null | undefined
  const announced = Number(response.headers.get('content-length') ?? Number.NaN)
  if (Number.isFinite(announced) && announced > limitBytes) {
    await body?.cancel().catch(() => {})
    throw tooLarge(path, limitBytes, announced, response.status, true)
  }
  if (!body) return ''
  const reader = body.getReader()
  const chunks: Uint8Array[] = []
  let total = 0
  for (;;) {
    const { done, value } = await reader.read()
    if (done) break
    total += value.byteLength
    if (total > limitBytes) {
      await reader.cancel().catch(() => {})
      throw tooLarge(path, limitBytes, total, response.status, false)
    }
    chunks.push(value)
  }
  return Buffer.concat(chunks, total).toString('utf8')
}
