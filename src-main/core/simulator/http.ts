import type { IncomingMessage, ServerResponse } from 'node:http'

/** One routed request as simulator parts see it. `path` is relative to the part's mount point. */
export interface SimRequest {
  method: string
  path: string
  query: URLSearchParams
  headers: IncomingMessage['headers']
  /** Raw body bytes (already read, limited to 1 MiB). */
  body: Buffer
  raw: IncomingMessage
}

export interface SimReply {
  status: number
  headers?: Record<string, string>
  /** Objects are JSON-encoded; strings/Buffers are sent as they are. */
  body?: unknown
  /** Drop the connection without answering (simulates a lost response). */
  destroy?: boolean
}

/** A simulator part: answers the request or returns undefined for "not mine". */
export type SimHandler = (req: SimRequest) => Promise<SimReply | undefined> | SimReply | undefined

export const MAX_BODY_BYTES = 1024 * 1024

export async function readBody(req: IncomingMessage, limit = MAX_BODY_BYTES): Promise<Buffer> {
  const chunks: Buffer[] = []
  let size = 0
  for await (const chunk of req) {
    const buf = chunk as Buffer
    size += buf.length
    if (size > limit) throw Object.assign(new Error('body too large'), { status: 413 })
    chunks.push(buf)
  }
  return Buffer.concat(chunks)
}

const FLOAT_MARK = '\u0000float:'
const FLOAT_TEXT = /"\\u0000float:(-?\d+)"/g

/**
 * A number that JSON must spell as a float (`5.0`, not `5`), as production prints odds. Clients
 * parse both the same; the spelling is kept so answers match the captures byte for byte in kind.
 */
export function jsonFloat(value: number): unknown {
  return Number.isInteger(value) ? { toJSON: () => `${FLOAT_MARK}${value}` } : value
}

/** JSON text of a reply body, with `jsonFloat` numbers spelled `n.0`. */
export function toJsonText(body: unknown): string {
  const text = JSON.stringify(body)
  return text.includes('\\u0000float:') ? text.replace(FLOAT_TEXT, '$1.0') : text
}

export function writeReply(res: ServerResponse, reply: SimReply): void {
  if (reply.destroy) {
    res.socket?.destroy()
    return
  }
  const headers: Record<string, string> = { ...reply.headers }
  let payload: string | Buffer | undefined
  if (reply.body === undefined) payload = undefined
  else if (typeof reply.body === 'string' || Buffer.isBuffer(reply.body)) payload = reply.body
  else {
    payload = toJsonText(reply.body)
    headers['content-type'] ??= 'application/json; charset=utf-8'
  }
  res.writeHead(reply.status, headers)
  res.end(payload)
}

export function json(status: number, body: unknown): SimReply {
  return { status, body }
}

/** Parse a JSON body; returns `{ ok:false }` on malformed JSON so callers answer 400. */
export function parseJsonBody(req: SimRequest): { ok: true; value: unknown } | { ok: false } {
  if (req.body.length === 0) return { ok: true, value: undefined }
  try {
    return { ok: true, value: JSON.parse(req.body.toString('utf8')) }
  } catch {
    return { ok: false }
  }
}
