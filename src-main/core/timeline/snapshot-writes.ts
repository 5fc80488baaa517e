import type { Clock } from '../shared/clock.js'
import { storedPart } from '../shared/coupon-snapshot.js'
import type { Db } from './db.js'
import { deriveEntries, type EntryDraft } from './derive.js'
import { seenDraft, type SeenIn } from './elsewhere.js'
import { advance, classify, initialOrder, parseOrder, type OrderState, type OrderVerdict } from './order.js'
import type { Queries } from './queries.js'
import { toState } from './rows.js'
import { RECALC_STATUS, stateKey } from './snapshot.js'
import type { TimelineStoreOptions } from './store-api.js'
import type { CouponSnapshot, SnapshotSource, TimelineEntry } from './types.js'

/**
 * A coupon snapshot (a callback's or a read's) written into the history: the coupon row, its version and
 * the entries it implies. Every call runs inside the caller's transaction; callback batches call it once
 * per coupon of every delivery, so nothing here allocates a closure per call.
 */
export interface SnapshotWrites {
  applySnapshot(snap: CouponSnapshot, source: 'callback' | 'poll', batchId: string | null, seenIn?: SeenIn): TimelineEntry[]
  writeEntry(code: string | null, source: TimelineEntry['source'], status: number | null, batchId: string | null, draft: EntryDraft): TimelineEntry
  writeVersion(snap: CouponSnapshot, source: SnapshotSource, batchId: string | null, rawText?: string): void
  /** Callbacks taken in for this coupon so far (`callbackTicket`). */
  ticketOf(code: string): number
}

export interface SnapshotWriteDeps {
  clock: Clock
  q: Queries
  options: Pick<TimelineStoreOptions, 'clientLedger'>
  deriveOptions: { lostBetStatuses: Set<number> }
}

export function createSnapshotWrites(db: Db, { clock, q, options, deriveOptions }: SnapshotWriteDeps): SnapshotWrites {
  const stmt = {
    // What applying a snapshot reads of a known coupon (not its raw wire copy, which it replaces).
    couponState: db.prepare(`SELECT amount, status, calculate_date, state_key, result_processed, cycle_callback_at, cycle_poll_at, cycle_missed,
      first_lost_seen, order_state, confirm_pending FROM coupons WHERE code = ?`),
    insertCoupon: db.prepare('INSERT INTO coupons (code, updated_at) VALUES (?, ?)'),
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
    // Numbered in the same statement: the next version of this coupon.
    // (A VALUES row, not INSERT ... SELECT from the same table, which SQLite first copies into a temporary table.)
    insertVersion: db.prepare(
      `INSERT INTO coupon_versions (code, version, source, batch_id, status, observed_at, raw, snapshot)
        VALUES (?1, (SELECT COALESCE(MAX(version), 0) + 1 FROM coupon_versions WHERE code = ?1), ?2, ?3, ?4, ?5, ?6, ?7)`,
    ),
    insertEntry: db.prepare(
      'INSERT INTO timeline (at, kind, coupon_code, source, status, batch_id, grp, data) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
    ),
    /** The order evidence, and one more callback taken in when it is one (`callbackTicket`). */
    setOrder: db.prepare('UPDATE coupons SET order_state = ?, confirm_pending = ?, callback_seq = callback_seq + ? WHERE code = ?'),
    getTicket: db.prepare('SELECT callback_seq FROM coupons WHERE code = ?'),
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

  function ticketOf(code: string): number {
    const row = stmt.getTicket.get(code) as { callback_seq?: unknown } | undefined
    return row ? Number(row.callback_seq) : 0
  }

  return { applySnapshot, writeEntry, writeVersion, ticketOf }
}
