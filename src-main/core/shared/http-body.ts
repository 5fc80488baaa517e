/** Default cap of one answer body: far above the largest list a partner service sends, far below what would exhaust memory. */
export const DEFAULT_MAX_RESPONSE_BYTES = 64 * 1024 * 1024

export type CappedBody =
  | { ok: true; text: string; bytes: number }
  /** Over the cap (or a `Content-Length` announcing more): the rest was never read, the connection is dropped. */
  | { ok: false; limitBytes: number; seenBytes: number; announced: boolean }

/**
 * Reads a response body as text holding at most `limitBytes` of it: a `Content-Length` above the
 * limit is refused before any byte is read, and a body without one is cancelled as soon as it passes
 * the limit.
 */
export async function readCappedText(response: Response, limitBytes: number): Promise<CappedBody> {
  const body = response.body
  const announced = Number(response.headers.get('content-length') ?? Number.NaN)
  if (Number.isFinite(announced) && announced > limitBytes) {
    await body?.cancel().catch(() => {})
    return { ok: false, limitBytes, seenBytes: announced, announced: true }
  }
  if (!body) return { ok: true, text: '', bytes: 0 }
  const reader = body.getReader()
  const chunks: Uint8Array[] = []
  let total = 0
  for (;;) {
    const { done, value } = await reader.read()
    if (done) break
    total += value.byteLength
    if (total > limitBytes) {
      await reader.cancel().catch(() => {})
      return { ok: false, limitBytes, seenBytes: total, announced: false }
    }
    chunks.push(value)
  }
  return { ok: true, text: Buffer.concat(chunks, total).toString('utf8'), bytes: total }
}
