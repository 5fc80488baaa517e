import { createI18n, useI18n } from 'vue-i18n'
import { en } from './en.js'
import { enErrors } from './en-errors.js'
import { enFeed } from './en-feed.js'
import { uk } from './uk.js'
import { ukErrors } from './uk-errors.js'
import { ukFeed } from './uk-feed.js'
import { enWatch } from './en-watch.js'
import { ukWatch } from './uk-watch.js'
import { enDetail } from './en-detail.js'
import { ukDetail } from './uk-detail.js'
import { enSlip } from './en-slip.js'
import { ukSlip } from './uk-slip.js'
import { enDemo } from './en-demo.js'
import { ukDemo } from './uk-demo.js'
import { enCoupons } from './en-coupons.js'
import { ukCoupons } from './uk-coupons.js'
import { enNotify } from './en-notify.js'
import { ukNotify } from './uk-notify.js'
import { enAudit } from './en-audit.js'
import { ukAudit } from './uk-audit.js'
import { enExposure } from './en-exposure.js'
import { ukExposure } from './uk-exposure.js'
import { enDeliveries } from './en-deliveries.js'
import { ukDeliveries } from './uk-deliveries.js'
import { enBlotter } from './en-blotter.js'
import { ukBlotter } from './uk-blotter.js'
import { enLedger } from './en-ledger.js'
import { ukLedger } from './uk-ledger.js'
import { enOverview } from './en-overview.js'
import { ukOverview } from './uk-overview.js'
import { enDoctor } from './en-doctor.js'
import { ukDoctor } from './uk-doctor.js'

/**
 * The one message table: en.ts, the feed key / account / calendar strings of en-feed.ts, the watch
 * list's of en-watch.ts, the open match's of en-detail.ts, the slip marks of en-slip.ts, sign-in and
 * Demo scenarios of en-demo.ts, the coupon blotter's of en-coupons.ts, the error
 * titles of en-errors.ts. Each has its Ukrainian twin (uk*.ts).
 */
export const messages = { ...en, ...enFeed, ...enWatch, ...enDetail, ...enSlip, ...enDemo, ...enCoupons, ...enLedger, ...enBlotter, ...enExposure, ...enNotify, ...enAudit, ...enDeliveries, ...enOverview, ...enDoctor, ...enErrors }
export type Messages = typeof messages
/** The schema every locale must follow (vue-i18n's `MessageSchema`). */
export type MessageSchema = Messages

/** The languages of the interface (not of the feed: each profile asks the feed for its own). */
export const UI_LANGUAGES = ['en', 'uk'] as const
export type UiLanguage = (typeof UI_LANGUAGES)[number]

export function isUiLanguage(v: unknown): v is UiLanguage {
  return typeof v === 'string' && (UI_LANGUAGES as readonly string[]).includes(v)
}

/** Every table by its language; each follows the English schema. */
export const tables: Record<UiLanguage, MessageSchema> = { en: messages, uk: { ...uk, ...ukFeed, ...ukWatch, ...ukDetail, ...ukSlip, ...ukDemo, ...ukCoupons, ...ukLedger, ...ukBlotter, ...ukExposure, ...ukNotify, ...ukAudit, ...ukDeliveries, ...ukOverview, ...ukDoctor, ...ukErrors } }

const ukPlurals = new Intl.PluralRules('uk')
/**
 * Ukrainian counts take one of three forms, written `one | few | many` (1, 21 ставка; 2–4, 22 ставки;
 * 0, 5–20, 25 ставок). A fraction takes the `few` form (1,5 ставки).
 */
export function ukrainianPlural(choice: number, choicesLength: number): number {
  if (choicesLength < 3) return Math.abs(choice) === 1 ? 0 : Math.min(1, choicesLength - 1)
  const form = ukPlurals.select(Math.abs(choice))
  return form === 'one' ? 0 : form === 'many' ? 2 : 1
}

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
  return createI18n<[MessageSchema], UiLanguage, false>({
    legacy: false,
    locale: 'en',
    fallbackLocale: 'en',
    messages: tables,
    pluralRules: { uk: ukrainianPlural },
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
