import { EventEmitter } from 'node:events'
import { existsSync, readFileSync } from 'node:fs'
import { dirname, isAbsolute } from 'node:path'
import type { CDPSession, Page } from 'playwright-core'
import { chromiumNow } from './runtime.js'
import { ipcMain } from './ipc-main.js'
import { session, type Session } from './session.js'
import { attachNetwork, FETCH_PATTERNS } from './network.js'
import { createEvent, notEmulated, recorder } from './record.js'
import { fromWire, toWire } from './wire.js'
import { WebFrameMain } from './web-frame.js'
import { fromGateway, isHandledScheme, startGateway, toGateway } from './scheme.js'
import { HOST_BINDING, HOST_DELIVER, IPC_BINDING, IPC_DELIVER, PREFIX, PRELOAD_WORLD, pageFile, pageScript } from './page-scripts.js'

/**
 * webContents on a Chromium page. The app's preload runs in an isolated world of the top frame;
 * ipcRenderer messages arrive through a CDP binding that exists only in that world, and the calling
 * frame is known from the execution context (never from anything the page says). Responses pass
 * through CDP Fetch so session.webRequest.onHeadersReceived applies (the app's CSP); renderer-started
 * navigations are offered to `will-navigate` first.
 */
export interface WebPreferences {
  preload?: string
  contextIsolation?: boolean
  sandbox?: boolean
  nodeIntegration?: boolean
  nodeIntegrationInSubFrames?: boolean
  [key: string]: unknown
}

interface ExecutionContext {
  id: number
  frameId: string
  world: 'main' | 'preload' | 'other'
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type WindowOpenHandler = (details: any) => { action: 'allow' | 'deny'; overrideBrowserWindowOptions?: Record<string, unknown> }

let nextContentsId = 1
let nextRoutingId = 1
const allContents = new Map<number, WebContents>()

export class WebContents extends EventEmitter {
  readonly id = nextContentsId++
  readonly session: Session = session.defaultSession
  /** The BrowserWindow that owns this (set by BrowserWindow). */
  ownerWindowId: number | null = null
  page: Page | null = null
  targetId = ''
  readonly ready: Promise<void>

  readonly #prefs: WebPreferences
  #cdp: CDPSession | null = null
  #mainFrameId = ''
  readonly #frames = new Map<string, WebFrameMain>()
  readonly #contexts = new Map<number, ExecutionContext>()
  #windowOpenHandler: WindowOpenHandler | null = null
  #expectedNavigation: string | null = null
  #destroyed = false
  #title = ''

  constructor(prefs: WebPreferences) {
    super()
    this.#prefs = prefs
    allContents.set(this.id, this)
    if (prefs.preload !== undefined) {
      if (!isAbsolute(prefs.preload)) throw new Error(`webPreferences.preload must be an absolute path: ${prefs.preload}`)
      if (prefs.contextIsolation === false || prefs.sandbox === false || prefs.nodeIntegration === true) {
        notEmulated('a preload without contextIsolation + sandbox (the stand-in runs sandboxed, isolated preloads only)')
      }
    }
    this.ready = this.#init()
    this.ready.catch((error) => recorder.stubErrors.push(`webContents ${this.id} failed to start: ${String(error)}`))
  }

  static getAllWebContents(): WebContents[] {
    return [...allContents.values()]
  }
  static fromId(id: number): WebContents | undefined {
    return allContents.get(id)
  }

  get mainFrame(): WebFrameMain {
    return this.frameById(this.#mainFrameId || 'pending')
  }

  frameById(frameId: string): WebFrameMain {
    let frame = this.#frames.get(frameId)
    if (!frame) {
      frame = new WebFrameMain(this, frameId, nextRoutingId++)
      this.#frames.set(frameId, frame)
    }
    return frame
  }

  getURL(): string {
    return this.#mainFrameId ? this.mainFrame.url : ''
  }
  getTitle(): string {
    return this.#title
  }
  isDestroyed(): boolean {
    return this.#destroyed
  }
  isLoading(): boolean {
    return false
  }
  getOSProcessId(): number {
    return 0
  }
  setWindowOpenHandler(handler: WindowOpenHandler | null): void {
    this.#windowOpenHandler = handler
  }
  openDevTools(): void {
    notEmulated('webContents.openDevTools')
  }
  setZoomFactor(): void {}
  setAudioMuted(): void {}

  async #init(): Promise<void> {
    const { context } = await chromiumNow()
    const page = await context.newPage()
    this.page = page
    const cdp = await context.newCDPSession(page)
    this.#cdp = cdp
    this.targetId = ((await cdp.send('Target.getTargetInfo')) as { targetInfo: { targetId: string } }).targetInfo.targetId
    page.on('close', () => this.#gone())
    // Pop-ups that do not go through window.open (target=_blank links, forms): Chromium reports the
    // request (Page.windowOpen), which is offered to the window-open handler; the pop-up Chromium
    // made is closed at once (an allowed one is reopened as a BrowserWindow).
    page.on('popup', (popup) => void popup.close().catch(() => undefined))

    cdp.on('Runtime.executionContextCreated', ({ context: ctx }) => {
      const aux = (ctx.auxData ?? {}) as { frameId?: string; isDefault?: boolean }
      if (!aux.frameId) return
      const world = aux.isDefault ? 'main' : ctx.name === PRELOAD_WORLD ? 'preload' : 'other'
      this.#contexts.set(ctx.id, { id: ctx.id, frameId: aux.frameId, world })
    })
    cdp.on('Runtime.executionContextDestroyed', ({ executionContextId }) => this.#contexts.delete(executionContextId))
    cdp.on('Runtime.executionContextsCleared', () => this.#contexts.clear())
    cdp.on('Runtime.bindingCalled', (event) => void this.#onBinding(event.name, event.payload, event.executionContextId))
    cdp.on('Runtime.consoleAPICalled', (event) => {
      const text = event.args.map((arg) => (arg.value !== undefined ? String(arg.value) : (arg.description ?? arg.unserializableValue ?? ''))).join(' ')
      this.#console('console-api', event.type === 'warning' ? 'warning' : event.type === 'error' || event.type === 'assert' ? 'error' : 'info', text, event.stackTrace?.callFrames[0]?.url)
    })
    cdp.on('Runtime.exceptionThrown', ({ exceptionDetails }) => {
      this.#console('exception', 'error', `Uncaught ${exceptionDetails.exception?.description ?? exceptionDetails.text}`, exceptionDetails.url)
    })
    cdp.on('Log.entryAdded', ({ entry }) => this.#console(entry.source, entry.level === 'verbose' ? 'debug' : entry.level, entry.text, entry.url))
    cdp.on('Page.frameAttached', ({ frameId, parentFrameId }) => {
      this.frameById(frameId).parentId = parentFrameId ?? null
    })
    cdp.on('Page.frameDetached', ({ frameId }) => {
      this.frameById(frameId).detached = true
      this.#frames.delete(frameId)
    })
    cdp.on('Page.frameNavigated', ({ frame }) => {
      const f = this.frameById(frame.id)
      f.url = fromGateway(frame.url + (frame.urlFragment ?? ''))
      f.name = frame.name ?? ''
      f.parentId = frame.parentId ?? null
      if (!frame.parentId) {
        this.#mainFrameId = frame.id
        this.emit('did-navigate', createEvent({ url: f.url }), f.url)
      } else this.emit('did-frame-navigate', createEvent({ url: f.url }), f.url)
    })
    cdp.on('Page.navigatedWithinDocument', ({ frameId, url: raw }) => {
      const url = fromGateway(raw)
      this.frameById(frameId).url = url
      this.emit('did-navigate-in-page', createEvent({ url }), url, frameId === this.#mainFrameId)
    })
    cdp.on('Page.domContentEventFired', () => this.emit('dom-ready', createEvent()))
    cdp.on('Page.loadEventFired', () => {
      void page
        .title()
        .then((title) => (this.#title = title))
        .catch(() => undefined)
        .finally(() => this.emit('did-finish-load', createEvent()))
    })
    attachNetwork({
      cdp,
      session: this.session,
      id: this.id,
      contents: this,
      windowId: () => this.ownerWindowId,
      mainFrameId: () => this.#mainFrameId,
      frame: (frameId) => this.frameById(frameId),
      takeExpected: (url) => {
        if (this.#expectedNavigation === null || fromGateway(url).split('#')[0] !== this.#expectedNavigation) return false
        this.#expectedNavigation = null
        return true
      },
      emit: (event, ...args) => this.emit(event, ...args),
      destroyed: () => this.#destroyed,
    })
    cdp.on('Page.windowOpen', ({ url, windowName, windowFeatures }) => {
      this.offerWindowOpen({ url, frameName: windowName, features: windowFeatures.join(','), referrer: this.getURL() }, 'popup')
    })

    await cdp.send('Page.enable')
    await cdp.send('Runtime.enable')
    await cdp.send('Log.enable')
    const { frameTree } = await cdp.send('Page.getFrameTree')
    this.#mainFrameId = frameTree.frame.id
    this.frameById(frameTree.frame.id).url = fromGateway(frameTree.frame.url)
    await cdp.send('Runtime.addBinding', { name: HOST_BINDING })
    const preload = this.#prefs.preload
    const common = { prefix: PREFIX, hostBinding: HOST_BINDING, hostDeliver: HOST_DELIVER, preload: preload !== undefined }
    await cdp.send('Page.addScriptToEvaluateOnNewDocument', { source: pageScript(common, pageFile('main-world.js')) })
    if (preload !== undefined) {
      await cdp.send('Runtime.addBinding', { name: IPC_BINDING, executionContextName: PRELOAD_WORLD })
      // Electron reads the preload file when the window starts: a missing file is its console error.
      const source = existsSync(preload) ? readFileSync(preload, 'utf8') : `throw new Error(${JSON.stringify(`ENOENT: no such file ${preload}`)})`
      const config = {
        ...common,
        ipcBinding: IPC_BINDING,
        ipcDeliver: IPC_DELIVER,
        preloadPath: preload,
        preloadDir: dirname(preload),
        subFrames: this.#prefs.nodeIntegrationInSubFrames === true,
        platform: process.platform,
        arch: process.arch,
        versions: { node: process.versions.node, chrome: 'stand-in', electron: 'stand-in' },
      }
      await cdp.send('Page.addScriptToEvaluateOnNewDocument', { source: pageScript(config, pageFile('preload-world.js'), source), worldName: PRELOAD_WORLD })
    }
    await cdp.send('Fetch.enable', { patterns: FETCH_PATTERNS })
  }

  #console(source: string, level: string, text: string, url?: string): void {
    recorder.console.push({ windowId: this.ownerWindowId, source, level, text, url })
    this.emit('console-message', createEvent({ level, message: text, sourceId: url ?? '', lineNumber: 0 }), level, text, 0, url ?? '')
  }

  #gone(): void {
    if (this.#destroyed) return
    this.#destroyed = true
    allContents.delete(this.id)
    this.emit('destroyed', createEvent())
  }

  async loadURL(url: string): Promise<void> {
    await this.ready
    const target = new URL(url).href
    const handled = isHandledScheme(target)
    if (!handled && !/^(file|https?|data|about):$/.test(new URL(target).protocol)) notEmulated(`loading ${new URL(target).protocol} URLs (no protocol.handle for the scheme)`)
    if (handled) await startGateway()
    const done = new Promise<void>((resolve, reject) => {
      const onLoad = () => {
        this.off('did-fail-load', onFail)
        resolve()
      }
      const onFail = (_e: unknown, code: number, description: string) => {
        this.off('did-finish-load', onLoad)
        reject(new Error(`${description} (${code}) loading '${target}'`))
      }
      this.once('did-finish-load', onLoad)
      this.once('did-fail-load', onFail)
    })
    this.#expectedNavigation = target.split('#')[0]
    const answer = await this.#cdp!.send('Page.navigate', { url: toGateway(target) })
    if (answer.errorText) this.emit('did-fail-load', createEvent(), -2, answer.errorText, target, true)
    return done
  }

  loadFile(path: string): Promise<void> {
    return this.loadURL(new URL(`file://${path}`).href)
  }

  async reload(): Promise<void> {
    this.#expectedNavigation = this.getURL().split('#')[0]
    await this.#cdp?.send('Page.reload', {})
  }

  focus(): void {
    void this.page?.bringToFront().catch(() => undefined)
  }

  /** Runs in the page's main world, as Electron's executeJavaScript does. */
  async executeJavaScript(code: string): Promise<unknown> {
    await this.ready
    const result = await this.#cdp!.send('Runtime.evaluate', { expression: code, awaitPromise: true, returnByValue: true })
    if (result.exceptionDetails) throw new Error(result.exceptionDetails.exception?.description ?? result.exceptionDetails.text)
    return result.result.value
  }

  send(channel: string, ...args: unknown[]): void {
    this.sendToFrameId(this.#mainFrameId, channel, args)
  }

  sendToFrameId(frameId: string, channel: string, args: unknown[]): void {
    const payload = { kind: 'message', channel, args: toWire(args) }
    let delivered = false
    for (const ctx of this.#contexts.values()) {
      if (ctx.frameId === frameId && ctx.world === 'preload') {
        delivered = true
        void this.#deliver(ctx.id, IPC_DELIVER, payload)
      }
    }
    const key = `${channel}${delivered ? '' : ' (no preload to receive it)'}`
    recorder.pushed[key] = (recorder.pushed[key] ?? 0) + 1
  }

  close(): void {
    void this.page?.close().catch(() => undefined)
  }

  async #deliver(contextId: number, deliverName: string, message: unknown): Promise<void> {
    const expression = `globalThis[${JSON.stringify(deliverName)}](${JSON.stringify(JSON.stringify(message))})`
    await this.#cdp?.send('Runtime.evaluate', { contextId, expression }).catch(() => undefined)
  }

  async #onBinding(name: string, payload: string, contextId: number): Promise<void> {
    const ctx = this.#contexts.get(contextId)
    if (!ctx) return
    const frame = this.frameById(ctx.frameId)
    const message = JSON.parse(payload) as { kind: string; id?: number; [key: string]: unknown }
    const reply = (fields: Record<string, unknown>) => this.#deliver(contextId, name === IPC_BINDING ? IPC_DELIVER : HOST_DELIVER, { kind: 'reply', id: message.id, ...fields })
    if (name === IPC_BINDING && ctx.world === 'preload') {
      switch (message.kind) {
        case 'invoke': {
          const channel = String(message.channel)
          const event = { type: 'invoke', sender: this, senderFrame: frame, frameId: frame.routingId, processId: frame.processId }
          const answer = await ipcMain.invoke(channel, event, fromWire(message.args) as unknown[])
          let wired: unknown
          let outcome: 'ok' | 'no-handler' | 'threw' | 'not-cloneable' = answer.ok ? 'ok' : answer.outcome
          if (answer.ok) {
            try {
              wired = toWire(answer.value)
            } catch {
              outcome = 'not-cloneable'
            }
          }
          recorder.invokes.push({ windowId: this.ownerWindowId, channel, frameUrl: frame.url, outcome })
          if (outcome === 'ok') await reply({ ok: true, value: wired })
          else await reply({ ok: false, error: answer.ok ? 'Error: An object could not be cloned.' : answer.error })
          return
        }
        case 'send': {
          const channel = String(message.channel)
          const event = { type: 'frame', sender: this, senderFrame: frame, frameId: frame.routingId, processId: frame.processId, returnValue: undefined, reply: (ch: string, ...args: unknown[]) => frame.send(ch, ...args) }
          recorder.sends.push({ windowId: this.ownerWindowId, channel, frameUrl: frame.url, listeners: ipcMain.listenerCount(channel) })
          ipcMain.emit(channel, event, ...(fromWire(message.args) as unknown[]))
          return
        }
        case 'exposed':
          recorder.exposures.push({ windowId: this.ownerWindowId, frameUrl: frame.url, key: String(message.key), shape: message.shape })
          return
        case 'preload-error':
          recorder.preloadErrors.push({ windowId: this.ownerWindowId, message: String(message.message) })
          return
      }
      return
    }
    if (name !== HOST_BINDING || ctx.world !== 'main') return
    switch (message.kind) {
      case 'window-open':
        this.offerWindowOpen({ url: String(message.url), frameName: String(message.frameName), features: String(message.features), referrer: frame.url }, 'window.open')
        return
      case 'permission-request':
      case 'permission-check': {
        const granted = await this.#permission(message.kind === 'permission-check' ? 'check' : 'request', String(message.permission), frame, message.mediaTypes as string[] | undefined)
        await reply({ granted })
        return
      }
    }
  }

  async #permission(kind: 'request' | 'check', permission: string, frame: WebFrameMain, mediaTypes?: string[]): Promise<boolean> {
    const handlers = this.session.permissionHandlers()
    const isMainFrame = frame.frameId === this.#mainFrameId
    let granted: boolean
    if (kind === 'request') {
      const handler = handlers.request
      granted = handler
        ? await new Promise<boolean>((resolve) => handler(this, permission, (answer: boolean) => resolve(answer === true), { requestingUrl: frame.url, isMainFrame, mediaTypes }))
        : true
    } else {
      const handler = handlers.check
      granted = handler ? handler(this, permission, frame.origin, { requestingUrl: frame.url, isMainFrame, embeddingOrigin: this.mainFrame.origin, securityOrigin: frame.origin }) === true : true
    }
    recorder.permissions.push({ windowId: this.ownerWindowId, permission, kind, granted, handler: Boolean(kind === 'request' ? handlers.request : handlers.check), requestingUrl: frame.url })
    return granted
  }

  /** window.open and target=_blank: the app's setWindowOpenHandler decides (no handler = allow). */
  offerWindowOpen(details: { url: string; frameName: string; features: string; referrer: string }, via: 'window.open' | 'popup'): { action: string; overrideBrowserWindowOptions?: Record<string, unknown> } {
    const handler = this.#windowOpenHandler
    details = { ...details, url: fromGateway(details.url), referrer: fromGateway(details.referrer) }
    const decision = handler
      ? handler({ url: details.url, frameName: details.frameName, features: details.features, disposition: 'new-window', referrer: { url: details.referrer, policy: 'strict-origin-when-cross-origin' }, postBody: undefined })
      : { action: 'allow' as const }
    recorder.windowOpens.push({ windowId: this.ownerWindowId, url: details.url, via, action: decision?.action ?? 'invalid' })
    if (decision?.action === 'allow') this.emit('standin-open-window', details.url, decision.overrideBrowserWindowOptions ?? {})
    return decision
  }
}
