/**
 * The stand-in's `electron` executable: `node --import tsx --import ./register.mjs host.ts <appDir>`.
 * Reads <appDir>/package.json like Electron does (name, version, main), imports `main` unchanged,
 * then becomes ready. When started by the test (an IPC channel exists) it answers commands: the
 * recorded state, and a few things a user does to windows (resize, minimize, close, quit).
 */
import { readFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import { app } from './app.js'
import { BrowserWindow } from './browser-window.js'
import { ipcMain } from './ipc-main.js'
import { recorder } from './record.js'
import { chromiumNow } from './runtime.js'

const appDir = resolve(process.argv[2] ?? '.')
const pkg = JSON.parse(readFileSync(join(appDir, 'package.json'), 'utf8')) as { name: string; productName?: string; version: string; main?: string }
app.configure({ name: pkg.productName ?? pkg.name, version: pkg.version, appPath: appDir, userData: process.env.ELECTRON_STANDIN_USER_DATA })
Object.defineProperty(process, 'type', { value: 'browser', configurable: true })

const mainErrors: string[] = []
process.on('unhandledRejection', (reason) => {
  const text = reason instanceof Error ? (reason.stack ?? reason.message) : String(reason)
  mainErrors.push(text)
  console.error(`electron stand-in: unhandled rejection in main: ${text}`)
})

// A signal ends the stand-in at once (and its Chromium with it), like killing Electron.
for (const signal of ['SIGTERM', 'SIGINT'] as const) process.on(signal, () => app.exit(signal === 'SIGTERM' ? 143 : 130))

function windowOf(id: unknown): BrowserWindow {
  const window = BrowserWindow.fromId(Number(id))
  if (!window) throw new Error(`no window ${String(id)}`)
  return window
}

const commands: Record<string, (args: Record<string, unknown>) => unknown> = {
  state: () => ({
    pid: process.pid,
    ready: app.isReady(),
    singleInstanceLock: app.hasSingleInstanceLock(),
    paths: { userData: app.getPath('userData'), logs: app.getPath('logs') },
    windows: BrowserWindow.getAllWindows().map((w) => w.describe()),
    ipc: { handled: ipcMain.handledChannels(), listeners: ipcMain.eventNames().map(String) },
    mainErrors,
    ...recorder,
  }),
  resize: async ({ windowId, width, height }) => {
    const window = windowOf(windowId)
    window.setSize(Number(width), Number(height))
    await window.webContents.page?.setViewportSize({ width: Number(width), height: Number(height) })
  },
  minimize: ({ windowId }) => windowOf(windowId).minimize(),
  close: ({ windowId }) => windowOf(windowId).close(),
  quit: () => app.quit(),
  /** A window with the same preferences (and preload) as `like`, on another URL: a foreign page. */
  openWindow: async ({ like, url }) => {
    const model = windowOf(like)
    const window = new BrowserWindow({ width: 800, height: 600, webPreferences: { ...model.options.webPreferences } })
    await window.loadURL(String(url))
    return window.id
  },
}

if (process.send) {
  process.on('message', (raw) => {
    const { id, command, args } = raw as { id: number; command: string; args?: Record<string, unknown> }
    void (async () => {
      try {
        const handler = commands[command]
        if (!handler) throw new Error(`unknown command ${command}`)
        process.send!({ id, ok: true, result: await handler(args ?? {}) })
      } catch (error) {
        process.send!({ id, ok: false, error: error instanceof Error ? error.message : String(error) })
      }
    })()
  })
  app.once('ready', () => {
    void chromiumNow().then((chromium) => process.send!({ type: 'ready', endpoint: chromium.endpoint }))
  })
}

await import(pathToFileURL(join(appDir, pkg.main ?? 'index.js')).href)
app.start()
