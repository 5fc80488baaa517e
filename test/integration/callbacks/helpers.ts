import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { request } from 'node:http'
import { signPayload } from '../../../src-main/core/callbacks/signature.js'
import { callbackCouponSchema, callbackPayloadSchema } from '../../../src-main/core/callbacks/schema.js'
import { callbackSnapshot, settlementBatch } from '../../../src-main/core/callbacks/snapshot.js'
import type { CouponSnapshot } from '../../../src-main/core/shared/coupon-snapshot.js'
import type { TimelineStore } from '../../../src-main/core/timeline/store.js'
import type { DeliveryMeta, PlacementOptions, SettlementBatch } from '../../../src-main/core/timeline/types.js'

/** Test helpers shared by the callbacks and timeline tests. */

export function tempDir(prefix = 'desk-cb-'): { dir: string; cleanup(): void } {
  const dir = mkdtempSync(join(tmpdir(), prefix))
  return { dir, cleanup: () => rmSync(dir, { recursive: true, force: true }) }
}

export function bet(uuid: string, status: number, reason: number | string | null = null) {
  return { uuid, status, settlement_reason_code: reason, settlement_reason: reason === null ? null : `reason ${reason}` }
}

export function coupon(code: string, status: number, bets: ReturnType<typeof bet>[], extra: Record<string, unknown> = {}) {
  return {
    coupon_code: code,
    status,
    real_win: null as number | null,
    potential_win: 25,
    calculate_date: status === 0 ? null : 1_763_726_400_000,
    events_data: bets,
    ...extra,
  }
}

export function batch(batchId: string, coupons: unknown[]) {
  return { event: 'coupons.settled', batchId, couponCount: coupons.length, coupons }
}

/** A callback-shaped wire coupon through the callbacks domain (schema check, then its snapshot builder). */
export function snap(wire: unknown): CouponSnapshot {
  return callbackSnapshot(callbackCouponSchema.parse(wire))
}

/** A wire `coupons.settled` payload as the listener hands it to the store. */
export function settlement(wire: unknown): SettlementBatch {
  return settlementBatch(callbackPayloadSchema.parse(wire))
}

/**
 * The store with its write methods taking callback-shaped wire coupons, each built into its typed
 * snapshot by the callbacks domain first (what the listener does): keeps the timeline tests readable.
 */
export type WireStore = Omit<TimelineStore, 'applyBatch' | 'recordPlacement' | 'recordPollSnapshot'> & {
  applyBatch(wire: unknown, meta: DeliveryMeta): ReturnType<TimelineStore['applyBatch']>
  recordPlacement(wire: unknown[], options?: PlacementOptions): ReturnType<TimelineStore['recordPlacement']>
  recordPollSnapshot(wire: unknown, options?: { ticket?: number }): ReturnType<TimelineStore['recordPollSnapshot']>
  readonly typed: TimelineStore
}

export function wireStore(store: TimelineStore): WireStore {
  return Object.assign(Object.create(store) as TimelineStore, {
    applyBatch: (wire: unknown, meta: DeliveryMeta) => store.applyBatch(settlement(wire), meta),
    recordPlacement: (wire: unknown[], options?: PlacementOptions) => store.recordPlacement(wire.map(snap), options),
    recordPollSnapshot: (wire: unknown, options?: { ticket?: number }) => store.recordPollSnapshot(snap(wire), options),
    typed: store,
  }) as unknown as WireStore
}

export interface Answer {
  status: number
  body: string
  json: unknown
}

/** One raw HTTP request with exact bytes and header control (fetch would normalise headers). */
export function send(
  url: string,
  options: { method?: string; body?: string | Buffer; headers?: Record<string, string | string[]>; rawHeaders?: string[] } = {},
): Promise<Answer> {
  const target = new URL(url)
  return new Promise((resolve, reject) => {
    const headers: Record<string, string | string[]> = { 'content-type': 'application/json', ...options.headers }
    const req = request(
      { host: target.hostname, port: target.port, path: target.pathname + target.search, method: options.method ?? 'POST', headers },
      (res) => {
        const chunks: Buffer[] = []
        res.on('data', (c: Buffer) => chunks.push(c))
        res.on('end', () => {
          const body = Buffer.concat(chunks).toString('utf8')
          let json: unknown
          try {
            json = body ? JSON.parse(body) : null
          } catch {
            json = null
          }
          resolve({ status: res.statusCode ?? 0, body, json })
        })
      },
    )
    req.on('error', reject)
    if (options.body !== undefined) req.write(options.body)
    req.end()
  })
}

/** POSTs `payload` (object or exact string) signed with `secret`. */
export function deliver(url: string, secret: string, payload: unknown): Promise<Answer> {
  const body = typeof payload === 'string' ? payload : JSON.stringify(payload)
  return send(url, { body, headers: { 'x-coupon-signature': signPayload(secret, body) } })
}
