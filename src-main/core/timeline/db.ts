import Database from 'libsql'
import { DeskError } from '../shared/errors.js'
import { ensurePrivateDatabase } from '../shared/private-files.js'

export type Db = InstanceType<typeof Database>

/**
 * Numbered migration steps. `PRAGMA user_version` holds the last applied step; each step runs in its
 * own transaction together with the version bump, so a crash leaves either the old or the new schema.
 * Append new steps; never edit an applied one.
 */
export const MIGRATIONS: readonly string[] = [
  // 1: initial schema
  `
  CREATE TABLE deliveries (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    batch_id TEXT,
    received_at INTEGER NOT NULL,
    verdict TEXT NOT NULL,
    raw_size INTEGER NOT NULL,
    answer_status INTEGER NOT NULL,
    coupon_count INTEGER,
    duplicate INTEGER NOT NULL DEFAULT 0,
    note TEXT
  );
  CREATE INDEX deliveries_batch ON deliveries(batch_id);
  CREATE TABLE batches (
    batch_id TEXT PRIMARY KEY,
    received_at INTEGER NOT NULL,
    coupon_count INTEGER NOT NULL,
    raw_body TEXT
  );
  CREATE TABLE coupons (
    code TEXT PRIMARY KEY,
    status INTEGER,
    amount REAL,
    real_win REAL,
    calculate_date INTEGER,
    placed_by_desk INTEGER NOT NULL DEFAULT 0,
    callback_expected INTEGER NOT NULL DEFAULT 1,
    currency TEXT,
    last_source TEXT,
    updated_at INTEGER NOT NULL,
    raw TEXT,
    -- processed final result: 1 once a settled/resettled/discovered result was credited
    result_processed INTEGER NOT NULL DEFAULT 0,
    -- settlement cycle bookkeeping for reconciliation (reset when returned for recalculation)
    cycle_callback_at INTEGER,
    cycle_poll_at INTEGER,
    cycle_missed INTEGER NOT NULL DEFAULT 0,
    first_lost_seen INTEGER NOT NULL DEFAULT 0,
    state_key TEXT
  );
  CREATE TABLE coupon_versions (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    code TEXT NOT NULL,
    version INTEGER NOT NULL,
    source TEXT NOT NULL,
    batch_id TEXT,
    status INTEGER,
    observed_at INTEGER NOT NULL,
    raw TEXT NOT NULL,
    UNIQUE(code, version)
  );
  CREATE TABLE timeline (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    at INTEGER NOT NULL,
    kind TEXT NOT NULL,
    coupon_code TEXT,
    source TEXT NOT NULL,
    status INTEGER,
    batch_id TEXT,
    grp TEXT,
    data TEXT NOT NULL
  );
  CREATE INDEX timeline_coupon ON timeline(coupon_code, id);
  CREATE INDEX timeline_at ON timeline(at, id);
  CREATE TABLE balance_samples (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    at INTEGER NOT NULL,
    balance REAL NOT NULL,
    source TEXT NOT NULL
  );
  CREATE TABLE audit (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    at INTEGER NOT NULL,
    actor TEXT NOT NULL,
    action TEXT NOT NULL,
    data TEXT
  );
  `,
  // 2: placements with an unknown outcome, kept until resolved (attempts.ts)
  `
  CREATE TABLE placement_attempts (
    id TEXT PRIMARY KEY,
    created_at INTEGER NOT NULL,
    request TEXT NOT NULL,
    started_at INTEGER NOT NULL,
    ended_at INTEGER NOT NULL,
    error_code TEXT NOT NULL,
    error_message TEXT NOT NULL,
    callback_url TEXT,
    currency TEXT,
    resolved_at INTEGER,
    outcome TEXT
  );
  CREATE INDEX placement_attempts_open ON placement_attempts(resolved_at, created_at);
`,
  // 3: delivery order: settlement cycles taken in, and a confirming read owed (order.ts)
  `
  ALTER TABLE coupons ADD COLUMN order_state TEXT;
  ALTER TABLE coupons ADD COLUMN confirm_pending INTEGER NOT NULL DEFAULT 0;
  `,
  // 4: callbacks taken in per coupon, so a confirming read that crossed one is not applied
  `ALTER TABLE coupons ADD COLUMN callback_seq INTEGER NOT NULL DEFAULT 0;`,
  // 5: the typed snapshot beside the raw wire coupon (validated when read back; NULL on older rows)
  `ALTER TABLE coupon_versions ADD COLUMN snapshot TEXT;`,
  // 6: the delivery inspector: what was received and answered, refused bodies kept raw (bounded) for a re-verify
  `
  ALTER TABLE deliveries ADD COLUMN headers TEXT;
  ALTER TABLE deliveries ADD COLUMN answer_body TEXT;
  ALTER TABLE deliveries ADD COLUMN detail TEXT;
  ALTER TABLE deliveries ADD COLUMN coupon_codes TEXT;
  ALTER TABLE deliveries ADD COLUMN claimed_batch_id TEXT;
  ALTER TABLE deliveries ADD COLUMN body_state TEXT;
  ALTER TABLE deliveries ADD COLUMN reverify TEXT;
  CREATE TABLE delivery_bodies (
    delivery_id INTEGER PRIMARY KEY REFERENCES deliveries(id) ON DELETE CASCADE,
    body BLOB NOT NULL,
    bytes INTEGER NOT NULL,
    resolved INTEGER NOT NULL DEFAULT 0
  );
  CREATE TABLE delivery_drops (
    id INTEGER PRIMARY KEY CHECK (id = 1),
    count INTEGER NOT NULL DEFAULT 0,
    bytes INTEGER NOT NULL DEFAULT 0,
    last_at INTEGER
  );
  `,
]

function userVersion(db: Db): number {
  const row = db.prepare('PRAGMA user_version').get() as { user_version?: number } | undefined
  return Number(row?.user_version ?? 0)
}

export function migrate(db: Db): number {
  let version = userVersion(db)
  if (version > MIGRATIONS.length) {
    throw new DeskError('timeline_schema_newer', `database schema ${version} is newer than this build (${MIGRATIONS.length})`)
  }
  while (version < MIGRATIONS.length) {
    const step = MIGRATIONS[version]
    const next = version + 1
    db.exec('BEGIN IMMEDIATE')
    try {
      db.exec(step)
      db.exec(`PRAGMA user_version = ${next}`)
      db.exec('COMMIT')
    } catch (error) {
      db.exec('ROLLBACK')
      throw new DeskError('timeline_migration_failed', `migration ${next} failed`, { cause: error })
    }
    version = next
  }
  return version
}

/** Opens (creating when needed) one profile's history database: WAL, full sync on commit, migrated. */
export function openDatabase(file: string): Db {
  // Every path that opens a history (console, desk listen, desk place, desk timeline): folder 0700, file 0600.
  if (file !== ':memory:') ensurePrivateDatabase(file)
  let db: Db
  try {
    db = new Database(file)
  } catch (error) {
    throw new DeskError('timeline_open_failed', `cannot open history database`, { cause: error })
  }
  db.exec('PRAGMA journal_mode = WAL')
  // FULL: a commit is on disk before we acknowledge a delivery (survives power loss, not just a crash).
  db.exec('PRAGMA synchronous = FULL')
  db.exec('PRAGMA busy_timeout = 5000')
  db.exec('PRAGMA foreign_keys = ON')
  migrate(db)
  return db
}
