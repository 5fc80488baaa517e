/**
 * The newest settlement a profile's history holds, read without the store: the file is opened
 * read-only and never created, so looking at a profile that has no history leaves none behind, and a
 * history another process writes (the console, `desk listen`) is only read.
 */
import { existsSync } from 'node:fs'
import Database from 'libsql'

export interface LastSettlement {
  /** When the result was taken in (the service's settlement time where known, else the entry's). */
  at: number
  couponCode: string
  /** The coupon's status code as stored; null when not stored. */
  status: number | null
  stake: number | null
  realWin: number | null
}

/** Entries that credited a result to the client account. */
const SETTLED_KINDS = ['settled', 'resettled', 'discovered_by_polling', 'late_callback'] as const

interface Row {
  at: number
  coupon_code: string
  entry_status: number | null
  status: number | null
  amount: number | null
  real_win: number | null
  calculate_date: number | null
}

const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : typeof v === 'bigint' ? Number(v) : null)

/** Null when the file does not exist, holds no settlement, or is not a history (a wrong or damaged file). */
export function readLastSettlement(file: string): LastSettlement | null {
  if (!existsSync(file)) return null
  let db: InstanceType<typeof Database> | null = null
  try {
    db = new Database(file, { readonly: true, fileMustExist: true })
    const marks = SETTLED_KINDS.map(() => '?').join(',')
    const row = db
      .prepare(
        `SELECT t.at, t.coupon_code, t.status AS entry_status, c.status, c.amount, c.real_win, c.calculate_date
           FROM timeline t LEFT JOIN coupons c ON c.code = t.coupon_code
          WHERE t.kind IN (${marks}) AND t.coupon_code IS NOT NULL
          ORDER BY t.id DESC LIMIT 1`,
      )
      .get(...SETTLED_KINDS) as Row | undefined
    if (!row) return null
    const at = num(row.calculate_date) ?? num(row.at)
    if (at === null || typeof row.coupon_code !== 'string') return null
    return { at, couponCode: row.coupon_code, status: num(row.status) ?? num(row.entry_status), stake: num(row.amount), realWin: num(row.real_win) }
  } catch {
    return null
  } finally {
    db?.close()
  }
}
