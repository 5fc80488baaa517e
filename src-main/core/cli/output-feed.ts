/** Tables of `desk feed account` and `desk feed calendar`. */
import { TZDate } from '@date-fns/tz'
import { format } from 'date-fns'
import type { TournamentEventsDto } from '../../../src-shared/contract.js'
import { CALENDAR_TIME_ZONE, keyExpiryWarning, type CalendarPeriod, type FeedAccount, type FeedAccountKey } from '../feed/index.js'
import { eventsTable, formatTime, table, type TimeZoneMode } from './output.js'

const list = (values: string[]) => (values.length > 0 ? values.join(', ') : '(none)')

function expiryText(ms: number | null, zone: TimeZoneMode, nowMs: number, warnDays: number): string {
  if (ms === null) return '(not given)'
  const state = keyExpiryWarning(ms, nowMs, warnDays)
  return `${formatTime(ms, zone)}${state === 'ok' ? '' : state === 'soon' ? '  (expires soon: renew the key)' : '  (EXPIRED)'}`
}

function keyRows(k: FeedAccountKey, zone: TimeZoneMode, nowMs: number, warnDays: number): Array<[string, string]> {
  return [
    ['type / status', `${k.type || '?'} / ${k.status || '?'}${k.active ? '' : '  (not active)'}`],
    ['starts', k.startsAtMs === null ? '(no start date)' : formatTime(k.startsAtMs, zone)],
    ['expires', expiryText(k.expiresAtMs, zone, nowMs, warnDays)],
    ['days left', k.daysLeft === null ? '' : String(k.daysLeft)],
    ['sports', k.sports === null ? '(not given)' : k.sports === 'all' ? 'all' : list(k.sports.map(String))],
    ['languages', list(k.languages)],
    ['access mode', k.accessMode ?? ''],
    ['allowed IPs', list(k.allowedIps)],
    ['allowed domains', list(k.allowedDomains)],
    ['last used', k.lastUsedAtMs === null ? '(never)' : formatTime(k.lastUsedAtMs, zone)],
    ['requests, 7 days', k.usage7d.map((d) => `${d.date.slice(5)}: ${d.requests}`).join('  ')],
  ]
}

export function accountTable(account: FeedAccount, zone: TimeZoneMode, nowMs: number, warnDays: number): string {
  const head = `client ${account.client.name ?? '(unnamed)'}${account.client.publicId ? ` (${account.client.publicId})` : ''}, requests from ${account.yourIp ?? '(unknown address)'}`
  const header = account.keyExpiresAtMs === null ? '' : `\nthis key expires ${expiryText(account.keyExpiresAtMs, zone, nowMs, warnDays)}`
  const keys = account.keys.map((k) => table([`key ${k.key}${k.current ? '  (this key)' : ''}`, k.label], keyRows(k, zone, nowMs, warnDays)))
  return [`${head}${header}`, ...keys, `${account.keys.length} key(s)`].join('\n')
}

const kyiv = (ms: number) => format(new TZDate(ms, CALENDAR_TIME_ZONE), 'yyyy-MM-dd HH:mm')

export function periodText(period: CalendarPeriod): string {
  if ('hours' in period) return `next ${period.hours} hours`
  return period.day === 0 ? 'rest of today' : `day +${period.day}`
}

export function calendarTable(tournaments: TournamentEventsDto[], period: CalendarPeriod, window: { fromMs: number; toMs: number }, zone: TimeZoneMode): string {
  const head = `${periodText(period)}: ${kyiv(window.fromMs)} – ${kyiv(window.toMs)} ${CALENDAR_TIME_ZONE} (matches already started are not listed)`
  return `${head}\n${eventsTable(tournaments, zone)}`
}
