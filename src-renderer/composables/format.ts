/** Pure formatters for money, odds and time. `zone` is the active profile's choice. */
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

function parts(ms: number, zone: Zone): { y: string; mo: string; d: string; h: string; mi: string; s: string } {
  const dt = new Date(ms)
  const utc = zone === 'utc'
  const p = (n: number): string => String(n).padStart(2, '0')
  return {
    y: String(utc ? dt.getUTCFullYear() : dt.getFullYear()),
    mo: p((utc ? dt.getUTCMonth() : dt.getMonth()) + 1),
    d: p(utc ? dt.getUTCDate() : dt.getDate()),
    h: p(utc ? dt.getUTCHours() : dt.getHours()),
    mi: p(utc ? dt.getUTCMinutes() : dt.getMinutes()),
    s: p(utc ? dt.getUTCSeconds() : dt.getSeconds()),
  }
}

export function formatDateTime(ms: number | null | undefined, zone: Zone): string {
  if (ms === null || ms === undefined || !Number.isFinite(ms)) return '—'
  const x = parts(ms, zone)
  return `${x.y}-${x.mo}-${x.d} ${x.h}:${x.mi}:${x.s}${zone === 'utc' ? 'Z' : ''}`
}

export function formatTime(ms: number | null | undefined, zone: Zone): string {
  if (ms === null || ms === undefined || !Number.isFinite(ms)) return '—'
  const x = parts(ms, zone)
  return `${x.h}:${x.mi}:${x.s}`
}

/** Match start: date without seconds. */
export function formatStart(ms: number | null | undefined, zone: Zone): string {
  if (ms === null || ms === undefined || !Number.isFinite(ms) || ms <= 0) return '—'
  const x = parts(ms, zone)
  return `${x.mo}-${x.d} ${x.h}:${x.mi}`
}

/** Live timer seconds as mm:ss. */
export function formatTimer(sec: number): string {
  if (!Number.isFinite(sec) || sec <= 0) return ''
  const m = Math.floor(sec / 60)
  const s = Math.floor(sec % 60)
  return `${m}'${String(s).padStart(2, '0')}`
}
