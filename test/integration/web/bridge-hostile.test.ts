import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { connect } from 'node:net'
import fc from 'fast-check'
import { startWebBridge, targetOf, type WebBridge } from '../../../src-main/web/bridge.js'
import { createDispatcher } from '../../../src-main/core/shared/dispatch.js'
import type { DeskHandlers } from '../../../src-shared/contract.js'

/**
 * Hostile requests over raw TCP (issue 8 item 7): a malformed request line, target or header gets
 * a 400 (or another HTTP answer), never a crash; the bridge keeps serving afterwards.
 */
let bridge: WebBridge
const reported: string[] = []

beforeAll(async () => {
  const dir = mkdtempSync(join(tmpdir(), 'desk-web-hostile-'))
  writeFileSync(join(dir, 'index.html'), '<!doctype html><title>desk</title>')
  const handlers = { balance: { get: async () => ({ balance: 1, at: 1 }) } } as unknown as DeskHandlers
  bridge = await startWebBridge({ staticDir: dir, dispatch: createDispatcher(handlers, { epoch: () => 1 }), subscribe: () => () => {}, onError: (what) => reported.push(what) })
})
afterAll(() => bridge.close())

/** Sends raw bytes; resolves with what came back before the server closed (or 2 s passed). */
function raw(bytes: string | Buffer): Promise<string> {
  const { port } = new URL(bridge.origin)
  return new Promise((resolve) => {
    const socket = connect(Number(port), '127.0.0.1')
    const chunks: Buffer[] = []
    const done = () => {
      clearTimeout(timer)
      socket.destroy()
      resolve(Buffer.concat(chunks).toString('latin1'))
    }
    const timer = setTimeout(done, 2000)
    socket.on('data', (c) => {
      chunks.push(c)
      // One answer is enough; keep-alive would otherwise hold the socket open.
      if (/\r\n\r\n/.test(Buffer.concat(chunks).toString('latin1'))) setTimeout(done, 20)
    })
    socket.on('error', done)
    socket.on('close', done)
    socket.write(bytes)
  })
}

const statusOf = (answer: string) => Number(/^HTTP\/1\.[01] (\d{3})/.exec(answer)?.[1] ?? 0)

async function stillServes(): Promise<void> {
  const page = await fetch(bridge.origin + '/')
  expect(page.status).toBe(200)
}

describe('web bridge under hostile requests', () => {
  it('answers 400 to the requests that ended the process, and keeps serving', async () => {
    const { host } = new URL(bridge.origin)
    expect(statusOf(await raw(`GET /%E0%A4%A HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\n\r\n`))).toBe(400)
    expect(statusOf(await raw(`GET //x:abc/ HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\n\r\n`))).toBe(400)
    const upgrade = [
      'GET //x:abc/desk HTTP/1.1',
      `Host: ${host}`,
      'Connection: Upgrade',
      'Upgrade: websocket',
      'Sec-WebSocket-Version: 13',
      'Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==',
      `Origin: ${bridge.origin}`,
      '',
      '',
    ].join('\r\n')
    expect(statusOf(await raw(upgrade))).toBe(400)
    expect(statusOf(await raw(upgrade.replace('//x:abc/desk', '/%E0%A4%A')))).toBe(400)
    expect(statusOf(await raw(`GET /%00 HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\n\r\n`))).toBe(400)
    expect(statusOf(await raw(`GET http://evil.example/ HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\n\r\n`))).toBe(400)
    expect(statusOf(await raw('NONSENSE\r\n\r\n'))).toBe(400)
    await stillServes()
  })

  it('a WebSocket message that is JSON but not an object gets bad_message, not a crash', async () => {
    const { WebSocket } = await import('ws')
    const ws = new WebSocket(`${bridge.origin.replace('http', 'ws')}/desk?token=${bridge.token}`, { headers: { origin: bridge.origin } })
    await new Promise((resolve, reject) => {
      ws.once('open', resolve)
      ws.once('error', reject)
    })
    for (const text of ['null', '1', '"x"', '[]', 'true']) {
      const answer = new Promise<string>((resolve) => ws.once('message', (d) => resolve(String(d))))
      ws.send(text)
      expect(JSON.parse(await answer)).toMatchObject({ id: null, result: { ok: false, code: 'bad_message' } })
    }
    ws.close()
    await stillServes()
  })

  it('classifies request targets: only origin-form with valid percent-encoding passes', () => {
    expect(targetOf('/')?.pathname).toBe('/')
    expect(targetOf('/desk?token=a')?.searchParams.get('token')).toBe('a')
    expect(targetOf('/a%20b.js')?.pathname).toBe('/a b.js')
    for (const bad of ['', '*', 'x', '//x:abc/', '//evil/desk', '/%E0%A4%A', '/%', '/%zz', '/%00', '/a%0ab', 'http://x/']) expect(targetOf(bad)).toBeNull()
  })

  it('fuzz: request lines and headers over raw TCP always get an HTTP answer or a close; the bridge survives', async () => {
    const { host } = new URL(bridge.origin)
    const piece = fc.oneof(
      fc.constantFrom('/', '//', '/desk', '%', '%E0%A4%A', '%zz', '%00', ':abc', 'x:', '..', '%2e%2e', '?token=', '#', '\\', '@', '\u00e9', '%C0%AF', '%FF'),
      fc.string({ maxLength: 6 }),
    )
    const target = fc.array(piece, { maxLength: 6 }).map((parts) => parts.join(''))
    const header = fc.oneof(
      fc.constantFrom('Connection: Upgrade', 'Upgrade: websocket', 'Sec-WebSocket-Version: 13', 'Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==', `Origin: ${bridge.origin}`, 'Origin: null', 'Host:', 'Content-Length: -1', 'Transfer-Encoding: chunked', 'Expect: 100-continue', 'X: \u00ff'),
      fc.tuple(fc.string({ maxLength: 8 }), fc.string({ maxLength: 12 })).map(([k, v]) => `${k}: ${v}`),
    )
    const method = fc.constantFrom('GET', 'HEAD', 'POST', 'OPTIONS', 'get', 'PRI', '', 'GET GET')
    const version = fc.constantFrom('HTTP/1.1', 'HTTP/1.0', 'HTTP/2.0', 'HTTP/9', '')
    await fc.assert(
      fc.asyncProperty(method, target, version, fc.array(header, { maxLength: 6 }), fc.boolean(), async (m, t, v, headers, withToken) => {
        const path = withToken ? `${t}${t.includes('?') ? '&' : '?'}token=${bridge.token}` : t
        const request = [`${m} ${path} ${v}`, `Host: ${host}`, ...headers, 'Connection: close', '', ''].join('\r\n')
        const answer = await raw(Buffer.from(request, 'utf8'))
        if (answer !== '') expect(statusOf(answer)).toBeGreaterThanOrEqual(100)
        const plain = /^(GET|HEAD)$/.test(m) && /^HTTP\/1\.[01]$/.test(v) && !headers.some((h) => /^expect:/i.test(h))
        if (plain && answer !== '' && targetOf(path) === null) expect(statusOf(answer)).toBe(400)
      }),
      { numRuns: 150 },
    )
    await stillServes()
    expect(reported.filter((r) => r !== 'request failed')).toEqual([])
  }, 120_000)
})
