/**
 * The doctor's report in words: a check's name, its figure and its advice, from the codes main sends.
 * A figure kind or advice code this build does not know is shown raw (`kind: value`, the code), never
 * blank. A skipped check names the failure it waits on.
 */
import type { DoctorCheckDto, DoctorCheckId, DoctorFigureDto, DoctorReportDto, DoctorVerdict } from '../../src-shared/contract.js'
import { DOCTOR_CHECK_IDS } from '../../src-shared/vocabulary/doctor.js'
import { enDoctor } from '../i18n/en-doctor.js'
import { INTL_LOCALE } from './format.js'
import type { MessageKey } from '../i18n/index.js'
import type { T } from '../i18n/words.js'
import type { UiLanguage } from '../i18n/index.js'

/** Not colour alone: every verdict has its mark and its word. */
export const VERDICT_MARK: Record<DoctorVerdict, string> = { pass: '✓', warn: '!', fail: '✕', skip: '–' }
export const VERDICT_TONE: Record<DoctorVerdict, 'success' | 'warning' | 'error' | 'default'> = { pass: 'success', warn: 'warning', fail: 'error', skip: 'default' }
export const VERDICT_ORDER: readonly DoctorVerdict[] = ['fail', 'warn', 'pass', 'skip']

const own = (o: object, k: string) => Object.prototype.hasOwnProperty.call(o, k)
/** A text at a dotted path of the doctor's table (check ids hold dots: `doctor.check.coupons.health`). */
function hasText(path: string): boolean {
  let node: unknown = enDoctor.doctor
  for (const part of path.split('.')) {
    if (!node || typeof node !== 'object' || !own(node, part)) return false
    node = (node as Record<string, unknown>)[part]
  }
  return typeof node === 'string'
}

export function checkTitle(t: T, id: string): string {
  return hasText(`check.${id}`) ? t(`doctor.check.${id}` as MessageKey) : id
}

/**
 * What a check waits on when it was skipped: the checks it cannot run without. The first of them
 * (through their own prerequisites) that did not pass is the failure named.
 */
const NEEDS: Partial<Record<DoctorCheckId, DoctorCheckId[]>> = {
  'coupons.login': ['coupons.health'],
  'coupons.account': ['coupons.login'],
  'coupons.balance': ['coupons.account', 'coupons.login'],
  'coupons.token': ['coupons.login'],
  'coupons.callbackUrl': ['coupons.login', 'listener.bound'],
  'feed.keyExpiry': ['feed.key'],
  'feed.address': ['feed.key'],
  'feed.language': ['feed.key'],
  'feed.sports': ['feed.key'],
  'clock.offset': ['coupons.health'],
  'listener.signed': ['listener.bound'],
  'listener.unsigned': ['listener.bound'],
  'listener.secret': ['listener.bound'],
  'listener.reachable': ['listener.bound'],
  'storage.disk': ['storage.history'],
}

const isCheckId = (v: unknown): v is DoctorCheckId => typeof v === 'string' && (DOCTOR_CHECK_IDS as readonly string[]).includes(v)

/** The check a skipped one waits on, as the report tells it (its figure names it) or as the checks depend. */
export function waitsOn(report: DoctorReportDto, check: DoctorCheckDto): DoctorCheckId | null {
  if (check.verdict !== 'skip') return null
  const named = [check.figure?.value, check.figure?.extra?.['waitsOn'], check.figure?.extra?.['after']].find(isCheckId)
  if (named) return named
  const verdictOf = new Map(report.checks.map((c) => [c.id, c.verdict]))
  const seen = new Set<DoctorCheckId>()
  const walk = (id: DoctorCheckId): DoctorCheckId | null => {
    for (const need of NEEDS[id] ?? []) {
      if (seen.has(need)) continue
      seen.add(need)
      const v = verdictOf.get(need)
      if (v === 'fail' || v === 'warn') return need
      const deeper = walk(need)
      if (deeper) return deeper
    }
    return null
  }
  return walk(check.id)
}

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
export function figureValue(t: T, figure: Pick<DoctorFigureDto, 'value' | 'unit'>, lang: UiLanguage): string {
  const v = figure.value
  if (v === null) return '—'
  if (typeof v === 'boolean') return v ? t('doctor.unit.yes') : t('doctor.unit.no')
  if (typeof v === 'string') return v
  switch (figure.unit) {
    case 'ms':
      return Math.abs(v) >= 1000 ? `${number(v / 1000, lang, 1)} s` : `${number(v, lang)} ms`
    case 's':
      return `${number(v, lang, 1)} s`
    case 'days':
      return t('doctor.unit.days', { n: number(v, lang, 1) }, Math.abs(v))
    case 'bytes':
      return bytes(v, lang)
    case 'mode':
      return `0${(v & 0o777).toString(8).padStart(3, '0')}`
    default:
      return number(v, lang, 2)
  }
}

/** The figure in words: `doctor.figure.<kind>` given `{value}` (in its unit) and its extras; raw when the kind is not known. */
export function figureText(t: T, figure: DoctorFigureDto | null, lang: UiLanguage): string {
  if (!figure) return ''
  const value = figureValue(t, figure, lang)
  const extra: Record<string, string> = {}
  for (const [k, v] of Object.entries(figure.extra ?? {})) extra[k] = v === null ? '—' : typeof v === 'number' ? figureValue(t, { value: v, unit: k.endsWith('Ms') ? 'ms' : figure.unit ?? null }, lang) : typeof v === 'boolean' ? (v ? t('doctor.unit.yes') : t('doctor.unit.no')) : v
  if (own(enDoctor.doctor.figure, figure.kind)) return t(`doctor.figure.${figure.kind}` as MessageKey, { ...extra, value, n: typeof figure.value === 'number' ? figure.value : 0 }, typeof figure.value === 'number' ? Math.abs(figure.value) : undefined)
  const rest = Object.entries(extra).map(([k, v]) => `${k} ${v}`)
  return [`${figure.kind}: ${value}`, ...rest].join(' · ')
}

/** What to do, in words; the code itself when this build does not know it. */
export function adviceText(t: T, advice: string | null): { text: string; known: boolean } | null {
  if (!advice) return null
  return own(enDoctor.doctor.advice, advice) ? { text: t(`doctor.advice.${advice}` as MessageKey), known: true } : { text: advice, known: false }
}
