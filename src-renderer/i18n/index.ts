import { createI18n } from 'vue-i18n'
import { en } from './en.js'
import { enFeed } from './en-feed.js'

/** The one message table: en.ts plus the feed key / account / calendar strings of en-feed.ts. */
export const messages = { ...en, ...enFeed }
export type Messages = typeof messages

export function createDeskI18n() {
  return createI18n<[Messages], 'en', false>({
    legacy: false,
    locale: 'en',
    fallbackLocale: 'en',
    messages: { en: messages },
    missingWarn: false,
    fallbackWarn: false,
  })
}
