import type { Db } from './db.js'
import { DELIVERY_COLUMNS, readRows, toEntry } from './rows.js'
import { roundMoney } from './ledger.js'
import { createTotals, TOTALS_BLOCK, EFFECTS_FROM, PARTNER_EFFECT as PARTNER, SERVICE_EFFECT as SERVICE } from './totals.js'
import type { AuditEntry, AuditQuery, BalanceSample, Page, RowError, RunningTotals, TimelineEntry, TimelineQuery } from './types.js'

type Row = Record<string, unknown>
const MAX_LIMIT = 1000

function clampLimit(limit: number | undefined, fallback: number): number {
  const value = Number.isFinite(limit) ? Math.floor(limit as number) : fallback
  return Math.min(Math.max(value, 1), MAX_LIMIT)
}

/** Cursors are opaque strings holding the last row id seen. */
function cursorId(cursor: string | null | undefined): number | null {
  if (!cursor) return null
  const id = Number.parseInt(cursor, 10)
  return Number.isSafeInteger(id) && id >= 0 ? id : null
}

/** Timeline cursors hold the last row's time and id (`at:id`): keyset paging on the `timeline_at` index. */
function timelineCursor(cursor: string | null | undefined): { at: number; id: number } | null {
  const m = cursor ? /^(-?\d+):(\d+)$/.exec(cursor) : null
  if (!m) return null
  const at = Number(m[1])
  const id = Number(m[2])
  return Number.isSafeInteger(at) && Number.isSafeInteger(id) ? { at, id } : null
}

/** Audit data as stored; text that is not JSON any more is shown as it is rather than failing the page. */
function parseOrText(text: unknown): unknown {
  if (typeof text !== 'string') return null
  try {
    return JSON.parse(text)
  } catch {
    return text
  }
}

const ELSEWHERE = 'SELECT code FROM coupons WHERE placed_by_desk = 0'

function toAudit(r: Row): AuditEntry {
  return { id: Number(r.id), at: Number(r.at), actor: String(r.actor), action: String(r.action), data: parseOrText(r.data) }
}

/** The reads over the history tables, with the running totals they cache. */
export type Queries = ReturnType<typeof createQueries>

export function createQueries(db: Db) {
  const totals = createTotals(db)
  const effectsBetweenStmt = db.prepare(`SELECT t.id AS id, ${SERVICE} AS s, ${PARTNER} AS p ${EFFECTS_FROM} WHERE t.id BETWEEN ? AND ? ORDER BY t.id`)
  const entriesOfStmt = db.prepare('SELECT * FROM timeline WHERE coupon_code = ? ORDER BY id')
  const lastCreditStmt = db.prepare(`SELECT json_extract(data, '$.ledger.amount') AS amount FROM timeline WHERE coupon_code = ?
    AND json_valid(data) AND json_extract(data, '$.ledger.kind') = 'credit' ORDER BY id DESC LIMIT 1`)
  const versionsOfStmt = db.prepare('SELECT * FROM coupon_versions WHERE code = ? ORDER BY version')

  return {
    timeline(query: TimelineQuery & { order?: 'asc' | 'desc' }): Page<TimelineEntry> {
      const where: string[] = []
      const params: unknown[] = []
      const add = (clause: string, ...values: unknown[]) => {
        where.push(clause)
        params.push(...values)
      }
      const desc = query.order === 'desc'
      if (query.from !== undefined) add('at >= ?', query.from)
      if (query.to !== undefined) add('at <= ?', query.to)
      const codes = [...new Set([...(query.couponCode !== undefined ? [query.couponCode] : []), ...(query.couponCodes ?? [])])]
      if (codes.length > 0) add(`coupon_code IN (${codes.map(() => '?').join(',')})`, ...codes)
      if (query.status !== undefined) add('status = ?', query.status)
      if (query.source !== undefined) add('source = ?', query.source)
      if (query.kind !== undefined) {
        const kinds = Array.isArray(query.kind) ? query.kind : [query.kind]
        if (kinds.length > 0) add(`kind IN (${kinds.map(() => '?').join(',')})`, ...kinds)
      }
      if (query.placement === 'elsewhere') add(`coupon_code IN (${ELSEWHERE})`)
      else if (query.placement === 'here') add(`(coupon_code IS NULL OR coupon_code NOT IN (${ELSEWHERE}))`)
      const after = timelineCursor(query.cursor)
      // A row value: the index range starts at the cursor (an OR of the two would scan from the head of the range).
      if (after !== null) add(desc ? '(at, id) < (?, ?)' : '(at, id) > (?, ?)', after.at, after.id)
      const limit = clampLimit(query.limit, 100)
      // In time order (ties by id), newest first by default: the `timeline_at` index answers any page, filtered by time or not, without a sort.
      const dir = desc ? 'DESC' : 'ASC'
      const sql = `SELECT * FROM timeline ${where.length ? 'WHERE ' + where.join(' AND ') : ''} ORDER BY at ${dir}, id ${dir} LIMIT ?`
      const rows = db.prepare(sql).all(...params, limit + 1) as Row[]
      const page = rows.slice(0, limit)
      const { items, errors } = readRows(page, toEntry)
      // The cursor follows the rows read, damaged ones included, so paging goes past them.
      const last = page[page.length - 1]
      const nextCursor = rows.length > limit ? `${Number(last.at)}:${Number(last.id)}` : null
      return errors.length > 0 ? { items, nextCursor, errors } : { items, nextCursor }
    },
    /**
     * Both balances' running totals through each of these entries, over the whole history (filters hide
     * rows, they do not change what the balances did).
     */
    runningTotals(ids: number[], base?: { id: number; totals: RunningTotals }): Map<number, RunningTotals> {
      const out = new Map<number, RunningTotals>()
      if (ids.length === 0) return out
      const sorted = [...new Set(ids)].sort((x, y) => x - y)
      // Totals through `pos - 1`; the live feed's last entry may give them without a read.
      let pos = 0
      let service = 0
      let partner = 0
      let complete = true
      if (base && base.id < sorted[0]) {
        ;({ service, partner, complete } = base.totals)
        pos = base.id + 1
      }
      let i = 0
      while (i < sorted.length) {
        if (pos === 0 || sorted[i] - pos > TOTALS_BLOCK) {
          // Far from the last one read (a filtered page spans the history): from the kept block sums.
          const sums = totals.before(sorted[i])
          ;({ service, partner } = sums)
          complete = sums.unknown === 0
          pos = sorted[i]
        }
        // The ids up to the next far gap share one scan (a page of neighbours: one statement, not one each).
        let last = i
        while (last + 1 < sorted.length && sorted[last + 1] - sorted[last] - 1 <= TOTALS_BLOCK) last++
        for (const r of effectsBetweenStmt.all(pos, sorted[last]) as Array<{ id: number; s: unknown; p: unknown }>) {
          while (sorted[i] < Number(r.id)) out.set(sorted[i++], { service, partner, complete })
          if (typeof r.s !== 'number' || typeof r.p !== 'number') complete = false
          service = roundMoney(service + (typeof r.s === 'number' ? r.s : 0))
          partner = roundMoney(partner + (typeof r.p === 'number' ? r.p : 0))
        }
        while (i <= last) out.set(sorted[i++], { service, partner, complete })
        pos = sorted[last] + 1
      }
      return out
    },
    /** Which of these codes have at least one entry. */
    codesWithEntries(codes: string[]): Set<string> {
      if (codes.length === 0) return new Set()
      const rows = db.prepare(`SELECT DISTINCT coupon_code AS code FROM timeline WHERE coupon_code IN (${codes.map(() => '?').join(',')})`).all(...codes) as Row[]
      return new Set(rows.map((r) => String(r.code)))
    },
    /** A coupon's amount became known after its entries were written: the totals through them are summed again. */
    invalidateCoupon: (code: string) => totals.invalidateCoupon(code),
    /** The payout of the coupon's latest credit entry (what a return for recalculation takes back at the service). */
    lastCredit(code: string): number | null {
      const row = lastCreditStmt.get(code) as { amount?: unknown } | undefined
      return row && typeof row.amount === 'number' ? row.amount : null
    },
    entriesOf(code: string): { items: TimelineEntry[]; errors: RowError[] } {
      return readRows(entriesOfStmt.all(code) as Row[], toEntry)
    },
    versionsOf(code: string): Row[] {
      return versionsOfStmt.all(code) as Row[]
    },
    deliveries<T extends { id: number }>(limit: number, cursor: string | null, map: (r: Row) => T): Page<T> {
      const n = clampLimit(limit, 100)
      const before = cursorId(cursor)
      const rows = (before === null
        ? db.prepare(`SELECT ${DELIVERY_COLUMNS} FROM deliveries ORDER BY id DESC LIMIT ?`).all(n + 1)
        : db.prepare(`SELECT ${DELIVERY_COLUMNS} FROM deliveries WHERE id < ? ORDER BY id DESC LIMIT ?`).all(before, n + 1)) as Row[]
      const items = rows.slice(0, n).map(map)
      return { items, nextCursor: rows.length > n ? String(items[items.length - 1].id) : null }
    },
    balances(limit: number): BalanceSample[] {
      const rows = db.prepare('SELECT * FROM balance_samples ORDER BY id DESC LIMIT ?').all(clampLimit(limit, 100)) as Row[]
      return rows.map((r) => ({ id: Number(r.id), at: Number(r.at), balance: Number(r.balance), source: String(r.source) }))
    },
    audit(limit: number): AuditEntry[] {
      const rows = db.prepare('SELECT * FROM audit ORDER BY id DESC LIMIT ?').all(clampLimit(limit, 100)) as Row[]
      return rows.map(toAudit)
    },
    /** Newest first, filtered by action, time and text (in the action name or its data), paged by id. */
    auditPage(query: AuditQuery): Page<AuditEntry> {
      const where: string[] = []
      const params: unknown[] = []
      if (query.actions && query.actions.length > 0) {
        where.push(`action IN (${query.actions.map(() => '?').join(',')})`)
        params.push(...query.actions)
      }
      const add = (clause: string, ...values: unknown[]) => {
        where.push(clause)
        params.push(...values)
      }
      if (query.from !== undefined) add('at >= ?', query.from)
      if (query.to !== undefined) add('at <= ?', query.to)
      const text = query.text?.trim()
      if (text) {
        const like = `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`
        where.push("(action LIKE ? ESCAPE '\\' OR actor LIKE ? ESCAPE '\\' OR data LIKE ? ESCAPE '\\')")
        params.push(like, like, like)
      }
      const before = cursorId(query.cursor)
      if (before !== null) add('id < ?', before)
      const n = clampLimit(query.limit, 100)
      const sql = `SELECT * FROM audit ${where.length ? 'WHERE ' + where.join(' AND ') : ''} ORDER BY id DESC LIMIT ?`
      const rows = db.prepare(sql).all(...params, n + 1) as Row[]
      const items = rows.slice(0, n).map(toAudit)
      return { items, nextCursor: rows.length > n ? String(items[items.length - 1].id) : null }
    },
  }
}
