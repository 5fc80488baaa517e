/**
 * Issue 8 item 8 (feed part): the feed client caps an answer's size. A body over the cap fails with
 * `feed_too_large` and is not read to the end: the connection is dropped while the server is still
 * sending, whether or not the answer announces its length.
 */
import { createServer, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createFeedClient } from '../../../src-main/core/feed/index.js'
import { exitCodeOf, EXIT } from '../../../src-main/core/cli/exit-codes.js'
import { DeskError } from '../../../src-main/core/shared/errors.js'

const MiB = 1024 * 1024
const CHUNK = Buffer.alloc(64 * 1024, 0x20)
let server: Server
let baseURL: string
/** Bytes the server managed to write per request, and whether the client hung up early. */
const sent: Array<{ path: string; bytes: number; aborted: boolean }> = []

/** Streams `{"status":1,"body":[` + `size` bytes of spaces + `]}` in 64 KiB chunks, honouring back-pressure. */
function stream(res: ServerResponse, path: string, size: number, announce: boolean): void {
  const head = Buffer.from('{"status":1,"page":"x","body":[')
  const tail = Buffer.from(']}')
  const record = { path, bytes: 0, aborted: false }
  sent.push(record)
  res.writeHead(200, { 'content-type': 'application/json', ...(announce ? { 'content-length': String(head.length + size + tail.length) } : {}) })
  res.on('close', () => (record.aborted = !res.writableFinished))
  res.write(head)
  let left = size
  const pump = () => {
    while (left > 0) {
      const n = Math.min(left, CHUNK.length)
      left -= n
      record.bytes += n
      if (!res.write(n === CHUNK.length ? CHUNK : CHUNK.subarray(0, n))) return void res.once('drain', pump)
      if (res.destroyed) return
    }
    res.end(tail)
  }
  pump()
}

beforeAll(async () => {
  server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x')
    const size = Number(url.searchParams.get('size') ?? '0')
    // /feed/v1/sports/line/en?... → the size rides in the language-free query of the test's choosing
    stream(res, url.pathname, size, url.pathname.includes('/live/'))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  baseURL = `http://127.0.0.1:${(server.address() as AddressInfo).port}/feed`
})
afterAll(async () => {
  server.closeAllConnections()
  await new Promise((resolve) => server.close(resolve))
})

/** A client whose requests carry `?size=N` (the test server's knob) through a wrapping fetch. */
function client(size: number, maxResponseBytes?: number) {
  const fetchWithSize: typeof fetch = (input, init) => {
    const url = new URL(String(input instanceof Request ? input.url : input))
    url.searchParams.set('size', String(size))
    return fetch(url, init)
  }
  return createFeedClient({ baseURL, apiKey: 'k', fetch: fetchWithSize, maxResponseBytes, timeoutMs: 30_000 })
}

async function failure(promise: Promise<unknown>): Promise<DeskError> {
  try {
    await promise
  } catch (error) {
    if (error instanceof DeskError) return error
    throw error
  }
  throw new Error('expected a failure')
}

describe('feed answer size cap', () => {
  it('a chunked answer over the cap fails with feed_too_large and is not read to the end', async () => {
    const error = await failure(client(200 * MiB, 1 * MiB).sports('line', 'en'))
    expect(error.code).toBe('feed_too_large')
    expect(error.message).toMatch(/limit is 1\.0 MiB/)
    expect(error.data).toMatchObject({ limitBytes: MiB })
    expect(exitCodeOf(error)).toBe(EXIT.transport)
    await new Promise((resolve) => setTimeout(resolve, 100))
    const last = sent.at(-1)!
    expect(last.aborted).toBe(true)
    // The client hung up long before the 200 MiB were sent (socket buffers hold a few MiB at most).
    expect(last.bytes).toBeLessThan(32 * MiB)
  }, 60_000)

  it('an answer announcing a length over the cap is refused before its body is read', async () => {
    const error = await failure(client(8 * MiB, 1 * MiB).sports('live', 'en'))
    expect(error.code).toBe('feed_too_large')
    expect(error.message).toMatch(/announces 8\.0 MiB/)
  })

  it('an answer under the cap is read whole; the default cap admits large lists', async () => {
    const small = await client(900 * 1024, 1 * MiB).sports('line', 'en')
    expect(small.items).toEqual([])
    const big = await client(20 * MiB).sports('line', 'en')
    expect(big.items).toEqual([])
  }, 60_000)

  it('refuses a cap that is not a positive integer', () => {
    expect(() => client(0, 0)).toThrow(/maxResponseBytes/)
    expect(() => client(0, Number.NaN)).toThrow(/maxResponseBytes/)
  })
})
