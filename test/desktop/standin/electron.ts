/**
 * The `electron` module as the stand-in provides it to the app's main process (hooks.mjs resolves
 * every `import ... from 'electron'` here). Renderer-only modules (ipcRenderer, contextBridge) are
 * absent from main in Electron too; their stand-ins run inside the page (page/preload-world.js).
 */
import { app } from './app.js'
import { BrowserWindow } from './browser-window.js'
import { ipcMain } from './ipc-main.js'
import { session } from './session.js'
import { WebContents } from './web-contents.js'
import { dialog, Menu, MenuItem, Notification, protocol, safeStorage, shell } from './misc.js'
import { net } from './net.js'

export const webContents = {
  getAllWebContents: () => WebContents.getAllWebContents(),
  fromId: (id: number) => WebContents.fromId(id),
  getFocusedWebContents: () => BrowserWindow.getFocusedWindow()?.webContents ?? null,
}
export const ipcRenderer = undefined
export const contextBridge = undefined

export { app, BrowserWindow, ipcMain, session, dialog, Menu, MenuItem, Notification, net, protocol, safeStorage, shell }

export default { app, BrowserWindow, ipcMain, session, webContents, dialog, Menu, MenuItem, Notification, net, protocol, safeStorage, shell, ipcRenderer, contextBridge }
