/**
 * The renderer's one Content-Security-Policy. Electron sends it as a header on every document the
 * app serves (app:// and the dev server); the loopback web bridge sends it as a header too. No
 * electron import: the web bridge and tests use it too.
 *
 * Images: only the app itself, data: URLs and the active profile's CDN origin (team and sport
 * icons). Scripts, styles, sockets and fetches: the app only ('self' covers the web bridge's
 * same-origin WebSocket too).
 */
export interface CspOptions {
  /** Origins images may come from besides the app (the active profile's CDN). */
  imageOrigins?: readonly string[]
}

export function cspDirectives(options: CspOptions = {}): Array<[string, string[]]> {
  const images = [...new Set((options.imageOrigins ?? []).filter((o) => /^https?:\/\/[^/\s;,']+$/.test(o)))]
  return [
    ['default-src', ["'self'"]],
    ['script-src', ["'self'"]],
    // Naive UI injects component styles at run time.
    ['style-src', ["'self'", "'unsafe-inline'"]],
    ['img-src', ["'self'", 'data:', ...images]],
    ['connect-src', ["'self'"]],
    ['object-src', ["'none'"]],
    ['base-uri', ["'none'"]],
    ['frame-ancestors', ["'none'"]],
    ['form-action', ["'none'"]],
  ]
}

const render = (directives: Array<[string, string[]]>) => directives.map(([name, values]) => `${name} ${values.join(' ')}`).join('; ')

export function contentSecurityPolicy(options: CspOptions = {}): string {
  return render(cspDirectives(options))
}

/**
 * The loopback web bridge (development and tests) sends one policy for its whole run: it allows
 * images from loopback, where its simulators' CDNs run.
 */
export const WEB_CSP_OPTIONS: CspOptions = { imageOrigins: ['http://127.0.0.1:*'] }

/** The policy with no remote image origin (before a profile is active). */
export const CONTENT_SECURITY_POLICY = contentSecurityPolicy()

/** The origin of a CDN base URL for img-src, or null when it is not an http(s) URL. */
export function imageOriginOf(cdnUrl: string | null | undefined): string | null {
  if (!cdnUrl) return null
  try {
    const url = new URL(cdnUrl)
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.origin : null
  } catch {
    return null
  }
}
