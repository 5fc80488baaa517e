/** Pure formatters for money, odds and time. `zone` is the active profile's choice. */
import { tz } from '@date-fns/tz'
import { format, isValid } from 'date-fns'

export type Zone = 'utc' | 'local'

const money = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })

export function formatMoney(value: number | null | undefined): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return '—'
  return money.format(value)
}

export function formatOdds(value: number | null | undefined): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return '—'
  // Odds keep their own precision up to 3 places, never fewer than 2 (1.5 -> 1.50, 1.875 -> 1.875).
  const fixed = value.toFixed(3).replace(/0$/, '')
  return fixed
}

const UTC = { in: tz('UTC') }

/** `pattern` in UTC or the machine's zone; a dash when there is no time or it is out of range. */
function formatIn(ms: number | null | undefined, zone: Zone, pattern: string): string {
  if (ms === null || ms === undefined || !isValid(ms)) return '—'
  return format(ms, pattern, zone === 'utc' ? UTC : undefined)
}

export function formatDateTime(ms: number | null | undefined, zone: Zone): string {
  return formatIn(ms, zone, zone === 'utc' ? "yyyy-MM-dd HH:mm:ss'Z'" : 'yyyy-MM-dd HH:mm:ss')
}

export function formatTime(ms: number | null | undefined, zone: Zone): string {
  return formatIn(ms, zone, 'HH:mm:ss')
}

/** Match start: date without seconds. */
export function formatStart(ms: number | null | undefined, zone: Zone): string {
  return ms !== null && ms !== undefined && ms <= 0 ? '—' : formatIn(ms, zone, 'MM-dd HH:mm')
}

/** Live timer seconds as mm:ss. */
export function formatTimer(sec: number): string {
  if (!Number.isFinite(sec) || sec <= 0) return ''
  const m = Math.floor(sec / 60)
  const s = Math.floor(sec % 60)
  return `${m}'${String(s).padStart(2, '0')}`
}
