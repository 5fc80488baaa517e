import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto'
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { EventEmitter } from 'node:events'
import { app } from './app.js'
import { notEmulated, recorder } from './record.js'
import { setSchemeHandler, startGateway, stopGateway } from './scheme.js'

/** shell: nothing leaves the test; every call is recorded. */
export const shell = {
  async openExternal(target: string): Promise<void> {
    recorder.external.push({ api: 'openExternal', target })
  },
  async openPath(target: string): Promise<string> {
    recorder.external.push({ api: 'openPath', target })
    return ''
  },
  showItemInFolder(target: string): void {
    recorder.external.push({ api: 'showItemInFolder', target })
  },
  async trashItem(target: string): Promise<void> {
    recorder.external.push({ api: 'trashItem', target })
  },
  beep(): void {},
}

/**
 * safeStorage: real AES-256-GCM under a key kept in userData, so secrets survive a restart of the
 * stand-in. ELECTRON_STANDIN_KEYRING picks what Linux reports: a keyring backend (default
 * gnome_libsecret), `basic_text` (no keyring), or `unavailable`.
 */
const backend = () => process.env.ELECTRON_STANDIN_KEYRING ?? 'gnome_libsecret'
function key(): Buffer {
  const dir = app.getPath('userData')
  const file = join(dir, '.standin-safe-storage.key')
  if (!existsSync(file)) {
    mkdirSync(dir, { recursive: true })
    writeFileSync(file, randomBytes(32), { mode: 0o600 })
  }
  return readFileSync(file)
}
export const safeStorage = {
  isEncryptionAvailable(): boolean {
    if (!app.isReady()) return false
    return backend() !== 'unavailable'
  },
  getSelectedStorageBackend(): string {
    return backend() === 'unavailable' ? 'unknown' : backend()
  },
  isAsyncEncryptionAvailable(): Promise<boolean> {
    return Promise.resolve(safeStorage.isEncryptionAvailable())
  },
  encryptString(plain: string): Buffer {
    if (!safeStorage.isEncryptionAvailable()) throw new Error('Error while encrypting the text provided to safeStorage.encryptString. Encryption is not available.')
    const iv = randomBytes(12)
    const cipher = createCipheriv('aes-256-gcm', key(), iv)
    const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()])
    return Buffer.concat([Buffer.from('v11'), iv, cipher.getAuthTag(), body])
  },
  decryptString(blob: Buffer): string {
    if (!safeStorage.isEncryptionAvailable()) throw new Error('Error while decrypting the ciphertext provided to safeStorage.decryptString. Decryption is not available.')
    if (blob.subarray(0, 3).toString() !== 'v11') throw new Error('Error while decrypting the ciphertext provided to safeStorage.decryptString.')
    const decipher = createDecipheriv('aes-256-gcm', key(), blob.subarray(3, 15))
    decipher.setAuthTag(blob.subarray(15, 31))
    try {
      return Buffer.concat([decipher.update(blob.subarray(31)), decipher.final()]).toString('utf8')
    } catch {
      throw new Error('Error while decrypting the ciphertext provided to safeStorage.decryptString.')
    }
  },
  setUsePlainTextEncryption(): void {},
}

export class Notification extends EventEmitter {
  static isSupported(): boolean {
    return true
  }
  readonly #options: { title?: string; body?: string }
  constructor(options: { title?: string; body?: string } = {}) {
    super()
    this.#options = options
  }
  show(): void {
    recorder.notifications.push({ title: this.#options.title ?? '', body: this.#options.body })
    this.emit('show')
  }
  close(): void {
    this.emit('close')
  }
}

/** dialog: recorded; every box answers its first button, every file chooser is cancelled. */
export const dialog = {
  async showMessageBox(...args: unknown[]): Promise<{ response: number; checkboxChecked: boolean }> {
    recorder.dialogs.push({ api: 'showMessageBox', options: args.at(-1) })
    return { response: 0, checkboxChecked: false }
  },
  showMessageBoxSync(...args: unknown[]): number {
    recorder.dialogs.push({ api: 'showMessageBoxSync', options: args.at(-1) })
    return 0
  },
  async showOpenDialog(...args: unknown[]): Promise<{ canceled: boolean; filePaths: string[] }> {
    recorder.dialogs.push({ api: 'showOpenDialog', options: args.at(-1) })
    return { canceled: true, filePaths: [] }
  },
  async showSaveDialog(...args: unknown[]): Promise<{ canceled: boolean; filePath: string }> {
    recorder.dialogs.push({ api: 'showSaveDialog', options: args.at(-1) })
    return { canceled: true, filePath: '' }
  },
  showErrorBox(title: string, content: string): void {
    recorder.dialogs.push({ api: 'showErrorBox', options: { title, content } })
  },
}

interface MenuItemOptions {
  label?: string
  role?: string
  submenu?: MenuItemOptions[]
  [key: string]: unknown
}
export class MenuItem {
  readonly label: string
  constructor(readonly options: MenuItemOptions) {
    this.label = options.label ?? options.role ?? ''
  }
}
let applicationMenu: Menu | null = null
export class Menu {
  readonly items: MenuItem[] = []
  static buildFromTemplate(template: MenuItemOptions[]): Menu {
    const menu = new Menu()
    for (const item of template) menu.append(new MenuItem(item))
    return menu
  }
  static setApplicationMenu(menu: Menu | null): void {
    applicationMenu = menu
    recorder.menus.push({ api: 'setApplicationMenu', labels: menu ? menu.items.map((i) => i.label) : null })
  }
  static getApplicationMenu(): Menu | null {
    return applicationMenu
  }
  append(item: MenuItem): void {
    this.items.push(item)
  }
  popup(): void {
    recorder.menus.push({ api: 'popup', labels: this.items.map((i) => i.label) })
  }
}

/**
 * protocol: registrations are recorded; a handled scheme is served to pages through the loopback
 * gateway in scheme.ts (its URLs are translated, so the app sees its own scheme everywhere).
 */
export const protocol = {
  registerSchemesAsPrivileged(schemes: Array<{ scheme: string; privileges?: Record<string, unknown> }>): void {
    if (app.isReady()) throw new Error('protocol.registerSchemesAsPrivileged should be called before app is ready')
    for (const { scheme, privileges } of schemes) recorder.protocols.push({ api: 'registerSchemesAsPrivileged', scheme, privileges })
  },
  handle(scheme: string, handler: (request: Request) => Response | Promise<Response>): void {
    if (!app.isReady()) throw new Error('protocol.handle should be called after app is ready')
    if (typeof handler !== 'function') throw new TypeError('protocol.handle needs a handler function')
    recorder.protocols.push({ api: 'handle', scheme })
    setSchemeHandler(scheme, handler)
    void startGateway().catch((error) => recorder.stubErrors.push(`scheme gateway: ${String(error)}`))
    app.once('standin-exit', stopGateway)
  },
  unhandle(scheme: string): void {
    recorder.protocols.push({ api: 'unhandle', scheme })
    setSchemeHandler(scheme, null)
  },
  isProtocolHandled(scheme: string): boolean {
    return recorder.protocols.some((p) => p.api === 'handle' && p.scheme === scheme)
  },
  registerFileProtocol(): never {
    return notEmulated('protocol.registerFileProtocol (deprecated; use protocol.handle)')
  },
}
