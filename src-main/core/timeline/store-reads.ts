import type { Db } from './db.js'
import { toDeliveryRow, type DeliveryLog } from './deliveries.js'
import type { createFigures } from './figures.js'
import { buildLedger } from './ledger.js'
import type { Queries } from './queries.js'
import { toCoupon, toVersion } from './rows.js'
import { RECALC_STATUS } from './snapshot.js'
import type { TimelineStore, TimelineStoreOptions } from './store-api.js'
import type { Ledger, RowError, TimelineEntry } from './types.js'

/** What the store answers without writing: the history, a coupon's story, the deliveries, the figures. */
export type StoreReads = Pick<TimelineStore,
  | 'delivery' | 'deliveryOfBatch' | 'keptDeliveries' | 'keptStats' | 'openPlacedCodes' | 'openCallbackUrls' | 'pendingConfirmations'
  | 'query' | 'coupon' | 'couponHistory' | 'couponVersions' | 'deliveries' | 'ledger' | 'runningTotals' | 'codesWithEntries'
  | 'settledCoupons' | 'balanceHistory'>

export interface StoreReadDeps {
  q: Queries
  figures: ReturnType<typeof createFigures>
  deliveryLog: DeliveryLog
  options: Pick<TimelineStoreOptions, 'logger'>
  ensureOpen(): void
}

export function createStoreReads(db: Db, { q, figures, deliveryLog, options, ensureOpen }: StoreReadDeps): StoreReads {
  const stmt = {
    getCoupon: db.prepare('SELECT * FROM coupons WHERE code = ?'),
    openPlaced: db.prepare(
      `SELECT code FROM coupons WHERE (placed_by_desk = 1 AND (status IS NULL OR status IN (0, ${RECALC_STATUS}) OR result_processed = 0))
        OR confirm_pending = 1 ORDER BY code`,
    ),
    pendingConfirm: db.prepare('SELECT code FROM coupons WHERE confirm_pending = 1 ORDER BY code'),
    openByCallbackUrl: db.prepare(
      `SELECT json_extract(t.data, '$.callbackUrl') AS url, COUNT(DISTINCT c.code) AS n FROM coupons c
        JOIN timeline t ON t.coupon_code = c.code AND t.kind = 'coupon_placed'
        WHERE c.placed_by_desk = 1 AND c.callback_expected = 1 AND (c.status IS NULL OR c.status IN (0, ${RECALC_STATUS}))
          AND json_extract(t.data, '$.callbackUrl') IS NOT NULL
        GROUP BY url ORDER BY url`,
    ),
  }

  /** Damaged rows are left out of what is read, never silently: one log line names them (ids only). */
  function reportDamaged(errors: RowError[]): void {
    if (errors.length > 0) options.logger?.error('timeline rows damaged: left out of the read', { table: errors[0].table, ids: errors.map((e) => e.id) })
  }

  /** A damaged entry may have been a money row: the ledger then says it is not complete. */
  function ledgerOf(code: string, amount: number | null, entries: TimelineEntry[], errors: RowError[]): Ledger {
    const ledger = buildLedger(code, amount, entries)
    return errors.length > 0 ? { ...ledger, complete: false } : ledger
  }

  return {
    delivery: (id) => (ensureOpen(), deliveryLog.detail(id)),
    deliveryOfBatch: (batchId) => (ensureOpen(), deliveryLog.firstOfBatch(batchId)),
    keptDeliveries: () => (ensureOpen(), deliveryLog.pending()),
    keptStats: () => (ensureOpen(), deliveryLog.stats()),
    openPlacedCodes() {
      ensureOpen()
      return (stmt.openPlaced.all() as Array<{ code: string }>).map((r) => String(r.code))
    },
    openCallbackUrls() {
      ensureOpen()
      return (stmt.openByCallbackUrl.all() as Array<{ url: unknown; n: unknown }>).map((r) => ({ url: String(r.url), count: Number(r.n) }))
    },
    pendingConfirmations() {
      ensureOpen()
      return (stmt.pendingConfirm.all() as Array<{ code: string }>).map((r) => String(r.code))
    },
    query(query = {}) {
      ensureOpen()
      const page = q.timeline(query)
      if (page.errors) reportDamaged(page.errors)
      return page
    },
    coupon(code) {
      ensureOpen()
      const row = stmt.getCoupon.get(code) as Record<string, unknown> | undefined
      return row ? toCoupon(row) : null
    },
    couponHistory(code) {
      ensureOpen()
      const row = stmt.getCoupon.get(code) as Record<string, unknown> | undefined
      const coupon = row ? toCoupon(row) : null
      const { items: entries, errors } = q.entriesOf(code)
      reportDamaged(errors)
      return {
        coupon,
        versions: q.versionsOf(code).map(toVersion),
        entries,
        progressive: entries.filter((e) => e.kind === 'progressive_update' || e.kind === 'first_lost_bet'),
        ledger: ledgerOf(code, coupon?.amount ?? null, entries, errors),
        errors,
      }
    },
    couponVersions: (code) => (ensureOpen(), q.versionsOf(code).map(toVersion)),
    deliveries: (opts = {}) => (ensureOpen(), q.deliveries(opts.limit ?? 100, opts.cursor ?? null, toDeliveryRow)),
    ledger(code) {
      ensureOpen()
      const row = stmt.getCoupon.get(code) as Record<string, unknown> | undefined
      const { items, errors } = q.entriesOf(code)
      reportDamaged(errors)
      return ledgerOf(code, row ? toCoupon(row).amount : null, items, errors)
    },
    runningTotals: (ids, base) => (ensureOpen(), q.runningTotals(ids, base)),
    codesWithEntries: (codes) => (ensureOpen(), q.codesWithEntries(codes)),
    settledCoupons: (range = {}) => (ensureOpen(), figures.settledCoupons(range)),
    balanceHistory: (range = {}) => (ensureOpen(), figures.balanceHistory(range)),
  }
}
