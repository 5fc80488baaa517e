import type { PnlDto, PnlFiguresDto, PnlGroupDto } from '../../../src-shared/vocabulary/pnl.js'
import { fromMinor, toMinor } from '../../../src-shared/vocabulary/pnl.js'
import { COUPON_LOST, COUPON_RETURNED, COUPON_WON } from '../../../src-shared/vocabulary/statuses.js'

/** A finally settled coupon as the P&L reads it (figures.ts). */
export interface SettledCouponRow {
  code: string
  status: number
  amount: number | null
  realWin: number | null
  /** The service's settlement time (`calculate_date`), else when the history learnt the result. */
  settledAt: number
  /** The sports its bets are on, as any stored read named them (empty when none did). */
  sports: Array<{ id: number | null; name: string | null }>
}

interface Sums {
  stakes: number
  payouts: number
  coupons: number
  won: number
  lost: number
  returned: number
  incomplete: number
}
const empty = (): Sums => ({ stakes: 0, payouts: 0, coupons: 0, won: 0, lost: 0, returned: 0, incomplete: 0 })

const QUARTER_HOUR = 900_000

/**
 * `YYYY-MM-DD` of a time in a zone (en-CA writes the ISO order). Every zone's offset is a whole number of
 * quarter hours, so a day never changes inside a UTC quarter hour: one formatting per quarter hour seen.
 */
export function dayKeyOf(timeZone: string): (ms: number) => string {
  const f = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' })
  const seen = new Map<number, string>()
  return (ms) => {
    const bucket = Math.floor(ms / QUARTER_HOUR)
    let day = seen.get(bucket)
    if (day === undefined) seen.set(bucket, (day = f.format(bucket * QUARTER_HOUR)))
    return day
  }
}

/** One sport, `mixed` for several, `unknown` for none; the name when there is one sport. */
export function sportOf(row: Pick<SettledCouponRow, 'sports'>): { key: string; label: string | null } {
  const byKey = new Map<string, string | null>()
  for (const s of row.sports) {
    const key = s.id !== null ? String(s.id) : s.name !== null ? `name:${s.name}` : null
    if (key !== null && (!byKey.has(key) || byKey.get(key) === null)) byKey.set(key, s.name)
  }
  if (byKey.size === 0) return { key: 'unknown', label: null }
  if (byKey.size > 1) return { key: 'mixed', label: null }
  const [[key, label]] = [...byKey]
  return { key, label }
}

function add(sums: Sums, row: SettledCouponRow, decimals: number): void {
  sums.coupons += 1
  sums.stakes += row.amount === null ? 0 : toMinor(row.amount, decimals)
  sums.payouts += row.realWin === null ? 0 : toMinor(row.realWin, decimals)
  if (row.amount === null || row.realWin === null) sums.incomplete += 1
  if (row.status === COUPON_WON) sums.won += 1
  else if (row.status === COUPON_LOST) sums.lost += 1
  else if (row.status === COUPON_RETURNED) sums.returned += 1
}

function figures(s: Sums, decimals: number): PnlFiguresDto {
  return {
    stakes: fromMinor(s.stakes, decimals),
    payouts: fromMinor(s.payouts, decimals),
    pnl: fromMinor(s.payouts - s.stakes, decimals),
    coupons: s.coupons,
    won: s.won,
    lost: s.lost,
    returned: s.returned,
    incomplete: s.incomplete,
  }
}

/**
 * Settled P&L in the client-account view (payout − stake), per day of the settlement in `timeZone` and
 * per sport, summed in whole minor units so every group adds up to the total exactly.
 */
export function aggregatePnl(rows: readonly SettledCouponRow[], options: { timeZone: string; decimals: number }): PnlDto {
  const { timeZone, decimals } = options
  const dayOf = dayKeyOf(timeZone)
  const total = empty()
  const days = new Map<string, Sums>()
  const sports = new Map<string, { sums: Sums; label: string | null }>()
  for (const row of rows) {
    add(total, row, decimals)
    const day = dayOf(row.settledAt)
    if (!days.has(day)) days.set(day, empty())
    add(days.get(day)!, row, decimals)
    const sport = sportOf(row)
    if (!sports.has(sport.key)) sports.set(sport.key, { sums: empty(), label: sport.label })
    add(sports.get(sport.key)!.sums, row, decimals)
  }
  const dayGroups: PnlGroupDto[] = [...days].sort(([a], [b]) => (a < b ? 1 : a > b ? -1 : 0)).map(([key, s]) => ({ key, label: null, ...figures(s, decimals) }))
  const sportGroups = [...sports]
    .map(([key, { sums, label }]) => ({ key, label, size: Math.abs(sums.payouts - sums.stakes), ...figures(sums, decimals) }))
    .sort((a, b) => b.size - a.size || b.coupons - a.coupons || a.key.localeCompare(b.key))
    .map(({ size: _size, ...group }) => group)
  return { timeZone, decimals, total: figures(total, decimals), days: dayGroups, sports: sportGroups }
}
