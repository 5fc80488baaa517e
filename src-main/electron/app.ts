import { app, BrowserWindow, ipcMain, net, protocol, session } from 'electron'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { APP_ORIGIN, APP_SCHEME, APP_SCHEME_PRIVILEGES, createAppProtocolHandler, rendererEntry } from './app-protocol.js'
import { contentSecurityPolicy, imageOriginOf } from './csp.js'
import { createMainWindow } from './window.js'
import { registerIpc } from './ipc.js'
import { hardenSession, hardenWebContents } from './security.js'
import { createAppCipher } from './secrets.js'
import { createElectronStorage } from './store.js'
import { createDispatcher } from '../core/shared/dispatch.js'
import { createEventHub } from '../core/shared/events.js'
import { createProfileService, ensurePrivateDir } from '../core/profiles/index.js'
import { createSecretVault } from '../core/vault/index.js'
import { createDeskCore, type DeskCore } from '../core/desk/index.js'
import { EVENT_CHANNEL } from '../../src-shared/contract.js'
import { createFileSink, createLogger, type Logger } from '../core/shared/log.js'

/** How long quitting waits for the core to close its stores, listener and simulator. */
const QUIT_GRACE_MS = 5_000

// Before ready: app:// is a standard, secure scheme (real origin, fetch, the CSP header applies).
protocol.registerSchemesAsPrivileged([{ scheme: APP_SCHEME, privileges: APP_SCHEME_PRIVILEGES }])

if (!app.requestSingleInstanceLock()) {
  app.quit()
} else {
  let starting: Promise<DeskCore> | undefined
  // Windows shows a page's notifications only for an app with this id (electron-builder.yml's appId).
  if (process.platform === 'win32') app.setAppUserModelId('com.partnerdesk.console')
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

  // Images only from the active profile's CDN: the policy follows the profile (see refreshPolicy).
  let imageOrigin: string | null = null
  const policy = () => contentSecurityPolicy({ imageOrigins: imageOrigin ? [imageOrigin] : [] })

  app.whenReady().then(async () => {
    // ELECTRON_RENDERER_URL (the dev server) counts only in an unpackaged run.
    const entry = rendererEntry(app.isPackaged, process.env)
    const appOrigins = entry.devOrigin ? [APP_ORIGIN, entry.devOrigin] : [APP_ORIGIN]
    hardenSession(session.defaultSession, policy, appOrigins)
    // This user's only: the data folder (stores, profile folders, history databases) and the logs.
    const userData = ensurePrivateDir(app.getPath('userData'))
    const logs = ensurePrivateDir(app.getPath('logs'))
    // Redacted JSON lines in <logs>/main.log: secrets the vault has seen, bearer tokens, JWTs, key fields.
    const log = createLogger({ sink: createFileSink(join(logs, 'main.log')), level: 'info', fields: { app: 'desktop' } })
    logger = log
    const hub = createEventHub((error) => log.warn('event listener failed', { error }))
    const cipher = createAppCipher((message) => log.warn(message))
    const vault = createSecretVault({ cipher, storage: createElectronStorage('vault', userData) })
    const profiles = createProfileService({ storage: createElectronStorage('profiles', userData), vault })
    // The history's applying thread: its own module beside this bundle (electron.vite.config.ts).
    const historyApplyWorker = { kind: 'module' as const, url: pathToFileURL(join(import.meta.dirname, 'apply-worker.js')) }
    starting = createDeskCore({ dataDir: userData, profiles, vault, emit: hub.emit, bridge: 'electron', version: app.getVersion(), logger: log, historyApplyWorker })
    const core = await starting
    /** The active profile's CDN origin; a change reloads the windows so their policy follows. */
    const refreshPolicy = async (reload: boolean) => {
      const next = imageOriginOf((await core.handlers.app.info(undefined)).endpoints.cdn)
      if (next === imageOrigin) return
      imageOrigin = next
      if (reload) windows.forEach((w) => w.webContents.reload())
    }
    await refreshPolicy(false).catch((error: unknown) => log.warn('reading the active CDN failed', { error }))
    protocol.handle(APP_SCHEME, createAppProtocolHandler({ root: join(import.meta.dirname, '../renderer'), csp: policy, fetchFile: (url) => net.fetch(url) }))
    const dispatch = createDispatcher(core.handlers, { epoch: core.epoch, onInternalError: (channel, error) => log.error('call failed', { channel, error }) })
    const ipc = registerIpc(ipcMain, dispatch, { allowedOrigins: appOrigins })
    hub.subscribe((event) => {
      // watch.* events go only to the page that subscribed; the rest to every window.
      windows.forEach((w) => {
        if (ipc.wants(w.webContents, event)) w.webContents.send(EVENT_CHANNEL, event)
      })
      if (event.type === 'profile.changed') void refreshPolicy(true).catch((error: unknown) => log.warn('reading the active CDN failed', { error }))
    })

    const open = () => {
      const { window } = createMainWindow(entry.url)
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
