import { EventEmitter } from 'node:events'
import { WebContents, type WebPreferences } from './web-contents.js'
import { copyOptions, createEvent, recorder } from './record.js'

/**
 * BrowserWindow as a Chromium page: the constructor's options are recorded as given, the window's
 * size is the page's viewport, `show`/`minimize`/`focus` are state the test can read back.
 */
export interface BrowserWindowOptions {
  width?: number
  height?: number
  show?: boolean
  title?: string
  webPreferences?: WebPreferences
  [key: string]: unknown
}

let nextWindowId = 1
const windows = new Map<number, BrowserWindow>()
/** Set by app.ts: called after each window is gone (Electron's window-all-closed logic lives there). */
let onWindowGone: (window: BrowserWindow) => void = () => undefined
let onWindowCreated: (window: BrowserWindow) => void = () => undefined
export function watchWindows(hooks: { created(window: BrowserWindow): void; gone(window: BrowserWindow): void }): void {
  onWindowCreated = hooks.created
  onWindowGone = hooks.gone
}

export class BrowserWindow extends EventEmitter {
  readonly id = nextWindowId++
  readonly webContents: WebContents
  readonly options: BrowserWindowOptions
  #visible: boolean
  #minimized = false
  #maximized = false
  #focused = false
  #destroyed = false
  #closing = false
  #size: { width: number; height: number }
  #title: string
  focusCount = 0
  readyToShow = false

  constructor(options: BrowserWindowOptions = {}) {
    super()
    this.options = options
    this.#size = { width: options.width ?? 800, height: options.height ?? 600 }
    this.#title = options.title ?? ''
    this.#visible = options.show !== false
    this.webContents = new WebContents(options.webPreferences ?? {})
    this.webContents.ownerWindowId = this.id
    windows.set(this.id, this)
    recorder.windowsCreated.push({ id: this.id, webContentsId: this.webContents.id, options: copyOptions(options) })
    this.webContents.once('destroyed', () => this.#gone())
    this.webContents.once('did-finish-load', () => {
      this.readyToShow = true
      this.emit('ready-to-show', createEvent())
    })
    this.webContents.on('standin-open-window', (url: string, override: BrowserWindowOptions) => {
      const child = new BrowserWindow({ ...override, webPreferences: { ...(override.webPreferences ?? {}) } })
      this.webContents.emit('did-create-window', child, { url })
      void child.loadURL(url).catch(() => undefined)
    })
    void this.webContents.ready.then(() => this.webContents.page?.setViewportSize(this.#size)).catch(() => undefined)
    onWindowCreated(this)
  }

  static getAllWindows(): BrowserWindow[] {
    return [...windows.values()]
  }
  static fromId(id: number): BrowserWindow | null {
    return windows.get(id) ?? null
  }
  static fromWebContents(contents: WebContents): BrowserWindow | null {
    return [...windows.values()].find((w) => w.webContents === contents) ?? null
  }
  static getFocusedWindow(): BrowserWindow | null {
    return [...windows.values()].find((w) => w.#focused) ?? null
  }

  loadURL(url: string): Promise<void> {
    return this.webContents.loadURL(url)
  }
  loadFile(path: string): Promise<void> {
    return this.webContents.loadFile(path)
  }

  show(): void {
    this.#visible = true
    this.#minimized = false
    this.focus()
    this.emit('show', createEvent())
  }
  showInactive(): void {
    this.#visible = true
    this.emit('show', createEvent())
  }
  hide(): void {
    this.#visible = false
    this.emit('hide', createEvent())
  }
  isVisible(): boolean {
    return this.#visible && !this.#minimized
  }
  minimize(): void {
    this.#minimized = true
    this.#focused = false
    this.emit('minimize', createEvent())
  }
  restore(): void {
    if (!this.#minimized) return
    this.#minimized = false
    this.emit('restore', createEvent())
  }
  isMinimized(): boolean {
    return this.#minimized
  }
  maximize(): void {
    this.#maximized = true
    this.emit('maximize', createEvent())
  }
  unmaximize(): void {
    this.#maximized = false
    this.emit('unmaximize', createEvent())
  }
  isMaximized(): boolean {
    return this.#maximized
  }
  focus(): void {
    this.focusCount++
    for (const other of windows.values()) other.#focused = other === this
    this.webContents.focus()
    this.emit('focus', createEvent())
  }
  blur(): void {
    this.#focused = false
    this.emit('blur', createEvent())
  }
  isFocused(): boolean {
    return this.#focused
  }
  getTitle(): string {
    return this.#title || this.webContents.getTitle()
  }
  setTitle(title: string): void {
    this.#title = title
  }
  getSize(): [number, number] {
    return [this.#size.width, this.#size.height]
  }
  setSize(width: number, height: number): void {
    this.#size = { width, height }
    void this.webContents.ready.then(() => this.webContents.page?.setViewportSize(this.#size)).catch(() => undefined)
    this.emit('resize', createEvent())
  }
  getContentSize(): [number, number] {
    return this.getSize()
  }
  setContentSize(width: number, height: number): void {
    this.setSize(width, height)
  }
  getBounds(): { x: number; y: number; width: number; height: number } {
    return { x: 0, y: 0, ...this.#size }
  }
  setBounds(bounds: { width?: number; height?: number }): void {
    this.setSize(bounds.width ?? this.#size.width, bounds.height ?? this.#size.height)
  }
  center(): void {}
  setMinimumSize(): void {}
  setMenu(): void {}
  removeMenu(): void {}
  setMenuBarVisibility(): void {}
  setAutoHideMenuBar(): void {}

  /** The user (or the app) closes the window: 'close' may be prevented, then 'closed'. */
  close(): void {
    if (this.#destroyed || this.#closing) return
    const event = createEvent()
    this.emit('close', event)
    if (event.defaultPrevented) return
    this.#closing = true
    this.webContents.close()
  }
  /** Closes without 'close' (app.exit, or the app's own destroy()). */
  destroy(): void {
    if (this.#destroyed) return
    this.#closing = true
    this.webContents.close()
  }
  isDestroyed(): boolean {
    return this.#destroyed
  }

  /** Resolves once the page is gone and 'closed' was emitted. */
  whenClosed(): Promise<void> {
    if (this.#destroyed) return Promise.resolve()
    return new Promise((resolve) => this.once('closed', () => resolve()))
  }

  #gone(): void {
    if (this.#destroyed) return
    this.#destroyed = true
    windows.delete(this.id)
    this.emit('closed', createEvent())
    onWindowGone(this)
  }

  /** For the test: what the window looks like now. */
  describe(): Record<string, unknown> {
    return {
      id: this.id,
      webContentsId: this.webContents.id,
      targetId: this.webContents.targetId,
      url: this.webContents.getURL(),
      title: this.getTitle(),
      visible: this.isVisible(),
      shown: this.#visible,
      minimized: this.#minimized,
      focused: this.#focused,
      focusCount: this.focusCount,
      readyToShow: this.readyToShow,
      size: this.getSize(),
    }
  }
}
