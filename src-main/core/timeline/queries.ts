import type { Db } from './db.js'
import { readRows, toEntry } from './rows.js'
import type { AuditEntry, BalanceSample, Page, RowError, TimelineEntry, TimelineQuery } from './types.js'

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

/** Audit data as stored; text that is not JSON any more is shown as it is rather than failing the page. */
function parseOrText(text: unknown): unknown {
  if (typeof text !== 'string') return null
  try {
    return JSON.parse(text)
  } catch {
    return text
  }
}

export function createQueries(db: Db) {
  const entriesOfStmt = db.prepare('SELECT * FROM timeline WHERE coupon_code = ? ORDER BY id')
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
      if (query.couponCode !== undefined) add('coupon_code = ?', query.couponCode)
      if (query.status !== undefined) add('status = ?', query.status)
      if (query.source !== undefined) add('source = ?', query.source)
      if (query.kind !== undefined) {
        const kinds = Array.isArray(query.kind) ? query.kind : [query.kind]
        if (kinds.length > 0) add(`kind IN (${kinds.map(() => '?').join(',')})`, ...kinds)
      }
      const after = cursorId(query.cursor)
      if (after !== null) add(desc ? 'id < ?' : 'id > ?', after)
      const limit = clampLimit(query.limit, 100)
      const sql = `SELECT * FROM timeline ${where.length ? 'WHERE ' + where.join(' AND ') : ''} ORDER BY id ${desc ? 'DESC' : 'ASC'} LIMIT ?`
      const rows = db.prepare(sql).all(...params, limit + 1) as Row[]
      const page = rows.slice(0, limit)
      const { items, errors } = readRows(page, toEntry)
      // The cursor follows the rows read, damaged ones included, so paging goes past them.
      const nextCursor = rows.length > limit ? String(Number(page[page.length - 1].id)) : null
      return errors.length > 0 ? { items, nextCursor, errors } : { items, nextCursor }
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
        ? db.prepare('SELECT * FROM deliveries ORDER BY id DESC LIMIT ?').all(n + 1)
        : db.prepare('SELECT * FROM deliveries WHERE id < ? ORDER BY id DESC LIMIT ?').all(before, n + 1)) as Row[]
      const items = rows.slice(0, n).map(map)
      return { items, nextCursor: rows.length > n ? String(items[items.length - 1].id) : null }
    },
    balances(limit: number): BalanceSample[] {
      const rows = db.prepare('SELECT * FROM balance_samples ORDER BY id DESC LIMIT ?').all(clampLimit(limit, 100)) as Row[]
      return rows.map((r) => ({ id: Number(r.id), at: Number(r.at), balance: Number(r.balance), source: String(r.source) }))
    },
    audit(limit: number): AuditEntry[] {
      const rows = db.prepare('SELECT * FROM audit ORDER BY id DESC LIMIT ?').all(clampLimit(limit, 100)) as Row[]
      return rows.map((r) => ({
        id: Number(r.id),
        at: Number(r.at),
        actor: String(r.actor),
        action: String(r.action),
        data: parseOrText(r.data),
      }))
    },
  }
}
