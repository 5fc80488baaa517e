import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, describe, expect, it } from 'vitest'
import { APP_ENTRY_URL, createAppProtocolHandler, originOf, rendererEntry } from '../../../src-main/electron/app-protocol.js'
import { contentSecurityPolicy, cspDirectives, imageOriginOf, WEB_CSP_OPTIONS } from '../../../src-main/electron/csp.js'
import { isTrustedFrame } from '../../../src-main/electron/ipc.js'
import { isAppUrl } from '../../../src-main/electron/security.js'

const REPO = resolve(import.meta.dirname, '../../..')
const root = mkdtempSync(join(tmpdir(), 'desk-app-scheme-'))
mkdirSync(join(root, 'renderer', 'assets'), { recursive: true })
writeFileSync(join(root, 'renderer', 'index.html'), '<!doctype html><title>app</title>')
writeFileSync(join(root, 'renderer', 'assets', 'main.js'), 'export {}')
writeFileSync(join(root, 'renderer', 'assets', 'data.bin'), 'x')
writeFileSync(join(root, 'secret.txt'), 'not served')
afterAll(() => rmSync(root, { recursive: true, force: true }))

const POLICY = contentSecurityPolicy({ imageOrigins: ['https://cdn.partner.test'] })
/** `net.fetch` of a file: URL, as far as the handler needs it: the type is whatever "Chromium" says. */
const fetched: string[] = []
const TYPE_OF_FETCH = 'x-test/picked-by-fetch'
async function fetchFile(url: string): Promise<Response> {
  fetched.push(url)
  const body = await readFile(fileURLToPath(url))
  return new Response(new Uint8Array(body), { headers: url.endsWith('.html') ? { 'content-type': 'text/html' } : url.endsWith('.js') ? { 'content-type': TYPE_OF_FETCH } : {} })
}
const handler = createAppProtocolHandler({ root: join(root, 'renderer'), csp: () => POLICY, fetchFile })
const get = (url: string, method = 'GET') => handler(new Request(url, { method }))

describe('the app:// scheme (packaged renderer)', () => {
  it('serves the renderer with the app policy as a header', async () => {
    const page = await get(APP_ENTRY_URL)
    expect(page.status).toBe(200)
    expect(page.headers.get('content-type')).toMatch(/^text\/html/)
    expect(page.headers.get('content-security-policy')).toBe(POLICY)
    expect(await page.text()).toContain('<title>app</title>')
    const script = await get('app://desk/assets/main.js')
    expect([script.status, script.headers.get('content-type'), await script.text()]).toEqual([200, TYPE_OF_FETCH, 'export {}'])
    expect((await get('app://desk/')).status).toBe(200)
    const untyped = await get('app://desk/assets/data.bin')
    expect([untyped.status, untyped.headers.get('content-type')]).toEqual([200, 'application/octet-stream'])
  })

  it('sends the policy, nosniff, referrer and cache headers on every answer; HEAD has no body', async () => {
    const head = await get('app://desk/assets/main.js', 'HEAD')
    expect([head.status, head.headers.get('content-type'), await head.text()]).toEqual([200, TYPE_OF_FETCH, ''])
    for (const answer of [head, await get(APP_ENTRY_URL), await get('app://desk/missing.js'), await get(APP_ENTRY_URL, 'POST'), await get('app://desk/%E0%A4%A')]) {
      expect(answer.headers.get('content-security-policy')).toBe(POLICY)
      expect(answer.headers.get('x-content-type-options')).toBe('nosniff')
      expect(answer.headers.get('referrer-policy')).toBe('no-referrer')
      expect(answer.headers.get('cache-control')).toBe('no-cache')
    }
  })

  it('answers 404 when the read fails or is not ok, and never reads outside the renderer folder', async () => {
    const failing = createAppProtocolHandler({ root: join(root, 'renderer'), csp: () => POLICY, fetchFile: async () => Promise.reject(new TypeError('net::ERR_FILE_NOT_FOUND')) })
    expect((await failing(new Request(APP_ENTRY_URL))).status).toBe(404)
    const notOk = createAppProtocolHandler({ root: join(root, 'renderer'), csp: () => POLICY, fetchFile: async () => new Response('gone', { status: 500 }) })
    const answer = await notOk(new Request(APP_ENTRY_URL))
    expect([answer.status, await answer.text()]).toEqual([404, 'not found'])
  })

  it('serves nothing outside the renderer folder, of another host, or by another method', async () => {
    fetched.length = 0
    for (const url of ['app://desk/../secret.txt', 'app://desk/%2e%2e/secret.txt', 'app://desk/..%2fsecret.txt', 'app://desk/assets/%2e%2e%2f%2e%2e%2fsecret.txt', 'app://other/index.html', 'app://desk/missing.js', 'app://desk/assets', 'app://desk/%00']) {
      const answer = await get(url)
      expect([url, answer.status]).toEqual([url, 404])
      expect(await answer.text()).not.toContain('not served')
    }
    expect((await get('app://desk/%E0%A4%A')).status).toBe(400)
    expect((await get(APP_ENTRY_URL, 'POST')).status).toBe(405)
    expect(fetched).toEqual([]) // refused before anything is read, folders included
  })

  it('app:// is the app origin for IPC and navigation; other schemes and hosts are not', () => {
    const policy = { allowedOrigins: ['app://desk'] }
    expect(originOf('app://desk/index.html#/coupons')).toBe('app://desk')
    expect(isTrustedFrame({ url: 'app://desk/index.html' }, policy)).toBe(true)
    for (const url of ['app://evil/index.html', 'file:///opt/desk/out/renderer/index.html', 'foo://desk/index.html', 'javascript:alert(1)', 'about:blank']) {
      expect([url, isTrustedFrame({ url }, policy)]).toEqual([url, false])
    }
    expect(isAppUrl('app://desk/index.html#/line', APP_ENTRY_URL)).toBe(true)
    expect(isAppUrl('app://evil/index.html', APP_ENTRY_URL)).toBe(false)
    expect(isAppUrl('javascript:alert(1)', APP_ENTRY_URL)).toBe(false)
    expect(isAppUrl('data:text/html,x', APP_ENTRY_URL)).toBe(false)
  })
})

describe('ELECTRON_RENDERER_URL', () => {
  it('is ignored when the app is packaged', () => {
    expect(rendererEntry(true, { ELECTRON_RENDERER_URL: 'http://evil.test:5173/' })).toEqual({ url: APP_ENTRY_URL, devOrigin: null })
  })
  it('is used in a development run, http(s) only', () => {
    expect(rendererEntry(false, { ELECTRON_RENDERER_URL: 'http://localhost:5173/' })).toEqual({ url: 'http://localhost:5173/', devOrigin: 'http://localhost:5173' })
    expect(rendererEntry(false, { ELECTRON_RENDERER_URL: 'file:///tmp/evil.html' })).toEqual({ url: APP_ENTRY_URL, devOrigin: null })
    expect(rendererEntry(false, {})).toEqual({ url: APP_ENTRY_URL, devOrigin: null })
  })
})

describe('one CSP', () => {
  const directives = (policy: string) => Object.fromEntries(policy.split(';').map((d) => d.trim().split(/\s+/)).map(([name, ...values]) => [name, values]))

  it('images only from the app, data: and the active CDN origin; no wildcard host', () => {
    const header = directives(POLICY)
    expect(header['img-src']).toEqual(["'self'", 'data:', 'https://cdn.partner.test'])
    expect(directives(contentSecurityPolicy())['img-src']).toEqual(["'self'", 'data:'])
    for (const policy of [POLICY, contentSecurityPolicy()]) expect(policy).not.toMatch(/(^|\s)(https?:|\*)(\s|;|$)/)
    expect(imageOriginOf('https://cdn.partner.test/icons/v2/')).toBe('https://cdn.partner.test')
    expect(imageOriginOf('javascript:alert(1)')).toBeNull()
    expect(directives(contentSecurityPolicy({ imageOrigins: ["https://x.test; script-src 'unsafe-eval'"] }))['script-src']).toEqual(["'self'"])
  })

  it('the web bridge policy differs from the app policy only by loopback images', () => {
    const web = directives(contentSecurityPolicy(WEB_CSP_OPTIONS))
    const app = directives(contentSecurityPolicy())
    expect(web['img-src']).toEqual([...app['img-src'], 'http://127.0.0.1:*'])
    delete web['img-src']
    delete app['img-src']
    expect(web).toEqual(app)
    for (const name of ['object-src', 'base-uri', 'form-action', 'frame-ancestors']) expect(web[name]).toEqual(["'none'"])
    expect(cspDirectives().map(([name]) => name)).toEqual(expect.arrayContaining(['default-src', 'script-src', 'object-src', 'base-uri', 'frame-ancestors', 'form-action']))
  })

  it('no page carries a policy of its own: the source has no CSP meta tag (both hosts send the header)', () => {
    const source = readFileSync(join(REPO, 'src-renderer/index.html'), 'utf8')
    expect(source).not.toMatch(/http-equiv=["']Content-Security-Policy/i)
  })
})
