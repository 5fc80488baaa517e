import type { TimelineStore } from '../timeline/index.js'
import { callbackPayloadSchema } from './schema.js'
import { settlementBatch } from './snapshot.js'
import { verifySignature } from './signature.js'

const YIELD_EVERY = 10

export interface ReverifyItem {
  id: number
  batchId: string | null
  codes: string[]
}

export interface ReverifyReport {
  /** Kept bodies checked. */
  checked: number
  /** Passed with the current secret and credited now. */
  applied: ReverifyItem[]
  /** Passed, but their batchId was already applied (the service resent it meanwhile): nothing credited. */
  duplicates: ReverifyItem[]
  /** Still refused, with why (the secret is still not the one the sender signs with, or the body is bad). */
  stillRefused: Array<{ id: number; reason: string }>
}

/**
 * Checks every kept body refused for its signature against `secret` (the one stored now), oldest
 * first so versions of a coupon apply in their order, and applies those that pass through the same
 * path as a live delivery: batchId dedupe makes the replay and any later resend count once.
 */
export async function reverifyKept(store: Pick<TimelineStore, 'keptDeliveries' | 'applyBatch' | 'noteStillRefused'>, secret: string | Buffer, options: { yieldEvery?: number } = {}): Promise<ReverifyReport> {
  const yieldEvery = Math.max(1, options.yieldEvery ?? YIELD_EVERY)
  const report: ReverifyReport = { checked: 0, applied: [], duplicates: [], stillRefused: [] }
  for (const kept of store.keptDeliveries()) {
    // Each body is its own durable transaction (a few ms): the event loop (live deliveries, the window) gets turns between them.
    if (report.checked > 0 && report.checked % yieldEvery === 0) await new Promise<void>((resolve) => setImmediate(resolve))
    report.checked++
    const refuse = (reason: string) => {
      store.noteStillRefused(kept.id, reason)
      report.stillRefused.push({ id: kept.id, reason })
    }
    const verdict = verifySignature(secret, kept.body, kept.signatures)
    if (!verdict.ok) {
      refuse(verdict.reason)
      continue
    }
    let json: unknown
    try {
      json = JSON.parse(kept.body.toString('utf8'))
    } catch {
      refuse('malformed_json')
      continue
    }
    const parsed = callbackPayloadSchema.safeParse(json)
    if (!parsed.success) {
      refuse('schema_invalid')
      continue
    }
    const batch = settlementBatch(parsed.data)
    const result = store.applyBatch(batch, { receivedAt: kept.receivedAt, rawSize: kept.body.length, rawBody: kept.body.toString('utf8'), replayOf: kept.id })
    const item = { id: kept.id, batchId: batch.batchId, codes: batch.coupons.map((c) => c.code) }
    ;(result.duplicate ? report.duplicates : report.applied).push(item)
  }
  return report
}
