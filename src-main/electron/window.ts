import { BrowserWindow, shell } from 'electron'
import { join } from 'node:path'
import { hardenWebContents } from './security.js'

export interface MainWindow {
  window: BrowserWindow
  appUrl: string
}

/** `appUrl`: the renderer's entry (app://desk/index.html, or the dev server in development). */
export function createMainWindow(appUrl: string): MainWindow {
  const window = new BrowserWindow({
    width: 1440,
    height: 900,
    minWidth: 1024,
    minHeight: 640,
    show: false,
    title: 'Partner Desk',
    webPreferences: {
      preload: join(import.meta.dirname, '../preload/index.cjs'),
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webviewTag: false,
      spellcheck: false,
      // Middle-click must not open new windows behind the window-open handler's back.
      disableBlinkFeatures: 'Auxclick',
    },
  })
  hardenWebContents(window.webContents, { openExternal: (url) => shell.openExternal(url), appUrl: () => appUrl })
  window.once('ready-to-show', () => window.show())
  void window.loadURL(appUrl)
  return { window, appUrl }
}
