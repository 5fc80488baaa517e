import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { SHIM_PATH, startWebBridge, withShim, type WebBridge } from '../../../src-main/web/bridge.js'
import { createDispatcher } from '../../../src-main/core/shared/dispatch.js'
import type { DeskHandlers } from '../../../src-shared/contract.js'

/** The bridge serves the desktop build's page with the preload stand-in loaded first. */
let bridge: WebBridge
let dir = ''
const PAGE = '<!doctype html>\n<html>\n  <head>\n    <meta charset="UTF-8" />\n    <script type="module" src="./assets/index.js"></script>\n  </head>\n  <body></body>\n</html>\n'

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'desk-web-shim-'))
  writeFileSync(join(dir, 'index.html'), PAGE)
  writeFileSync(join(dir, 'shim.js'), 'window.desk = {}\n')
  bridge = await startWebBridge({
    staticDir: dir,
    shimFile: join(dir, 'shim.js'),
    csp: "default-src 'self'; frame-ancestors 'none'",
    dispatch: createDispatcher({} as DeskHandlers, { epoch: () => 1 }),
    subscribe: () => () => {},
  })
})
afterAll(async () => {
  await bridge.close()
  rmSync(dir, { recursive: true, force: true })
})

describe('web bridge: the shipped page with the preload stand-in', () => {
  it('serves the page with the shim as its first script and the policy as a header', async () => {
    for (const path of ['/', '/index.html']) {
      const res = await fetch(`${bridge.origin}${path}`)
      const html = await res.text()
      expect(res.status).toBe(200)
      expect(res.headers.get('content-type')).toMatch(/^text\/html/)
      expect(res.headers.get('content-security-policy')).toBe("default-src 'self'; frame-ancestors 'none'")
      expect(html.indexOf(`src=".${SHIM_PATH}"`)).toBeGreaterThan(html.indexOf('<head>'))
      expect(html.indexOf(`src=".${SHIM_PATH}"`)).toBeLessThan(html.indexOf('./assets/index.js'))
    }
  })

  it('serves the shim as a script, with the same headers', async () => {
    const res = await fetch(`${bridge.origin}${SHIM_PATH}`)
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toMatch(/^text\/javascript/)
    expect(res.headers.get('x-content-type-options')).toBe('nosniff')
    expect(res.headers.get('content-security-policy')).toContain("default-src 'self'")
    expect(await res.text()).toBe('window.desk = {}\n')
  })

  it('a page without <head> still gets the shim first', () => {
    expect(withShim('<title>x</title>')).toMatch(/^\n {4}<script type="module" src=".\/__desk_shim__\.js"><\/script><title>/)
  })
})
