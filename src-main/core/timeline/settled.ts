import { toCoupon } from '../coupons/model.js'
import type { Bet, Coupon, CouponApiMode } from '../coupons/types.js'
import { toDeskError } from '../shared/errors.js'
import { toSnapshot } from './snapshot.js'
import type { CouponVersion } from './types.js'

/**
 * The settled coupon pushed to the console after a settlement entry, without one `coupons/get` per
 * coupon: the coupon as placed (the normalised coupon the desk recorded) with the settlement fields
 * of the latest snapshot (callback or poll) laid over it. Null when that cannot be done faithfully
 * (no placement record, a bet of the snapshot unknown to it): then a batched read is needed.
 */
export function settledFromVersions(versions: CouponVersion[]): Coupon | null {
  const record = versions.find((v) => v.source === 'placement')
  const placed = record ? asCoupon(record.raw) : null
  const latest = versions.at(-1)
  if (!placed || !latest) return null
  let snap
  try {
    snap = toSnapshot(latest.raw)
  } catch {
    return null
  }
  const byId = new Map(snap.bets.map((b) => [b.id, b]))
  if (snap.bets.length !== placed.bets.length || placed.bets.some((b) => !byId.has(String(b.id)))) return null
  const rawBets = new Map(wireBets(latest.raw).map((b) => [String(b.uuid ?? b.id), b]))
  const bets: Bet[] = placed.bets.map((bet) => {
    const s = byId.get(String(bet.id))!
    const raw = rawBets.get(String(bet.id)) ?? {}
    return {
      ...bet,
      status: s.status,
      settlementCoef: s.settlementCoef ?? null,
      calculationScore: s.calculateScore ?? null,
      settlementReasonCode: s.settlementReasonCode,
      settlementReason: typeof raw.settlement_reason === 'string' ? raw.settlement_reason : bet.settlementReason ?? null,
      calculateDate: typeof raw.calculate_date === 'number' ? raw.calculate_date : null,
    }
  })
  return {
    ...placed,
    status: snap.status,
    realWin: snap.realWin,
    settlementCoef: snap.settlementCoef ?? null,
    calculateDate: snap.calculateDate,
    bets,
  }
}

/** The placement record: the coupon client's coupon, or the wire coupon it was made from. */
function asCoupon(raw: unknown): Coupon | null {
  const r = raw as Partial<Coupon> | null
  if (r && typeof r.code === 'string' && Array.isArray(r.bets) && typeof r.model === 'string') return r as Coupon
  for (const mode of ['new', 'legacy'] as CouponApiMode[]) {
    try {
      return toCoupon(raw, mode)
    } catch {
      // not this model
    }
  }
  return null
}

function wireBets(raw: unknown): Array<Record<string, unknown>> {
  const r = raw as { events_data?: unknown; bets?: unknown } | null
  const list = Array.isArray(r?.events_data) ? r.events_data : []
  return list.filter((b): b is Record<string, unknown> => typeof b === 'object' && b !== null)
}

export interface SettledReaderOptions {
  /** `coupons/results` by ids (the coupon client chunks by 100). */
  read(codes: string[]): Promise<Coupon[]>
  onCoupon(coupon: Coupon): void
  onError?(error: Error): void
  /** At most this many ids per request (spec: 100). */
  chunkSize?: number
  /** Requests are merged for this long and spaced at least this much (ms). Default 1000. */
  gapMs?: number
  now?: () => number
}

export interface SettledReader {
  /** Reads the coupon soon, in one batch with every other code asked for meanwhile. */
  request(code: string): void
  /** Codes waiting for the next batch. */
  readonly pending: number
  close(): void
}

/** Batched, rate-limited reads of settled coupons: one `results` request per 100 codes and per gap. */
export function createSettledReader(options: SettledReaderOptions): SettledReader {
  const chunkSize = Math.min(options.chunkSize ?? 100, 100)
  const gapMs = options.gapMs ?? 1000
  const now = options.now ?? Date.now
  const queue = new Set<string>()
  let timer: NodeJS.Timeout | null = null
  let lastAt = Number.NEGATIVE_INFINITY
  let busy = false
  let closed = false

  const arm = () => {
    if (timer || busy || closed || queue.size === 0) return
    timer = setTimeout(flush, Math.max(0, lastAt + gapMs - now()))
    timer.unref?.()
  }

  async function flush(): Promise<void> {
    timer = null
    if (closed) return
    const codes = [...queue].slice(0, chunkSize)
    for (const c of codes) queue.delete(c)
    busy = true
    lastAt = now()
    try {
      for (const coupon of await options.read(codes)) if (!closed) options.onCoupon(coupon)
    } catch (error) {
      options.onError?.(toDeskError(error))
    } finally {
      busy = false
      arm()
    }
  }

  return {
    request(code) {
      if (closed) return
      queue.add(code)
      // The first request of a quiet period waits one gap too, so a batch's settlements share a read.
      if (lastAt < now() - gapMs) lastAt = now()
      arm()
    },
    get pending() {
      return queue.size
    },
    close() {
      closed = true
      queue.clear()
      if (timer) clearTimeout(timer)
      timer = null
    },
  }
}
