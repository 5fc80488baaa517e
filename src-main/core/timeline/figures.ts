import type { BalanceHistoryDto, BalanceMarkerDto } from '../../../src-shared/vocabulary/pnl.js'
import { FINAL_COUPON_STATUSES } from '../../../src-shared/vocabulary/statuses.js'
import type { Db } from './db.js'
import type { SettledCouponRow } from './pnl.js'
import { EFFECTS_FROM, SERVICE_EFFECT as SERVICE } from './totals.js'
import { roundMoney } from './ledger.js'
import type { RunningTotals } from './types.js'

/** Reads behind the P&L and the balance chart: settled coupons over a range, balance reads and money entries. */
export interface FigureRange {
  from?: number
  to?: number
}

type Row = Record<string, unknown>
const FINAL = [...FINAL_COUPON_STATUSES].join(',')
const MIN = -8.64e15
const MAX = 8.64e15
/** Points the chart is sent at most per series: more than a screen's width of pixels, few enough to draw at once. */
export const MAX_CHART_POINTS = 2000

const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null)

export function createFigures(db: Db, runningTotals: (ids: number[]) => Map<number, RunningTotals>) {
  const settledAt = 'COALESCE(c.calculate_date, c.updated_at)'
  const settledStmt = db.prepare(`SELECT c.code AS code, c.status AS status, c.amount AS amount, c.real_win AS real_win, ${settledAt} AS settled_at
    FROM coupons c WHERE c.status IN (${FINAL}) AND ${settledAt} BETWEEN ? AND ?`)
  // Sports as any stored read of the coupon named them (callbacks carry none; API reads do, per bet).
  const sportsStmt = db.prepare(`WITH settled AS (SELECT c.code FROM coupons c WHERE c.status IN (${FINAL}) AND ${settledAt} BETWEEN ? AND ?)
    SELECT DISTINCT v.code AS code, json_extract(e.value, '$.sport_id') AS id, json_extract(e.value, '$.sport_name') AS name
    FROM settled s JOIN coupon_versions v ON v.code = s.code, json_each(v.raw, '$.events_data') e
    WHERE v.source <> 'callback' AND json_valid(v.raw) AND json_type(v.raw, '$.events_data') = 'array'`)
  const samplesCount = db.prepare('SELECT COUNT(*) AS n FROM balance_samples WHERE at BETWEEN ? AND ?')
  const samplesStmt = db.prepare(`SELECT at, balance FROM (SELECT at, balance, ROW_NUMBER() OVER (ORDER BY at, id) AS rn, COUNT(*) OVER () AS n
    FROM balance_samples WHERE at BETWEEN ? AND ?) WHERE (rn - 1) % ? = 0 OR rn = n ORDER BY at`)
  const latestSample = db.prepare('SELECT at, balance FROM balance_samples ORDER BY at DESC, id DESC LIMIT 1')
  const lastEntryUpTo = db.prepare('SELECT MAX(id) AS id FROM timeline WHERE at <= ?')
  const MONEY_KIND = `json_valid(t.data) AND (t.kind = 'coupon_placed' OR json_extract(t.data, '$.ledger.kind') IN ('credit', 're_deduct'))`
  const markersStmt = db.prepare(`SELECT * FROM (SELECT t.id AS id, t.at AS at, t.kind AS kind, t.coupon_code AS code,
      json_extract(t.data, '$.ledger.kind') AS ledger, ${SERVICE} AS s ${EFFECTS_FROM}
      WHERE t.at BETWEEN ? AND ? AND ${MONEY_KIND} ORDER BY t.id DESC LIMIT ?) ORDER BY id`)

  return {
    settledCoupons(range: FigureRange): SettledCouponRow[] {
      const args = [range.from ?? MIN, range.to ?? MAX]
      const sports = new Map<string, SettledCouponRow['sports']>()
      for (const r of sportsStmt.all(...args) as Row[]) {
        const code = String(r.code)
        const list = sports.get(code) ?? []
        list.push({ id: num(r.id), name: typeof r.name === 'string' && r.name !== '' ? r.name : null })
        sports.set(code, list)
      }
      return (settledStmt.all(...args) as Row[]).map((r) => ({
        code: String(r.code),
        status: Number(r.status),
        amount: num(r.amount),
        realWin: num(r.real_win),
        settledAt: Number(r.settled_at),
        sports: sports.get(String(r.code)) ?? [],
      }))
    },
    balanceHistory(range: FigureRange): BalanceHistoryDto {
      const from = range.from ?? MIN
      const to = range.to ?? MAX
      const { n } = samplesCount.get(from, to) as { n: number }
      const step = Math.max(1, Math.ceil(Number(n) / MAX_CHART_POINTS))
      const samples = (samplesStmt.all(from, to, step) as Row[]).map((r) => ({ at: Number(r.at), balance: Number(r.balance) }))
      const rows = markersStmt.all(from, to, MAX_CHART_POINTS + 1) as Row[]
      const truncated = rows.length > MAX_CHART_POINTS
      const kept = truncated ? rows.slice(rows.length - MAX_CHART_POINTS) : rows
      // The running total is relative to the history's start; the latest balance read fixes where it stands.
      const latest = latestSample.get() as { at: number; balance: number } | undefined
      const anchorId = latest ? num((lastEntryUpTo.get(latest.at) as Row | undefined)?.id) : null
      const ids = [...kept.map((r) => Number(r.id)), ...(anchorId !== null ? [anchorId] : [])]
      const totals = runningTotals(ids)
      const offset = latest ? latest.balance - (anchorId !== null ? (totals.get(anchorId)?.service ?? 0) : 0) : 0
      const markers: BalanceMarkerDto[] = kept.map((r) => ({
        entryId: Number(r.id),
        at: Number(r.at),
        kind: r.kind === 'coupon_placed' ? 'placement' : r.ledger === 're_deduct' ? 'reversal' : 'settlement',
        couponCode: r.code === null ? null : String(r.code),
        delta: num(r.s),
        balance: roundMoney(offset + (totals.get(Number(r.id))?.service ?? 0)),
      }))
      return { samples, markers, anchored: latest !== undefined, truncated }
    },
  }
}
