import { TZDate } from '@date-fns/tz'
import { addDays, startOfDay } from 'date-fns'
import { DeskError } from '../shared/errors.js'

/**
 * Match calendar (`/v1/events/{sportId}/{tournamentId}/sub/50/line/{hours}/{days}/{lang}`): Prematch
 * matches of the next 2/4/6/12 hours, the rest of today, or one whole day up to 5 days ahead.
 * Days are Europe/Kyiv calendar days; started matches are left out by the service.
 */
export const CALENDAR_TIME_ZONE = 'Europe/Kyiv'
export const CALENDAR_HOURS = [2, 4, 6, 12] as const
export const CALENDAR_MAX_DAY = 5

export type CalendarPeriod = { hours: (typeof CALENDAR_HOURS)[number] } | { day: 0 | 1 | 2 | 3 | 4 | 5 }

/** Validates a period (it also comes from the CLI and IPC) and gives the `{hours}/{days}` segments. */
export function calendarSegments(period: unknown): { hours: number; days: number } {
  const p = period as Partial<{ hours: unknown; day: unknown }> | null
  const hasHours = !!p && typeof p === 'object' && 'hours' in p
  const hasDay = !!p && typeof p === 'object' && 'day' in p
  if (hasHours && !hasDay && (CALENDAR_HOURS as readonly unknown[]).includes(p!.hours)) return { hours: p!.hours as number, days: 0 }
  if (hasDay && !hasHours && Number.isInteger(p!.day) && (p!.day as number) >= 0 && (p!.day as number) <= CALENDAR_MAX_DAY) return { hours: 0, days: p!.day as number }
  throw new DeskError('feed_params', `calendar period must be {hours: 2|4|6|12} or {day: 0..${CALENDAR_MAX_DAY}}, got ${JSON.stringify(period)}`)
}

/**
 * The time span a period covers, [fromMs, toMs): hours → now .. now + N h; day 0 → now .. the next
 * Kyiv midnight; day N → that whole Kyiv day (23 or 25 hours on clock-change days).
 */
export function calendarWindow(period: CalendarPeriod, nowMs: number): { fromMs: number; toMs: number } {
  const { hours, days } = calendarSegments(period)
  if (hours > 0) return { fromMs: nowMs, toMs: nowMs + hours * 3_600_000 }
  const now = new TZDate(nowMs, CALENDAR_TIME_ZONE)
  const dayStart = startOfDay(addDays(now, days)).getTime()
  const nextStart = startOfDay(addDays(now, days + 1)).getTime()
  return { fromMs: days === 0 ? nowMs : dayStart, toMs: nextStart }
}

/** `period` as a stable text for keys and tables: `h2`, `d0`. */
export function calendarPeriodText(period: CalendarPeriod): string {
  const { hours, days } = calendarSegments(period)
  return hours > 0 ? `h${hours}` : `d${days}`
}
