/**
 * The Line browser's period choice: the default list (Top for a whole sport) or the match calendar
 * (next 2/4/6/12 hours, the rest of today, or a whole day +1..+5). Days are Europe/Kyiv days, as
 * the service counts them.
 */
import { TZDate } from '@date-fns/tz'
import { addDays, format, intlFormat } from 'date-fns'
import type { CalendarPeriodDto } from '../../src-shared/contract.js'
import type { UiLanguage } from '../i18n/index.js'

export const PERIOD_KEYS = ['top', 'h2', 'h4', 'h6', 'h12', 'd0', 'd1', 'd2', 'd3', 'd4', 'd5'] as const
export type PeriodKey = (typeof PERIOD_KEYS)[number]

export function periodOf(key: PeriodKey): CalendarPeriodDto | null {
  if (key === 'top') return null
  const n = Number(key.slice(1))
  return key.startsWith('h') ? { hours: n as 2 | 4 | 6 | 12 } : { day: n }
}

export function periodKeyOf(period: CalendarPeriodDto): PeriodKey {
  return ('hours' in period ? `h${period.hours}` : `d${period.day}`) as PeriodKey
}

/** Older time-zone tables know the city by its former spelling only. */
const KYIV = knowsZone('Europe/Kyiv') ? 'Europe/Kyiv' : 'Europe/Kiev'

function knowsZone(timeZone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-GB', { timeZone })
    return true
  } catch {
    return false
  }
}

/** The Kyiv calendar date of `nowMs` plus `offset` days: ISO date and a short label ("Fri 15 May", in uk "пт, 15 трав."). */
export function kyivDay(nowMs: number, offset: number, lang: UiLanguage = 'en'): { iso: string; label: string } {
  const day = addDays(new TZDate(nowMs, KYIV), offset)
  return {
    iso: format(day, 'yyyy-MM-dd'),
    label: intlFormat(day, { weekday: 'short', day: 'numeric', month: 'short', timeZone: KYIV }, { locale: lang === 'uk' ? 'uk-UA' : 'en-GB' }),
  }
}
