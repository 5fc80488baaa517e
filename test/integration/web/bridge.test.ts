import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { basename, join } from 'node:path'
import { request } from 'node:http'
import { WebSocket } from 'ws'
import { startWebBridge, type WebBridge } from '../../../src-main/web/bridge.js'
import { createDispatcher } from '../../../src-main/core/shared/dispatch.js'
import type { DeskEvent, DeskHandlers } from '../../../src-shared/contract.js'

let bridge: WebBridge
/** Large enough that a socket whose reader waits cannot take it at once (the bytes go from a reused buffer). */
let bigAsked = 0
const bigAnswer = Array.from({ length: 15000 }, (_, i) => ({ key: `line:${i}`, opp1: `Dynamo ’${i}`, opp2: 'Jönköping', markets: [{ key: '0:1', columns: [[{ name: 'W1', rate: 1.5 + i / 1000, pointer: `line#${i}#1#1#0#1.5` }]] }] }))
let dir = ''
let siblingName = ''
const listeners = new Set<(e: DeskEvent) => void>()

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'desk-web-'))
  writeFileSync(join(dir, 'index.html'), '<!doctype html><title>desk</title>')
  mkdirSync(join(dir, 'assets'))
  writeFileSync(join(dir, 'assets', 'main.js'), 'export {}')
  writeFileSync(join(dir, 'assets', 'data.unknownext'), 'x')
  writeFileSync(`${dir}-sibling.txt`, 'not served')
  siblingName = `${basename(dir)}-sibling.txt`
  const handlers = { balance: { get: async () => ({ balance: 10000, at: 1 }) }, feed: { topMatches: async () => (bigAsked++, bigAnswer) } } as unknown as DeskHandlers
  bridge = await startWebBridge({
    staticDir: dir,
    dispatch: createDispatcher(handlers, { epoch: () => 3 }),
    subscribe: (l) => {
      listeners.add(l)
      return () => listeners.delete(l)
    },
  })
})
afterAll(async () => {
  await bridge.close()
  rmSync(dir, { recursive: true, force: true })
  rmSync(`${dir}-sibling.txt`, { force: true })
})

/** A GET whose path is sent as written (fetch would resolve the dot segments first). */
function rawGet(path: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request(bridge.origin, { path }, (res) => {
      let body = ''
      res.on('data', (chunk) => (body += String(chunk)))
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }))
    })
    req.on('error', reject)
    req.end()
  })
}

function open(token: string, origin: string | undefined): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`${bridge.origin.replace('http', 'ws')}/desk?token=${encodeURIComponent(token)}`, { headers: origin ? { origin } : {} })
    ws.once('open', () => resolve(ws))
    ws.once('error', reject)
    ws.once('unexpected-response', (_req, res) => reject(new Error(`HTTP ${res.statusCode}`)))
  })
}

function call(ws: WebSocket, message: unknown): Promise<{ id: unknown; result: { ok: boolean; code?: string; value?: unknown } }> {
  return new Promise((resolve) => {
    ws.once('message', (data) => resolve(JSON.parse(String(data))))
    ws.send(typeof message === 'string' ? message : JSON.stringify(message))
  })
}

describe('loopback web bridge', () => {
  it('binds loopback and prints a URL with the token in the fragment', () => {
    expect(bridge.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/#token=[\w-]{20,}$/)
  })

  it('serves the renderer and refuses path traversal', async () => {
    const page = await fetch(bridge.origin + '/')
    expect(page.status).toBe(200)
    expect(await page.text()).toContain('<title>desk</title>')
    expect((await fetch(bridge.origin + '/..%2f..%2fetc/passwd')).status).not.toBe(200)
    expect((await fetch(bridge.origin + '/missing.js')).status).toBe(404)
  })

  it('answers files with the security headers, HEAD without a body, and nothing else', async () => {
    const script = await fetch(bridge.origin + '/assets/main.js')
    expect([script.status, await script.text()]).toEqual([200, 'export {}'])
    expect(script.headers.get('content-type')).toMatch(/^text\/javascript/)
    for (const [name, value] of [['cache-control', 'no-store'], ['x-content-type-options', 'nosniff'], ['referrer-policy', 'no-referrer']]) expect(script.headers.get(name)).toBe(value)
    expect((await fetch(bridge.origin + '/')).headers.get('content-type')).toMatch(/^text\/html/)
    expect((await fetch(bridge.origin + '/assets/data.unknownext')).headers.get('content-type')).toBe('application/octet-stream')
    const head = await fetch(bridge.origin + '/assets/main.js', { method: 'HEAD' })
    expect([head.status, await head.text(), head.headers.get('x-content-type-options')]).toEqual([200, '', 'nosniff'])
    const whole = await fetch(bridge.origin + '/assets/main.js', { headers: { range: 'bytes=2-3' } })
    expect([whole.status, await whole.text()]).toEqual([200, 'export {}'])
    expect((await fetch(bridge.origin + '/assets')).status).toBe(404)
    expect((await fetch(bridge.origin + '/assets/main.js', { method: 'POST' })).status).toBe(405)
    for (const path of [`/../${siblingName}`, `/..%2f${siblingName}`, `/%2e%2e/${siblingName}`]) {
      const answer = await rawGet(path)
      expect([403, 404], path).toContain(answer.status)
      expect(answer.body).not.toContain('not served')
    }
  })

  it('refuses a wrong token, a missing token and a foreign origin', async () => {
    await expect(open('wrong', bridge.origin)).rejects.toThrow(/403/)
    await expect(open('', bridge.origin)).rejects.toThrow(/403/)
    await expect(open(bridge.token, 'https://evil.example')).rejects.toThrow(/403/)
    await expect(open(bridge.token, undefined)).rejects.toThrow(/403/)
  })

  it('speaks the contract: results, validation errors, unknown channels, malformed messages, events', async () => {
    const ws = await open(bridge.token, bridge.origin)
    expect(await call(ws, { id: 1, channel: 'desk:balance:get' })).toEqual({ id: 1, result: { ok: true, value: { balance: 10000, at: 1 }, epoch: 3 } })
    expect((await call(ws, { id: 2, channel: 'desk:balance:get', payload: { extra: 1 } })).result).toMatchObject({ ok: false, code: 'bad_input' })
    expect((await call(ws, { id: 3, channel: 'desk:shell:exec', payload: {} })).result).toMatchObject({ ok: false, code: 'unknown_channel' })
    expect((await call(ws, '{not json')).result).toMatchObject({ ok: false, code: 'bad_message' })
    const pushed = new Promise((resolve) => ws.once('message', (d) => resolve(JSON.parse(String(d)))))
    for (const l of listeners) l({ type: 'profile.changed', profileId: 'p1', epoch: 3 })
    expect(await pushed).toEqual({ event: { type: 'profile.changed', profileId: 'p1', epoch: 3 } })
    ws.close()
  })

  it('sends large answers as text frames, whole and in order, to several sockets at once', async () => {
    const sockets = await Promise.all([open(bridge.token, bridge.origin), open(bridge.token, bridge.origin)])
    const answers = sockets.map(
      (ws) =>
        new Promise<Array<{ text: string; binary: boolean }>>((resolve) => {
          const got: Array<{ text: string; binary: boolean }> = []
          ws.on('message', (data, isBinary) => {
            got.push({ text: String(data), binary: isBinary })
            if (got.length === 5) resolve(got)
          })
        }),
    )
    // The readers wait until every answer is encoded: the first answers are still queued in the
    // server's socket while the later ones are made, so a buffer reused too early would show.
    for (const ws of sockets) ws.pause()
    for (let id = 1; id <= 5; id++) for (const ws of sockets) ws.send(JSON.stringify({ id, channel: 'desk:feed:topMatches', payload: { lineType: 'line' } }))
    while (bigAsked < 10) await new Promise((resolve) => setImmediate(resolve))
    for (let turn = 0; turn < 3; turn++) await new Promise((resolve) => setImmediate(resolve))
    for (const ws of sockets) ws.resume()
    for (const got of await Promise.all(answers)) {
      expect(got.map((a) => a.binary)).toEqual([false, false, false, false, false])
      expect(got.map((a) => a.text)).toEqual([1, 2, 3, 4, 5].map((id) => JSON.stringify({ id, result: { ok: true, value: bigAnswer, epoch: 3 } })))
    }
    for (const ws of sockets) ws.close()
  })
})
