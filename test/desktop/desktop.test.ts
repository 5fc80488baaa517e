import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import type { Page } from 'playwright-core'
import { launchDesktop, REPO, runSecondInstance, SHOTS, waitForState, type Desktop, type StandinState } from './launch.js'
import { methods, methodTable, channelOf } from '../../src-shared/methods.js'
import { contentSecurityPolicy } from '../../src-main/electron/csp.js'
import { journalFileOf, openTimelineStore } from '../../src-main/core/timeline/index.js'
import { settle } from '../e2e/settle.js'

// The desktop app without its binary: the BUILT out/main/index.js boots unchanged on the Electron
// stand-in (test/desktop/standin), its preload runs in the window's page, and the renderer talks to
// main through real IPC. Each `it` builds on the previous ones (one app run, then a quit).
// The packaged renderer is served from the app scheme (protocol.handle), not from file://.
const RENDERER = 'app://desk/'
const CONTRACT_CHANNELS = methodTable.map(([domain, method]) => channelOf(domain, method)).sort()

/** Page globals used inside page.evaluate (tests are type-checked without the DOM library). */
type PageGlobals = {
  location: { href: string }
  innerWidth: number
  innerHeight: number
  open(url: string, target?: string): unknown
  document: { addEventListener(type: string, listener: (e: { effectiveDirective: string }) => void, options?: { once: boolean }): void }
  WebSocket: new (url: string) => unknown
  Notification: { requestPermission(): Promise<string> }
  navigator: {
    geolocation: { getCurrentPosition(ok: () => void, fail: (e: { code: number }) => void): void }
    mediaDevices: { getUserMedia(constraints: { video: boolean }): Promise<unknown> }
    permissions: { query(descriptor: { name: string }): Promise<{ state: string }> }
  }
}

let desktop: Desktop
let page: Page
let windowId: number
let userData: string
let couponCode = ''
let foreign: Server
let foreignUrl = ''

const state = () => desktop.state()
const amountOf = (text: string | null) => Number((text ?? '').replace(/[^\d.]/g, ''))
const balance = async () => amountOf(await page.getByTestId('balance-value').textContent())
const modeOf = (path: string) => (statSync(path).mode & 0o777).toString(8)
const cspTrouble = (s: StandinState) => s.console.filter((c) => /content security policy|refused to/i.test(c.text))

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true })
  userData = mkdtempSync(join(tmpdir(), 'desk-desktop-userdata-'))
  // As a umask-022 mkdir leaves it: the app must make its data folder private itself.
  chmodSync(userData, 0o755)
  foreign = createServer((_req, res) => res.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html><title>foreign</title><p>not the app</p>'))
  await new Promise<void>((resolve) => foreign.listen(0, '127.0.0.1', resolve))
  foreignUrl = `http://127.0.0.1:${(foreign.address() as { port: number }).port}/page.html`
  desktop = await launchDesktop({ userData })
  const window = await waitForState(desktop, (s) => s.windows.find((w) => w.readyToShow && w.shown), 60_000)
  windowId = window.id
  page = await desktop.page(windowId)
})

afterAll(async () => {
  await desktop?.kill()
  await new Promise((resolve) => foreign?.close(resolve))
})

describe('the built main process on the stand-in', () => {
  it('boots on the Demo profile and shows its window once the renderer is ready', async () => {
    await page.locator('[data-testid="env-badge"][data-env="demo"]').waitFor({ timeout: 30_000 })
    const s = await state()
    expect(s.lifecycle.map((e) => e.name)).toContain('ready')
    expect(s.singleInstanceLock).toBe(true)
    expect(s.windows).toHaveLength(1)
    expect(s.windows[0]).toMatchObject({ shown: true, minimized: false, readyToShow: true })
    expect(s.windows[0].url.startsWith(`${RENDERER}index.html`)).toBe(true)
    expect(s.mainErrors).toEqual([])
    expect(s.stubErrors).toEqual([])
  })

  it('registers every contract channel and nothing else', async () => {
    const s = await state()
    expect([...s.ipc.handled].sort()).toEqual(CONTRACT_CHANNELS)
    // electron-store answers its renderer-side stores over one sync channel; nothing in this
    // renderer can send it (the preload exposes no send), and it is the only listener.
    expect(s.ipc.listeners).toEqual(['electron-store-get-data'])
  })

  it('created the window with the hardened web preferences', async () => {
    const s = await state()
    const created = s.windowsCreated.find((w) => w.id === windowId)!
    expect(created.options).toMatchObject({ show: false, width: 1440, height: 900 })
    const prefs = created.options.webPreferences!
    expect(prefs).toMatchObject({
      preload: join(REPO, 'out/preload/index.cjs'),
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webviewTag: false,
    })
    for (const weakening of ['webSecurity', 'allowRunningInsecureContent', 'experimentalFeatures', 'enableBlinkFeatures', 'enableRemoteModule']) {
      expect(prefs[weakening] === undefined || prefs[weakening] === (weakening === 'webSecurity')).toBe(true)
    }
  })

  it('the preload exposes exactly the contract, and nothing of Electron or Node', async () => {
    const s = await state()
    const expected = { ...Object.fromEntries(Object.entries(methods).map(([domain, names]) => [domain, Object.fromEntries(names.map((n) => [n, 'function']))])), on: 'function' }
    expect(s.preloadErrors).toEqual([])
    expect(s.exposures.filter((e) => e.windowId === windowId).map((e) => e.key)).toEqual(['desk'])
    expect(s.exposures.find((e) => e.windowId === windowId)!.shape).toEqual(expected)
    const seen = await page.evaluate(() => {
      const w = globalThis as unknown as Record<string, unknown>
      const desk = w.desk as Record<string, Record<string, unknown>>
      return {
        keys: Object.keys(desk).sort(),
        domains: Object.fromEntries(Object.entries(desk).map(([k, v]) => [k, typeof v === 'function' ? 'function' : Object.keys(v).sort()])),
        leaks: ['require', 'process', 'module', 'ipcRenderer', 'electron', 'Buffer', 'global'].filter((name) => name in w),
      }
    })
    expect(seen.keys).toEqual(Object.keys(expected).sort())
    for (const [domain, names] of Object.entries(methods)) expect(seen.domains[domain]).toEqual([...names].sort())
    expect(seen.leaks).toEqual([])
  })

  it('serves the renderer from the app:// scheme registered as standard and secure', async () => {
    const s = await state()
    expect(s.protocols).toEqual([
      { api: 'registerSchemesAsPrivileged', scheme: 'app', privileges: { standard: true, secure: true, supportFetchAPI: true } },
      { api: 'handle', scheme: 'app' },
    ])
    expect(s.responses.filter((r) => r.windowId === windowId && r.resourceType === 'mainFrame').map((r) => r.url)).toEqual([`${RENDERER}index.html`])
    // No CSP meta in the shipped page: the header is the one policy.
    expect(readFileSync(join(REPO, 'out/renderer/index.html'), 'utf8')).not.toMatch(/http-equiv=["']?Content-Security-Policy/i)
  })

  it('loads the renderer under the app CSP (images only from the active CDN) with no violation', async () => {
    const s = await state()
    expect(cspTrouble(s)).toEqual([])
    expect(s.console.filter((c) => c.source === 'exception')).toEqual([])
    const mainDocument = s.responses.find((r) => r.windowId === windowId && r.resourceType === 'mainFrame' && r.url === `${RENDERER}index.html`)
    expect(mainDocument).toMatchObject({ status: 200, changed: true })
    const info = await page.evaluate(() => (globalThis as unknown as { desk: { app: { info(): Promise<{ ok: boolean; value: { endpoints: { cdn: string } } }> } } }).desk.app.info())
    const cdnOrigin = new URL(info.value.endpoints.cdn).origin
    expect(mainDocument!.csp).toEqual([contentSecurityPolicy({ imageOrigins: [cdnOrigin] })])
    expect(mainDocument!.csp[0]).toContain(`img-src 'self' data: ${cdnOrigin};`)
    // The built app's simulator serves its icons (copied beside the bundle), and the page shows them.
    const icon = `${info.value.endpoints.cdn}/sports/v1/color/1.webp`
    const answer = await fetch(icon)
    expect([answer.status, answer.headers.get('content-type')]).toEqual([200, 'image/webp'])
    type ImageGlobals = { Image: new () => { naturalWidth: number; onload: () => void; onerror: () => void; src: string } }
    const width = await page.evaluate(
      (src) =>
        new Promise<number>((resolve) => {
          const image = new (globalThis as unknown as ImageGlobals).Image()
          image.onload = () => resolve(image.naturalWidth)
          image.onerror = () => resolve(-1)
          image.src = src
        }),
      icon,
    )
    expect(width).toBe(32)
    const scripts = s.responses.filter((r) => r.windowId === windowId && r.resourceType === 'script')
    expect(scripts.length).toBeGreaterThan(0)
    // The header policy is the one in force (the page's meta policy alone would allow this socket).
    const blocked = await page.evaluate(
      () =>
        new Promise<string>((resolve) => {
          const w = globalThis as unknown as PageGlobals
          w.document.addEventListener('securitypolicyviolation', (e) => resolve(e.effectiveDirective), { once: true })
          new w.WebSocket('ws://127.0.0.1:9/')
          setTimeout(() => resolve('none'), 3_000)
        }),
    )
    expect(blocked).toBe('connect-src')
  })
})

describe('a bet through real IPC', () => {
  it('signs in', async () => {
    const session = page.getByTestId('session')
    const login = page.getByTestId('login')
    await session.filter({ hasText: /demo/i }).waitFor({ timeout: 30_000 })
    if (!(await login.isVisible())) await session.getByRole('button').click()
    await login.waitFor({ timeout: 15_000 })
    await login.click()
    await page.getByTestId('balance').filter({ hasText: /10[\s,.\u00a0\u202f]?000/ }).waitFor({ timeout: 30_000 })
    // The balance push can reach the page before the sign-in's own answer; the badge follows that answer.
    await session.getByTestId('logout').waitFor({ timeout: 15_000 })
    await expect(login.count()).resolves.toBe(0)
  })

  it('browses the line and places a single', async () => {
    await page.getByTestId('nav-line').click()
    await page.getByTestId('match-row').first().click()
    const outcome = page.locator('[data-testid="outcome"]:not([disabled])').first()
    await outcome.waitFor({ timeout: 30_000 })
    await outcome.click()
    await page.getByTestId('slip-amount').locator('input').fill('25')
    await page.getByTestId('place').click()
    const result = page.getByTestId('placement-result')
    await result.waitFor({ timeout: 30_000 })
    expect(await result.getAttribute('data-outcome')).toBe('placed')
    couponCode = ((await result.locator('.code').first().textContent()) ?? '').trim()
    expect(couponCode).toMatch(/^\d{12}$/)
    await expect.poll(balance, { timeout: 15_000 }).toBe(9975)
  })

  it('settles it and shows the settlement on the timeline', async () => {
    await page.getByTestId('nav-settings').click()
    const scenarios = page.getByTestId('demo-scenarios')
    await scenarios.locator('input').first().fill(couponCode)
    await scenarios.getByRole('button', { name: 'Win' }).first().click()
    await expect.poll(balance, { timeout: 20_000 }).toBeGreaterThan(9975 + 25)
    await page.getByTestId('nav-timeline').click()
    await expect
      .poll(
        async () => {
          await page.getByTestId('timeline-apply').click()
          return (await page.getByTestId('timeline-row').filter({ hasText: couponCode }).allTextContents()).join(' ')
        },
        { timeout: 20_000, interval: 500 },
      )
      .toMatch(/settled/i)
  })

  it('went through ipcMain from the app frame, and main pushed events back', async () => {
    const s = await state()
    const used = new Set(s.invokes.filter((i) => i.windowId === windowId && i.outcome === 'ok' && i.frameUrl.startsWith(RENDERER)).map((i) => i.channel))
    for (const channel of ['desk:app:info', 'desk:session:login', 'desk:coupons:place', 'desk:demo:settle', 'desk:timeline:query', 'desk:watch:subscribe']) expect(used).toContain(channel)
    expect(s.invokes.filter((i) => i.outcome !== 'ok')).toEqual([])
    // Subscriptions (feed lists, balance, coupons, timeline), session and connection updates reach the renderer through webContents.send.
    expect(Object.keys(s.pushed)).toEqual(['desk:event'])
    expect(s.pushed['desk:event']).toBeGreaterThan(3)
    expect(cspTrouble(s).filter((c) => !/ws:\/\/127\.0\.0\.1:9/.test(c.text))).toEqual([])
    expect(s.console.filter((c) => c.source === 'exception')).toEqual([])
  })
})

describe('secrets follow the origin they were entered for', () => {
  const field = (label: string) => page.getByTestId('profile-form').locator('.n-form-item').filter({ has: page.getByText(label, { exact: true }) }).locator('input').first()

  it('moving a profile to another host forgets its password and the settings ask for it again', async () => {
    await page.getByTestId('nav-settings').click()
    await page.getByTestId('profile-add').click()
    await page.getByTestId('profile-name').locator('input').fill('Partner A')
    await page.getByTestId('profile-form').locator('.n-form-item').filter({ has: page.getByText('Environment', { exact: true }) }).locator('.n-base-selection').click()
    await page.locator('.n-base-select-option').filter({ hasText: 'Real services' }).click()
    await field('Coupon API base URL').fill('https://coupons.partner-a.test/api')
    await field('Feed API URL').fill('https://feed.partner-a.test')
    await field('CDN URL').fill('https://cdn.partner-a.test')
    await field('Username').fill('operator1')
    await page.getByTestId('profile-save').click()
    const password = page.getByTestId('secret-password')
    await page.locator('[data-testid="secret-password"][data-set="false"]').waitFor()
    await password.locator('input').fill('entered-for-partner-a')
    await password.getByRole('button', { name: 'Store' }).click()
    await page.locator('[data-testid="secret-password"][data-set="true"]').waitFor()
    await expect(page.getByTestId('secrets-reenter').count()).resolves.toBe(0)

    await field('Coupon API base URL').fill('https://coupons.elsewhere.test/api')
    await page.getByTestId('profile-save').click()
    await page.locator('[data-testid="secret-password"][data-set="false"][data-ask="true"]').waitFor()
    await expect(page.getByTestId('secrets-reenter').textContent()).resolves.toMatch(/Password/)
    expect(await page.locator('[data-testid="secret-feedApiKey"]').getAttribute('data-ask')).toBeNull()
  })
})

describe('the window is a closed room', () => {
  it('refuses calls from a page that is not the app, even with the preload', async () => {
    const evil = join(mkdtempSync(join(tmpdir(), 'desk-foreign-')), 'evil.html')
    writeFileSync(evil, '<!doctype html><title>evil</title>')
    for (const url of [foreignUrl, pathToFileURL(evil).href, 'app://elsewhere/index.html']) {
      const id = await desktop.command<number>('openWindow', { like: windowId, url })
      const other = await desktop.page(id)
      const answer = await other.evaluate(() => (globalThis as unknown as { desk: { app: { info(): Promise<unknown> } } }).desk.app.info())
      expect(answer).toMatchObject({ ok: false, code: 'forbidden_sender' })
      await desktop.command('close', { windowId: id })
      await waitForState(desktop, (s) => !s.windows.some((w) => w.id === id))
    }
    const s = await state()
    expect(s.invokes.filter((i) => i.windowId !== windowId).map((i) => i.frameUrl)).toEqual([foreignUrl, pathToFileURL(evil).href, 'app://elsewhere/index.html'])
  })

  it('denies navigation away from the app; allow-listed https goes to the system browser', async () => {
    const before = page.url()
    // One at a time: a second assignment right after the first can cancel it before it is requested.
    await page.evaluate(() => void ((globalThis as unknown as PageGlobals).location.href = 'https://example.com/elsewhere'))
    await waitForState(desktop, (st) => st.navigations.length >= 1 && st)
    await page.evaluate(() => void ((globalThis as unknown as PageGlobals).location.href = 'https://github.com/electron/electron'))
    const s = await waitForState(desktop, (st) => st.navigations.length >= 2 && st)
    expect(s.navigations.map(({ url, prevented }) => ({ url, prevented }))).toEqual([
      { url: 'https://example.com/elsewhere', prevented: true },
      { url: 'https://github.com/electron/electron', prevented: true },
    ])
    expect(s.external).toEqual([{ api: 'openExternal', target: 'https://github.com/electron/electron' }])
    await settle(page)
    expect(page.url()).toBe(before)
  })

  it('denies window.open', async () => {
    const opened = await page.evaluate(() => (globalThis as unknown as PageGlobals).open('https://example.com/popup', '_blank'))
    expect(opened).toBeNull()
    const s = await waitForState(desktop, (st) => st.windowOpens.length >= 1 && st)
    expect(s.windowOpens).toEqual([{ windowId, url: 'https://example.com/popup', via: 'window.open', action: 'deny' }])
    expect(s.windows).toHaveLength(1)
  })

  it('offers target=_blank links to the window-open handler too', async () => {
    await page.evaluate(() => {
      const { document } = globalThis as unknown as { document: { createElement(tag: string): { href: string; target: string; click(): void; remove(): void }; body: { append(e: unknown): void } } }
      const link = document.createElement('a')
      link.href = 'https://github.com/electron/fuses'
      link.target = '_blank'
      document.body.append(link)
      link.click()
      link.remove()
    })
    const s = await waitForState(desktop, (st) => st.windowOpens.length >= 2 && st.windows.length === 1 && st)
    expect(s.windowOpens[1]).toEqual({ windowId, url: 'https://github.com/electron/fuses', via: 'popup', action: 'deny' })
    expect(s.external.at(-1)).toEqual({ api: 'openExternal', target: 'https://github.com/electron/fuses' })
  })

  it('denies permissions, notifications for the app page excepted', async () => {
    const answers = await page.evaluate(async () => {
      const { navigator, Notification } = globalThis as unknown as PageGlobals
      const geo = await new Promise<number>((resolve) => navigator.geolocation.getCurrentPosition(() => resolve(0), (e) => resolve(e.code)))
      const media = await navigator.mediaDevices.getUserMedia({ video: true }).then(
        () => 'granted',
        (e: Error) => e.name,
      )
      return {
        notifications: await Notification.requestPermission(),
        geolocation: geo,
        media,
        query: (await navigator.permissions.query({ name: 'geolocation' })).state,
      }
    })
    expect(answers).toEqual({ notifications: 'granted', geolocation: 1, media: 'NotAllowedError', query: 'denied' })
    const s = await state()
    expect(s.permissions.map((p) => `${p.kind}:${p.permission}:${p.handler}:${p.granted}`).sort()).toEqual([
      'check:geolocation:true:false',
      'request:geolocation:true:false',
      'request:media:true:false',
      'request:notifications:true:true',
    ])
  })
})

describe('the desktop window', () => {
  it('is screenshotted at 1280x720 and 1440x900', async () => {
    await page.getByTestId('nav-line').click()
    await page.getByTestId('view-line').waitFor()
    for (const [width, height] of [
      [1280, 720],
      [1440, 900],
    ]) {
      await desktop.command('resize', { windowId, width, height })
      await settle(page)
      const path = `${SHOTS}/desktop-${width}x${height}.png`
      await page.screenshot({ path })
      expect(await page.evaluate(() => [(globalThis as unknown as PageGlobals).innerWidth, (globalThis as unknown as PageGlobals).innerHeight])).toEqual([width, height])
      expect(existsSync(path)).toBe(true)
    }
  })

  it('a second instance hands over to the first, which restores and focuses its window', async () => {
    await desktop.command('minimize', { windowId })
    const before = (await state()).windows[0]
    expect(before.minimized).toBe(true)
    const second = await runSecondInstance(userData)
    expect(second.code, second.output).toBe(0)
    const s = await waitForState(desktop, (st) => st.secondInstances.length === 1 && st)
    expect(s.windows).toHaveLength(1)
    expect(s.windows[0].minimized).toBe(false)
    expect(s.windows[0].focusCount).toBeGreaterThan(before.focusCount)
  })

  it('quitting waits for the core to close, and loses no timeline write', async () => {
    await desktop.command('quit')
    expect(await desktop.exited).toBe(0)
    const report = desktop.exitReport()!
    // Electron exits right after 'quit'. By then the core must have closed: the callback listener
    // and the embedded simulator (no TCP server still listening in the process)…
    expect(report.listening).toEqual([])
    // …because the app held the first will-quit until its core had closed.
    const steps = report.lifecycle.map((e) => `${e.name}${e.prevented ? '(held)' : ''}`)
    expect(steps.slice(steps.indexOf('before-quit'))).toEqual(['before-quit', 'will-quit(held)', 'before-quit', 'will-quit', 'quit', 'exit'])
    const profiles = join(userData, 'profiles')
    const dbs = readdirSync(profiles).map((dir) => join(profiles, dir, 'timeline.sqlite')).filter(existsSync)
    expect(dbs).toHaveLength(1)
    // This user's only: the data folder, stores, profile folders, history database and logs.
    const logs = join(userData, 'logs')
    expect({
      userData: modeOf(userData),
      profilesStore: modeOf(join(userData, 'profiles.json')),
      otherStores: readdirSync(userData).filter((f) => f.endsWith('.json') && f !== 'profiles.json').map((f) => `${f}:${modeOf(join(userData, f))}`).filter((m) => !m.endsWith(':600')),
      profiles: modeOf(profiles),
      profile: modeOf(join(dbs[0], '..')),
      db: modeOf(dbs[0]),
      logs: existsSync(logs) ? modeOf(logs) : '700',
    }).toEqual({ userData: '700', profilesStore: '600', otherStores: [], profiles: '700', profile: '700', db: '600', logs: '700' })
    // The history's applying thread ran from the bundle (out/main/apply-worker.js) and let its journal go at close.
    const journal = journalFileOf(dbs[0])
    expect({ journal: existsSync(journal) && modeOf(journal), lockLeft: existsSync(`${journal}.lock`) }).toEqual({ journal: '600', lockLeft: false })
    const mainLog = existsSync(join(logs, 'main.log')) ? readFileSync(join(logs, 'main.log'), 'utf8') : ''
    expect(mainLog.split('\n').filter((line) => /applying thread|journaled deliveries/.test(line))).toEqual([])
    const store = openTimelineStore(dbs[0])
    try {
      const kinds = store.couponHistory(couponCode).entries.map((e) => e.kind)
      expect(kinds).toContain('coupon_placed')
      expect(kinds.some((k) => k === 'settled' || k === 'discovered_by_polling')).toBe(true)
    } finally {
      store.close()
    }
  })
})
