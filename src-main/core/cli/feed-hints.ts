/**
 * The CLI's own words for the feed's typed error answers: what to do, put before the vendor's code
 * and text (`<hint> (feed error <n>: <text>)`), as `desk` has always printed them. The core sends
 * only the code and the vendor's words; the console has its own, longer texts in i18n.
 */
import type { FeedAnswerErrorCode } from '../../../src-shared/vocabulary/errors.js'

const FEED_HINTS: Readonly<Record<Exclude<FeedAnswerErrorCode, 'feed_error'>, string>> = {
  feed_key_missing: 'no feed key was sent; store the key in the profile',
  feed_key_invalid: 'the feed key is not known; check the key stored in the profile',
  feed_key_expired: 'the feed key has expired; ask the vendor to extend it',
  feed_key_blocked: 'the feed key is paused; ask the vendor',
  feed_key_not_active: 'the feed key is not active yet; wait for its start date',
  feed_ip_not_allowed: "this machine's address is not allowed for the key; add it in the key's allowed IPs",
  feed_site_not_allowed: "this site is not allowed for the key; add it in the key's allowed domains",
  feed_access_denied: 'the key does not open this sport or data',
  feed_language_not_allowed: "choose one of the key's languages",
  feed_invalid_language: 'the language code is not one of the vendor codes',
  feed_wrong_line_type: "the line type must be 'live' or 'line'",
}

/** The message `desk` shows for an error: a feed answer gets its hint in front of the vendor's words. */
export function cliErrorMessage(code: string, message: string): string {
  const hint = Object.prototype.hasOwnProperty.call(FEED_HINTS, code) ? FEED_HINTS[code as keyof typeof FEED_HINTS] : undefined
  return hint && message.startsWith('feed error ') ? `${hint} (${message})` : message
}
