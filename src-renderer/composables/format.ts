/**
 * Pure formatters for money, odds and time. `zone` is the active profile's choice, `lang` the interface
 * language (English unless given): uk writes a decimal comma, spaces between thousands and day-first dates.
 */
import { tz } from '@date-fns/tz'
import { format, isValid } from 'date-fns'
import type { UiLanguage } from '../i18n/index.js'

export type Zone = 'utc' | 'local'

/** The Intl locale of each interface language. */
export const INTL_LOCALE: Record<UiLanguage, string> = { en: 'en-US', uk: 'uk-UA' }

const moneyFormats = new Map<string, Intl.NumberFormat>()
/**
 * Money with `decimals` places in the language's separators (a profile may count in whole units).
 * 'negative': a -0 from the wire, or -0.004 rounded, reads 0.00, never -0.00.
 */
export function moneyFormat(lang: UiLanguage, decimals = 2): Intl.NumberFormat {
  const key = `${lang}|${decimals}`
  let f = moneyFormats.get(key)
  if (!f) moneyFormats.set(key, (f = new Intl.NumberFormat(INTL_LOCALE[lang], { minimumFractionDigits: decimals, maximumFractionDigits: decimals, signDisplay: 'negative' })))
  return f
}
const money: Record<UiLanguage, Intl.NumberFormat> = { en: moneyFormat('en'), uk: moneyFormat('uk') }

export function formatMoney(value: number | null | undefined, lang: UiLanguage = 'en'): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return '—'
  return money[lang].format(value)
}

export function formatOdds(value: number | null | undefined, lang: UiLanguage = 'en'): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return '—'
  // Odds keep their own precision up to 3 places, never fewer than 2 (1.5 -> 1.50, 1.875 -> 1.875).
  const fixed = value.toFixed(3).replace(/0$/, '')
  return lang === 'en' ? fixed : fixed.replace('.', ',')
}

const UTC = { in: tz('UTC') }

/** `pattern` in UTC or the machine's zone; a dash when there is no time or it is out of range. */
export function formatIn(ms: number | null | undefined, zone: Zone, pattern: string): string {
  if (ms === null || ms === undefined || !isValid(ms)) return '—'
  return format(ms, pattern, zone === 'utc' ? UTC : undefined)
}

const DATE_TIME: Record<UiLanguage, string> = { en: 'yyyy-MM-dd HH:mm:ss', uk: 'dd.MM.yyyy HH:mm:ss' }
const START: Record<UiLanguage, string> = { en: 'MM-dd HH:mm', uk: 'dd.MM HH:mm' }

export function formatDateTime(ms: number | null | undefined, zone: Zone, lang: UiLanguage = 'en'): string {
  return formatIn(ms, zone, zone === 'utc' ? `${DATE_TIME[lang]}'Z'` : DATE_TIME[lang])
}

export function formatTime(ms: number | null | undefined, zone: Zone): string {
  return formatIn(ms, zone, 'HH:mm:ss')
}

/** A date and time whose zone is named beside it (a column header, a line that says it): no `Z`. */
export function formatStamp(ms: number | null | undefined, zone: Zone, lang: UiLanguage = 'en'): string {
  return formatIn(ms, zone, DATE_TIME[lang])
}

/**
 * The display zone by name: `UTC`, or the machine's zone (`Europe/Kyiv`) when the profile shows local
 * time; `short` gives its abbreviation or offset instead (`EET`, `GMT+2`), for a line that has little room.
 */
export function zoneName(zone: Zone, short = false): string {
  if (zone === 'utc') return 'UTC'
  if (!short) return Intl.DateTimeFormat().resolvedOptions().timeZone || 'local'
  const part = new Intl.DateTimeFormat('en-US', { timeZoneName: 'short' }).formatToParts(Date.now()).find((p) => p.type === 'timeZoneName')
  return part?.value ?? 'local'
}

/**
 * UTC starts already written, by language and time: a list of thousands of matches has few distinct
 * starts (five-minute steps), and writing one in a fixed zone costs a zone lookup each time (rows
 * mount as they scroll into view). Bounded; the machine's own zone is not cached (it can change).
 */
const utcStarts = new Map<string, string>()
const UTC_STARTS_MAX = 5000

/** Match start: date without seconds. */
export function formatStart(ms: number | null | undefined, zone: Zone, lang: UiLanguage = 'en'): string {
  if (ms !== null && ms !== undefined && ms <= 0) return '—'
  if (zone !== 'utc' || typeof ms !== 'number') return formatIn(ms, zone, START[lang])
  const key = `${lang}${ms}`
  let text = utcStarts.get(key)
  if (text === undefined) {
    if (utcStarts.size >= UTC_STARTS_MAX) utcStarts.clear()
    text = formatIn(ms, zone, START[lang])
    utcStarts.set(key, text)
  }
  return text
}

/** Live timer seconds as mm:ss. */
export function formatTimer(sec: number): string {
  if (!Number.isFinite(sec) || sec <= 0) return ''
  const m = Math.floor(sec / 60)
  const s = Math.floor(sec % 60)
  return `${m}'${String(s).padStart(2, '0')}`
}
