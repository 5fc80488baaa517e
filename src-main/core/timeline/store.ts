import { createAttemptLog, type AttemptLog } from './attempts.js'
import { systemClock } from '../shared/clock.js'
import { DeskError, toDeskError } from '../shared/errors.js'
import { openDatabase, type Db } from './db.js'
import { createWalSync } from './wal-sync.js'
import { startCheckpointer, type Checkpointer } from './checkpointer.js'
import { DEFAULT_LOST_BET_STATUSES, deriveEntries, type EntryDraft } from './derive.js'
import { buildLedger } from './ledger.js'
import { toCoupon, toState, toVersion } from './rows.js'
import { isFinalStatus, RECALC_STATUS, stateKey } from './snapshot.js'
import { storedPart } from '../shared/coupon-snapshot.js'
import { createQueries } from './queries.js'
import { createFigures } from './figures.js'
import { createDeliveryLog, DEFAULT_KEPT_LIMITS, toDeliveryRow } from './deliveries.js'
import { seenDraft, type SeenIn } from './elsewhere.js'
import { advance, classify, initialOrder, parseOrder, type OrderState, type OrderVerdict } from './order.js'
import type { ApplyResult, CouponSnapshot, DeliveryMeta, Ledger, PlacementOptions, RowError, SettlementBatch, SnapshotSource, TimelineEntry } from './types.js'
import type { TimelineStore, TimelineStoreOptions } from './store-api.js'
export type { CouponHistory, TimelineStore, TimelineStoreOptions } from './store-api.js'

/** How long an acknowledged group waits for its WAL sync to start (acknowledge: 'committed'). */
export const SYNC_BEHIND_MS = 5

export function openTimelineStore(file: string, options: TimelineStoreOptions = {}): TimelineStore {
  const clock = options.clock ?? systemClock
  const lostBetStatuses = new Set(options.lostBetStatuses ?? [...DEFAULT_LOST_BET_STATUSES])
  const deriveOptions = { lostBetStatuses }
  const maxRejected = options.maxRejectedRows ?? 1000
  const db: Db = openDatabase(file)
  const kept = { ...DEFAULT_KEPT_LIMITS, ...options.keptBodies }
  const deliveryLog = createDeliveryLog(db, clock, { ...kept, maxCount: Math.min(kept.maxCount, maxRejected) })
  const listeners = new Set<(entry: TimelineEntry) => void>()
  const q = createQueries(db)
  const figures = createFigures(db, (ids) => q.runningTotals(ids))
  let closed = false

  const stmt = {
    // The dedupe and the write in one statement: no row inserted means the batchId was stored before.
    // A delivery's body goes with its row (deliveries.ts): the batch stays a small key. A replayed refused
    // delivery's row may be pruned later with the refused ones: the body it applied stays on the batch.
    insertBatch: db.prepare(
      'INSERT INTO batches (batch_id, received_at, coupon_count, delivery_id, raw_body) VALUES (?, ?, ?, ?, ?) ON CONFLICT(batch_id) DO NOTHING',
    ),
    countRepeat: db.prepare('UPDATE batches SET repeats = repeats + 1 WHERE batch_id = ?'),
    pruneRejected: db.prepare(
      // A row whose body waits for a re-verify stays: the kept bodies have their own bounds (deliveries.ts).
      // The newest row always stays: ids are plain rowids, and removing the highest would hand its id out again.
      `DELETE FROM deliveries WHERE verdict <> 'valid' AND id <= (SELECT id FROM deliveries WHERE verdict <> 'valid' ORDER BY id DESC LIMIT 1 OFFSET ?)
        AND id NOT IN (SELECT delivery_id FROM delivery_bodies WHERE resolved = 0) AND id < (SELECT MAX(id) FROM deliveries)`,
    ),
    getCoupon: db.prepare('SELECT * FROM coupons WHERE code = ?'),
    // What applying a snapshot reads of a known coupon (not its raw wire copy, which it replaces).
    couponState: db.prepare(`SELECT amount, status, calculate_date, state_key, result_processed, cycle_callback_at, cycle_poll_at, cycle_missed,
      first_lost_seen, order_state, confirm_pending FROM coupons WHERE code = ?`),
    insertCoupon: db.prepare('INSERT INTO coupons (code, updated_at) VALUES (?, ?)'),
    updateCoupon: db.prepare(`UPDATE coupons SET status = ?, real_win = ?, calculate_date = ?, amount = COALESCE(?, amount),
      last_source = ?, updated_at = ?, raw = ?, state_key = ?, result_processed = ?, cycle_callback_at = ?, cycle_poll_at = ?,
      cycle_missed = ?, first_lost_seen = ? WHERE code = ?`),
    /**
     * A snapshot applied on the main path, with its order evidence and callback count, in one statement:
     * a coupon met for the first time is inserted whole, a known one updated (see applyKnown).
     */
    writeCoupon: db.prepare(`INSERT INTO coupons (code, updated_at, status, real_win, calculate_date, amount, last_source, raw, state_key,
        result_processed, cycle_callback_at, cycle_poll_at, cycle_missed, first_lost_seen, order_state, confirm_pending, callback_seq)
      VALUES (?1, ?6, ?2, ?3, ?4, ?5, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15, ?16, ?17)
      ON CONFLICT(code) DO UPDATE SET status = ?2, real_win = ?3, calculate_date = ?4, amount = COALESCE(?5, amount), last_source = ?7,
        updated_at = ?6, raw = ?8, state_key = ?9, result_processed = ?10, cycle_callback_at = ?11, cycle_poll_at = ?12, cycle_missed = ?13,
        first_lost_seen = ?14, order_state = ?15, confirm_pending = ?16, callback_seq = callback_seq + ?17`),
    placeCoupon: db.prepare(`UPDATE coupons SET amount = COALESCE(?, amount), placed_by_desk = 1, callback_expected = ?,
      currency = COALESCE(?, currency), updated_at = ? WHERE code = ?`),
    // Numbered in the same statement: the next version of this coupon.
    // (A VALUES row, not INSERT ... SELECT from the same table, which SQLite first copies into a temporary table.)
    insertVersion: db.prepare(
      `INSERT INTO coupon_versions (code, version, source, batch_id, status, observed_at, raw, snapshot)
        VALUES (?1, (SELECT COALESCE(MAX(version), 0) + 1 FROM coupon_versions WHERE code = ?1), ?2, ?3, ?4, ?5, ?6, ?7)`,
    ),
    insertEntry: db.prepare(
      'INSERT INTO timeline (at, kind, coupon_code, source, status, batch_id, grp, data) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
    ),
    missedCandidates: db.prepare(`SELECT * FROM coupons WHERE result_processed = 1 AND cycle_poll_at IS NOT NULL
      AND cycle_callback_at IS NULL AND cycle_missed = 0 AND placed_by_desk = 1 AND callback_expected = 1 AND cycle_poll_at + ? <= ?`),
    setMissed: db.prepare('UPDATE coupons SET cycle_missed = 1 WHERE code = ?'),
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
    seenEntry: db.prepare("SELECT id FROM timeline WHERE coupon_code = ? AND kind = 'coupon_seen' LIMIT 1"),
    /** The order evidence, and one more callback taken in when it is one (`callbackTicket`). */
    setOrder: db.prepare('UPDATE coupons SET order_state = ?, confirm_pending = ?, callback_seq = callback_seq + ? WHERE code = ?'),
    getTicket: db.prepare('SELECT callback_seq FROM coupons WHERE code = ?'),
    insertBalance: db.prepare('INSERT INTO balance_samples (at, balance, source) VALUES (?, ?, ?)'),
    insertAudit: db.prepare('INSERT INTO audit (at, actor, action, data) VALUES (?, ?, ?, ?)'),
  }

  function ensureOpen(): void {
    if (closed) throw new DeskError('timeline_closed', 'history store is closed')
  }

  /**
   * Group commits write with `synchronous = NORMAL` (their sync is the WAL sync below); every other
   * write with FULL. The connection stays as the last write left it and is switched only when the
   * next write wants the other mode: a storm of group commits pays no pragma per delivery. Every
   * write path outside the group commit goes through `durable()`.
   */
  // Not prepared statements: SQLite applies `PRAGMA synchronous` when it compiles it, not when it runs.
  let syncMode: 'full' | 'normal' = 'full'
  function durable(): void {
    if (syncMode === 'full') return
    db.exec('PRAGMA synchronous = FULL')
    syncMode = 'full'
  }
  function committedOnly(): void {
    if (syncMode === 'normal') return
    db.exec('PRAGMA synchronous = NORMAL')
    syncMode = 'normal'
  }

  function emit(entries: TimelineEntry[]): void {
    for (const entry of entries) {
      for (const listener of listeners) {
        try {
          listener(entry)
        } catch (error) {
          // A subscriber's failure must not undo or block storage, but it is never silent.
          const e = error instanceof Error ? error : toDeskError(error)
          options.logger?.error('timeline subscriber failed', { kind: entry.kind, couponCode: entry.couponCode, message: e.message })
          try {
            options.onSubscriberError?.(e, entry)
          } catch {
            // the reporter itself failed: the log line above is all that is left
          }
        }
      }
    }
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

  function writeEntry(code: string | null, source: TimelineEntry['source'], status: number | null, batchId: string | null, draft: EntryDraft): TimelineEntry {
    // The entry is built from what was inserted (no read back per entry); data as stored (JSON round trip).
    const at = clock.now()
    const text = JSON.stringify(withReversedPayout(code, draft.data))
    const res = stmt.insertEntry.run(at, draft.kind, code, source, status, batchId, code, text)
    return { id: Number(res.lastInsertRowid), at, kind: draft.kind, couponCode: code, source, status, batchId, group: code, data: JSON.parse(text) as Record<string, unknown> }
  }

  /**
   * A re-deduction carries the payout the service takes back on status 15 (the coupon's latest credit,
   * written before it in the same transaction when implied), so each balance's figure is fixed at write time.
   */
  function withReversedPayout(code: string | null, data: Record<string, unknown>): Record<string, unknown> {
    const ledger = data.ledger as { kind?: unknown; reversed?: unknown } | undefined
    if (!code || ledger?.kind !== 're_deduct' || ledger.reversed !== undefined) return data
    return { ...data, ledger: { ...ledger, reversed: q.lastCredit(code) } }
  }

  function writeVersion(snap: CouponSnapshot, source: SnapshotSource, batchId: string | null, rawText = JSON.stringify(snap.raw)): void {
    stmt.insertVersion.run(snap.code, source, batchId, snap.status, clock.now(), rawText, JSON.stringify(storedPart(snap)))
  }

  /** A coupon first met here, not placed by this desk, enters the ledger with its stake before what the snapshot says. */
  function applySnapshot(snap: CouponSnapshot, source: 'callback' | 'poll', batchId: string | null, seenIn?: SeenIn): TimelineEntry[] {
    const row = stmt.couponState.get(snap.code) as Record<string, unknown> | undefined
    if (row && row.amount === null && snap.amount !== null) q.invalidateCoupon(snap.code)
    if (row || !options.clientLedger) return applyKnown(snap, source, batchId, row)
    const seen = writeEntry(snap.code, source, snap.status, batchId, seenDraft(snap, seenIn ?? source))
    return [seen, ...applyKnown(snap, source, batchId, row)]
  }

  /** Off the main path the coupon keeps its state and takes only the order evidence. */
  function writeOrderOnly(snap: CouponSnapshot, known: boolean, now: number, next: OrderState, confirm: number, callbacks: number): void {
    if (!known) stmt.insertCoupon.run(snap.code, now)
    stmt.setOrder.run(JSON.stringify(next), confirm, callbacks, snap.code)
  }

  /** Applies one snapshot inside the caller's transaction, placed by its order evidence (order.ts). */
  function applyKnown(snap: CouponSnapshot, source: 'callback' | 'poll', batchId: string | null, row: Record<string, unknown> | undefined): TimelineEntry[] {
    const now = clock.now()
    let prev = row ? toState(row) : null
    const order: OrderState = (row && parseOrder(row.order_state)) ||
      initialOrder(row ? { status: prev!.status, calculateDate: row.calculate_date == null ? null : Number(row.calculate_date), resultProcessed: prev!.resultProcessed } : null)
    const verdict: OrderVerdict = prev && prev.stateKey === stateKey(snap) ? { kind: 'apply', confirm: false } : classify(prev, order, snap, source)
    // A poll is the server's state now: it settles whatever was waiting for a confirming read.
    const confirm = source === 'poll' ? 0 : row && Number(row.confirm_pending) === 1 ? 1 : verdict.kind === 'hold' || ('confirm' in verdict && verdict.confirm) ? 1 : 0
    const next = advance(order, snap, verdict)
    const callbacks = source === 'callback' ? 1 : 0
    // Entries are written with plain calls, no closure per snapshot: this runs once per coupon of every delivery.
    const code = snap.code
    const status = snap.status

    if (verdict.kind === 'stale' || verdict.kind === 'hold') {
      writeOrderOnly(snap, row !== undefined, now, next, confirm, callbacks)
      writeVersion(snap, source, batchId)
      const base = { realWin: snap.realWin, calculateDate: snap.calculateDate, outOfOrder: true }
      if (verdict.kind === 'hold') {
        return [writeEntry(code, source, status, batchId, { kind: 'recalculation_unconfirmed', data: { ...base, outOfOrder: false, reason: 'returned for recalculation after a result: confirming with the server' } })]
      }
      return [writeEntry(code, source, status, batchId, { kind: 'out_of_order', data: { ...base, reason: verdict.reason } })]
    }
    if (verdict.kind === 'older_cycle') {
      writeOrderOnly(snap, row !== undefined, now, next, confirm, callbacks)
      writeVersion(snap, source, batchId)
      const base = { realWin: snap.realWin, calculateDate: snap.calculateDate, outOfOrder: true }
      return [
        writeEntry(code, source, status, batchId, { kind: 'settled', data: { ...base, olderCycle: true, ledger: { kind: 'credit', amount: snap.realWin } } }),
        writeEntry(code, source, status, batchId, { kind: 'returned_for_recalculation', data: { ...base, implied: true, deductAgain: true, ledger: { kind: 're_deduct' } } }),
      ]
    }
    const entries: TimelineEntry[] = []
    if (verdict.kind === 'newer_cycle' && prev) {
      // The result we hold was returned for recalculation without that delivery reaching us.
      const data = { realWin: snap.realWin, calculateDate: snap.calculateDate, outOfOrder: false, implied: true, previousStatus: prev.status, deductAgain: true, ledger: { kind: 're_deduct' } }
      entries.push(writeEntry(code, source, status, batchId, { kind: 'returned_for_recalculation', data }))
      prev = { ...prev, status: RECALC_STATUS, resultProcessed: false, cycleCallbackAt: null, cyclePollAt: null, cycleMissed: false, firstLostSeen: false, stateKey: null }
    }
    const result = deriveEntries(prev, snap, source, now, deriveOptions)
    const s = result.next
    // The wire coupon goes to its version and to the coupon row: serialised once.
    const rawText = JSON.stringify(snap.raw)
    if (result.changed || source === 'callback') writeVersion(snap, source, batchId, rawText)
    stmt.writeCoupon.run(
      snap.code, s.status, snap.realWin, snap.calculateDate, snap.amount, now, source, rawText, s.stateKey,
      s.resultProcessed ? 1 : 0, s.cycleCallbackAt, s.cyclePollAt, s.cycleMissed ? 1 : 0, s.firstLostSeen ? 1 : 0, JSON.stringify(next), confirm, callbacks,
    )
    for (const draft of result.entries) entries.push(writeEntry(code, source, status, batchId, draft))
    return entries
  }

  function applyOne(batch: SettlementBatch, meta: DeliveryMeta): ApplyResult {
    const receivedAt = meta.receivedAt ?? clock.now()
    // The delivery's row first, so the batch it applies names it (a replay names its kept row).
    const deliveryId = meta.replayOf ?? deliveryLog.recordValid(batch, meta, receivedAt)
    if (Number(stmt.insertBatch.run(batch.batchId, receivedAt, batch.couponCount, deliveryId, meta.replayOf === undefined ? null : (meta.rawBody ?? null)).changes) === 0) {
      stmt.countRepeat.run(batch.batchId)
      deliveryLog.settleValid(batch, meta, deliveryId, true)
      return { processed: batch.couponCount, duplicate: true, entries: [] }
    }
    const entries: TimelineEntry[] = []
    for (const snap of batch.coupons) entries.push(...applySnapshot(snap, 'callback', batch.batchId))
    deliveryLog.settleValid(batch, meta, deliveryId, false)
    return { processed: batch.coupons.length, duplicate: false, entries }
  }
  const applyBatchTx = db.transaction(applyOne)
  const applyGroupTx = db.transaction((items: ReadonlyArray<{ batch: SettlementBatch; meta: DeliveryMeta }>): ApplyResult[] =>
    items.map(({ batch, meta }) => applyOne(batch, meta)),
  )

  const placementTx = db.transaction((coupons: CouponSnapshot[], opts: PlacementOptions): TimelineEntry[] => {
    const entries: TimelineEntry[] = []
    const callbackExpected = opts.callbackUrl ? 1 : 0
    for (const snap of coupons) {
      const now = clock.now()
      const prev = stmt.getCoupon.get(snap.code) as Record<string, unknown> | undefined
      if (!prev) {
        stmt.insertCoupon.run(snap.code, now)
        stmt.updateCoupon.run(snap.status, snap.realWin, snap.calculateDate, snap.amount, 'placement', now, JSON.stringify(snap.raw),
          stateKey(snap), 0, null, null, 0, 0, snap.code)
      }
      if (prev && prev.amount === null && snap.amount !== null) q.invalidateCoupon(snap.code)
      stmt.placeCoupon.run(snap.amount, callbackExpected, opts.currency ?? null, now, snap.code)
      if (prev && Number(prev.placed_by_desk) === 1) continue
      writeVersion(snap, 'placement', null)
      // Seen in a read before this placement's answer came (an unknown outcome resolved later): its stake is already counted.
      const claimed = prev !== undefined && stmt.seenEntry.get(snap.code) !== undefined
      entries.push(writeEntry(snap.code, 'placement', snap.status, null, {
        kind: 'coupon_placed',
        data: { amount: snap.amount, bets: snap.bets.length, callback: Boolean(opts.callbackUrl), callbackUrl: opts.callbackUrl ?? null, currency: opts.currency ?? null, placedAt: snap.createdAt ?? null, ...(claimed ? { claimed } : {}) },
      }))
    }
    return entries
  })

  const pollTx = db.transaction((snap: CouponSnapshot, ticket: number | undefined, seenIn: SeenIn | undefined): TimelineEntry[] => {
    if (ticket !== undefined && ticket !== ticketOf(snap.code)) {
      writeVersion(snap, 'poll', null)
      return []
    }
    return applySnapshot(snap, 'poll', null, seenIn)
  })

  function ticketOf(code: string): number {
    const row = stmt.getTicket.get(code) as { callback_seq?: unknown } | undefined
    return row ? Number(row.callback_seq) : 0
  }

  const missedTx = db.transaction((graceMs: number, now: number): TimelineEntry[] => {
    const rows = stmt.missedCandidates.all(graceMs, now) as Record<string, unknown>[]
    return rows.map((row) => {
      const code = String(row.code)
      stmt.setMissed.run(code)
      return writeEntry(code, 'reconciler', row.status === null ? null : Number(row.status), null, {
        kind: 'missed_callback',
        data: { foundByPollingAt: Number(row.cycle_poll_at), graceMs, final: isFinalStatus(Number(row.status)) },
      })
    })
  })

  function run<T extends TimelineEntry[] | ApplyResult>(fn: () => T): T {
    ensureOpen()
    durable()
    const result = fn()
    emit(Array.isArray(result) ? result : result.entries)
    return result
  }

  function applyGroup(items: ReadonlyArray<{ batch: SettlementBatch; meta: DeliveryMeta }>): ApplyResult[] {
    ensureOpen()
    durable()
    if (items.length === 0) return []
    const results = applyGroupTx.immediate(items)
    for (const result of results) emit(result.entries)
    return results
  }

  const inWal = file !== ':memory:' && String((db.prepare('PRAGMA journal_mode').get() as { journal_mode?: unknown } | undefined)?.journal_mode).toLowerCase() === 'wal'
  const walSync = inWal ? createWalSync(`${file}-wal`, options.datasync) : null
  const acknowledge = options.acknowledge ?? 'committed'
  // Prepared once: a group commit runs once per delivery when a sender waits for each answer.
  const groupStmt = {
    begin: db.prepare('BEGIN IMMEDIATE'),
    commit: db.prepare('COMMIT'),
    rollback: db.prepare('ROLLBACK'),
  }

  /** The group's transaction, committed with `synchronous = NORMAL`: its WAL frames are written (in the OS), not yet synced. */
  function writeGroup(items: ReadonlyArray<{ batch: SettlementBatch; meta: DeliveryMeta }>): ApplyResult[] {
    committedOnly()
    groupStmt.begin.run()
    let results: ApplyResult[]
    try {
      results = items.map(({ batch, meta }) => applyOne(batch, meta))
      groupStmt.commit.run()
    } catch (error) {
      if (db.inTransaction) groupStmt.rollback.run()
      throw error
    }
    return results
  }

  /** Started by the first group commit: only a listener writes often enough to feel a checkpoint inside a commit. */
  let checkpointer: Checkpointer | null = null
  function checkpoints(): Checkpointer {
    checkpointer ??= startCheckpointer(file, {
      setAutoCheckpoint: (pages) => {
        if (!closed) db.exec(`PRAGMA wal_autocheckpoint = ${Math.trunc(pages)}`)
      },
      onError: (message) => options.logger?.warn('history checkpoint worker', { message }),
    })
    return checkpointer
  }

  /** The checkpoint worker is woken after the answers of this turn are written, not before: it would compete with them for a core. */
  let nudgeQueued = false
  function nudgeAfterAnswers(): void {
    if (nudgeQueued) return
    nudgeQueued = true
    setImmediate(() => {
      nudgeQueued = false
      if (!closed) checkpoints().nudge()
    })
  }

  /**
   * The sync nobody waits for starts a few milliseconds after the commit that asked for it, and serves
   * every commit made meanwhile: one sync per burst rather than one per delivery (each costs a thread
   * and a disk flush on a machine with two cores). A failure is never silent.
   */
  let syncTimer: ReturnType<typeof setTimeout> | null = null
  function syncBehind(): void {
    if (syncTimer) return
    syncTimer = setTimeout(() => {
      syncTimer = null
      walSync!.sync().catch((error: unknown) => options.logger?.error('history WAL sync failed after a group was acknowledged', { message: (error as Error)?.message }))
    }, SYNC_BEHIND_MS)
    syncTimer.unref?.()
  }

  async function commitGroup(items: ReadonlyArray<{ batch: SettlementBatch; meta: DeliveryMeta }>): Promise<ApplyResult[]> {
    if (!walSync) return applyGroup(items)
    ensureOpen()
    if (items.length === 0) return []
    // Every other write (placements, audit, polls) keeps FULL.
    const results = writeGroup(items)
    nudgeAfterAnswers()
    if (acknowledge === 'synced') await walSync.sync()
    else syncBehind()
    for (const result of results) emit(result.entries)
    return results
  }

  function durableAttempts(log: AttemptLog): AttemptLog {
    return {
      save: (attempt) => (durable(), log.save(attempt)),
      pending: () => log.pending(),
      get: (id) => log.get(id),
      settle: (id, outcome) => (durable(), log.settle(id, outcome)),
    }
  }

  return {
    file,
    attempts: durableAttempts(createAttemptLog(db, clock)),
    applyBatch: (batch, meta) => run(() => applyBatchTx.immediate(batch, meta)),
    applyBatches: applyGroup,
    commitBatches: commitGroup,
    prepareForDeliveries(waitMs = 2000) {
      ensureOpen()
      if (!walSync) return Promise.resolve()
      // Started here, not by the first delivery: its spawn and warm-up (tens of ms of CPU) and the main
      // connection's own checkpoints until it is up would otherwise fall on the first deliveries' answers.
      const ready = checkpoints().ready
      let timer: ReturnType<typeof setTimeout> | undefined
      const waited = new Promise<void>((resolve) => {
        timer = setTimeout(resolve, waitMs)
        timer.unref?.()
      })
      return Promise.race([ready, waited]).finally(() => clearTimeout(timer))
    },
    recordRejected(delivery) {
      ensureOpen()
      durable()
      deliveryLog.recordRejected(delivery, delivery.receivedAt ?? clock.now())
      if (delivery.verdict !== 'valid') stmt.pruneRejected.run(maxRejected)
    },
    delivery: (id) => (ensureOpen(), deliveryLog.detail(id)),
    deliveryOfBatch: (batchId) => (ensureOpen(), deliveryLog.firstOfBatch(batchId)),
    keptDeliveries: () => (ensureOpen(), deliveryLog.pending()),
    noteStillRefused: (id, reason) => (ensureOpen(), durable(), deliveryLog.noteStillRefused(id, reason)),
    keptStats: () => (ensureOpen(), deliveryLog.stats()),
    recordPlacement: (coupons, opts = {}) => run(() => placementTx.immediate(coupons, opts)),
    recordPollSnapshot: (coupon, opts = {}) => run(() => pollTx.immediate(coupon, opts.ticket, opts.seenIn)),
    callbackTicket: (code) => (ensureOpen(), ticketOf(code)),
    markMissedCallbacks: (graceMs, now) => run(() => missedTx.immediate(graceMs, now ?? clock.now())),
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
    onEntry(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    close() {
      if (closed) return
      closed = true
      listeners.clear()
      checkpointer?.close()
      if (syncTimer) {
        // The sync still to come starts now (it keeps its own descriptor past the close).
        clearTimeout(syncTimer)
        syncTimer = null
        walSync?.sync().catch((error: unknown) => options.logger?.error('history WAL sync failed at close', { message: (error as Error)?.message }))
      }
      walSync?.close()
      db.close()
    },
  }
}
