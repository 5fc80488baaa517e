import type { DeliveryDetailDto, ReverifyResultDto } from '../../../src-shared/contract.js'
import { reverifyKept } from '../callbacks/index.js'
import { DeskError } from '../shared/errors.js'
import type { DeliveryDetail, TimelineStore } from '../timeline/index.js'
import { deliveryReason } from './map-timeline.js'

/** One delivery as the inspector shows it (headers were redacted by the listener before storage). */
export function deliveryDetailToDto(d: DeliveryDetail): DeliveryDetailDto {
  return {
    id: d.id, batchId: d.batchId, receivedAt: d.receivedAt, verdict: d.verdict, reason: deliveryReason(d), detail: d.detail, size: d.rawSize,
    duplicate: d.duplicate, firstDeliveryId: d.firstDeliveryId, repeats: d.repeats, couponCount: d.couponCount, couponCodes: d.couponCodes ?? [],
    claimedBatchId: d.claimedBatchId ?? null, headers: d.headers, answer: { status: d.answerStatus, body: d.answerBody },
    payload: d.payload, payloadBytes: d.payloadBytes, payloadTruncated: d.payloadTruncated, payloadSource: d.payloadSource,
    body: d.bodyState ?? null, reverify: d.reverify ?? null,
  }
}

export function deliveryDetail(store: TimelineStore, ref: { id: number } | { batchId: string }): DeliveryDetailDto {
  const id = 'id' in ref ? ref.id : store.deliveryOfBatch(ref.batchId)
  const d = id === null ? null : store.delivery(id)
  if (!d) throw new DeskError('not_found', 'id' in ref ? `No delivery ${ref.id} in this profile's history` : `No delivery applied batch ${ref.batchId} in this profile's history`)
  return deliveryDetailToDto(d)
}

/**
 * Re-verify with the secret stored now; recorded in the audit log as the operator's action. Without
 * a secret nothing is checked (every kept body would only be refused again).
 */
export async function reverifyDeliveries(store: TimelineStore, secret: string | null, actor = 'console'): Promise<ReverifyResultDto> {
  if (!secret) {
    const pending = store.keptStats().pending
    store.audit(actor, 'callbacks.reverify', { secretSet: false, pending })
    return { checked: 0, applied: [], duplicates: [], stillRefused: [], secretSet: false }
  }
  const report = await reverifyKept(store, secret)
  // Counts and batch ids only, so the audit view shows them as figures.
  store.audit(actor, 'callbacks.reverify', {
    checked: report.checked,
    applied: report.applied.length,
    duplicates: report.duplicates.length,
    failed: report.stillRefused.length,
    batches: report.applied.map((a) => a.batchId).join(' ') || null,
  })
  return { ...report, secretSet: true }
}
