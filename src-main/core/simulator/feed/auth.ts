import type { SimReply, SimRequest } from '../http.js'
import { SPORTS } from '../world/catalog.js'

/** Feed API keys (header `Package`). The key fixes sports and languages. */
export interface FeedSubscription {
  name: string
  sports: ReadonlySet<number>
  langs: ReadonlySet<string>
}

export const SUPPORTED_LANGS = new Set(['en', 'ru'])
export const LIMITED_SPORTS = [1, 3, 4]

export const FEED_KEYS: Record<string, FeedSubscription> = {
  'demo-key': { name: 'full', sports: new Set(SPORTS.map((s) => s.id)), langs: new Set(['en', 'ru']) },
  'demo-key-limited': { name: 'limited', sports: new Set(LIMITED_SPORTS), langs: new Set(['en']) },
}

export function feedError(status: number, page: string, error: string, message: string): SimReply {
  return { status, body: { status: 0, page, body: null, error, message } }
}

/** The subscription of the request's key, or the 401 reply. */
export function authenticate(req: SimRequest, page: string): FeedSubscription | SimReply {
  const raw = req.headers['package']
  const key = Array.isArray(raw) ? raw[0] : raw
  const sub = key && Object.hasOwn(FEED_KEYS, key) ? FEED_KEYS[key] : undefined
  if (!sub) return feedError(401, page, 'invalid_key', key ? 'Unknown API key in the Package header' : 'Missing Package header (API key)')
  return sub
}

/** null when the language is allowed, else the 403 reply. */
export function checkLang(sub: FeedSubscription, lang: string, page: string): SimReply | null {
  if (!SUPPORTED_LANGS.has(lang)) return feedError(403, page, 'lang_not_supported', `Language '${lang}' is not supported`)
  if (!sub.langs.has(lang)) return feedError(403, page, 'lang_not_in_subscription', `Language '${lang}' is not included in the subscription`)
  return null
}
