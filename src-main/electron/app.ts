import { app, BrowserWindow, ipcMain, session } from 'electron'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { createMainWindow } from './window.js'
import { registerIpc } from './ipc.js'
import { hardenSession, hardenWebContents } from './security.js'
import { createAppCipher } from './secrets.js'
import { createElectronStorage } from './store.js'
import { createDispatcher } from '../core/shared/dispatch.js'
import { createEventHub } from '../core/shared/events.js'
import { createProfileService } from '../core/profiles/index.js'
import { createSecretVault } from '../core/vault/index.js'
import { createDeskCore, type DeskCore } from '../core/desk/index.js'
import { EVENT_CHANNEL } from '../../src-preload/contract.js'
import { createFileSink, createLogger, type Logger } from '../core/shared/log.js'

/** How long quitting waits for the core to close its stores, listener and simulator. */
const QUIT_GRACE_MS = 5_000

if (!app.requestSingleInstanceLock()) {
  app.quit()
} else {
  let starting: Promise<DeskCore> | undefined
  let logger: Logger | undefined
  const windows = new Set<BrowserWindow>()

  app.on('second-instance', () => {
    const [first] = windows
    if (first) {
      if (first.isMinimized()) first.restore()
      first.focus()
    }
  })

  app.on('web-contents-created', (_event, contents) => {
    // Covers any contents we did not create ourselves (devtools excluded by Electron).
    hardenWebContents(contents, { openExternal: () => undefined, appUrl: () => contents.getURL() })
  })

  app.whenReady().then(async () => {
    hardenSession(session.defaultSession)
    // Redacted JSON lines in <logs>/main.log: secrets the vault has seen, bearer tokens, JWTs, key fields.
    const log = createLogger({ sink: createFileSink(join(app.getPath('logs'), 'main.log')), level: 'info', fields: { app: 'desktop' } })
    logger = log
    const hub = createEventHub((error) => log.warn('event listener failed', { error }))
    const cipher = createAppCipher((message) => log.warn(message))
    const vault = createSecretVault({ cipher, storage: createElectronStorage('vault') })
    const profiles = createProfileService({ storage: createElectronStorage('profiles'), vault })
    starting = createDeskCore({ dataDir: app.getPath('userData'), profiles, vault, emit: hub.emit, bridge: 'electron', version: app.getVersion(), logger: log })
    const core = await starting
    hub.subscribe((event) => windows.forEach((w) => w.webContents.send(EVENT_CHANNEL, event)))

    const rendererDir = pathToFileURL(join(import.meta.dirname, '../renderer') + '/').href
    const devOrigin = process.env.ELECTRON_RENDERER_URL ? [new URL(process.env.ELECTRON_RENDERER_URL).origin] : []
    registerIpc(ipcMain, createDispatcher(core.handlers, { onInternalError: (channel, error) => log.error('call failed', { channel, error }) }), {
      allowedOrigins: devOrigin,
      fileUrlPrefix: rendererDir,
    })

    const open = () => {
      const { window } = createMainWindow()
      windows.add(window)
      window.on('closed', () => windows.delete(window))
    }
    open()
    app.on('activate', () => {
      if (windows.size === 0) open()
    })
  })

  app.on('window-all-closed', () => {
    if (process.platform !== 'darwin') app.quit()
  })
  // Electron does not wait for async listeners: the first will-quit is held until the core has
  // closed (timeline database, callback listener, simulator), then the app quits for real.
  let closed = false
  let closing: Promise<void> | undefined
  app.on('will-quit', (event) => {
    if (closed || !starting) return
    event.preventDefault()
    closing ??= Promise.race([starting.then((desk) => desk.dispose()), new Promise<void>((resolve) => setTimeout(resolve, QUIT_GRACE_MS))])
      .catch((error: unknown) => logger?.warn('closing the core failed', { error }))
      .finally(() => {
        closed = true
        app.quit()
      })
  })
}
