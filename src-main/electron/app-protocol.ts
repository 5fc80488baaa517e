/**
 * The packaged renderer is served from `app://desk/` (a standard, secure scheme registered before
 * the app is ready) instead of file://: the page gets a real origin, the CSP travels as a header
 * on every answer, and no other local file can be read through it. Files are read through the
 * injected `fetchFile` (Electron's `net.fetch` of a file: URL), so Chromium picks the content type.
 * No electron import here, so the handler is tested with plain Request/Response objects.
 */
import { stat } from 'node:fs/promises'
import { join, normalize, resolve, sep } from 'node:path'
import { pathToFileURL } from 'node:url'

export const APP_SCHEME = 'app'
export const APP_HOST = 'desk'
export const APP_ORIGIN = `${APP_SCHEME}://${APP_HOST}`
export const APP_ENTRY_URL = `${APP_ORIGIN}/index.html`

/** What `protocol.registerSchemesAsPrivileged` gets for the app scheme. */
export const APP_SCHEME_PRIVILEGES = { standard: true, secure: true, supportFetchAPI: true } as const

export interface AppProtocolOptions {
  /** The built renderer folder (out/renderer). */
  root: string
  /** The policy sent with every answer (read per request: it follows the active profile). */
  csp: () => string
  /** Reads a file: URL: `net.fetch` in the app. */
  fetchFile: (url: string) => Promise<Response>
}

/** `protocol.handle(APP_SCHEME, handler)`: files under `root` only, GET/HEAD only. */
export function createAppProtocolHandler(options: AppProtocolOptions): (request: Request) => Promise<Response> {
  const root = resolve(options.root)
  const answer = (status: number, body: ConstructorParameters<typeof Response>[0], type: string | null = 'text/plain; charset=utf-8') =>
    new Response(body, {
      status,
      headers: {
        'content-type': type ?? 'application/octet-stream',
        'content-security-policy': options.csp(),
        'x-content-type-options': 'nosniff',
        'referrer-policy': 'no-referrer',
        'cache-control': 'no-cache',
      },
    })
  return async (request) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return answer(405, 'method not allowed')
    let url: URL
    let path: string
    try {
      url = new URL(request.url)
      path = decodeURIComponent(url.pathname)
    } catch {
      return answer(400, 'bad request')
    }
    if (url.protocol !== `${APP_SCHEME}:` || url.host !== APP_HOST || path.includes('\0')) return answer(404, 'not found')
    const file = normalize(join(root, path === '/' || path === '' ? 'index.html' : path))
    if (!file.startsWith(root + sep)) return answer(404, 'not found')
    try {
      // A folder read as a file: URL would be a listing or a redirect: only files are answered.
      if (!(await stat(file)).isFile()) return answer(404, 'not found')
      const fetched = await options.fetchFile(pathToFileURL(file).href)
      if (!fetched.ok || request.method === 'HEAD') await fetched.body?.cancel()
      if (!fetched.ok) return answer(404, 'not found')
      return answer(fetched.status, request.method === 'HEAD' ? null : fetched.body, fetched.headers.get('content-type') || null)
    } catch {
      return answer(404, 'not found')
    }
  }
}

/**
 * Where the window loads the renderer from: the dev server named by ELECTRON_RENDERER_URL only in
 * an unpackaged (development) run and only when it is an http(s) URL; otherwise the app scheme.
 */
export function rendererEntry(isPackaged: boolean, env: Record<string, string | undefined>): { url: string; devOrigin: string | null } {
  const dev = isPackaged ? undefined : env.ELECTRON_RENDERER_URL
  if (dev) {
    try {
      const url = new URL(dev)
      if (url.protocol === 'http:' || url.protocol === 'https:') return { url: url.href, devOrigin: url.origin }
    } catch {
      // Not a URL: fall through to the packaged renderer.
    }
  }
  return { url: APP_ENTRY_URL, devOrigin: null }
}

/** The origin of a URL, with `scheme://host` for the app scheme (WHATWG gives "null" for it). */
export function originOf(target: string): string | null {
  try {
    const url = new URL(target)
    if (url.protocol === `${APP_SCHEME}:`) return url.host ? `${url.protocol}//${url.host}` : null
    return url.origin === 'null' ? null : url.origin
  } catch {
    return null
  }
}
