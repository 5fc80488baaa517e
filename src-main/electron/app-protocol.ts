/**
 * The packaged renderer is served from `app://desk/` (a standard, secure scheme registered before
 * the app is ready) instead of file://: the page gets a real origin, the CSP travels as a header
 * on every answer, and no other local file can be read through it. No electron import here, so
 * the handler is tested with plain Request/Response objects.
 */
import { readFile, stat } from 'node:fs/promises'
import { extname, join, normalize, resolve, sep } from 'node:path'

export const APP_SCHEME = 'app'
export const APP_HOST = 'desk'
export const APP_ORIGIN = `${APP_SCHEME}://${APP_HOST}`
export const APP_ENTRY_URL = `${APP_ORIGIN}/index.html`

/** What `protocol.registerSchemesAsPrivileged` gets for the app scheme. */
export const APP_SCHEME_PRIVILEGES = { standard: true, secure: true, supportFetchAPI: true } as const

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
}

export interface AppProtocolOptions {
  /** The built renderer folder (out/renderer). */
  root: string
  /** The policy sent with every answer (read per request: it follows the active profile). */
  csp: () => string
}

/** `protocol.handle(APP_SCHEME, handler)`: files under `root` only, GET/HEAD only. */
export function createAppProtocolHandler(options: AppProtocolOptions): (request: Request) => Promise<Response> {
  const root = resolve(options.root)
  const answer = (status: number, body: string | Uint8Array | null, type = 'text/plain; charset=utf-8') =>
    new Response(body, {
      status,
      headers: {
        'content-type': type,
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
      if (!(await stat(file)).isFile()) return answer(404, 'not found')
      const body = request.method === 'HEAD' ? null : new Uint8Array(await readFile(file))
      return answer(200, body, TYPES[extname(file).toLowerCase()] ?? 'application/octet-stream')
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
