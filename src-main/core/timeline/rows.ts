import { z } from 'zod'
import { TIMELINE_KINDS } from '../../../src-shared/vocabulary/timeline.js'
import { storedSnapshotSchema } from '../shared/coupon-snapshot.js'
import { DeskError } from '../shared/errors.js'
import type { CouponState } from './derive.js'
import type { CouponVersion, DeliveryRow, RowError, StoredCoupon, TimelineEntry, SnapshotSource, StoredSnapshot } from './types.js'

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

const SOURCES = ['callback', 'poll', 'placement', 'reconciler'] as const
const int = z.number().int()

const entryRowSchema = z.object({
  id: int,
  at: z.number(),
  kind: z.enum(TIMELINE_KINDS),
  coupon_code: z.string().nullable(),
  source: z.enum(SOURCES),
  status: z.number().nullable(),
  batch_id: z.string().nullable(),
  grp: z.string().nullable(),
  data: z.string(),
})
const entryDataSchema = z.record(z.string(), z.unknown())

function corrupt(table: RowError['table'], r: Row, issue: string): DeskError {
  const id = Number(r.id)
  return new DeskError('timeline_row_corrupt', `stored ${table} row ${id} is damaged: ${issue}`, { data: { table, id } })
}

function jsonObject(text: string): Record<string, unknown> | null {
  try {
    const parsed = entryDataSchema.safeParse(JSON.parse(text))
    return parsed.success ? parsed.data : null
  } catch {
    return null
  }
}

/** A timeline row read back; throws `timeline_row_corrupt` when a column or its JSON fails the check. */
export function toEntry(r: Row): TimelineEntry {
  const row = entryRowSchema.safeParse(r)
  if (!row.success) throw corrupt('timeline', r, row.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; '))
  const data = jsonObject(row.data.data)
  if (data === null) throw corrupt('timeline', r, 'data is not a JSON object')
  const v = row.data
  return { id: v.id, at: v.at, kind: v.kind, couponCode: v.coupon_code, source: v.source, status: v.status, batchId: v.batch_id, group: v.grp, data }
}

export function rowError(error: unknown): RowError | null {
  if (!(error instanceof DeskError) || error.code !== 'timeline_row_corrupt') return null
  const { table, id } = error.data as { table: RowError['table']; id: number }
  return { code: 'timeline_row_corrupt', table, id, message: error.message }
}

/** Maps rows, setting aside the damaged ones: one bad row never hides the others. */
export function readRows<T>(rows: Row[], map: (r: Row) => T): { items: T[]; errors: RowError[] } {
  const items: T[] = []
  const errors: RowError[] = []
  for (const r of rows) {
    try {
      items.push(map(r))
    } catch (error) {
      const e = rowError(error)
      if (!e) throw error
      errors.push(e)
    }
  }
  return { items, errors }
}

/** Every column of a delivery row but the applied body (read only when a delivery is opened, by batch). */
export const DELIVERY_COLUMNS = `id, batch_id, received_at, verdict, raw_size, answer_status, coupon_count, duplicate, note,
  headers, answer_body, detail, coupon_codes, claimed_batch_id, body_state, reverify`

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

/** The typed snapshot of a version; null when absent (older rows) or when it fails its check. */
export function storedSnapshot(text: unknown): StoredSnapshot | null {
  if (typeof text !== 'string') return null
  try {
    const parsed = storedSnapshotSchema.safeParse(JSON.parse(text))
    return parsed.success ? parsed.data : null
  } catch {
    return null
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
    snapshot: storedSnapshot(r.snapshot),
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
