import type { Clock } from '../shared/clock.js'
import type { Db } from './db.js'
import type { SeenIn } from './elsewhere.js'
import type { Queries } from './queries.js'
import { isFinalStatus, stateKey } from './snapshot.js'
import type { SnapshotWrites } from './snapshot-writes.js'
import type { CouponSnapshot, PlacementOptions, TimelineEntry } from './types.js'

/**
 * The desk's own writes about coupons, each one transaction (run with `.immediate`): the coupons it
 * placed, the reads of a coupon's current state, and the callbacks found missing after a read.
 */
export interface CouponWrites {
  placementTx: { immediate(coupons: CouponSnapshot[], opts: PlacementOptions): TimelineEntry[] }
  pollTx: { immediate(snap: CouponSnapshot, ticket: number | undefined, seenIn: SeenIn | undefined): TimelineEntry[] }
  missedTx: { immediate(graceMs: number, now: number): TimelineEntry[] }
}

export interface CouponWriteDeps {
  clock: Clock
  q: Queries
  writes: SnapshotWrites
}

export function createCouponWrites(db: Db, { clock, q, writes }: CouponWriteDeps): CouponWrites {
  const { applySnapshot, writeEntry, writeVersion, ticketOf } = writes
  const stmt = {
    getCoupon: db.prepare('SELECT * FROM coupons WHERE code = ?'),
    insertCoupon: db.prepare('INSERT INTO coupons (code, updated_at) VALUES (?, ?)'),
    updateCoupon: db.prepare(`UPDATE coupons SET status = ?, real_win = ?, calculate_date = ?, amount = COALESCE(?, amount),
      last_source = ?, updated_at = ?, raw = ?, state_key = ?, result_processed = ?, cycle_callback_at = ?, cycle_poll_at = ?,
      cycle_missed = ?, first_lost_seen = ? WHERE code = ?`),
    placeCoupon: db.prepare(`UPDATE coupons SET amount = COALESCE(?, amount), placed_by_desk = 1, callback_expected = ?,
      currency = COALESCE(?, currency), updated_at = ? WHERE code = ?`),
    seenEntry: db.prepare("SELECT id FROM timeline WHERE coupon_code = ? AND kind = 'coupon_seen' LIMIT 1"),
    missedCandidates: db.prepare(`SELECT * FROM coupons WHERE result_processed = 1 AND cycle_poll_at IS NOT NULL
      AND cycle_callback_at IS NULL AND cycle_missed = 0 AND placed_by_desk = 1 AND callback_expected = 1 AND cycle_poll_at + ? <= ?`),
    setMissed: db.prepare('UPDATE coupons SET cycle_missed = 1 WHERE code = ?'),
  }

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

  return { placementTx, pollTx, missedTx }
}
