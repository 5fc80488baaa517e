import type { Db } from './db.js'

/**
 * Group commits write with `synchronous = NORMAL` (their sync is the WAL sync of group-commit.ts); every
 * other write with FULL. The connection stays as the last write left it and is switched only when the
 * next write wants the other mode: a storm of group commits pays no pragma per delivery. Every write
 * path outside the group commit goes through `durable()`.
 */
export interface SyncMode {
  /** Before a write that must survive a power loss once it returns (FULL). */
  durable(): void
  /** Before a group commit, whose WAL sync is its own (NORMAL). */
  committedOnly(): void
}

export function createSyncMode(db: Db): SyncMode {
  // Not prepared statements: SQLite applies `PRAGMA synchronous` when it compiles it, not when it runs.
  let syncMode: 'full' | 'normal' = 'full'
  return {
    durable() {
      if (syncMode === 'full') return
      db.exec('PRAGMA synchronous = FULL')
      syncMode = 'full'
    },
    committedOnly() {
      if (syncMode === 'normal') return
      db.exec('PRAGMA synchronous = NORMAL')
      syncMode = 'normal'
    },
  }
}
