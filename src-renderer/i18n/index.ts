import { createI18n, useI18n } from 'vue-i18n'
import { en } from './en.js'
import { enErrors } from './en-errors.js'
import { enFeed } from './en-feed.js'
import { enDemo } from './en-demo.js'

/** The one message table: en.ts, the feed key / account / calendar strings of en-feed.ts, sign-in and Demo scenarios of en-demo.ts, the error titles of en-errors.ts. */
export const messages = { ...en, ...enFeed, ...enDemo, ...enErrors }
export type Messages = typeof messages
/** The schema every locale must follow (vue-i18n's `MessageSchema`). */
export type MessageSchema = Messages

/** Every key with a text: `'coupons.status.raw'`, `'errors.coupon_timeout'`, … */
type Paths<T, P extends string = ''> = {
  [K in keyof T & string]: T[K] extends string ? `${P}${K}` : T[K] extends Record<string, unknown> ? Paths<T[K], `${P}${K}.`> : never
}[keyof T & string]
export type MessageKey = Paths<Messages>

/**
 * Keys asked for that the table does not hold, in order (each once). A test fails when it is not
 * empty; in the app the same keys go to the console as vue-i18n warnings.
 */
export const missingKeys: string[] = []

export function createDeskI18n() {
  return createI18n<[MessageSchema], 'en', false>({
    legacy: false,
    locale: 'en',
    fallbackLocale: 'en',
    messages: { en: messages },
    missingWarn: true,
    fallbackWarn: true,
    // A missing handler replaces vue-i18n's own warning: record the key and warn here.
    missing: (locale, key) => {
      if (!missingKeys.includes(key)) missingKeys.push(key)
      console.warn(`[i18n] no text for "${key}" in locale "${locale}"`)
    },
  })
}

export type Params = Record<string, unknown>

/**
 * `useI18n` with typed keys: `t('coupons.detail', …)` compiles, a key that en.ts does not hold does not.
 * `tKnown` is for keys built at run time (a status code, a kind): the caller has checked them with `te`.
 */
export function useDeskI18n() {
  const i18n = useI18n<{ message: MessageSchema }>()
  const t = (key: MessageKey, params: Params = {}, plural?: number): string => (plural === undefined ? i18n.t(key, params) : i18n.t(key, params, plural))
  const te = (key: string): boolean => i18n.te(key)
  return { t, te, i18n }
}
