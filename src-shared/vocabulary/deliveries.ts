/** What the delivery inspector and the re-verify action carry across the contract (never a secret). */

/** Why a delivery was refused, or how it went: the listener's own words (unknown ones are shown raw). */
export const DELIVERY_REASONS = [
  'signature_missing',
  'signature_multiple',
  'signature_malformed',
  'signature_mismatch',
  'malformed_json',
  'schema_invalid',
  'body_too_large',
  'body_too_slow',
  'duplicate',
  'applied',
] as const

export interface ReverifyNoteDto {
  at: number
  outcome: 'applied' | 'duplicate' | 'refused'
  reason?: string
  batchId?: string
}

export interface DeliveryRowExtras {
  /** The listener's reason for the answer (`signature_mismatch`, `duplicate`, ...), null when applied. */
  reason?: string | null
  duplicate?: boolean
  couponCount?: number | null
  /** Coupons touched (applied or duplicate), or claimed by a refused body (not verified). */
  couponCodes?: string[]
  claimedBatchId?: string | null
  /** A refused body: kept raw, dropped to stay within the limits, or too big to keep. */
  body?: 'kept' | 'dropped' | 'over_limit' | null
  reverify?: ReverifyNoteDto | null
}

export interface DeliveryDetailDto {
  id: number
  batchId: string | null
  receivedAt: number
  verdict: string
  reason: string | null
  detail: string | null
  size: number
  duplicate: boolean
  /** The delivery that applied this batchId (itself when first); null when none did. */
  firstDeliveryId: number | null
  repeats: number
  couponCount: number | null
  couponCodes: string[]
  claimedBatchId: string | null
  headers: Array<[string, string]>
  answer: { status: number; body: string | null }
  payload: string | null
  payloadBytes: number | null
  payloadTruncated: boolean
  payloadSource: 'kept' | 'batch' | null
  body: 'kept' | 'dropped' | 'over_limit' | null
  reverify: ReverifyNoteDto | null
}

export interface KeptStatsDto {
  count: number
  bytes: number
  pending: number
  dropped: { count: number; bytes: number; lastAt: number | null }
  limits: { maxCount: number; maxBytes: number }
}

export interface ReverifyResultDto {
  checked: number
  applied: Array<{ id: number; batchId: string | null; codes: string[] }>
  duplicates: Array<{ id: number; batchId: string | null; codes: string[] }>
  stillRefused: Array<{ id: number; reason: string }>
  /** False when no callback secret is stored to check with. */
  secretSet: boolean
}
