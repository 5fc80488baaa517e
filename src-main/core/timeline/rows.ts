import type { CouponState } from './derive.js'
import type { CouponVersion, DeliveryRow, StoredCoupon, TimelineEntry, TimelineKind, SnapshotSource } from './types.js'

/** Row → object mapping (libsql adds a `_metadata` key to `get()` rows; we only pick named columns). */
type Row = Record<string, unknown>

const parse = (text: unknown): unknown => {
  if (typeof text !== 'string') return null
  try {
    return JSON.parse(text)
  } catch {
    return text
  }
}
const n = (v: unknown): number | null => (v === null || v === undefined ? null : Number(v))

export function toEntry(r: Row): TimelineEntry {
  return {
    id: Number(r.id),
    at: Number(r.at),
    kind: r.kind as TimelineKind,
    couponCode: (r.coupon_code as string | null) ?? null,
    source: r.source as TimelineEntry['source'],
    status: n(r.status),
    batchId: (r.batch_id as string | null) ?? null,
    group: (r.grp as string | null) ?? null,
    data: (parse(r.data) as Record<string, unknown>) ?? {},
  }
}

export function toDelivery(r: Row): DeliveryRow {
  return {
    id: Number(r.id),
    batchId: (r.batch_id as string | null) ?? null,
    receivedAt: Number(r.received_at),
    verdict: r.verdict as DeliveryRow['verdict'],
    rawSize: Number(r.raw_size),
    answerStatus: Number(r.answer_status),
    couponCount: n(r.coupon_count),
    duplicate: Number(r.duplicate) === 1,
    note: (r.note as string | null) ?? null,
  }
}

export function toCoupon(r: Row): StoredCoupon {
  return {
    code: String(r.code),
    status: n(r.status),
    amount: n(r.amount),
    realWin: n(r.real_win),
    calculateDate: n(r.calculate_date),
    placedByDesk: Number(r.placed_by_desk) === 1,
    callbackExpected: Number(r.callback_expected) === 1,
    currency: (r.currency as string | null) ?? null,
    lastSource: (r.last_source as SnapshotSource | null) ?? null,
    updatedAt: Number(r.updated_at),
    raw: parse(r.raw),
  }
}

export function toVersion(r: Row): CouponVersion {
  return {
    id: Number(r.id),
    code: String(r.code),
    version: Number(r.version),
    source: r.source as SnapshotSource,
    batchId: (r.batch_id as string | null) ?? null,
    status: n(r.status),
    observedAt: Number(r.observed_at),
    raw: parse(r.raw),
  }
}

export function toState(r: Row): CouponState {
  return {
    status: n(r.status),
    stateKey: (r.state_key as string | null) ?? null,
    resultProcessed: Number(r.result_processed) === 1,
    cycleCallbackAt: n(r.cycle_callback_at),
    cyclePollAt: n(r.cycle_poll_at),
    cycleMissed: Number(r.cycle_missed) === 1,
    firstLostSeen: Number(r.first_lost_seen) === 1,
  }
}
