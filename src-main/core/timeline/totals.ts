import type { Db } from './db.js'
import { roundMoney } from './ledger.js'

/**
 * Running totals of the two balances without a pass over the whole history per page: the sum of each
 * block of BLOCK entry ids is kept in `timeline_totals` (a cache: rebuilt from `timeline` at will, so it
 * lives outside the numbered migrations), and the totals before any entry are the sum of the whole
 * blocks before it plus the few rows of its own block. A block is kept only once complete (a later id
 * exists); an entry's effect that changes afterwards (a coupon's amount learnt late) drops the blocks
 * from that coupon's first entry on (`invalidateCoupon`).
 */
export const TOTALS_BLOCK = 1024

/**
 * Each entry's effect on the two balances, in SQL (the same rules as ledger.ts `entryEffects`). A damaged
 * row (data not JSON) has no known effect and makes the totals from it on incomplete.
 */
const LEDGER_KIND = `json_extract(t.data, '$.ledger.kind')`
const PREVIOUS_CREDIT = `(SELECT json_extract(p.data, '$.ledger.amount') FROM timeline p WHERE p.coupon_code = t.coupon_code AND p.id < t.id
  AND json_valid(p.data) AND json_extract(p.data, '$.ledger.kind') = 'credit' ORDER BY p.id DESC LIMIT 1)`
const effectSql = (reDeduct: string) => `CASE WHEN NOT json_valid(t.data) THEN NULL
  WHEN t.kind = 'coupon_placed' AND json_extract(t.data, '$.claimed') THEN 0
  WHEN t.kind IN ('coupon_placed', 'coupon_seen') THEN -COALESCE(json_extract(t.data, '$.amount'), c.amount)
  WHEN ${LEDGER_KIND} = 'credit' THEN json_extract(t.data, '$.ledger.amount')
  WHEN ${LEDGER_KIND} = 're_deduct' THEN ${reDeduct} ELSE 0 END`
export const SERVICE_EFFECT = effectSql(`-COALESCE(json_extract(t.data, '$.ledger.reversed'), ${PREVIOUS_CREDIT})`)
export const PARTNER_EFFECT = effectSql('-c.amount')
export const EFFECTS_FROM = `FROM timeline t LEFT JOIN coupons c ON c.code = t.coupon_code`

export interface Sums {
  service: number
  partner: number
  /** Entries whose effect is not known (counted as 0). */
  unknown: number
}

const ZERO: Sums = { service: 0, partner: 0, unknown: 0 }
const add = (a: Sums, b: Sums): Sums => ({ service: roundMoney(a.service + b.service), partner: roundMoney(a.partner + b.partner), unknown: a.unknown + b.unknown })

export function createTotals(db: Db) {
  db.exec(`CREATE TABLE IF NOT EXISTS timeline_totals (
    block INTEGER PRIMARY KEY, service REAL NOT NULL, partner REAL NOT NULL, unknown INTEGER NOT NULL)`)
  const sumBetween = db.prepare(`SELECT COALESCE(SUM(s), 0) AS service, COALESCE(SUM(p), 0) AS partner,
    SUM(CASE WHEN s IS NULL OR p IS NULL THEN 1 ELSE 0 END) AS unknown
    FROM (SELECT ${SERVICE_EFFECT} AS s, ${PARTNER_EFFECT} AS p ${EFFECTS_FROM} WHERE t.id BETWEEN ? AND ?)`)
  const blocks = db.prepare('SELECT block, service, partner, unknown FROM timeline_totals WHERE block < ? ORDER BY block')
  const putBlock = db.prepare('INSERT OR REPLACE INTO timeline_totals (block, service, partner, unknown) VALUES (?, ?, ?, ?)')
  const maxId = db.prepare('SELECT COALESCE(MAX(id), 0) AS id FROM timeline')
  const firstOf = db.prepare('SELECT MIN(id) AS id FROM timeline WHERE coupon_code = ?')
  const dropFrom = db.prepare('DELETE FROM timeline_totals WHERE block >= ?')

  const sums = (lo: number, hi: number): Sums => {
    if (hi < lo) return ZERO
    const r = sumBetween.get(lo, hi) as { service: unknown; partner: unknown; unknown: unknown }
    return { service: Number(r.service ?? 0), partner: Number(r.partner ?? 0), unknown: Number(r.unknown ?? 0) }
  }

  return {
    /** Totals of every entry with an id below `id`. */
    before(id: number): Sums {
      const block = Math.floor(id / TOTALS_BLOCK)
      let total = ZERO
      let next = 0
      for (const r of blocks.all(block) as Array<{ block: number; service: number; partner: number; unknown: number }>) {
        if (Number(r.block) !== next) break
        total = add(total, { service: Number(r.service), partner: Number(r.partner), unknown: Number(r.unknown) })
        next += 1
      }
      const newest = Number((maxId.get() as { id: unknown }).id)
      // Blocks not kept yet: summed once and kept when complete.
      for (; next < block; next++) {
        const part = sums(next * TOTALS_BLOCK, (next + 1) * TOTALS_BLOCK - 1)
        if (newest >= (next + 1) * TOTALS_BLOCK) putBlock.run(next, part.service, part.partner, part.unknown)
        total = add(total, part)
      }
      return add(total, sums(block * TOTALS_BLOCK, id - 1))
    },
    /** The effects of this coupon's entries may have changed (its amount became known): its blocks are summed again. */
    invalidateCoupon(code: string): void {
      const row = firstOf.get(code) as { id: unknown } | undefined
      if (row && row.id !== null && row.id !== undefined) dropFrom.run(Math.floor(Number(row.id) / TOTALS_BLOCK))
    },
  }
}
