import type { Session, WebContents } from 'electron'
import { originOf } from './app-protocol.js'
import { CONTENT_SECURITY_POLICY } from './csp.js'

/** https origins the app may open in the system browser (never inside the app). */
export const EXTERNAL_ALLOWLIST = ['https://github.com']

export function isAllowedExternal(target: string, allowlist = EXTERNAL_ALLOWLIST): boolean {
  try {
    const url = new URL(target)
    return url.protocol === 'https:' && allowlist.some((allowed) => new URL(allowed).origin === url.origin)
  } catch {
    return false
  }
}

/** True when `target` is the app's own page (same origin, or the same file:// folder). */
export function isAppUrl(target: string, appUrl: string): boolean {
  try {
    const url = new URL(target)
    const app = new URL(appUrl)
    if (app.protocol === 'file:') return url.protocol === 'file:' && url.pathname === app.pathname
    const origin = originOf(app.href)
    return origin !== null && originOf(url.href) === origin
  } catch {
    return false
  }
}

export { CONTENT_SECURITY_POLICY } from './csp.js'

export interface HardenDeps {
  openExternal: (url: string) => Promise<void> | void
  appUrl: () => string
}

/** Navigation and pop-ups: nothing outside the app; allow-listed https links go to the system browser. */
export function hardenWebContents(contents: WebContents, deps: HardenDeps): void {
  contents.on('will-navigate', (event, target) => {
    if (isAppUrl(target, deps.appUrl())) return
    event.preventDefault()
    if (isAllowedExternal(target)) void deps.openExternal(target)
  })
  contents.on('will-attach-webview', (event) => event.preventDefault())
  contents.setWindowOpenHandler(({ url }) => {
    if (isAllowedExternal(url)) void deps.openExternal(url)
    return { action: 'deny' }
  })
}

/** Only the app's own page, in its main frame, may show the system's notifications (settlement notices). */
export function allowsPermission(permission: string, requestingUrl: string | undefined, isMainFrame: boolean | undefined, appOrigins: readonly string[]): boolean {
  if (permission !== 'notifications' || isMainFrame === false || !requestingUrl) return false
  const origin = originOf(requestingUrl)
  return origin !== null && appOrigins.includes(origin)
}

/**
 * Deny every permission request and check (camera, geolocation, …) but notifications for the app's
 * own page (`appOrigins`), and send the app's policy (`csp()`, read per response: it follows the
 * active profile) on every response.
 */
export function hardenSession(session: Session, csp: () => string = () => CONTENT_SECURITY_POLICY, appOrigins: readonly string[] = []): void {
  session.setPermissionRequestHandler((_contents, permission, callback, details) => callback(allowsPermission(permission, details?.requestingUrl, details?.isMainFrame, appOrigins)))
  session.setPermissionCheckHandler((_contents, permission, origin, details) => allowsPermission(permission, details?.requestingUrl ?? origin, details?.isMainFrame, appOrigins))
  session.webRequest.onHeadersReceived((details, callback) => {
    // One policy: whatever a server sent under any spelling is replaced by the app's.
    const headers = Object.fromEntries(Object.entries(details.responseHeaders ?? {}).filter(([name]) => name.toLowerCase() !== 'content-security-policy'))
    callback({ responseHeaders: { ...headers, 'Content-Security-Policy': [csp()] } })
  })
}
