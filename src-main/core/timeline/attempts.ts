import type { Clock } from '../shared/clock.js'
import type { Db } from './db.js'

/**
 * Placements whose outcome is unknown (timeout, 5xx, dropped connection after sending). They are
 * kept durably so an operator can still resolve them after a restart, instead of placing again.
 * The request is stored as JSON exactly as it was sent; the coupon client rebuilds its attempt.
 */
export interface StoredAttempt {
  id: string
  createdAt: number
  request: Record<string, unknown>
  startedAt: number
  endedAt: number
  errorCode: string
  errorMessage: string
  callbackUrl: string | null
  currency: string | null
}

export type AttemptOutcome = 'placed' | 'not_placed'

export interface AttemptLog {
  save(attempt: Omit<StoredAttempt, 'createdAt'>): void
  /** Unresolved attempts, oldest first. */
  pending(): StoredAttempt[]
  get(id: string): StoredAttempt | null
  settle(id: string, outcome: AttemptOutcome): void
}

function toAttempt(row: Record<string, unknown>): StoredAttempt {
  return {
    id: String(row.id),
    createdAt: Number(row.created_at),
    request: JSON.parse(String(row.request)) as Record<string, unknown>,
    startedAt: Number(row.started_at),
    endedAt: Number(row.ended_at),
    errorCode: String(row.error_code),
    errorMessage: String(row.error_message),
    callbackUrl: row.callback_url === null ? null : String(row.callback_url),
    currency: row.currency === null ? null : String(row.currency),
  }
}

export function createAttemptLog(db: Db, clock: Clock): AttemptLog {
  const insert = db.prepare(
    `INSERT OR IGNORE INTO placement_attempts (id, created_at, request, started_at, ended_at, error_code, error_message, callback_url, currency)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  )
  const open = db.prepare('SELECT * FROM placement_attempts WHERE resolved_at IS NULL ORDER BY created_at, id')
  const byId = db.prepare('SELECT * FROM placement_attempts WHERE id = ? AND resolved_at IS NULL')
  const resolve = db.prepare('UPDATE placement_attempts SET resolved_at = ?, outcome = ? WHERE id = ? AND resolved_at IS NULL')
  return {
    save(a) {
      insert.run(a.id, clock.now(), JSON.stringify(a.request), a.startedAt, a.endedAt, a.errorCode, a.errorMessage, a.callbackUrl, a.currency)
    },
    pending: () => (open.all() as Array<Record<string, unknown>>).map(toAttempt),
    get(id) {
      const row = byId.get(id) as Record<string, unknown> | undefined
      return row ? toAttempt(row) : null
    },
    settle(id, outcome) {
      resolve.run(clock.now(), outcome, id)
    },
  }
}
