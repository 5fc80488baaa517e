/**
 * The feed's typed errors as the UI shows them. Only `{code, message}` crosses the contract: the code
 * says what is wrong (words in i18n `feedErrors.<code>`), main's message is the vendor's own code and
 * text as sent (`feed error <n>: <text>`), read back here to be shown verbatim.
 */
import { FEED_ANSWER_ERROR_CODES, FEED_ERROR_CATEGORY, isFeedAnswerErrorCode, type FeedErrorCategory } from '../../src-shared/vocabulary/errors.js'
import type { T } from '../i18n/words.js'

export type { FeedErrorCategory }

export const FEED_ERROR_CODES: readonly string[] = FEED_ANSWER_ERROR_CODES

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
  return isFeedAnswerErrorCode(code)
}

/** Main refuses feed calls with `missing_secret` when the profile has no feed key stored: a key problem too. */
function isMissingFeedKey(code: string, message: string): boolean {
  return code === 'missing_secret' && /feed/i.test(message)
}

/** The vendor's code and text out of main's message (`feed error <code>: <text>`), or null. */
function rawPart(message: string): { vendorCode: string; vendorText: string } | null {
  const at = message.indexOf('feed error ')
  const m = at < 0 ? null : /^feed error (\S+?): ([\s\S]*)$/.exec(message.slice(at))
  return m ? { vendorCode: m[1]!, vendorText: m[2]! } : null
}

export function readFeedError(code: string, message: string): FeedErrorView | null {
  if (isMissingFeedKey(code, message)) return { code, category: 'auth', vendorCode: null, vendorText: message, message, fromFeed: false, ip: null, site: null }
  if (!isFeedAnswerErrorCode(code)) return null
  const raw = rawPart(message)
  const vendorText = raw?.vendorText ?? message
  return {
    code,
    category: FEED_ERROR_CATEGORY[code],
    vendorCode: raw?.vendorCode ?? null,
    vendorText,
    message,
    fromFeed: true,
    ip: /access from ip\s+(\S+?)\s+is not allowed/i.exec(vendorText)?.[1] ?? null,
    site: /access from site\s+(\S+?)\s+is not allowed/i.exec(vendorText)?.[1] ?? null,
  }
}

/** Any `t` (component's or the i18n instance's). */
export type Translate = T

/** What is wrong and what to do, in the operator's words. */
export function feedErrorTexts(t: Translate, view: FeedErrorView): { title: string; action: string; category: string } {
  const code = isFeedAnswerErrorCode(view.code) ? view.code : 'missing_secret'
  return {
    title: t(`feedErrors.${code}.title`),
    action: t(`feedErrors.${code}.action`, { ip: view.ip ?? t('feedErrors.thisAddress'), site: view.site ?? t('feedErrors.thisSite') }),
    category: t(`feedErrors.category.${view.category}`),
  }
}
