import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { WebSocket } from 'ws'
import { startWebBridge, type WebBridge } from '../../../src-main/web/bridge.js'
import { createDispatcher } from '../../../src-main/core/shared/dispatch.js'
import type { DeskEvent, DeskHandlers } from '../../../src-shared/contract.js'

let bridge: WebBridge
const listeners = new Set<(e: DeskEvent) => void>()

beforeAll(async () => {
  const dir = mkdtempSync(join(tmpdir(), 'desk-web-'))
  writeFileSync(join(dir, 'index.html'), '<!doctype html><title>desk</title>')
  const handlers = { balance: { get: async () => ({ balance: 10000, at: 1 }) } } as unknown as DeskHandlers
  bridge = await startWebBridge({
    staticDir: dir,
    dispatch: createDispatcher(handlers, { epoch: () => 3 }),
    subscribe: (l) => {
      listeners.add(l)
      return () => listeners.delete(l)
    },
  })
})
afterAll(() => bridge.close())

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
})
