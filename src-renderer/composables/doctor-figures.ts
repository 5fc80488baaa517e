/**
 * A doctor figure in words, by its kind (src-shared/vocabulary/doctor.ts lists what each measures).
 * Extras the words do not use are still shown (`name value`); a kind this build does not know is
 * shown raw (`kind: value`). Nothing is ever left blank.
 */
import type { DoctorFigureDto } from '../../src-shared/contract.js'
import { enDoctor } from '../i18n/en-doctor.js'
import type { MessageKey, UiLanguage } from '../i18n/index.js'
import { errorTitle, type T } from '../i18n/words.js'
import { formatMoney, INTL_LOCALE } from './format.js'

type Unit = DoctorFigureDto['unit']
type Raw = DoctorFigureDto['value']
const own = (o: object, k: string) => Object.prototype.hasOwnProperty.call(o, k)

function number(n: number, lang: UiLanguage, digits = 0): string {
  return new Intl.NumberFormat(INTL_LOCALE[lang], { maximumFractionDigits: digits }).format(n)
}

function bytes(n: number, lang: UiLanguage): string {
  const units = ['B', 'KiB', 'MiB', 'GiB', 'TiB']
  let v = n
  let i = 0
  while (Math.abs(v) >= 1024 && i < units.length - 1) {
    v /= 1024
    i++
  }
  return `${number(v, lang, i === 0 ? 0 : 1)} ${units[i]}`
}

/** A measured value in its unit: `1.2 s`, `12 days`, `3.4 GiB`, `0700`; text as sent. */
export function figureValue(t: T, value: Raw, unit: Unit | undefined, lang: UiLanguage): string {
  if (value === null) return '—'
  if (typeof value === 'boolean') return value ? t('doctor.unit.yes') : t('doctor.unit.no')
  if (typeof value === 'string') return value
  switch (unit) {
    case 'ms':
      return Math.abs(value) >= 1000 ? duration(t, value / 1000, lang) : t('doctor.unit.ms', { n: number(value, lang) })
    case 's':
      return duration(t, value, lang)
    case 'days':
      return t('doctor.unit.days', { n: number(value, lang, 1) }, Math.abs(value))
    case 'bytes':
      return bytes(value, lang)
    case 'mode':
      return `0${(value & 0o777).toString(8).padStart(3, '0')}`
    default:
      return number(value, lang, 2)
  }
}

/** Seconds as the largest sensible unit (`45 s`, `12 min`, `3.5 h`, `2.1 d`). */
function duration(t: T, s: number, lang: UiLanguage): string {
  const a = Math.abs(s)
  if (a < 120) return t('doctor.unit.s', { n: number(s, lang, 1) })
  if (a < 7200) return t('doctor.unit.min', { n: number(s / 60, lang, 0) })
  if (a < 172_800) return t('doctor.unit.h', { n: number(s / 3600, lang, 1) })
  return t('doctor.unit.d', { n: number(s / 86_400, lang, 1) })
}

/** A state word the doctor sends (`accountStates.expired`), or the word itself when not known. */
function stateWord(t: T, table: 'accountStates' | 'keyStatuses' | 'scopes', value: Raw): string {
  const v = String(value)
  return own(enDoctor.doctor.figure[table], v) ? t(`doctor.figure.${table}.${v}` as MessageKey) : v
}

/** The words of a known kind: a headline and its parts; the extras it used are named so the rest are shown raw. */
function known(t: T, f: DoctorFigureDto, lang: UiLanguage): { parts: string[]; used: string[] } | null {
  const x = f.extra ?? {}
  const v = (value: Raw, unit: Unit | undefined = f.unit) => figureValue(t, value, unit, lang)
  const n = typeof f.value === 'number' ? f.value : 0
  const has = (k: string) => x[k] !== undefined && x[k] !== null
  switch (f.kind) {
    case 'latency':
      return { parts: [t('doctor.figure.latency', { value: v(f.value, 'ms') })], used: [] }
    case 'timeout':
      return { parts: [t('doctor.figure.timeout', { value: v(f.value, 'ms') })], used: [] }
    case 'error':
      return { parts: [t('doctor.figure.error', { words: errorTitle(t, String(f.value)), code: String(f.value) })], used: [] }
    case 'errorCode':
      return { parts: [f.value === null ? t('doctor.figure.errorCodeNone') : t('doctor.figure.errorCode', { value: String(f.value) })], used: [] }
    case 'secret':
      return { parts: [f.value === 'missing' ? t('doctor.figure.secret.missing') : t('doctor.figure.secretOther', { value: v(f.value) })], used: [] }
    case 'accountState': {
      const parts = [t('doctor.figure.accountState', { value: stateWord(t, 'accountStates', f.value) })]
      if (has('errorCode')) parts.push(t('doctor.figure.errorCode', { value: String(x['errorCode']) }))
      return { parts, used: ['errorCode'] }
    }
    case 'balance':
      return { parts: [t('doctor.figure.balance', { value: typeof f.value === 'number' ? formatMoney(f.value, lang) : v(f.value) })], used: [] }
    case 'tokenLifetime': {
      const parts = [f.value === null ? t('doctor.figure.tokenOpaque') : n > 0 ? t('doctor.figure.tokenLifetime', { value: v(f.value, 's') }) : t('doctor.figure.tokenEnded', { value: v(-n, 's') })]
      if (has('reloginMs')) parts.push(t('doctor.figure.relogin', { value: v(x['reloginMs']!, 'ms') }))
      return { parts, used: ['reloginMs'] }
    }
    case 'clockOffset': {
      const size = v(Math.abs(n), 'ms')
      const parts = [n === 0 ? t('doctor.figure.clockSame') : n > 0 ? t('doctor.figure.clockAhead', { value: size }) : t('doctor.figure.clockBehind', { value: size })]
      if (has('bound')) parts.push(t('doctor.figure.bound', { value: v(x['bound']!, 'ms') }))
      if (typeof x['simulated'] === 'number' && x['simulated'] !== 0) parts.push(t('doctor.figure.simulatedLead', { value: v(Math.abs(x['simulated']), 'ms') }))
      return { parts, used: ['bound', 'simulated'] }
    }
    case 'keyStatus': {
      const parts = [t('doctor.figure.keyStatus', { value: stateWord(t, 'keyStatuses', f.value) })]
      if (has('type')) parts.push(t('doctor.figure.keyType', { value: String(x['type']) }))
      if (x['inferred'] === true) parts.push(t('doctor.figure.keyInferred'))
      return { parts, used: ['type', 'inferred'] }
    }
    case 'daysLeft': {
      const parts = [t('doctor.figure.daysLeft', { value: v(f.value, 'days') })]
      if (has('fromHeader')) parts.push(t('doctor.figure.fromHeader', { value: v(x['fromHeader']!, 'days') }))
      if (has('fromAccount')) parts.push(t('doctor.figure.fromAccount', { value: v(x['fromAccount']!, 'days') }))
      if (has('warnDays')) parts.push(t('doctor.figure.warnDays', { value: v(x['warnDays']!, 'days') }))
      return { parts, used: ['fromHeader', 'fromAccount', 'warnDays'] }
    }
    case 'address': {
      const parts = [f.value === null ? t('doctor.figure.addressUnknown') : t('doctor.figure.address', { value: v(f.value) })]
      if (has('accessMode')) parts.push(t('doctor.figure.accessMode', { value: String(x['accessMode']) }))
      if (typeof x['allowed'] === 'number' && x['allowed'] > 0) parts.push(t('doctor.figure.allowedCount', { n: x['allowed'] }, x['allowed']))
      if (typeof x['domains'] === 'number' && x['domains'] > 0) parts.push(t('doctor.figure.domainsCount', { n: x['domains'] }, x['domains']))
      return { parts, used: ['accessMode', 'allowed', 'domains'] }
    }
    case 'language': {
      const parts = [t('doctor.figure.language', { value: v(f.value) })]
      if (has('allowed')) parts.push(t('doctor.figure.languagesAllowed', { value: String(x['allowed']).split(',').join(', ') }))
      return { parts, used: ['allowed'] }
    }
    case 'sports': {
      const parts = [f.value === 'all' ? t('doctor.figure.sportsAll') : typeof f.value === 'number' ? t('doctor.figure.sports', { n: f.value }, f.value) : f.value === null ? t('doctor.figure.sportsUnknown') : `${f.kind}: ${v(f.value)}`]
      if (typeof x['outside'] === 'number' && x['outside'] > 0) parts.push(t('doctor.figure.sportsOutside', { n: x['outside'] }, x['outside']))
      else if (typeof x['outside'] === 'string' && x['outside'] !== '') parts.push(`outside ${x['outside']}`)
      return { parts, used: ['outside'] }
    }
    case 'url': {
      const parts = [f.value === null ? t('doctor.figure.urlNone') : t('doctor.figure.url', { value: v(f.value) })]
      if (x['enabled'] === false) parts.push(t('doctor.figure.listenerOff'))
      return { parts, used: ['enabled'] }
    }
    case 'httpStatus':
      return { parts: [t('doctor.figure.httpStatus', { value: String(f.value) })], used: [] }
    case 'refusedDeliveries': {
      const parts = [has('hours') ? t('doctor.figure.refusedDeliveriesIn', { n, hours: String(x['hours']) }, n) : t('doctor.figure.refusedDeliveries', { n }, n)]
      return { parts, used: ['hours'] }
    }
    case 'host': {
      const parts = [t('doctor.figure.host', { value: v(f.value), scope: has('scope') ? stateWord(t, 'scopes', x['scope']!) : '—' })]
      if (has('serviceScope')) parts.push(t('doctor.figure.serviceScope', { scope: stateWord(t, 'scopes', x['serviceScope']!) }))
      return { parts, used: ['scope', 'serviceScope'] }
    }
    case 'strandedCoupons': {
      const parts = [t('doctor.figure.strandedCoupons', { n }, n)]
      if (has('url')) parts.push(t('doctor.figure.listenerAt', { value: String(x['url']) }))
      return { parts, used: ['url'] }
    }
    case 'bytes':
      return { parts: [t('doctor.figure.bytes', { value: v(f.value, 'bytes') })], used: [] }
    case 'freeBytes': {
      const parts = [t('doctor.figure.freeBytes', { value: v(f.value, 'bytes') })]
      if (has('path')) parts.push(t('doctor.figure.atPath', { value: String(x['path']) }))
      return { parts, used: ['path'] }
    }
    case 'mode': {
      const parts = [f.value === null ? t('doctor.figure.modeNone', { value: String(x['platform'] ?? '—') }) : t('doctor.figure.mode', { value: typeof f.value === 'number' ? v(f.value, 'mode') : v(f.value) })]
      return { parts, used: ['platform'] }
    }
    default:
      return null
  }
}

/** The figure in words; a kind this build does not know raw, with every extra. */
export function figureText(t: T, figure: DoctorFigureDto | null, lang: UiLanguage): string {
  if (!figure) return ''
  const words = known(t, figure, lang)
  const parts = words?.parts ?? [`${figure.kind}: ${figureValue(t, figure.value, figure.unit, lang)}`]
  for (const [k, value] of Object.entries(figure.extra ?? {})) {
    if (words?.used.includes(k) || value === null) continue
    parts.push(`${k} ${figureValue(t, value, k.endsWith('Ms') ? 'ms' : figure.unit, lang)}`)
  }
  return parts.join(' · ')
}
