/**
 * The feed's typed errors as the UI shows them. Only `{code, message}` crosses the contract; main's
 * message is `<hint> (feed error <n>: <vendor text>)` for a known code and `feed <path>: feed error
 * <n>: <vendor text>` for an unknown one, so the vendor's code and text are read back from it.
 */
export type FeedErrorCategory = 'auth' | 'permission' | 'usage' | 'unknown'

const CATEGORY: Readonly<Record<string, FeedErrorCategory>> = {
  feed_key_missing: 'auth',
  feed_key_invalid: 'auth',
  feed_key_expired: 'auth',
  feed_key_blocked: 'auth',
  feed_key_not_active: 'auth',
  feed_ip_not_allowed: 'auth',
  feed_site_not_allowed: 'auth',
  feed_access_denied: 'permission',
  feed_language_not_allowed: 'permission',
  feed_invalid_language: 'usage',
  feed_wrong_line_type: 'usage',
  feed_error: 'unknown',
}

export const FEED_ERROR_CODES: readonly string[] = Object.keys(CATEGORY)

export interface FeedErrorView {
  code: string
  category: FeedErrorCategory
  /** The vendor's `error_code` as sent (text), null when the message does not carry it. */
  vendorCode: string | null
  /** The vendor's `error_message`, or main's whole message when it cannot be read apart. */
  vendorText: string
  /** Main's message, unchanged. */
  message: string
  /** False when the console itself refused the call (no key stored): then there is no feed text. */
  fromFeed: boolean
  /** The address / site named by "Access from IP … / site …", when present. */
  ip: string | null
  site: string | null
}

export function isTypedFeedError(code: string): boolean {
  return Object.hasOwn(CATEGORY, code)
}

/** Main refuses feed calls with `missing_secret` when the profile has no feed key stored: a key problem too. */
function isMissingFeedKey(code: string, message: string): boolean {
  return code === 'missing_secret' && /feed/i.test(message)
}

/** The raw part `feed error <code>: <text>` of main's message, or null. */
function rawPart(message: string): { vendorCode: string; vendorText: string } | null {
  let raw: string | null = null
  const wrapped = message.lastIndexOf(' (feed error ')
  if (wrapped >= 0 && message.endsWith(')')) raw = message.slice(wrapped + 2, -1)
  else {
    const at = message.indexOf('feed error ')
    if (at >= 0) raw = message.slice(at)
  }
  const m = raw === null ? null : /^feed error (\S+?): ([\s\S]*)$/.exec(raw)
  return m ? { vendorCode: m[1]!, vendorText: m[2]! } : null
}

export function readFeedError(code: string, message: string): FeedErrorView | null {
  if (isMissingFeedKey(code, message)) return { code, category: 'auth', vendorCode: null, vendorText: message, message, fromFeed: false, ip: null, site: null }
  if (!isTypedFeedError(code)) return null
  const raw = rawPart(message)
  const vendorText = raw?.vendorText ?? message
  return {
    code,
    category: CATEGORY[code]!,
    vendorCode: raw?.vendorCode ?? null,
    vendorText,
    message,
    fromFeed: true,
    ip: /access from ip\s+(\S+?)\s+is not allowed/i.exec(vendorText)?.[1] ?? null,
    site: /access from site\s+(\S+?)\s+is not allowed/i.exec(vendorText)?.[1] ?? null,
  }
}

/** What is wrong and what to do, in the operator's words. */
/** Any `t` (component's or the i18n instance's). */
export type Translate = (key: string, params?: Record<string, unknown>) => string

export function feedErrorTexts(t: Translate, view: FeedErrorView): { title: string; action: string; category: string } {
  return {
    title: t(`feedErrors.${view.code}.title`),
    action: t(`feedErrors.${view.code}.action`, { ip: view.ip ?? t('feedErrors.thisAddress'), site: view.site ?? t('feedErrors.thisSite') }),
    category: t(`feedErrors.category.${view.category}`),
  }
}
