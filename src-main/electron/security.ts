import type { Session, WebContents } from 'electron'

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
    return url.origin === app.origin
  } catch {
    return false
  }
}

export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  // Naive UI injects component styles at run time.
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: http://127.0.0.1:* https:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "frame-ancestors 'none'",
  "form-action 'none'",
].join('; ')

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

/** Deny every permission request and check (camera, notifications, geolocation, …). */
export function hardenSession(session: Session): void {
  session.setPermissionRequestHandler((_contents, _permission, callback) => callback(false))
  session.setPermissionCheckHandler(() => false)
  session.webRequest.onHeadersReceived((details, callback) => {
    callback({ responseHeaders: { ...details.responseHeaders, 'Content-Security-Policy': [CONTENT_SECURITY_POLICY] } })
  })
}
