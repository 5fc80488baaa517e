/**
 * The doctor's report in words: a check's name, its figure and its advice, from the codes main sends.
 * A figure kind or advice code this build does not know is shown raw (`kind: value`, the code), never
 * blank. A skipped check names the failure it waits on.
 */
import type { DoctorCheckDto, DoctorCheckId, DoctorReportDto, DoctorVerdict } from '../../src-shared/contract.js'
import { DOCTOR_CHECK_IDS } from '../../src-shared/vocabulary/doctor.js'
import { enDoctor } from '../i18n/en-doctor.js'
import type { MessageKey } from '../i18n/index.js'
import type { T } from '../i18n/words.js'
import { figureText } from './doctor-figures.js'
import type { UiLanguage } from '../i18n/index.js'
export { figureText, figureValue } from './doctor-figures.js'

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
 * What a check waits on when it was skipped: the checks it cannot run without (as the doctor runs them,
 * src-main/core/desk/doctor). The first of them (through their own prerequisites) that did not pass is named.
 */
const NEEDS: Partial<Record<DoctorCheckId, DoctorCheckId[]>> = {
  'coupons.login': ['coupons.health'],
  'coupons.account': ['coupons.health'],
  'coupons.balance': ['coupons.login', 'coupons.account'],
  'coupons.token': ['coupons.login', 'coupons.account'],
  'coupons.callbackUrl': ['storage.history'],
  'clock.offset': ['coupons.health'],
  'feed.keyExpiry': ['feed.key'],
  'feed.address': ['feed.key'],
  'feed.language': ['feed.key', 'feed.address'],
  'feed.sports': ['feed.key', 'feed.address'],
  'listener.signed': ['listener.bound'],
  'listener.unsigned': ['listener.bound'],
  'listener.secret': ['storage.history'],
  'listener.reachable': ['listener.bound'],
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
  const needed = walk(check.id)
  if (needed) return needed
  // A check may also step aside for a sibling that names the fault (a sign-in refused for the account's state).
  const domain = check.id.split('.')[0]
  const failing = report.checks.filter((c) => c.verdict === 'fail')
  return (failing.find((c) => c.id.split('.')[0] === domain) ?? failing[0])?.id ?? null
}

/** What to do, in words; the code itself when this build does not know it. */
export function adviceText(t: T, advice: string | null): { text: string; known: boolean } | null {
  if (!advice) return null
  return own(enDoctor.doctor.advice, advice) ? { text: t(`doctor.advice.${advice}` as MessageKey), known: true } : { text: advice, known: false }
}

/** One check of a report in words, as the card's row and the copied text show it. */
export interface CheckWords {
  check: DoctorCheckDto
  title: string
  figure: string
  advice: { text: string; known: boolean } | null
  /** A skipped check: which one it waits on, and what to fix first. */
  waits: string | null
  fixFirst: string | null
  /** Access refused or not reachable; 'other' says nothing more than the verdict. */
  failure: string | null
}

export function checkWords(t: T, report: DoctorReportDto, c: DoctorCheckDto, lang: UiLanguage): CheckWords {
  const waits = waitsOn(report, c)
  return {
    check: c,
    title: checkTitle(t, c.id),
    figure: figureText(t, c.figure, lang),
    advice: adviceText(t, c.advice),
    waits: c.verdict === 'skip' ? (waits ? t('doctor.waitsOn', { check: checkTitle(t, waits) }) : t('doctor.waitsOnEarlier')) : null,
    fixFirst: c.verdict === 'skip' && waits ? t('doctor.fixFirst', { check: checkTitle(t, waits) }) : null,
    failure: c.failure && c.failure !== 'other' ? t(`doctor.failure.${c.failure}` as MessageKey) : null,
  }
}

/**
 * The report as plain text, to send to the partner's support: a heading, the overall verdict, then one
 * line per check in the card's order (verdict, check, figure, the service's own text, what to do).
 */
export function reportText(t: T, report: DoctorReportDto, lang: UiLanguage, heading: { at: string; counts: string }): string {
  const lines = [`${t('doctor.title')} · ${report.profileName} · ${heading.at}`, `${t(`doctor.overall.${report.verdict}` as MessageKey)}: ${heading.counts}`, '']
  for (const c of report.checks) {
    const w = checkWords(t, report, c, lang)
    const parts = [`${VERDICT_MARK[c.verdict]} ${t(`doctor.verdict.${c.verdict}` as MessageKey)}`, w.failure ? `${w.title} (${w.failure})` : w.title]
    if (w.figure) parts.push(w.figure)
    if (w.waits) parts.push(w.waits)
    if (c.raw) parts.push(`${t('doctor.raw')}: ${c.raw}`)
    if (w.advice) parts.push(w.advice.text)
    lines.push(parts.join(' — '))
  }
  return `${lines.join('\n')}\n`
}
