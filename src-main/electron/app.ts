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
import { createFileSink, createLogger } from '../core/shared/log.js'


if (!app.requestSingleInstanceLock()) {
  app.quit()
} else {
  let core: DeskCore | undefined
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
    const logger = createLogger({ sink: createFileSink(join(app.getPath('logs'), 'main.log')), level: 'info', fields: { app: 'desktop' } })
    const hub = createEventHub((error) => logger.warn('event listener failed', { error }))
    const cipher = createAppCipher((message) => logger.warn(message))
    const vault = createSecretVault({ cipher, storage: createElectronStorage('vault') })
    const profiles = createProfileService({ storage: createElectronStorage('profiles'), vault })
    core = await createDeskCore({ dataDir: app.getPath('userData'), profiles, vault, emit: hub.emit, bridge: 'electron', version: app.getVersion(), logger })
    hub.subscribe((event) => windows.forEach((w) => w.webContents.send(EVENT_CHANNEL, event)))

    const rendererDir = pathToFileURL(join(import.meta.dirname, '../renderer') + '/').href
    const devOrigin = process.env.ELECTRON_RENDERER_URL ? [new URL(process.env.ELECTRON_RENDERER_URL).origin] : []
    registerIpc(ipcMain, createDispatcher(core.handlers, { onInternalError: (channel, error) => logger.error('call failed', { channel, error }) }), {
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
  app.on('before-quit', () => {
    void core?.dispose()
  })
}
