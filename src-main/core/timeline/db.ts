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
  // 7: fewer pages written per delivery (each b-tree a delivery touches is one more page in its commit).
  // - Ids of timeline, coupon_versions and deliveries become plain rowids (no AUTOINCREMENT, whose counter
  //   page every insert rewrote): the first two are never deleted from, and the prune of refused deliveries
  //   keeps the newest row (store.ts), so no id is handed out twice.
  // - A batch is the dedupe key alone, WITHOUT ROWID (one b-tree, not a table and its key's index); it names
  //   the delivery that applied it and counts its repeats (no index on every delivery's batchId, which only
  //   the inspector read). The body of a batch applied from now on is kept on that delivery's row, last
  //   column; batches written before, and those applied by a re-verify, keep theirs.
  // Tables rebuilt by SQLite's documented procedure: new table, copy, drop, rename, indexes (migrate() turns
  // foreign keys off around it and rolls back a step that breaks references).
  `
  CREATE TABLE batches_v7 (
    batch_id TEXT PRIMARY KEY,
    received_at INTEGER NOT NULL,
    coupon_count INTEGER NOT NULL,
    delivery_id INTEGER,
    repeats INTEGER NOT NULL DEFAULT 0,
    raw_body TEXT
  ) WITHOUT ROWID;
  INSERT INTO batches_v7 (batch_id, received_at, coupon_count, delivery_id, repeats, raw_body)
    SELECT batch_id, received_at, coupon_count,
      (SELECT MIN(d.id) FROM deliveries d WHERE d.batch_id = b.batch_id AND d.duplicate = 0),
      (SELECT COUNT(*) FROM deliveries d WHERE d.batch_id = b.batch_id AND d.duplicate = 1),
      raw_body
    FROM batches b;
  DROP TABLE batches;
  ALTER TABLE batches_v7 RENAME TO batches;

  CREATE TABLE timeline_v7 (
    id INTEGER PRIMARY KEY,
    at INTEGER NOT NULL,
    kind TEXT NOT NULL,
    coupon_code TEXT,
    source TEXT NOT NULL,
    status INTEGER,
    batch_id TEXT,
    grp TEXT,
    data TEXT NOT NULL
  );
  INSERT INTO timeline_v7 (id, at, kind, coupon_code, source, status, batch_id, grp, data)
    SELECT id, at, kind, coupon_code, source, status, batch_id, grp, data FROM timeline;
  DROP TABLE timeline;
  ALTER TABLE timeline_v7 RENAME TO timeline;
  CREATE INDEX timeline_coupon ON timeline(coupon_code, id);
  CREATE INDEX timeline_at ON timeline(at, id);

  CREATE TABLE coupon_versions_v7 (
    id INTEGER PRIMARY KEY,
    code TEXT NOT NULL,
    version INTEGER NOT NULL,
    source TEXT NOT NULL,
    batch_id TEXT,
    status INTEGER,
    observed_at INTEGER NOT NULL,
    raw TEXT NOT NULL,
    snapshot TEXT,
    UNIQUE(code, version)
  );
  INSERT INTO coupon_versions_v7 (id, code, version, source, batch_id, status, observed_at, raw, snapshot)
    SELECT id, code, version, source, batch_id, status, observed_at, raw, snapshot FROM coupon_versions;
  DROP TABLE coupon_versions;
  ALTER TABLE coupon_versions_v7 RENAME TO coupon_versions;

  CREATE TABLE deliveries_v7 (
    id INTEGER PRIMARY KEY,
    batch_id TEXT,
    received_at INTEGER NOT NULL,
    verdict TEXT NOT NULL,
    raw_size INTEGER NOT NULL,
    answer_status INTEGER NOT NULL,
    coupon_count INTEGER,
    duplicate INTEGER NOT NULL DEFAULT 0,
    note TEXT,
    headers TEXT,
    answer_body TEXT,
    detail TEXT,
    coupon_codes TEXT,
    claimed_batch_id TEXT,
    body_state TEXT,
    reverify TEXT,
    raw_body TEXT
  );
  INSERT INTO deliveries_v7 (id, batch_id, received_at, verdict, raw_size, answer_status, coupon_count, duplicate, note,
      headers, answer_body, detail, coupon_codes, claimed_batch_id, body_state, reverify)
    SELECT id, batch_id, received_at, verdict, raw_size, answer_status, coupon_count, duplicate, note,
      headers, answer_body, detail, coupon_codes, claimed_batch_id, body_state, reverify FROM deliveries;
  DROP TABLE deliveries;
  ALTER TABLE deliveries_v7 RENAME TO deliveries;
  `,
  // 8: the last delivery journal record applied (delivery-journal.ts), written in the transaction that applied it
  `
  CREATE TABLE journal_applied (
    id INTEGER PRIMARY KEY CHECK (id = 1),
    seq INTEGER NOT NULL
  );
  `,
]

function userVersion(db: Db): number {
  const row = db.prepare('PRAGMA user_version').get() as { user_version?: number } | undefined
  return Number(row?.user_version ?? 0)
}

export function migrate(db: Db, steps: readonly string[] = MIGRATIONS): number {
  let version = userVersion(db)
  if (version > steps.length) {
    throw new DeskError('timeline_schema_newer', `database schema ${version} is newer than this build (${steps.length})`)
  }
  if (version === steps.length) return version
  // A step may rebuild a table others reference (drop, then rename the copy): with foreign keys on, the drop
  // would cascade into the referencing rows. Off for the steps (it cannot change inside a transaction); a
  // step that leaves more broken references than it found is rolled back (a history damaged before stays openable).
  const foreignKeys = Number((db.prepare('PRAGMA foreign_keys').get() as { foreign_keys?: number } | undefined)?.foreign_keys ?? 0)
  const brokenReferences = db.prepare('PRAGMA foreign_key_check')
  db.exec('PRAGMA foreign_keys = OFF')
  try {
    while (version < steps.length) {
      const step = steps[version]
      const next = version + 1
      db.exec('BEGIN IMMEDIATE')
      try {
        const before = brokenReferences.all().length
        db.exec(step)
        const after = brokenReferences.all().length
        if (after > before) throw new DeskError('timeline_migration_failed', `migration ${next} would break ${after - before} references`)
        db.exec(`PRAGMA user_version = ${next}`)
        db.exec('COMMIT')
      } catch (error) {
        db.exec('ROLLBACK')
        throw new DeskError('timeline_migration_failed', `migration ${next} failed`, { cause: error })
      }
      version = next
    }
  } finally {
    if (foreignKeys) db.exec('PRAGMA foreign_keys = ON')
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
