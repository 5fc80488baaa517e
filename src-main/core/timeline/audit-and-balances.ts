import type { Clock } from '../shared/clock.js'
import type { Db } from './db.js'
import type { Queries } from './queries.js'
import type { TimelineStore } from './store-api.js'

/** The desk's own records beside the settlement history: the operators' audit log and the balance reads. */
export type AuditAndBalances = Pick<TimelineStore, 'audit' | 'auditEntries' | 'auditPage' | 'recordBalance' | 'balances'>

export interface AuditAndBalanceDeps {
  clock: Clock
  q: Queries
  ensureOpen(): void
  durable(): void
}

export function createAuditAndBalances(db: Db, { clock, q, ensureOpen, durable }: AuditAndBalanceDeps): AuditAndBalances {
  const stmt = {
    insertBalance: db.prepare('INSERT INTO balance_samples (at, balance, source) VALUES (?, ?, ?)'),
    insertAudit: db.prepare('INSERT INTO audit (at, actor, action, data) VALUES (?, ?, ?, ?)'),
  }
  return {
    recordBalance(balance, source = 'poll') {
      ensureOpen()
      durable()
      const at = clock.now()
      const res = stmt.insertBalance.run(at, balance, source)
      return { id: Number(res.lastInsertRowid), at, balance, source }
    },
    balances: (opts = {}) => (ensureOpen(), q.balances(opts.limit ?? 100)),
    audit(actor, action, data) {
      ensureOpen()
      durable()
      const at = clock.now()
      const res = stmt.insertAudit.run(at, actor, action, data === undefined ? null : JSON.stringify(data))
      return { id: Number(res.lastInsertRowid), at, actor, action, data: data ?? null }
    },
    auditEntries: (opts = {}) => (ensureOpen(), q.audit(opts.limit ?? 100)),
    auditPage: (query = {}) => (ensureOpen(), q.auditPage(query)),
  }
}
