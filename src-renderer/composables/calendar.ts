/**
 * The Line browser's period choice: the default list (Top for a whole sport) or the match calendar
 * (next 2/4/6/12 hours, the rest of today, or a whole day +1..+5). Days are Europe/Kyiv days, as
 * the service counts them.
 */
import type { CalendarPeriodDto } from '../../src-shared/contract.js'

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

const DAY_MS = 86_400_000

function kyivFormatter(options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  try {
    return new Intl.DateTimeFormat('en-GB', { ...options, timeZone: 'Europe/Kyiv' })
  } catch {
    // Older time-zone tables know the city by its former spelling only.
    return new Intl.DateTimeFormat('en-GB', { ...options, timeZone: 'Europe/Kiev' })
  }
}

/** The Kyiv calendar date of `nowMs` plus `offset` days: ISO date and a short label ("Fri 15 May"). */
export function kyivDay(nowMs: number, offset: number): { iso: string; label: string } {
  const parts = Object.fromEntries(kyivFormatter({ year: 'numeric', month: '2-digit', day: '2-digit' }).formatToParts(new Date(nowMs)).map((p) => [p.type, p.value]))
  // Noon UTC of the Kyiv date, moved by whole days: no daylight-saving edge can change the date.
  const noon = Date.UTC(Number(parts.year), Number(parts.month) - 1, Number(parts.day), 12) + offset * DAY_MS
  const d = new Date(noon)
  const iso = d.toISOString().slice(0, 10)
  const label = new Intl.DateTimeFormat('en-GB', { weekday: 'short', day: 'numeric', month: 'short', timeZone: 'UTC' }).format(d)
  return { iso, label }
}
