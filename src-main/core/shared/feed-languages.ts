/**
 * The vendor's 69 language codes, from the `LanguageCode` enum of its published OpenAPI description
 * (SportApi-net/sportapi-openapi, `openapi/sport-line-api.yaml`). Some are not ISO codes (`ua`, `cn`,
 * `br`, `al`, `hk`, `tw`, `kz`, `mx`, `aa`): send them exactly as listed. Which ones a key may use is
 * in `account.keys[].languages`; this list only tells a vendor code from a typo. Shared vocabulary:
 * the feed client and the simulator both read it (neither imports the other).
 */
export const FEED_LANGUAGE_CODES = [
  'al', 'aa', 'ar', 'hy', 'az', 'bn', 'bs', 'bg', 'my', 'ca', 'hk', 'cn', 'tw', 'hr', 'cs', 'da', 'nl', 'en', 'et', 'fi', 'fr', 'ka', 'de',
  'el', 'ht', 'he', 'hi', 'hu', 'is', 'id', 'it', 'ja', 'kz', 'km', 'ko', 'ne', 'ku', 'lo', 'lv', 'ln', 'lt', 'mk', 'ms', 'mn', 'sd', 'nb',
  'fa', 'pl', 'pt', 'br', 'ro', 'ru', 'sr', 'si', 'sk', 'sl', 'so', 'es', 'mx', 'sw', 'tl', 'tj', 'th', 'tr', 'ua', 'ur', 'uz', 'vi', 'zu',
] as const

export type FeedLanguageCode = (typeof FEED_LANGUAGE_CODES)[number]

const KNOWN: ReadonlySet<string> = new Set(FEED_LANGUAGE_CODES)

export function isFeedLanguageCode(code: unknown): code is FeedLanguageCode {
  return typeof code === 'string' && KNOWN.has(code)
}
