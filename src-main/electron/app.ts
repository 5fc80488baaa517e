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

const log = (message: string) => process.stderr.write(`[main] ${message}\n`)

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
    const hub = createEventHub((error) => log(`event listener failed: ${String(error)}`))
    const cipher = createAppCipher(log)
    const vault = createSecretVault({ cipher, storage: createElectronStorage('vault') })
    const profiles = createProfileService({ storage: createElectronStorage('profiles'), vault })
    core = await createDeskCore({ dataDir: app.getPath('userData'), profiles, vault, emit: hub.emit, bridge: 'electron', version: app.getVersion() })
    hub.subscribe((event) => windows.forEach((w) => w.webContents.send(EVENT_CHANNEL, event)))

    const rendererDir = pathToFileURL(join(import.meta.dirname, '../renderer') + '/').href
    const devOrigin = process.env.ELECTRON_RENDERER_URL ? [new URL(process.env.ELECTRON_RENDERER_URL).origin] : []
    registerIpc(ipcMain, createDispatcher(core.handlers, { onInternalError: (channel, error) => log(`${channel} failed: ${error instanceof Error ? error.message : String(error)}`) }), {
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
