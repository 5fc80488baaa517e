import type { Clock } from '../shared/clock.js'
import type { Db } from './db.js'
import { DELIVERY_COLUMNS, toDelivery } from './rows.js'
import type { DeliveryMeta, DeliveryRow, ReceivedHeader, RejectedDelivery, ReverifyNote, SettlementBatch } from './types.js'

type Row = Record<string, unknown>

/** Bounds of the refused bodies kept raw for a re-verify (oldest dropped first). */
export interface KeptLimits {
  maxCount: number
  maxBytes: number
}
const MIB = 1024 * 1024
/** 200 bodies / 64 MiB: days of refused settlements at a desk's volume, a few full-size batches at worst. */
export const DEFAULT_KEPT_LIMITS: KeptLimits = { maxCount: 200, maxBytes: 64 * MIB }
/** Largest payload text handed to the inspector (the rest is said to be cut, never silently). */
export const INSPECTOR_PAYLOAD_MAX = 2 * MIB

export interface DeliveryDetail extends DeliveryRow {
  headers: ReceivedHeader[]
  answerBody: string | null
  /** Why in more words (schema paths), when the listener gave them. */
  detail: string | null
  /** The body as received (UTF-8 text), null when it was not stored or was dropped. */
  payload: string | null
  payloadBytes: number | null
  payloadTruncated: boolean
  /** Where the payload comes from: this delivery's kept body, or the stored batch (an applied delivery). */
  payloadSource: 'kept' | 'batch' | null
  /** The delivery that applied this batchId (itself when first). */
  firstDeliveryId: number | null
  /** Later deliveries of the same batchId (all duplicates). */
  repeats: number
}

export interface KeptDelivery {
  id: number
  receivedAt: number
  body: Buffer
  /** Every received `X-Coupon-Signature` value, in order. */
  signatures: string[]
}

export interface KeptStats {
  count: number
  bytes: number
  /** Kept bodies refused for their signature and not applied yet (what a re-verify checks). */
  pending: number
  /** Refused bodies dropped to stay within the limits (or too big to keep), since the history began. */
  dropped: { count: number; bytes: number; lastAt: number | null }
  limits: KeptLimits
}

const text = (v: unknown): string | null => (typeof v === 'string' ? v : null)
function json<T>(v: unknown, fallback: T): T {
  if (typeof v !== 'string') return fallback
  try {
    return JSON.parse(v) as T
  } catch {
    return fallback
  }
}

const BODY_STATES = new Set(['kept', 'dropped', 'over_limit'])

/** A stored delivery row with the inspector's columns. */
export function toDeliveryRow(r: Row): DeliveryRow {
  const state = text(r.body_state)
  return {
    ...toDelivery(r),
    couponCodes: json<string[]>(r.coupon_codes, []),
    claimedBatchId: text(r.claimed_batch_id),
    bodyState: state && BODY_STATES.has(state) ? (state as DeliveryRow['bodyState']) : null,
    reverify: json<ReverifyNote | null>(r.reverify, null),
  }
}

export interface DeliveryLog {
  /**
   * A valid delivery's row, written before its batch (inside the caller's transaction) so the batch can name
   * it; returns its id. A duplicate is then marked by `settleValid`; a replay has its kept row instead.
   */
  recordValid(batch: SettlementBatch, meta: DeliveryMeta, receivedAt: number): number
  /** Once the batch's dedupe spoke: a duplicate row is marked so; a replay resolves its kept row either way. */
  settleValid(batch: SettlementBatch, meta: DeliveryMeta, id: number, duplicate: boolean): void
  recordRejected(delivery: RejectedDelivery, receivedAt: number): void
  detail(id: number): DeliveryDetail | null
  /** The delivery that applied this batch (the first valid, non-duplicate one), if any. */
  firstOfBatch(batchId: string): number | null
  /** Kept bodies refused for their signature and not applied, oldest first. */
  pending(): KeptDelivery[]
  noteStillRefused(id: number, reason: string): void
  stats(): KeptStats
}

export function createDeliveryLog(db: Db, clock: Clock, limits: KeptLimits): DeliveryLog {
  const stmt = {
    insert: db.prepare(`INSERT INTO deliveries (batch_id, received_at, verdict, raw_size, answer_status, coupon_count, duplicate, note,
      headers, answer_body, detail, coupon_codes, claimed_batch_id, body_state, raw_body) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`),
    resolve: db.prepare('UPDATE deliveries SET batch_id = ?, coupon_count = ?, coupon_codes = ?, duplicate = ?, reverify = ? WHERE id = ?'),
    resolveBody: db.prepare('UPDATE delivery_bodies SET resolved = 1 WHERE delivery_id = ?'),
    // A repeat keeps no body: the batch's is the one that was applied.
    markDuplicate: db.prepare("UPDATE deliveries SET duplicate = 1, note = 'duplicate batchId', raw_body = NULL WHERE id = ?"),
    setReverify: db.prepare('UPDATE deliveries SET reverify = ? WHERE id = ?'),
    keepBody: db.prepare('INSERT INTO delivery_bodies (delivery_id, body, bytes) VALUES (?, ?, ?)'),
    totals: db.prepare('SELECT COUNT(*) AS n, COALESCE(SUM(bytes), 0) AS b FROM delivery_bodies'),
    victim: db.prepare('SELECT delivery_id, bytes, resolved FROM delivery_bodies ORDER BY resolved DESC, delivery_id ASC LIMIT 1'),
    dropBody: db.prepare('DELETE FROM delivery_bodies WHERE delivery_id = ?'),
    markDropped: db.prepare("UPDATE deliveries SET body_state = 'dropped' WHERE id = ?"),
    countDrop: db.prepare(`INSERT INTO delivery_drops (id, count, bytes, last_at) VALUES (1, 1, ?, ?)
      ON CONFLICT(id) DO UPDATE SET count = count + 1, bytes = bytes + excluded.bytes, last_at = excluded.last_at`),
    drops: db.prepare('SELECT count, bytes, last_at FROM delivery_drops WHERE id = 1'),
    get: db.prepare(`SELECT ${DELIVERY_COLUMNS} FROM deliveries WHERE id = ?`),
    body: db.prepare('SELECT body, bytes FROM delivery_bodies WHERE delivery_id = ?'),
    // Kept on the applying delivery's row; on the batch for batches written before.
    batchBody: db.prepare('SELECT COALESCE(d.raw_body, b.raw_body) AS raw_body FROM batches b LEFT JOIN deliveries d ON d.id = b.delivery_id WHERE b.batch_id = ?'),
    // The batch names the delivery that applied it (while that row is kept) and counts the repeats.
    first: db.prepare('SELECT d.id FROM batches b JOIN deliveries d ON d.id = b.delivery_id WHERE b.batch_id = ?'),
    repeats: db.prepare('SELECT repeats AS n FROM batches WHERE batch_id = ?'),
    pending: db.prepare(`SELECT d.id, d.received_at, d.headers, b.body FROM delivery_bodies b JOIN deliveries d ON d.id = b.delivery_id
      WHERE b.resolved = 0 AND d.verdict = 'forged' ORDER BY d.id`),
    pendingCount: db.prepare(`SELECT COUNT(*) AS n FROM delivery_bodies b JOIN deliveries d ON d.id = b.delivery_id WHERE b.resolved = 0 AND d.verdict = 'forged'`),
  }
  const headersText = (h: ReceivedHeader[] | undefined) => (h ? JSON.stringify(h) : null)

  /** Resolved bodies go first (their payload is in the batch too), then the oldest. */
  function prune(): void {
    for (;;) {
      const t = stmt.totals.get() as { n: number; b: number }
      if (Number(t.n) <= limits.maxCount && Number(t.b) <= limits.maxBytes) return
      const v = stmt.victim.get() as { delivery_id: number; bytes: number; resolved: number } | undefined
      if (!v) return
      stmt.dropBody.run(v.delivery_id)
      stmt.markDropped.run(v.delivery_id)
      if (Number(v.resolved) === 0) stmt.countDrop.run(Number(v.bytes), clock.now())
    }
  }

  const rejectedTx = db.transaction((d: RejectedDelivery, receivedAt: number) => {
    const body = d.body
    const fits = body !== undefined && body.length <= limits.maxBytes && limits.maxCount > 0
    const state = body === undefined ? null : fits ? 'kept' : 'over_limit'
    const res = stmt.insert.run(null, receivedAt, d.verdict, d.rawSize, d.answerStatus, null, 0, d.note, headersText(d.headers), d.answerBody ?? null,
      d.detail ?? null, d.claimed ? JSON.stringify(d.claimed.codes) : null, d.claimed?.batchId ?? null, state, null)
    const id = Number(res.lastInsertRowid)
    if (body === undefined) return
    if (!fits) return void stmt.countDrop.run(body.length, clock.now())
    stmt.keepBody.run(id, body, body.length)
    prune()
  })

  return {
    recordValid(batch, meta, receivedAt) {
      const codes = JSON.stringify(batch.coupons.map((c) => c.code))
      const res = stmt.insert.run(batch.batchId, receivedAt, 'valid', meta.rawSize, 200, batch.couponCount, 0, null,
        headersText(meta.headers), meta.answerBody ?? null, null, codes, null, null, meta.rawBody ?? null)
      return Number(res.lastInsertRowid)
    },
    settleValid(batch, meta, id, duplicate) {
      if (meta.replayOf === undefined) {
        if (duplicate) stmt.markDuplicate.run(id)
        return
      }
      const note: ReverifyNote = { at: clock.now(), outcome: duplicate ? 'duplicate' : 'applied', batchId: batch.batchId }
      stmt.resolve.run(batch.batchId, batch.couponCount, JSON.stringify(batch.coupons.map((c) => c.code)), duplicate ? 1 : 0, JSON.stringify(note), meta.replayOf)
      stmt.resolveBody.run(meta.replayOf)
    },
    recordRejected: (d, receivedAt) => rejectedTx.immediate(d, receivedAt),
    firstOfBatch: (batchId) => Number((stmt.first.get(batchId) as { id: unknown } | undefined)?.id) || null,
    detail(id) {
      const r = stmt.get.get(id) as Row | undefined
      if (!r) return null
      const row = toDeliveryRow(r)
      const batchId = row.batchId
      let payload: Buffer | string | null = null
      let source: DeliveryDetail['payloadSource'] = null
      const kept = stmt.body.get(id) as { body: Buffer | Uint8Array } | undefined
      if (kept) {
        payload = Buffer.from(kept.body)
        source = 'kept'
      } else if (batchId && row.verdict === 'valid') {
        payload = text((stmt.batchBody.get(batchId) as Row | undefined)?.raw_body)
        source = payload === null ? null : 'batch'
      }
      const bytes = payload === null ? null : typeof payload === 'string' ? Buffer.byteLength(payload) : payload.length
      let shown = payload === null ? null : typeof payload === 'string' ? payload : payload.toString('utf8')
      const truncated = shown !== null && shown.length > INSPECTOR_PAYLOAD_MAX
      if (truncated) shown = shown!.slice(0, INSPECTOR_PAYLOAD_MAX)
      const first = batchId ? Number((stmt.first.get(batchId) as { id: unknown } | undefined)?.id) || null : null
      const repeats = batchId ? Number((stmt.repeats.get(batchId) as { n: unknown } | undefined)?.n ?? 0) : 0
      return {
        ...row,
        headers: json<ReceivedHeader[]>(r.headers, []),
        answerBody: text(r.answer_body),
        detail: text(r.detail),
        payload: shown,
        payloadBytes: bytes,
        payloadTruncated: truncated,
        payloadSource: source,
        firstDeliveryId: first,
        repeats,
      }
    },
    pending() {
      return (stmt.pending.all() as Row[]).map((r) => ({
        id: Number(r.id),
        receivedAt: Number(r.received_at),
        body: Buffer.from(r.body as Uint8Array),
        signatures: json<ReceivedHeader[]>(r.headers, []).filter(([name]) => name.toLowerCase() === 'x-coupon-signature').map(([, value]) => value),
      }))
    },
    noteStillRefused(id, reason) {
      const note: ReverifyNote = { at: clock.now(), outcome: 'refused', reason }
      stmt.setReverify.run(JSON.stringify(note), id)
    },
    stats() {
      const t = stmt.totals.get() as { n: unknown; b: unknown }
      const d = stmt.drops.get() as { count: unknown; bytes: unknown; last_at: unknown } | undefined
      return {
        count: Number(t.n),
        bytes: Number(t.b),
        pending: Number((stmt.pendingCount.get() as { n: unknown }).n),
        dropped: { count: Number(d?.count ?? 0), bytes: Number(d?.bytes ?? 0), lastAt: d?.last_at == null ? null : Number(d.last_at) },
        limits: { ...limits },
      }
    },
  }
}
