import type { SimReply, SimRequest } from '../http.js'
import { domainAllowed, ipAllowed, keyStateError, sportsOf, VENDOR_LANGUAGE_SET, type FeedKeyConfig } from './keys.js'

/**
 * Production's error answers: `{error_code, error_message}` with no `status`/`page` (see
 * ../shared/real-captures/feed-errors). The HTTP status is not defined by production; the
 * simulator picks one per kind of error, or one fixed status for every error when the run says so.
 */
export type FeedErrorKind = 'key' | 'permission' | 'request' | 'route'

export interface FeedErrorOptions {
  /** 'by-kind': key 401, permission 403, bad request 400, unknown route 404; a number: that status for all. */
  status: 'by-kind' | number
}

const BY_KIND: Record<FeedErrorKind, number> = { key: 401, permission: 403, request: 400, route: 404 }

export function feedError(options: FeedErrorOptions, kind: FeedErrorKind, code: number, message: string): SimReply {
  const status = options.status === 'by-kind' ? BY_KIND[kind] : options.status
  return { status, body: { error_code: code, error_message: message } }
}

export const MSG = {
  missingKey: 'Missing Package header',
  invalidKey: 'Invalid Package',
  accessDenied: 'Access denied',
  languageNotInPackage: 'The language is not available in your package.',
  invalidLanguage: 'Invalid language',
  wrongType: 'Wrong data type (accept only live or line)',
} as const

/** The key in use: its name, configuration and the sports it opens. */
export interface FeedSubscription {
  name: string
  key: FeedKeyConfig
  sports: ReadonlySet<number>
}

export function clientIp(req: SimRequest): string {
  const raw = req.raw.socket.remoteAddress ?? ''
  return raw.startsWith('::ffff:') ? raw.slice(7) : raw
}

function siteOf(req: SimRequest): string | null {
  const source = req.headers.origin ?? req.headers.referer
  const value = Array.isArray(source) ? source[0] : source
  if (!value) return null
  try {
    return new URL(value).hostname
  } catch {
    return value
  }
}

/**
 * Key checks in production's order of concerns: header, known key, key state, then IP and site
 * (only with access mode `enforce`; `monitor` lets everything through).
 */
export function authenticate(req: SimRequest, keys: Record<string, FeedKeyConfig>, now: number, errors: FeedErrorOptions): FeedSubscription | SimReply {
  const raw = req.headers['package']
  const name = Array.isArray(raw) ? raw[0] : raw
  if (!name) return feedError(errors, 'key', 100, MSG.missingKey)
  const key = Object.hasOwn(keys, name) ? keys[name] : undefined
  if (!key) return feedError(errors, 'key', 100, MSG.invalidKey)
  const state = keyStateError(key, now)
  if (state) return feedError(errors, 'key', 100, state)
  if (key.accessMode === 'enforce') {
    const ip = clientIp(req)
    if (key.allowedIps.length > 0 && !ipAllowed(ip, key.allowedIps)) return feedError(errors, 'key', 100, `Access from IP ${ip} is not allowed for this Package`)
    const site = siteOf(req)
    if (site !== null && key.allowedDomains.length > 0 && !domainAllowed(site, key.allowedDomains)) return feedError(errors, 'key', 100, `Access from site ${site} is not allowed for this Package`)
  }
  return { name, key, sports: sportsOf(key) }
}

/** null when the language may be used with this key, else production's answer. */
export function checkLang(sub: FeedSubscription, lang: string, errors: FeedErrorOptions): SimReply | null {
  if (!VENDOR_LANGUAGE_SET.has(lang)) return feedError(errors, 'request', 100, MSG.invalidLanguage)
  if (!sub.key.languages.includes(lang)) return feedError(errors, 'permission', 100, MSG.languageNotInPackage)
  return null
}
