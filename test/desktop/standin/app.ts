import { EventEmitter } from 'node:events'
import { mkdirSync, readlinkSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { createConnection, createServer, Server as NetServer, type Server } from 'node:net'
import { homedir, hostname, tmpdir } from 'node:os'
import { join } from 'node:path'
import { BrowserWindow, watchWindows } from './browser-window.js'
import { killChromium, launchChromium, readFuses } from './chromium.js'
import { setChromium } from './runtime.js'
import { isProcessAlive } from '../../../src-main/core/shared/process-alive.js'
import { createEvent, lifecycle, notEmulated, recorder } from './record.js'

/**
 * `app`: lifecycle (ready → … → before-quit → windows closed → will-quit → quit → exit), paths
 * under a userData folder the test chooses, and a single-instance lock that works across processes
 * the way Electron's does on Linux (a SingletonLock symlink naming host and pid, and a socket the
 * second instance uses to tell the first). Exiting is immediate after 'quit', as in Electron:
 * work the app did not wait for is cut off.
 */
class App extends EventEmitter {
  #name = 'Electron'
  #version = '0.0.0'
  #appPath = process.cwd()
  #paths = new Map<string, string>()
  #ready = false
  #readyPromise: Promise<void>
  #resolveReady!: () => void
  #quitting = false
  #exiting = false
  #lock: { held: boolean; server: Server | null; notify: Promise<void> | null } = { held: false, server: null, notify: null }
  readonly commandLine = {
    appendSwitch: (name: string, value?: string) => void recorder.commandLine.push({ switch: name, value }),
    appendArgument: (value: string) => void recorder.commandLine.push({ switch: '', value }),
    hasSwitch: (name: string) => recorder.commandLine.some((s) => s.switch === name),
    getSwitchValue: (name: string) => recorder.commandLine.find((s) => s.switch === name)?.value ?? '',
  }
  readonly isPackaged = false

  constructor() {
    super()
    this.#readyPromise = new Promise((resolve) => (this.#resolveReady = resolve))
    watchWindows({
      created: (window) => this.emit('browser-window-created', createEvent(), window),
      gone: () => {
        // Electron: when the last window closes outside a quit, 'window-all-closed'; with no
        // listener the app quits by itself.
        if (BrowserWindow.getAllWindows().length > 0 || this.#quitting) return
        if (this.listenerCount('window-all-closed') > 0) {
          lifecycle('window-all-closed')
          this.emit('window-all-closed', createEvent())
        } else this.quit()
      },
    })
  }

  /** Stand-in internals: set up by the host from the app's package.json before the main script runs. */
  configure(options: { name: string; version: string; appPath: string; userData?: string }): void {
    this.#name = options.name
    this.#version = options.version
    this.#appPath = options.appPath
    if (options.userData) this.#paths.set('userData', options.userData)
  }

  /** Stand-in internals: after the main script's first turn, start Chromium and become ready. */
  start(): void {
    queueMicrotask(() => {
      if (this.#quitting || this.#exiting) return
      lifecycle('will-finish-launching')
      this.emit('will-finish-launching', createEvent())
      const chromium = launchChromium(readFuses())
      setChromium(chromium)
      chromium.then(
        () => {
          if (this.#exiting) return
          this.#ready = true
          lifecycle('ready')
          this.emit('ready', createEvent(), {})
          this.#resolveReady()
        },
        (error) => {
          console.error(`electron stand-in: Chromium failed to start: ${String(error)}`)
          this.#exit(70)
        },
      )
    })
  }

  whenReady(): Promise<void> {
    return this.#readyPromise
  }
  isReady(): boolean {
    return this.#ready
  }
  getName(): string {
    return this.#name
  }
  setName(name: string): void {
    this.#name = name
  }
  get name(): string {
    return this.#name
  }
  getVersion(): string {
    return this.#version
  }
  getAppPath(): string {
    return this.#appPath
  }
  getLocale(): string {
    return 'en-US'
  }
  getSystemLocale(): string {
    return 'en-US'
  }
  getPreferredSystemLanguages(): string[] {
    return ['en-US']
  }
  getPath(name: string): string {
    const set = this.#paths.get(name)
    if (set) return set
    const appData = process.env.XDG_CONFIG_HOME ?? join(homedir(), '.config')
    switch (name) {
      case 'home':
        return homedir()
      case 'appData':
        return appData
      case 'userData':
      case 'sessionData':
        return this.#paths.get('userData') ?? join(appData, this.#name)
      case 'logs':
        return join(this.getPath('userData'), 'logs')
      case 'crashDumps':
        return join(this.getPath('userData'), 'Crashpad')
      case 'temp':
        return tmpdir()
      case 'exe':
        return process.execPath
      case 'module':
        return process.execPath
      case 'desktop':
      case 'documents':
      case 'downloads':
      case 'music':
      case 'pictures':
      case 'videos':
        return join(homedir(), name[0].toUpperCase() + name.slice(1))
      default:
        throw new Error(`Failed to get '${name}' path`)
    }
  }
  setPath(name: string, path: string): void {
    this.#paths.set(name, path)
  }
  setAppUserModelId(): void {}
  setAboutPanelOptions(): void {}
  disableHardwareAcceleration(): void {
    if (this.#ready) throw new Error('app.disableHardwareAcceleration() can only be called before app is ready')
  }
  focus(): void {
    BrowserWindow.getAllWindows()[0]?.focus()
  }
  relaunch(): void {
    notEmulated('app.relaunch')
  }
  setLoginItemSettings(): void {
    notEmulated('app.setLoginItemSettings')
  }

  requestSingleInstanceLock(additionalData?: unknown): boolean {
    if (this.#lock.held) return true
    const dir = this.getPath('userData')
    mkdirSync(dir, { recursive: true })
    const lockPath = join(dir, 'SingletonLock')
    const socketPath = join(dir, 'SingletonSocket')
    for (let attempt = 0; attempt < 3; attempt++) {
      try {
        symlinkSync(`${hostname()}-${process.pid}`, lockPath)
        this.#lock.held = true
        rmSync(socketPath, { force: true })
        this.#lock.server = createServer({ allowHalfOpen: true }, (socket) => {
          let data = ''
          socket.on('data', (chunk) => (data += String(chunk)))
          socket.on('end', () => {
            try {
              const message = JSON.parse(data) as { argv: string[]; workingDirectory: string; additionalData: unknown }
              recorder.secondInstances.push(message)
              lifecycle('second-instance')
              this.emit('second-instance', createEvent(), message.argv, message.workingDirectory, message.additionalData)
            } finally {
              socket.end('ACK')
            }
          })
        }).listen(socketPath)
        process.on('exit', () => {
          rmSync(lockPath, { force: true })
          rmSync(socketPath, { force: true })
        })
        return true
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
        const owner = Number(readlinkSync(lockPath).split('-').pop())
        if (owner && owner !== process.pid && isProcessAlive(owner)) {
          this.#lock.notify = notifyFirstInstance(socketPath, { argv: process.argv, workingDirectory: process.cwd(), additionalData: additionalData ?? null })
          return false
        }
        rmSync(lockPath, { force: true })
      }
    }
    return false
  }
  hasSingleInstanceLock(): boolean {
    return this.#lock.held
  }
  releaseSingleInstanceLock(): void {
    if (!this.#lock.held) return
    this.#lock.server?.close()
    rmSync(join(this.getPath('userData'), 'SingletonLock'), { force: true })
    this.#lock.held = false
  }

  quit(): void {
    if (this.#quitting || this.#exiting) return
    if (!this.#ready) {
      // Before ready (the second instance): no windows, no events; wait for the first instance's ACK.
      this.#quitting = true
      lifecycle('quit-before-ready')
      void (this.#lock.notify ?? Promise.resolve()).finally(() => this.#exit(0))
      return
    }
    const before = createEvent()
    this.emit('before-quit', before)
    lifecycle('before-quit', { prevented: before.defaultPrevented })
    if (before.defaultPrevented) return
    this.#quitting = true
    void this.#closeWindowsThenQuit()
  }

  async #closeWindowsThenQuit(): Promise<void> {
    for (const window of BrowserWindow.getAllWindows()) {
      const closed = window.whenClosed()
      window.close()
      if (!window.isDestroyed() && !(await Promise.race([closed.then(() => true), delay(5_000).then(() => window.isDestroyed())]))) {
        lifecycle('quit-cancelled', { detail: { window: window.id } })
        this.#quitting = false
        return
      }
    }
    const willQuit = createEvent()
    this.emit('will-quit', willQuit)
    lifecycle('will-quit', { prevented: willQuit.defaultPrevented })
    if (willQuit.defaultPrevented) {
      this.#quitting = false
      return
    }
    this.emit('quit', createEvent(), 0)
    lifecycle('quit')
    this.#exit(0)
  }

  exit(code = 0): void {
    this.#exit(code)
  }

  #exit(code: number): void {
    if (this.#exiting) return
    this.#exiting = true
    this.emit('standin-exit', code)
    lifecycle('exit', { detail: { code } })
    // For the test, which cannot ask a process that is gone: how it ended, and what of the app was
    // still open (listening servers, timers) at the moment Electron would have exited.
    const report = process.env.ELECTRON_STANDIN_EXIT_REPORT
    if (report) writeFileSync(report, JSON.stringify({ code, lifecycle: recorder.lifecycle, activeResources: process.getActiveResourcesInfo(), listening: listeningServers() }))
    killChromium()
    process.exit(code)
  }
}

/** TCP servers still listening in this process (the singleton socket is a pipe, not counted). */
function listeningServers(): string[] {
  const handles = (process as unknown as { _getActiveHandles(): unknown[] })._getActiveHandles()
  return handles
    .filter((h): h is Server => h instanceof NetServer && h.listening)
    .map((server) => server.address())
    .filter((address) => address !== null && typeof address === 'object')
    .map((address) => `${(address as { address: string }).address}:${(address as { port: number }).port}`)
}

function notifyFirstInstance(socketPath: string, message: unknown): Promise<void> {
  return new Promise((resolve) => {
    const socket = createConnection(socketPath, () => socket.end(JSON.stringify(message)))
    const timer = setTimeout(() => socket.destroy(), 5_000)
    socket.on('data', () => undefined)
    socket.on('close', () => {
      clearTimeout(timer)
      resolve()
    })
    socket.on('error', () => undefined)
  })
}

const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

export const app = new App()
