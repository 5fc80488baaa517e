import { EventEmitter } from 'node:events'
import { notEmulated } from './record.js'

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Fn = (...args: any[]) => any

export interface HeadersReceivedDetails {
  id: number
  url: string
  method: string
  resourceType: string
  referrer: string
  timestamp: number
  statusLine: string
  statusCode: number
  responseHeaders: Record<string, string[]>
  webContentsId?: number
  webContents?: unknown
  frame?: unknown
}
export interface HeadersReceivedResponse {
  cancel?: boolean
  responseHeaders?: Record<string, string | string[]>
  statusLine?: string
}

const globToRegExp = (pattern: string) => new RegExp(`^${pattern.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '.*')}$`)

/**
 * session.webRequest: onHeadersReceived is applied to every response of every window (through CDP
 * Fetch interception, file:// included). The other hooks are refused rather than silently ignored.
 */
class WebRequest {
  #headers: { filter: RegExp[] | null; listener: Fn } | null = null

  onHeadersReceived(filterOrListener: { urls?: string[] } | Fn | null, maybeListener?: Fn | null): void {
    const listener = typeof filterOrListener === 'function' || filterOrListener === null ? filterOrListener : (maybeListener ?? null)
    const filter = typeof filterOrListener === 'object' && filterOrListener !== null && filterOrListener.urls?.length ? filterOrListener.urls.map(globToRegExp) : null
    this.#headers = listener ? { filter, listener } : null
  }

  /** Stand-in internals: the listener for `url`, or null. */
  headersListener(url: string): Fn | null {
    if (!this.#headers) return null
    const { filter, listener } = this.#headers
    return !filter || filter.some((re) => re.test(url)) ? listener : null
  }

  onBeforeRequest(...args: unknown[]): void {
    if (args.some((a) => typeof a === 'function')) notEmulated('session.webRequest.onBeforeRequest')
  }
  onBeforeSendHeaders(...args: unknown[]): void {
    if (args.some((a) => typeof a === 'function')) notEmulated('session.webRequest.onBeforeSendHeaders')
  }
  onSendHeaders(...args: unknown[]): void {
    if (args.some((a) => typeof a === 'function')) notEmulated('session.webRequest.onSendHeaders')
  }
  onResponseStarted(...args: unknown[]): void {
    if (args.some((a) => typeof a === 'function')) notEmulated('session.webRequest.onResponseStarted')
  }
  onBeforeRedirect(...args: unknown[]): void {
    if (args.some((a) => typeof a === 'function')) notEmulated('session.webRequest.onBeforeRedirect')
  }
  onCompleted(...args: unknown[]): void {
    if (args.some((a) => typeof a === 'function')) notEmulated('session.webRequest.onCompleted')
  }
  onErrorOccurred(...args: unknown[]): void {
    if (args.some((a) => typeof a === 'function')) notEmulated('session.webRequest.onErrorOccurred')
  }
}

export class Session extends EventEmitter {
  readonly webRequest = new WebRequest()
  #permissionRequest: Fn | null = null
  #permissionCheck: Fn | null = null
  #userAgent = ''

  setPermissionRequestHandler(handler: Fn | null): void {
    this.#permissionRequest = handler
  }
  setPermissionCheckHandler(handler: Fn | null): void {
    this.#permissionCheck = handler
  }
  /** Stand-in internals: the handlers the app installed (null = Electron's default, grant). */
  permissionHandlers(): { request: Fn | null; check: Fn | null } {
    return { request: this.#permissionRequest, check: this.#permissionCheck }
  }
  setDevicePermissionHandler(handler: Fn | null): void {
    if (handler) notEmulated('session.setDevicePermissionHandler')
  }
  setDisplayMediaRequestHandler(handler: Fn | null): void {
    if (handler) notEmulated('session.setDisplayMediaRequestHandler')
  }
  setUserAgent(userAgent: string): void {
    this.#userAgent = userAgent
  }
  getUserAgent(): string {
    return this.#userAgent || 'Mozilla/5.0 (electron stand-in)'
  }
  setSpellCheckerEnabled(): void {}
  async clearCache(): Promise<void> {}
  async clearStorageData(): Promise<void> {}
  setProxy(): Promise<void> {
    return notEmulated('session.setProxy')
  }
}

let defaultSession: Session | null = null

export const session = {
  get defaultSession(): Session {
    return (defaultSession ??= new Session())
  },
  fromPartition(partition: string): Session {
    if (partition === '') return session.defaultSession
    return notEmulated(`session.fromPartition('${partition}') (only the default session exists)`)
  },
}
